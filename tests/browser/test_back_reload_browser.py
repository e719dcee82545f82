"""Back and Reload after htmx swaps give a whole page, on every page type that swaps.

htmx keeps snapshots of the pages it pushed in sessionStorage; when one is missing
(a full storage, another tab, a phone that cleared it) Back asks the server again with
`HX-Request` *and* `HX-History-Restore-Request`, and puts the answer into `<body>`.
Each test empties that cache before pressing Back, so the server's answer is what shows.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_play_browser import record, row, start_match
from tests.conftest import choose_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def forget_htmx_history(page) -> None:
    page.evaluate("() => sessionStorage.removeItem('htmx-history-cache')")


def expect_whole_page(page) -> None:
    """One top bar, one main region, the stylesheet applied: not a bare fragment."""
    expect(page.locator("body > header.topbar")).to_have_count(1)
    expect(page.locator("header.topbar")).to_have_count(1)
    expect(page.locator("main#main")).to_have_count(1)
    expect(page.locator("head link[rel=stylesheet]").first).to_be_attached()
    expect(page.locator("header.topbar")).to_have_css("display", "flex")
    expect(page.locator("footer.footer")).to_be_visible()


def back_and_reload(page, shot, label: str, *, shows) -> None:
    """Back with htmx's cache gone shows `shows` in a whole page; so does Reload after it."""
    forget_htmx_history(page)
    page.go_back()
    expect(shows(page)).to_be_visible()
    expect_whole_page(page)
    shot(f"{label}-back")
    page.reload()
    expect(shows(page)).to_be_visible()
    expect_whole_page(page)


def test_back_and_reload_on_a_walkthrough_step(page, shot):
    page.goto("/rules/escoba/walkthrough/")
    page.get_by_role("link", name="Next →").first.click()
    expect(page.get_by_text(re.compile(r"^Step 2 of"))).to_be_visible()
    page.get_by_role("link", name="Next →").first.click()
    expect(page.get_by_text(re.compile(r"^Step 3 of"))).to_be_visible()
    expect(page).to_have_url(re.compile(r"/walkthrough/3/$"))
    back_and_reload(
        page, shot, "walkthrough", shows=lambda p: p.get_by_text(re.compile(r"^Step 2 of"))
    )
    expect(page).to_have_url(re.compile(r"/walkthrough/2/$"))
    # Back again, to the step the page was loaded with.
    forget_htmx_history(page)
    page.go_back()
    expect(page.get_by_text(re.compile(r"^Step 1 of"))).to_be_visible()
    expect_whole_page(page)


def pick_a_fifteen(page) -> None:
    """On the practice page, a 5 on the table then a king played (5 + 10 = 15)."""
    page.goto("/rules/escoba/practice/")
    table = page.locator("fieldset", has_text="Cards on the table")
    played = page.locator("fieldset", has_text="The card you play")
    table.locator("label.pick").nth(4).click()  # 5 of the first suit
    expect(page).to_have_url(re.compile(r"table="))
    played.locator("label.pick").nth(9).click()  # the king: 5 + 10 = 15
    expect(page).to_have_url(re.compile(r"played="))


def test_back_and_reload_on_the_practice_page(page, shot):
    pick_a_fifteen(page)
    expect(page.locator("#results li").first).to_be_visible()
    back_and_reload(
        page, shot, "practice", shows=lambda p: p.get_by_role("heading", name="Captures")
    )
    expect(page).not_to_have_url(re.compile(r"played="))
    expect(page.locator("input[name=table]:checked")).to_have_count(1)


def test_show_the_fifteens_answers_in_sight_with_or_without_javascript(
    page, browser, live_server, browser_context_args
):
    """QA: "Show the fifteens" loaded the page again at its top, the answer 1,400 px
    below. It answers in place (htmx), and without JavaScript lands at the answer."""
    pick_a_fifteen(page)
    page.evaluate("window.stayed = true")
    page.get_by_role("button", name="Show the fifteens").click()
    expect(page.locator("#results li").first).to_be_in_viewport()
    assert page.evaluate("window.stayed === true")  # no page loaded
    plain = browser.new_context(
        base_url=live_server.url, **{**browser_context_args, "java_script_enabled": False}
    )
    try:
        bare = plain.new_page()
        bare.goto("/rules/escoba/practice/?table=12C&played=5B")
        bare.get_by_role("button", name="Show the fifteens").click()
        expect(bare).to_have_url(re.compile(r"show=1.*#results$"))
        expect(bare.locator("#results li").first).to_be_in_viewport()
    finally:
        plain.close()


def test_back_through_htmx_copies_of_the_practice_page_shows_the_cards_picked(page):
    """htmx's own copy of the page holds the answer as the address says, but a box ticked
    is not part of the copy: the cards picked are set back from the address (lists.js)."""
    pick_a_fifteen(page)
    page.go_back()
    expect(page).not_to_have_url(re.compile(r"played="))
    expect(page.locator("input[name=table]:checked")).to_have_count(1)
    expect(page.locator("input[name=table]").nth(4)).to_be_checked()
    expect(page.locator("input[name=played]:checked")).to_have_count(0)


def test_back_and_reload_on_the_cabo_card_lookup(page, shot):
    first, _ = look_up_two_cards(page)
    back_and_reload(page, shot, "cards", shows=lambda p: p.locator("#answer .guide-answer-card"))
    expect(page).to_have_url(re.compile(first))


