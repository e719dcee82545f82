"""Whole matches played through the UI at phone size, as a player at the table would."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from scorepad.matches import services
from scorepad.matches.models import Match
from tests.conftest import ARTIFACTS, choose_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start_match(
    page, game: str, players: list[str], preset: tuple[str, str] | None = None, shot=None
) -> None:
    page.goto("/matches/new/")
    page.locator(f'a[href="/matches/new/{game}/"]').click()
    for seat, name in enumerate(players):
        page.get_by_placeholder(f"Player {seat + 1}", exact=True).fill(name)
    if preset:
        label, key = preset
        # A tap before htmx has set up the page would take the no-JavaScript path instead.
        page.wait_for_load_state("load")
        page.locator("label.preset", has_text=label).click()
        # htmx swapped in the preset's option values.
        expect(page.locator('input[name="options_for"]')).to_have_value(key)
        page.get_by_text("Adjust the options").click()
        if shot:
            shot("setup")
    page.get_by_role("button", name="Start the match").click()
    # Escoba's rounds are deals.
    expect(page.get_by_text(re.compile(r"^Enter (round|deal) 1$"))).to_be_visible()
    # The board set up by htmx: a round sent before goes as a plain form and comes back
    # as a page (CI: a test of what follows htmx's swap saw the page's #entry instead).
    page.wait_for_load_state("load")


def row(page, name: str):
    return page.locator(".entry-row", has_text=name)


def record(page, noun: str = "round") -> None:
    page.get_by_role("button", name=f"Record the {noun}").click()


def test_a_whole_cabo_match_with_cards_a_correction_and_a_rejected_entry(page, shot):
    start_match(page, "cabo", ["Ana", "Ben", "Chloé"], preset=("Dutch", "nl"), shot=shot)
    # Round 1: Ana calls with K♥ A♠ picked on the card grid (0 points), Ben 5, Chloé 3.
    ana = row(page, "Ana")
    ana.locator("label.caller-pick").click()
    ana.get_by_text("Pick the cards").click()
    ana.locator("button.pick", has_text="K♥").click()
    ana.locator("button.pick", has_text="A").first.click()
    expect(ana.locator("input.points-input")).to_have_value("0")
    row(page, "Ben").locator("input.points-input").fill("5")
    row(page, "Chloé").locator("input.points-input").fill("3")
    shot("cabo-round-1-entry")
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["0", "5", "3"])
    # A rejected entry: nobody called.
    for name, points in (("Ana", "30"), ("Ben", "40"), ("Chloé", "2")):
        row(page, name).locator("input.points-input").fill(points)
    record(page)
    expect(page.locator(".errorlist").first).to_be_visible()
    shot("cabo-rejected")
    row(page, "Chloé").locator("label.caller-pick").click()
    record(page)
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["30", "45", "3"])
    # Why this score?
    page.get_by_role("link", name="Round 1: why this score?").click()
    expect(page.locator("#why-1")).to_be_visible()
    shot("cabo-why")
    # Correct round 2: Ben had 4, not 40.
    page.locator("#why-2").get_by_role("link", name="Correct this round")
    page.goto(page.url.split("#")[0] + "rounds/2/")
    row(page, "Ben").locator("input.points-input").fill("4")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("tfoot .totals td")).to_have_text(["30", "9", "3"])
    # Said in the standing, in sight where the board opens (at the round).
    expect(page.locator(".standing .notice")).to_contain_text(
        "Round 2 corrected. Points: Ben 40 → 4."
    )
    expect(page.locator(".standing .notice")).to_be_in_viewport()
    expect(page.locator("#round-2")).to_be_in_viewport()
    page.screenshot(path=str(ARTIFACTS / "play--cabo-corrected-screen.png"))
    # Round 3 ends the match: Ana goes over 100; Chloé called and wins.
    row(page, "Chloé").locator("label.caller-pick").click()
    for name, points in (("Ana", "80"), ("Ben", "20"), ("Chloé", "1")):
        row(page, name).locator("input.points-input").fill(points)
    record(page)
    expect(page.locator(".standing-result")).to_contain_text("Chloé wins")
    # The final standings come into sight whole, below the standing that sticks at the top.
    result, standing = page.locator("#outcome .result"), page.locator("#standing")
    expect(result).to_be_in_viewport()
    page.wait_for_function(
        "() => document.querySelector('#outcome .result').getBoundingClientRect().top"
        " >= document.querySelector('#standing').getBoundingClientRect().bottom"
    )
    assert (
        result.bounding_box()["y"]
        >= standing.bounding_box()["y"] + standing.bounding_box()["height"]
    )
    shot("cabo-finished")
    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    # Chloé dealt round 3, the last: the deal passes on to Ana.
    expect(page.get_by_text("Ana deals, Ben plays first")).to_be_visible()


def test_a_whole_escoba_match_in_teams(page, shot):
    start_match(page, "escoba", ["Ana", "Ben", "Chloé", "Dan"])
    expect(page.locator(".grid thead th")).to_have_text(["#", "Ana & Chloé", "Ben & Dan"])

    def deal(cards, oros, sevens, escobas, velo, their_escobas="0"):
        page.locator('input[name="cards_0"]').fill(cards)
        page.locator('input[name="oros_0"]').fill(oros)
        page.locator('input[name="sevens_0"]').fill(sevens)
        page.locator('input[name="escobas_0"]').fill(escobas)
        page.locator('input[name="escobas_1"]').fill(their_escobas)
        page.locator(f'input[name="velo"][value="{velo}"]').check()
        record(page, "deal")

    # A rejected deal: the velo side has no seven.
    deal("25", "6", "0", "1", "0")
    expect(page.locator(".errorlist").first).to_be_visible()
    shot("escoba-rejected")
    page.locator('input[name="sevens_0"]').fill("3")
    record(page, "deal")
    expect(page.get_by_text("Enter deal 2")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["5", "0"])
    shot("escoba-round-1")
    for number in range(2, 5):
        deal("25", "6", "3", "1", "0")
        expect(page.get_by_text(f"Enter deal {number + 1}")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["20", "0"])
    deal("25", "6", "3", "2", "0")
    expect(page.locator(".standing-result")).to_have_text("Ana & Chloé win")
    expect(page.locator(".standings li")).to_have_text(
        [re.compile(r"1st\s+Ana & Chloé\s+26"), re.compile(r"2nd\s+Ben & Dan\s+0")]
    )
    expect(page.locator("tfoot .totals td")).to_have_text(["26", "0"])
    shot("escoba-finished")


def test_a_whole_cabanga_match_with_steppers(page, shot):
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    ana = row(page, "Ana")
    ana.locator(".stepper", has_text="3 symbols").get_by_role("button", name="One more").click()
    ana.locator(".stepper", has_text="3 symbols").get_by_role("button", name="One more").click()
    ana.locator(".stepper", has_text="1 symbol").get_by_role("button", name="One more").click()
    row(page, "Ben").get_by_text("went out").click()
    row(page, "Chloé").locator('input[name$="points_2"]').fill("4")
    shot("cabanga-entry")
    record(page)
    expect(page.locator("tfoot .totals td")).to_have_text(["7", "0", "4"])
    # Rejected: nobody went out.
    for name in ("Ana", "Ben", "Chloé"):
        row(page, name).locator(".stepper", has_text="1 symbol").get_by_role(
            "button", name="One more"
        ).click()
    record(page)
    expect(page.get_by_text("At least one player must have no card left")).to_be_visible()
    shot("cabanga-rejected")
    row(page, "Ben").get_by_text("went out").click()
    record(page)
    expect(page.locator("tfoot .totals td")).to_have_text(["8", "0", "5"])
    row(page, "Ana").locator('input[name$="points_0"]').fill("12")
    row(page, "Chloé").get_by_text("went out").click()
    row(page, "Ben").locator('input[name$="points_1"]').fill("2")
    record(page)
    expect(page.locator(".standing-result")).to_contain_text("Ben wins")
    shot("cabanga-finished")


def test_six_players_fit_a_360_pixel_screen(page, shot):
    page.set_viewport_size({"width": 360, "height": 740})
    names = ["Alexandra", "Bernadette", "Christophe", "Dominique", "Emmanuel", "Françoise"]
    start_match(page, "cabo", names)
    row(page, "Alexandra").locator("label.caller-pick").click()
    for index, name in enumerate(names):
        row(page, name).locator("input.points-input").fill(str(index + 1))
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    shot("six-players")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


WAKE_LOCK_PROBE = """
window.__wake = {requested: 0, released: 0};
Object.defineProperty(navigator, "wakeLock", {value: {
  request: async () => {
    window.__wake.requested += 1;
    const sentinel = new EventTarget();
    sentinel.release = async () => { window.__wake.released += 1; };
    return sentinel;
  },
}});
"""


def test_the_screen_stays_awake_while_a_match_is_in_progress(page):
    page.add_init_script(WAKE_LOCK_PROBE)
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    page.wait_for_function("() => window.__wake.requested === 1")
    row(page, "Ana").locator('input[name$="points_0"]').fill("20")
    row(page, "Ben").get_by_text("went out").click()
    row(page, "Chloé").get_by_text("went out").click()
    record(page)
    expect(page.locator(".standing-result")).to_contain_text("Ben and Chloé share the victory")
    # The match is over: the lock is let go.
    page.wait_for_function("() => window.__wake.released === 1")


@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
def test_a_round_for_a_match_deleted_on_another_phone_says_so_not_no_connection(
    page, shot, settings, debug
):
    """QA: with DEBUG (`make run`), django-htmx's script showed the 404 as the page."""
    settings.DEBUG = debug
    start_match(page, "cabo", ["Ana", "Ben"])
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("2")
    row(page, "Ben").locator("input.points-input").fill("9")
    services.delete_match(Match.objects.get())  # on the other phone of the account
    record(page)
    gone = page.locator(".send-error.not-reachable")
    expect(gone).to_be_visible()
    expect(gone).to_contain_text("this match is no longer open on this phone")
    expect(gone).to_be_in_viewport()
    expect(gone.get_by_role("link", name="Sign in")).to_have_attribute(
        "href", re.compile(r"^/account/[^?]+\?next=/matches/\d+/$")
    )
    expect(page.locator(".send-error:not(.not-reachable)")).to_be_hidden()
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("9")  # still typed
    shot("round-for-a-deleted-match")
    # Undone there, the same tap here goes through.
    services.restore_match(Match.objects.get())
    record(page)
    expect(page.locator("tfoot .totals td")).to_have_text(["0", "9"])
    expect(gone).to_be_hidden()


