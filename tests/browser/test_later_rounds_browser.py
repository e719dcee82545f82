"""QA's Dutch table: round 6 corrected so that the tiebreak rounds after it are no longer
due. The refusal offers, under its message, to correct and delete them in one tap; the
board then says so with an Undo that puts all back, each in sight at phone size."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from scorepad.core.wording import later_rounds_text
from scorepad.matches.access import SESSION_KEY
from scorepad.matches.models import Match, Owner
from scorepad.matches.sessions import SessionStore
from scorepad.rules import get_game
from tests.matches.test_later_rounds import PLAYERS, QA_ROUNDS
from tests.records.conftest import build_match

from .test_standing_browser import assert_seen

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def browser_context_args(browser_context_args) -> dict[str, object]:
    return {**browser_context_args, "locale": "nl-BE"}


def dutch(text: str, **params: object) -> str:
    """`text` as a Dutch phone shows it (in English until the catalogue has it)."""
    with translation.override("nl"):
        return gettext(text) % params if params else gettext(text)


def dutch_later(key: str, **numbers: int) -> str:
    with translation.override("nl"):
        return later_rounds_text(get_game("cabo"), key, **numbers)


def signed_in_as(page, owner: Owner, live_server) -> None:
    session = SessionStore()
    session[SESSION_KEY] = str(owner.token)
    session.create()
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key}
    page.context.add_cookies([cookie | {"url": live_server.url}])


def test_a_correction_the_tiebreak_rounds_no_longer_fit_deletes_them_and_undoes(
    page, live_server, seen_shot
):
    owner = Owner.objects.create()
    match = build_match(owner, "cabo", PLAYERS, QA_ROUNDS, preset="nl")
    signed_in_as(page, owner, live_server)
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    page.get_by_role("link", name=dutch("Round %(number)s: why this score?", number=6)).click()
    page.locator("#why-6").get_by_role("link", name=dutch("Correct this round")).click()
    correction = page.locator("#correction")
    daan = correction.locator(".entry-row", has_text="Daan").locator("input.points-input")
    daan.fill("25")
    save = correction.get_by_role("button", name=dutch("Save the correction"))
    save.click()
    errors = correction.locator(".form-errors")
    expect(errors).to_contain_text("Met deze correctie klopt ronde 7 niet meer")
    words = dutch_later("delete", number=6, first=7, last=8)
    offer = correction.get_by_role("button", name=words, exact=True)
    assert_seen(offer)
    assert offer.bounding_box()["height"] >= 44
    expect(daan).to_have_value("25")  # what was typed stays
    seen_shot("refused-with-its-way-out")
    # Enter in a field still means "save the correction": refused again, nothing deleted.
    with page.expect_response(lambda answer: answer.request.method == "POST") as sent:
        daan.press("Enter")
    assert "delete_later" not in (sent.value.request.post_data or "")
    expect(offer).to_be_visible()
    assert Match.objects.get().round_count == 8

    offer.click()
    totals = page.locator("#standing .standing-totals td")
    expect(totals).to_have_text(["47", "47", "69", "99"])
    notice = page.locator("#standing .notice")
    expect(notice).to_contain_text(dutch_later("deleted", number=6, first=7, last=8))
    undo = notice.get_by_role("button", name=dutch_later("undo", number=6, first=7, last=8))
    assert_seen(notice)
    assert_seen(undo)
    expect(page.locator("#correction")).to_be_empty()
    expect(page.locator("tbody.round")).to_have_count(6)
    seen_shot("corrected-and-deleted-with-undo")

    undo.click()
    expect(totals).to_have_text(["47", "47", "69", "100"])
    expect(notice).to_contain_text(dutch_later("undone", number=6, first=7, last=8))
    assert_seen(notice)
    expect(page.locator("tbody.round")).to_have_count(8)
    seen_shot("undone")
    # Reloaded, the board is the match as it was, and offers no second Undo.
    page.reload()
    expect(totals).to_have_text(["47", "47", "69", "100"])
    expect(
        page.get_by_role("button", name=dutch_later("undo", number=6, first=7, last=8))
    ).to_have_count(0)