def test_back_and_reload_on_the_history_filters(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    page.goto("/history/")
    page.get_by_label("Game").select_option("escoba")
    expect(page).to_have_url(re.compile(r"game=escoba"))
    expect(page.locator("#results")).not_to_contain_text("Ana")
    page.get_by_label("Game").select_option("cabo")
    expect(page).to_have_url(re.compile(r"game=cabo"))
    expect(page.locator("#results")).to_contain_text("Ana")
    # The filters change the address in place: a Reload keeps them, in a whole page...
    page.reload()
    expect(page.get_by_label("Game")).to_have_value("cabo")
    expect(page.locator("#results")).to_contain_text("Ana")
    expect_whole_page(page)
    # ...and Back leaves the history rather than stepping through every filter tried.
    forget_htmx_history(page)
    page.go_back()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    expect_whole_page(page)
    shot("history-back")
    # Forward: the history as it was left, filtered.
    forget_htmx_history(page)
    page.go_forward()
    expect(page).to_have_url(re.compile(r"game=cabo"))
    expect(page.locator("#results")).to_contain_text("Ana")
    expect_whole_page(page)


def test_back_and_reload_on_the_scoreboard_after_an_htmx_round(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("2")
    row(page, "Ben").locator("input.points-input").fill("9")
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    page.reload()
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["0", "9"])
    expect_whole_page(page)
    shot("scoreboard-reload")
    # Back leaves the match for the set-up it came from, a whole page too.
    forget_htmx_history(page)
    page.go_back()
    expect(page.get_by_role("button", name="Start the match")).to_be_visible()
    expect_whole_page(page)
    page.go_forward()
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    expect_whole_page(page)


def test_back_and_reload_on_the_set_up_after_a_preset_tap(page, shot):
    page.goto("/matches/new/")
    page.locator('a[href="/matches/new/cabo/"]').click()
    # A tap before htmx has set up the page would take the no-JavaScript path instead.
    page.wait_for_load_state("load")
    page.locator("label.preset", has_text="Dutch").click()
    expect(page.locator('input[name="options_for"]')).to_have_value("nl")
    page.reload()
    expect(page.get_by_role("button", name="Start the match")).to_be_visible()
    expect_whole_page(page)
    shot("setup-reload")
    page.go_back()
    expect(page.locator('a[href="/matches/new/cabo/"]')).to_be_visible()
    expect_whole_page(page)


def test_back_through_htmx_copies_shows_the_filters_that_made_the_list(page):
    """Back with htmx's own copy of the page (not asked of the server again): the fields
    say what the list shows, not what the page first came with. The filters replace the
    address as they change: Back from a match opened in the list comes to the list as
    last filtered, and Back again leaves the history."""
    start_match(page, "cabo", ["Ana", "Ben"])
    page.goto("/history/")
    game, player = page.get_by_label("Game"), page.get_by_label("Player")
    game.select_option("escoba")
    expect(page).to_have_url(re.compile(r"game=escoba"))
    expect(page.locator("#results")).not_to_contain_text("Ana")
    game.select_option("cabo")
    expect(page).to_have_url(re.compile(r"game=cabo"))
    player.fill("Ana")
    page.get_by_role("button", name="Filter").click()
    expect(page).to_have_url(re.compile(r"game=cabo.*player=Ana"))
    expect(page.locator("#results")).to_contain_text("Ana")
    page.locator("#results").get_by_role("link", name="Continue").click()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    page.go_back()
    expect(page).to_have_url(re.compile(r"game=cabo.*player=Ana"))
    expect(page.locator("#results")).to_contain_text("Ana")
    expect(game).to_have_value("cabo")
    expect(player).to_have_value("Ana")
    page.go_back()
    expect(page).not_to_have_url(re.compile(r"/history/"))
    expect(page.get_by_text("Enter round 1")).to_be_visible()


def walk_two_steps(page) -> tuple[str, str]:
    """Two steps on: the address of step 2 (a pattern), and what it says in French."""
    page.goto("/rules/cabo/walkthrough/")
    for number in (2, 3):
        page.get_by_role("link", name="Next →").first.click()
        expect(page.get_by_text(re.compile(rf"^Step {number} of"))).to_be_visible()
    return r"/walkthrough/2/$", r"^Étape 2 sur"


def look_up_two_cards(page) -> tuple[str, str]:
    """Two cards looked up: the first one's address (a pattern), and what the page says
    in French."""
    page.goto("/rules/cabo/cards/")
    page.locator("a.guide-card-link").nth(0).click()
    expect(page).to_have_url(re.compile(r"card="))
    first = page.url
    page.locator("a.guide-card-link").nth(5).click()
    expect(page).not_to_have_url(first)
    return re.escape(first) + "$", r"^Que fait cette carte"


@pytest.mark.parametrize("walk", [walk_two_steps, look_up_two_cards])
def test_back_after_a_language_switch_shows_the_page_in_the_language_chosen(page, shot, walk):
    """htmx's copies of what was seen before the switch are in the old language: Back to
    one of them shows it in the language chosen since, header and all (QA: a French step
    2 in an English page). The page in French took the place of the English one: one
    Back goes to the page before (QA: the first Back showed the same page again)."""
    before, said = walk(page)
    choose_language(page, "Français")
    page.go_back()
    expect(page).to_have_url(re.compile(before))
    expect(page.locator("form.langs [aria-current=true]")).to_have_text("Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_text(re.compile(said)).first).to_be_visible()
    expect_whole_page(page)
    shot(f"language-back-{walk.__name__}")