def test_a_lost_connection_is_said_and_the_round_is_sent_again_once(page, shot):
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    row(page, "Ana").locator('input[name$="points_0"]').fill("5")
    row(page, "Ben").get_by_text("went out").click()
    row(page, "Chloé").locator('input[name$="points_2"]').fill("3")
    # The phone still says it is online, but the round never reaches the server.
    page.route("**/rounds/", lambda route: route.abort("internetdisconnected"))
    record(page)
    # Kept on the phone and said so; nobody has to tap again (that would be round 2).
    expect(page.locator(".unsent")).to_contain_text("Round 1 · not sent yet")
    expect(page.locator("#announcements")).to_contain_text("round 1 is kept on this phone")
    expect(page.locator(".send-error:visible")).to_have_count(0)
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    shot("kept-on-a-weak-signal")
    assert Match.objects.get().rounds.count() == 0
    # The signal holds again: a later try sends it, once, without a reload.
    page.unroute("**/rounds/")
    expect(page.locator("tfoot .totals td")).to_have_text(["5", "0", "3"], timeout=20_000)
    expect(page.locator(".unsent")).to_have_count(0)
    assert Match.objects.get().rounds.count() == 1


def test_a_round_with_no_answer_is_kept_and_sent_again_once(page):
    """QA25: a round the connection swallowed, never answered, left its button greyed
    for good, neither kept nor sent. The page waits so long (20 s; here 1 s), then does
    what a lost connection does."""
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    # Once htmx has read the page's own (its meta, as the page is ready), else it would
    # overwrite this one.
    page.wait_for_function("() => window.htmx && window.htmx.config.timeout === 20000")
    page.evaluate("() => { window.htmx.config.timeout = 1000; }")
    row(page, "Ana").locator('input[name$="points_0"]').fill("5")
    row(page, "Ben").get_by_text("went out").click()
    row(page, "Chloé").locator('input[name$="points_2"]').fill("3")
    held = []
    page.route("**/rounds/", lambda route: held.append(route))  # never answered
    record(page)
    expect(page.locator(".unsent")).to_contain_text("Round 1 · not sent yet")
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    expect(page.locator("form.round-form button[type=submit]")).to_be_enabled()
    assert held  # it did reach the route, which never answered
    page.unroute("**/rounds/")
    expect(page.locator("tfoot .totals td")).to_have_text(["5", "0", "3"], timeout=20_000)
    expect(page.locator(".unsent")).to_have_count(0)
    assert Match.objects.get().rounds.count() == 1


