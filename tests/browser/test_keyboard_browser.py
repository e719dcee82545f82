"""With a keyboard, a screen reader or large text: the skip link, the live region that
says what a round changed, where the focus goes after a swap, and 200 % text."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_play_browser import record, row, start_match
from tests.browser.test_setup_browser import seat
from tests.conftest import choose_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_first_tab_offers_to_skip_to_the_content(page, shot):
    page.goto("/rules/")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the content")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    shot("skip-link")
    page.keyboard.press("Enter")
    expect(page.locator("main#main")).to_be_focused()


def test_a_round_is_announced_once_by_a_region_the_swap_keeps(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    region = page.locator("#announcements")
    kept = region.element_handle()
    expect(page.locator("#scoreboard")).not_to_have_attribute("aria-live", re.compile(".*"))
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("2")
    row(page, "Ben").locator("input.points-input").fill("9")
    record(page)
    expect(region).to_have_text(
        "Round 1: Ana +0, Ben +9. Total: Ana 0, Ben 9. Round 2 · Ben deals, Ana plays first"
    )
    assert kept.evaluate("(element) => element.isConnected")
    # The focus waits at the top of the next round's form, the keyboard not opened.
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_focused()
    # In French, with the space French sets before a colon.
    choose_language(page, "Français")
    row(page, "Ben").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("4")
    row(page, "Ben").locator("input.points-input").fill("1")
    page.get_by_role("button", name="Enregistrer la manche").click()
    expect(region).to_have_text(
        "Manche 2\u00a0: Ana +4, Ben +0. Total\u00a0: Ana 4, Ben 9. "
        "Manche 3 · Ana donne, Ben commence"
    )


def test_a_total_a_rule_set_is_announced_in_words_not_as_its_mark(page, live_server):
    """QA41: after a round was restored, the region read "Dédé 50↺": the mark that shows
    a total a rule set was read out as a symbol. The board still shows it."""
    from scorepad.matches.models import Owner
    from tests.records.conftest import build_match
    from tests.records.matches import CABO_RESET
    from tests.records.test_records_browser import sign_in_as

    owner = Owner.objects.create()
    hands = [{**round, "hands": {"Ana": 0, "Dédé": 50}} for round in CABO_RESET]
    match = build_match(owner, "cabo", ["Ana", "Dédé"], hands[:1], preset="official")
    sign_in_as(page, live_server, owner)
    page.goto(f"/matches/{match.pk}/")
    region = page.locator("#announcements")
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("0")
    row(page, "Dédé").locator("input.points-input").fill("50")
    record(page)
    said = (
        "Round 2: Ana +0, Dédé +50. Total: Ana 0, Dédé 50. A total of exactly 100 went back to 50"
    )
    expect(region).to_have_text(re.compile(rf"^{re.escape(said)}\. Round 3 · "))
    expect(page.locator("#standing .standing-totals td").last).to_have_text("50↺")
    page.get_by_role("button", name="Delete round 2").click()
    notice = page.locator("#standing .notice")
    expect(notice).to_contain_text("Round 2 deleted.")
    notice.get_by_role("button", name="Undo: restore round 2").click()
    expect(notice).to_contain_text("Round 2 restored.")
    expect(region).to_contain_text(said)
    expect(region).not_to_contain_text("↺")
    expect(page.locator("#standing .standing-totals td").last).to_have_text("50↺")


@pytest.mark.parametrize("sent", ["by-htmx", "before-htmx-was-ready"])
def test_a_refused_round_puts_the_focus_on_what_to_correct(page, sent, shot):
    """Sent before htmx was ready (a slow phone, a quick tap: CI), the round goes as a
    plain form and comes back as the page at its #entry: the focus goes to the fault
    there all the same, as after htmx's swap."""
    if sent != "by-htmx":
        page.route("**/htmx-2*.js", lambda route: route.abort())
    start_match(page, "cabo", ["Ana", "Ben"])
    before = page.locator("#announcements").text_content()
    row(page, "Ana").locator("input.points-input").fill("2")
    record(page)  # nobody called
    expect(page.locator("form.round-form .errorlist").first).to_be_visible()
    if sent != "by-htmx":
        expect(page).to_have_url(re.compile(r"/rounds/#entry$"))
        expect(page.locator("form.round-form .errorlist").first).to_be_in_viewport()
        shot("refused-round-sent-as-a-page")
    page.wait_for_function(
        "() => !!document.activeElement.closest('.has-error, .form-errors, .errorlist')"
    )
    # The form's own alert speaks; the live region does not repeat the standing.
    assert page.locator("#announcements").text_content() == before


