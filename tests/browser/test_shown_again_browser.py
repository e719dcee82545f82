"""QA38: the owner's board open in two tabs, or on two phones of one account, catches up
when it is shown again (or, for tabs both in sight, when the other one records), around
what is typed there; it never polls on its own.

Headless Chromium keeps every page visible: `bring_to_front` fires no
`visibilitychange`, nor does minimizing its window through the DevTools protocol. The
tests therefore fire that event themselves on a visible page, as the browser does when
a tab is shown again; what follows (the request, its ETag, the swap) is the browser's."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.matches.models import Round
from tests.browser.test_live_browser import phone, play_cabo_round, totals  # noqa: F401
from tests.browser.test_play_browser import row, start_match
from tests.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOWN_AGAIN = "() => document.dispatchEvent(new Event('visibilitychange'))"


def board_asked(url: str):
    """Whether a response answers htmx asking for the board at `url`."""
    return lambda response: asks_board(response.request, url)


def asks_board(request, url: str) -> bool:
    return request.url == url and request.headers.get("hx-request") == "true"


def test_the_owners_other_phone_shown_again_catches_up_around_what_is_typed(page, phone):  # noqa: F811
    start_match(page, "cabo", ["Ana", "Ben"])
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    url = page.url
    other = phone(storage_state=page.context.storage_state())
    asked = []
    other.on("request", lambda r: asked.append(r) if asks_board(r, url) else None)
    other.goto(url)
    ben = row(other, "Ben").locator("input.points-input")
    ben.fill("4")
    play_cabo_round(page, {"Ana": "3", "Ben": "7"}, "Ana")
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    assert asked == []  # neither on loading nor on its own
    with other.expect_response(board_asked(url)) as answer:
        other.evaluate(SHOWN_AGAIN)
    assert answer.value.status == 200
    expect(other.locator("#round-1")).to_be_visible()
    expect(other.locator("tfoot .totals td")).to_have_text(["0", "7"])
    notice = other.locator("#entry .recorded-meanwhile")
    expect(notice).to_have_text("Round 1 was already recorded, maybe from another phone.")
    expect(notice).to_be_in_viewport()
    expect(ben).to_have_value("4")
    ARTIFACTS.mkdir(exist_ok=True)
    other.screenshot(path=str(ARTIFACTS / "shown-again--recorded-meanwhile.png"))
    # Shown again with nothing new: a bodiless 304 that swaps nothing.
    other.evaluate("() => { document.getElementById('scoreboard').kept = true; }")
    with other.expect_response(board_asked(url)) as answer:
        other.evaluate(SHOWN_AGAIN)
    assert answer.value.status == 304
    assert other.evaluate("() => document.getElementById('scoreboard').kept === true")
    expect(ben).to_have_value("4")
    assert Round.objects.count() == 1


def test_a_round_recorded_in_one_tab_shows_in_the_other_tab_in_sight(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    other = page.context.new_page()
    other.goto(page.url)
    expect(other.get_by_text("Enter round 1")).to_be_visible()
    play_cabo_round(page, {"Ana": "3", "Ben": "7"}, "Ana")
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    expect(other.locator("#round-1")).to_be_visible()
    expect(other.get_by_text("Enter round 2")).to_be_visible()
    assert totals(other) == ["0", "7"]
    # Its round form is the next one's, recorded as such.
    play_cabo_round(other, {"Ana": "5", "Ben": "2"}, "Ben")
    expect(page.locator("#round-2")).to_be_visible()
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["5", "7"])
    assert Round.objects.count() == 2