def test_a_deals_correction_keeps_the_opening_tables_escoba_in_the_dealers(page, shot):
    """QA: the correction showed escobas 2 and the opening table on "no escoba"; ticked
    again, the opening table's escoba counted twice."""
    start_match(page, "escoba", ["Ana", "Ben"])
    for name, value in {"cards_0": "22", "oros_0": "6", "sevens_0": "3", "escobas_0": "1"}.items():
        page.locator(f'input[name="{name}"]').fill(value)
    page.locator('input[name="escobas_1"]').fill("0")
    page.locator('input[name="velo"][value="0"]').check()
    page.locator('input[name="opening"][value="1"]').check()  # Ana deals: 15 on the table
    record(page, "deal")
    expect(page.get_by_text("Enter deal 2")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["6", "0"])
    page.get_by_role("link", name="Deal 1: why this score?").click()
    page.locator("#why-1").get_by_role("link", name="Correct this deal").click()
    correction = page.locator("#correction")
    expect(correction.locator('input[name="escobas_0"]')).to_have_value("2")
    expect(correction.locator('input[name="opening"]')).to_have_count(0)
    said = correction.get_by_text("The dealer’s escobas above include those of the opening table.")
    expect(said).to_be_visible()
    said.scroll_into_view_if_needed()
    shot("escoba-correction-opening")
    correction.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#correction")).to_be_empty()
    expect(page.locator("tfoot .totals td")).to_have_text(["6", "0"])