def test_red_cards_say_their_suit_not_only_their_colour(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    row(page, "Ana").get_by_text("Pick the cards").click()
    red = row(page, "Ana").locator("button.pick.red")
    assert red.count() > 0
    for label in red.all_text_contents():
        assert "♥" in label or "♦" in label, label


def test_text_at_200_percent_keeps_the_scoreboard_within_the_phone(page, shot):
    start_match(page, "cabo", ["Ana", "Ben", "Chloé", "Dominique"])
    row(page, "Ana").locator("label.caller-pick").click()
    for name, points in (("Ana", "2"), ("Ben", "19"), ("Chloé", "5"), ("Dominique", "12")):
        row(page, name).locator("input.points-input").fill(points)
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    page.evaluate("() => { document.documentElement.style.fontSize = '200%'; }")
    wider = page.evaluate(
        """() => Array.from(document.querySelectorAll("body *"))
            .filter((element) => element.getBoundingClientRect().right > 391)
            .filter((element) => !element.closest(".table-wrap"))
            .map((element) => element.tagName + "." + element.className).slice(0, 12)"""
    )
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, wider
    expect(page.locator(".standing-totals")).to_be_visible()
    expect(page.get_by_role("button", name="Record the round")).to_be_visible()
    shot("text-200-percent")


def test_after_the_dealer_is_chosen_with_the_arrows_tab_goes_on_to_the_seat_left_empty(
    page, seen_shot
):
    """QA49: Ana typed, Tab to "Deals first", ArrowDown made seat 2 the dealer and took
    the focus past seat 2's name box: the next Tab went to seat 3, and the names typed
    after it left seat 2 empty. The seats fill in order now; Shift+Tab stays as it was."""
    page.goto("/matches/new/escoba/")
    dealer = page.locator("input[name=dealer]")
    seat(page, 1).focus()
    page.keyboard.type("Ana")
    page.keyboard.press("Tab")
    expect(dealer.nth(0)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(dealer.nth(1)).to_be_checked()
    page.keyboard.press("Tab")
    expect(seat(page, 2)).to_be_focused()
    page.keyboard.type("Ben")
    # Seat 2's chip, the dealer's, is the group's one stop; then seat 3.
    page.keyboard.press("Tab")
    expect(dealer.nth(1)).to_be_focused()
    page.keyboard.press("Tab")
    expect(seat(page, 3)).to_be_focused()
    page.keyboard.type("Cleo")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    expect(seat(page, 2)).to_be_focused()
    seen_shot("setup-keyboard-dealer-then-seat-2")
    for number, name in ((1, "Ana"), (2, "Ben"), (3, "Cleo"), (4, "")):
        expect(seat(page, number)).to_have_value(name)
    expect(dealer.nth(1)).to_be_checked()
    page.keyboard.press("Enter")
    expect(page.get_by_text("Enter deal 1")).to_be_visible()
    expect(page.get_by_text("Ben deals")).to_be_visible()


def test_tab_from_the_dealer_chips_reached_by_tab_goes_on_even_past_an_empty_seat(page):
    """The chips send Tab back to a seat skipped only right after the arrows moved them:
    a keyboard that tabs through the empty seats is never held there."""
    page.goto("/matches/new/escoba/")
    seat(page, 1).focus()
    page.keyboard.press("Tab")
    expect(page.locator("input[name=dealer]").first).to_be_focused()
    page.keyboard.press("Tab")
    expect(seat(page, 2)).to_be_focused()