def test_a_french_player_at_night_records_an_escoba_deal(page, shot):
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    choose_language(page, "Français")
    page.goto("/matches/new/escoba/")
    page.get_by_placeholder("Joueur 1", exact=True).fill("Vous")
    page.get_by_placeholder("Joueur 2", exact=True).fill("Ada")
    page.get_by_role("button", name="Commencer la partie").click()
    # Cards that do not add up: said under their column, in sight, its fields marked.
    page.locator('input[name="cards_0"]').fill("22")
    page.locator('input[name="cards_1"]').fill("19")
    page.locator("form.round-form button[type=submit]").click()
    fault = page.locator("#fault-cards")
    expect(fault).to_have_text("Les cartes doivent totaliser 40\u00a0; total saisi\u00a0: 41.")
    expect(fault).to_be_in_viewport()
    expect(page.locator('input[name="cards_1"]')).to_have_attribute("aria-invalid", "true")
    shot("escoba-cards-fault-fr-dark")
    page.locator('input[name="cards_1"]').fill("")
    page.locator('input[name="cards_0"]').fill("21")
    page.locator('input[name="oros_0"]').fill("5")
    page.locator('input[name="sevens_0"]').fill("1")
    page.locator('input[name="escobas_0"]').fill("2")
    page.locator('input[name="escobas_1"]').fill("1")
    page.locator('input[name="velo"][value="0"]').check()
    page.locator("form.round-form button[type=submit]").click()
    expect(page.locator("tfoot .totals td")).to_have_text(["4", "2"])
    page.locator("a.why-link").first.click()
    expect(page.locator("#why-1")).to_contain_text("deniers")
    shot("escoba-fr-dark")


def test_five_players_on_two_decks_pick_the_same_card_twice_but_not_three_times(page, shot):
    page.goto("/matches/new/cabo/")
    for seat, name in enumerate(["Ana", "Ben", "Chloé", "Dan", "Eve"]):
        page.get_by_placeholder(f"Player {seat + 1}", exact=True).fill(name)
    # Five players: the set-up offers two decks (the fixed sentence is for no script).
    expect(page.locator(".setup-hint")).to_be_hidden()
    page.get_by_role("button", name="Play with two decks").click()
    page.get_by_text("Adjust the options").click()
    expect(page.get_by_label("Decks")).to_have_value("2")
    shot("setup-two-decks")
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    ana, ben = row(page, "Ana"), row(page, "Ben")
    ana.locator("label.caller-pick").click()
    ana.get_by_text("Pick the cards").click()
    for _ in range(7):
        ana.locator("button.pick", has_text="Q").click()
    ben.get_by_text("Pick the cards").click()
    # Two decks hold eight queens: Ben gets the last one, then the button says none is left.
    queen = ben.locator("button.pick", has_text="Q")
    queen.click()
    expect(queen).to_have_attribute("aria-disabled", "true")
    expect(queen.get_by_text("none left")).to_be_visible()
    expect(ana.locator("input.card-codes")).to_have_value("QS QS QH QH QD QD QC")
    expect(ben.locator("input.card-codes")).to_have_value("QC")
    expect(ben.locator("input.points-input")).to_have_value("10")
    shot("two-decks-picked")


def test_six_short_names_stay_whole_in_the_standing_of_a_390_pixel_phone(page):
    names = ["Jérôme", "Mathéo", "Léonie", "Noémie", "Zoé", "Ève"]
    start_match(page, "cabanga", names)
    for name in names[1:]:
        row(page, name).locator('input[name^="points_"]').fill("2")
    row(page, "Jérôme").get_by_text("went out").click()
    record(page)
    expect(page.locator(".standing-last th")).to_have_text("Round 1")
    lines = page.locator(".standing-grid thead .side-name").evaluate_all(
        """names => names.map(name => Math.round(
            name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight)
        ))"""
    )
    assert lines == [1] * 6  # no name broken over two lines
    page.screenshot(path=str(ARTIFACTS / "play--six-names-standing-screen.png"))


def ana_calls_with_0(page, ben: str) -> None:
    """A Cabo round recorded from the form: Ana calls with 0, Ben holds `ben`."""
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("0")
    row(page, "Ben").locator("input.points-input").fill(ben)
    record(page)


def test_a_kamikaze_hand_picked_as_cards_is_ticked_in_the_kamikaze_list(page, shot):
    """QA27: the list stayed on "nobody" though the cards counted as kamikaze."""
    start_match(page, "cabo", ["Ana", "Ben"], preset=("Official Cabo deck", "official"))
    kamikaze = page.get_by_label("Kamikaze hand (two 12s and two 13s)")
    expect(kamikaze).to_have_value("")
    ben = row(page, "Ben")
    ben.get_by_text("Pick the cards").click()
    for value in ("12", "12", "13"):
        ben.locator(f"button.pick[data-value='{value}']").click()
    expect(kamikaze).to_have_value("")
    ben.locator("button.pick[data-value='13']").click()
    expect(ben.locator("input.points-input")).to_have_value("50")
    expect(kamikaze).to_have_value("1")  # Ben
    shot("kamikaze-picked")
    ben.locator("button.unpick").first.click()  # three cards: no longer one
    expect(kamikaze).to_have_value("")
    ben.locator("button.pick[data-value='12']").click()
    expect(kamikaze).to_have_value("1")
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("0")
    record(page)
    expect(page.locator("#round-1 .pts")).to_have_text(["+50", "+0"])


def pick_kamikaze(player) -> None:
    player.get_by_text("Pick the cards").click()
    for value in ("12", "12", "13", "13"):
        player.locator(f"button.pick[data-value='{value}']").click()


def test_two_kamikaze_hands_picked_keep_the_list_on_one_that_still_holds(page, shot):
    """QA: with two kamikaze hands picked, a card taken from one cleared the list, though
    the other's cards still made one (and the server counted it)."""
    start_match(page, "cabo", ["Ana", "Ben"], preset=("Official Cabo deck", "official"))
    kamikaze = page.get_by_label("Kamikaze hand (two 12s and two 13s)")
    ana, ben = row(page, "Ana"), row(page, "Ben")
    pick_kamikaze(ana)
    expect(kamikaze).to_have_value("0")
    pick_kamikaze(ben)
    expect(kamikaze).to_have_value("1")  # the hand just picked
    # The server takes one kamikaze hand a round, and says so next to the list.
    ana.locator("label.caller-pick").click()
    record(page)
    expect(page.locator(".errorlist")).to_contain_text(
        "Only one kamikaze hand per round; got Ana and Ben."
    )
    kamikaze = page.get_by_label("Kamikaze hand (two 12s and two 13s)")
    ben = row(page, "Ben")
    ben.locator("button.unpick").first.click()
    expect(kamikaze).to_have_value("0")  # Ana still holds one
    shot("two-kamikazes-one-left")
    record(page)
    expect(page.locator("#round-1 .pts")).to_have_text(["+0", "+50"])


def test_a_kamikaze_ticked_by_hand_comes_back_when_picked_cards_no_longer_make_one(page):
    start_match(page, "cabo", ["Ana", "Ben", "Chloé"], preset=("Official Cabo deck", "official"))
    kamikaze = page.get_by_label("Kamikaze hand (two 12s and two 13s)")
    row(page, "Chloé").locator("input.points-input").fill("50")
    kamikaze.select_option("2")  # Chloé, her hand typed, not picked
    ana = row(page, "Ana")
    pick_kamikaze(ana)
    expect(kamikaze).to_have_value("0")
    ana.locator("button.unpick").first.click()
    expect(kamikaze).to_have_value("2")  # Chloé again, as ticked
    # Cards picked for Chloé that are not a kamikaze hand say otherwise.
    chloe = row(page, "Chloé")
    chloe.get_by_text("Pick the cards").click()
    chloe.locator("button.pick[data-value='5']").click()
    expect(kamikaze).to_have_value("")
    ana.locator("button.pick[data-value='12']").click()  # Ana's four cards again
    expect(kamikaze).to_have_value("0")
    ana.locator("button.unpick").first.click()
    expect(kamikaze).to_have_value("")


def test_a_player_chosen_in_the_kamikaze_list_gets_the_kamikaze_hand_in_a_blank_box(page, shot):
    """QA50: the hand named in the list had to be typed too. A blank box gets what two
    12s and two 13s make; the list moved on, the box is blank again; a hand typed
    already is left as it is."""
    start_match(page, "cabo", ["Ana", "Ben", "Chloé"], preset=("Official Cabo deck", "official"))
    kamikaze = page.get_by_label("Kamikaze hand (two 12s and two 13s)")
    ben, chloe = (
        row(page, "Ben").locator("input.points-input"),
        row(page, "Chloé").locator("input.points-input"),
    )
    chloe.fill("7")
    kamikaze.select_option("2")  # Chloé: her hand typed already stays
    expect(chloe).to_have_value("7")
    kamikaze.select_option("1")  # Ben
    expect(ben).to_have_value("50")
    expect(chloe).to_have_value("7")
    kamikaze.select_option("")  # nobody after all
    expect(ben).to_have_value("")
    kamikaze.select_option("1")
    expect(ben).to_have_value("50")
    # After a Reload too (QA53: the 50 stayed when the list moved on, and was recorded).
    page.reload()
    expect(ben).to_have_value("50")
    kamikaze.select_option("2")
    expect(ben).to_have_value("")
    expect(chloe).to_have_value("7")
    kamikaze.select_option("1")
    expect(ben).to_have_value("50")
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("3")
    shot("kamikaze-chosen")
    record(page)
    expect(page.locator("#round-1 .pts")).to_have_text(["+50", "+0", "+50"])


def test_a_total_that_went_back_to_50_is_marked_where_the_round_lands(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"], preset=("Official Cabo deck", "official"))
    for number in (1, 2):  # Ben holds 50: 50, then exactly 100
        ana_calls_with_0(page, ben="50")
        expect(page.get_by_text(f"Enter round {number + 1}")).to_be_visible()
    ben = page.locator("#round-2 td").nth(1)
    expect(ben.locator(".total")).to_have_text("50↺")
    expect(page.locator("#round-1 .total")).to_have_text(["0", "50"])  # no mark
    note = "↺ A total of exactly 100 went back to 50."
    # In sight as the round lands: the standing's total is marked and the mark said.
    standing = page.locator(".standing-totals td").nth(1)
    expect(standing).to_have_text("50↺")
    expect(standing).to_be_in_viewport()
    expect(page.locator(".standing-note")).to_have_text(note)
    expect(page.locator(".standing-note")).to_be_in_viewport()
    shot("reset-marked")
    # Under the rounds, the same legend while the marked row is on the board.
    expect(page.locator("#legend-adjusted")).to_have_text(note)
    expect(page.locator("#legend-tiebreak")).to_be_hidden()
    ben.scroll_into_view_if_needed()
    shot("reset-row")
    # The next round's standing no longer says it; the row keeps its mark.
    ana_calls_with_0(page, ben="2")
    expect(page.get_by_text("Enter round 4")).to_be_visible()
    expect(page.locator(".standing-note")).to_have_count(0)
    expect(ben.locator(".total")).to_have_text("50↺")
    expect(page.locator("#legend-adjusted")).to_be_visible()
    # Rounds 4 to 11 from another phone; the board shows its last ten, 2 to 11.
    match = Match.objects.get()
    for number in range(4, 12):
        data = {"caller": "Ana", "hands": {"Ana": 0, "Ben": 1}}
        services.record_round(match, data, number=number, entry_key=uuid.uuid4(), owner=match.owner)
    page.reload()
    expect(page.locator("#legend-adjusted")).to_be_visible()
    # Round 12 drops round 2's row, the one marked: its legend goes with it.
    ana_calls_with_0(page, ben="1")
    expect(page.locator("#round-12")).to_be_visible()
    expect(page.locator("#round-2")).to_have_count(0)
    expect(page.locator("#legend-adjusted")).to_be_hidden()


def test_a_correction_being_typed_comes_back_open_after_a_language_switch(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    ana_calls_with_0(page, "9")
    page.locator("#round-1 .why-link").click()
    page.locator("#why-1").get_by_role("link", name="Correct this round").click()
    correction = page.locator("#correction")
    row(correction, "Ben").locator("input.points-input").fill("7")
    choose_language(page, "Français")
    # Before, the board came back in French with the correction closed and the 7 lost.
    expect(correction.get_by_role("heading", name="Corriger la manche 1")).to_be_visible()
    expect(row(correction, "Ben").locator("input.points-input")).to_have_value("7")
    expect(correction).to_be_in_viewport()
    shot("correction-kept-in-french")
    page.get_by_role("button", name="Enregistrer la correction").click()
    expect(page.locator("#standing .notice")).to_contain_text(
        "Manche 1 corrigée. Points\u00a0: Ben 9\u00a0→ 7."
    )
    # Typed again, and the round corrected on another phone before the switch: shown as
    # it now is, and said (QA20), not filled with what was typed over the other's.
    page.locator("#round-1 .why-link").click()
    page.locator("#why-1").get_by_role("link", name="Corriger cette manche").click()
    row(correction, "Ben").locator("input.points-input").fill("5")
    match = Match.objects.get()
    services.correct_round(
        match, 1, {"caller": "Ana", "hands": {"Ana": 0, "Ben": 6}}, owner=match.owner
    )
    choose_language(page, "English")
    expect(correction.locator(".form-errors")).to_have_text(
        "Round 1 was changed meanwhile, maybe on another phone: here it is as it now is,"
        " without what you typed."
    )
    expect(row(correction, "Ben").locator("input.points-input")).to_have_value("6")
