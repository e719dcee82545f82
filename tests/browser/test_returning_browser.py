"""A returning player's phone: a board shown again from the browser's history or cache,
and two tabs on one match. What the page shows is the match as it is, and a round
typed on a page shown again is never taken for one sent before."""

from __future__ import annotations

import re
import uuid

import pytest
from django.utils import translation
from playwright.sync_api import expect

from scorepad.matches import services
from scorepad.matches.models import Match, Round
from tests.browser.test_play_browser import record, row, start_match
from tests.browser.test_standing_browser import assert_seen
from tests.conftest import ARTIFACTS, choose_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def enter(page, caller: str, points: dict[str, str]) -> None:
    row(page, caller).locator("label.caller-pick").click()
    for name, value in points.items():
        row(page, name).locator("input.points-input").fill(value)


def settled(page) -> None:
    """htmx has finished swapping and settling (its keys are made after the settle)."""
    expect(page.locator(".htmx-swapping, .htmx-settling")).to_have_count(0)


def test_back_to_a_board_shows_the_rounds_recorded_before_leaving_it(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    page.locator("header.topbar").get_by_role("link", name="History").click()
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    page.go_back()
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["0", "9"])
    shot("back-to-the-board")
    # The round typed on it goes in as round 2.
    enter(page, "Ben", {"Ana": "5", "Ben": "1"})
    record(page)
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    assert sorted(Round.objects.values_list("number", flat=True)) == [1, 2]


@pytest.mark.parametrize("changed_meanwhile", [False, True], ids=["unchanged", "renamed"])
def test_a_round_being_typed_survives_a_trip_to_the_rules_and_back(page, changed_meanwhile):
    """Half a round typed, a look at the rules, Back: what was typed is still there, on
    the board as it is now (asked for again, changed meanwhile or not)."""
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    settled(page)
    enter(page, "Ben", {"Ana": "5"})
    page.locator("header.topbar").get_by_role("link", name="Rules").click()
    expect(page.get_by_role("heading", name="Rules and walkthroughs")).to_be_visible()
    if changed_meanwhile:  # another phone corrects a name: a new version of the board
        match = Match.objects.get()
        services.correct_players(match, ["Ana", "Bea"], "Ana", owner=match.owner)
    page.go_back()
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    if changed_meanwhile:
        expect(page.locator("#standing .side-name")).to_have_text(["Ana", "Bea"])
    settled(page)
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("5")
    expect(page.locator("input[name=caller][value='1']")).to_be_checked()
    page.reload()  # and a Reload
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("5")
    expect(page.locator("input[name=caller][value='1']")).to_be_checked()
    row(page, "Bea" if changed_meanwhile else "Ben").locator("input.points-input").fill("0")
    record(page)
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    assert sorted(Round.objects.values_list("number", flat=True)) == [1, 2]


def test_an_escoba_deal_being_typed_survives_a_reload_and_a_language_switch(page, shot):
    """QA23: Escoba's form starts with a choice ticked ("no escoba" on the opening
    table), which made it look typed: a deal being typed never came back."""
    start_match(page, "escoba", ["Ana", "Ben"])
    typed = {"cards_0": "21", "oros_0": "6", "sevens_0": "3", "escobas_1": "1"}
    for name, value in typed.items():
        page.locator(f'input[name="{name}"]').fill(value)
    page.locator('input[name="velo"][value="1"]').check()
    page.locator('input[name="opening"][value="1"]').check()
    for step in ("reload", "Français"):
        if step == "reload":
            page.reload()
        else:
            choose_language(page, step)
            expect(page.locator("html")).to_have_attribute("lang", "fr")
        for name, value in typed.items():
            expect(page.locator(f'input[name="{name}"]')).to_have_value(value)
        expect(page.locator('input[name="velo"][value="1"]')).to_be_checked()
        expect(page.locator('input[name="opening"][value="1"]')).to_be_checked()
    shot("escoba-deal-kept-in-french")
    page.locator("form.round-form button[type=submit]").click()
    # Ana: most cards, oros and sevens, and the dealer's opening escoba; Ben: the velo
    # and one escoba.
    expect(page.locator("tfoot .totals td")).to_have_text(["4", "2"])


@pytest.mark.parametrize("game", ["escoba", "cabo"])
def test_back_after_a_round_sent_brings_none_of_it_into_the_next_rounds_form(
    browser, live_server, browser_context_args, game
):
    """QA24: a round typed, the language switched, the round sent, Back: the browser
    filled the next round's form with the round just sent, ready to go twice (a phone
    as players have it: its service worker on, touch). The board in Dutch took the
    English one's place: Back goes to the set-up, Forward to the board."""
    phone = {**browser_context_args, "service_workers": "allow"}
    context = browser.new_context(base_url=live_server.url, is_mobile=True, has_touch=True, **phone)
    page = context.new_page()
    start_match(page, game, ["Ana", "Ben"])
    if game == "escoba":
        typed = {"cards_0": "21", "oros_0": "6", "sevens_0": "3", "escobas_1": "1"}
        page.locator('input[name="velo"][value="1"]').check()
    else:
        typed = {"hand_0": "3", "hand_1": "7"}
        page.locator('input[name="caller"][value="0"]').check()
    for name, value in typed.items():
        page.locator(f'input[name="{name}"]').fill(value)
    choose_language(page, "Nederlands")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    page.locator("form.round-form button[type=submit]").click()
    expect(page.locator("tbody.round")).to_have_count(1)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/matches/new/"))
    page.go_forward()
    page.wait_for_load_state()
    expect(page.locator("form.round-form .form-title")).to_contain_text("2")
    for name in typed:
        expect(page.locator(f'input[name="{name}"]')).to_have_value("")
    expect(
        page.locator("form.round-form input[type=radio]:checked:not([value='0'][name='opening'])")
    ).to_have_count(0)
    context.close()


def test_cabanga_points_typed_over_counts_come_back_without_the_counts(page):
    """QA24: the counts the typed points cleared came back after a Reload, beside the
    points, and the round was refused for the contradiction."""
    start_match(page, "cabanga", ["Ana", "Ben", "Cas"])
    row(page, "Ana").get_by_text("went out").click()
    row(page, "Cas").locator('input[name="points_2"]').fill("2")
    ben = row(page, "Ben")
    ben.locator('input[name="n3_1"]').fill("3")
    ben.locator('input[name="points_1"]').fill("4")
    expect(ben.locator('input[name="n3_1"]')).to_have_value("")
    page.reload()
    ben = row(page, "Ben")
    expect(ben.locator('input[name="points_1"]')).to_have_value("4")
    expect(ben.locator('input[name="n3_1"]')).to_have_value("")
    record(page)
    expect(page.locator("tfoot .totals td")).to_have_text(["0", "4", "2"])


def type_a_faulty_round(page, game: str) -> None:
    """A first round with a fault, typed in `game`'s form (not sent)."""
    if game == "cabo":  # the cards picked, nobody ticked as the caller
        ana = row(page, "Ana")
        ana.get_by_text("Pick the cards").click()
        ana.locator("button.pick", has_text="K♥").click()
        ana.locator("button.pick", has_text="A").first.click()
        row(page, "Ben").locator("input.points-input").fill("9")
    elif game == "escoba":  # in teams, the velo to a side with no seven
        for name, value in {"cards_0": "25", "oros_0": "6", "sevens_0": "0"}.items():
            page.locator(f'input[name="{name}"]').fill(value)
        page.locator('input[name="escobas_0"]').fill("1")
        page.locator('input[name="velo"][value="0"]').check()
    else:  # Cabanga!: counts for everyone, nobody out
        for name in ("Ana", "Ben", "Cas"):
            stepper = row(page, name).locator(".stepper", has_text="3 symbols")
            stepper.get_by_role("button", name="One more").click()
        row(page, "Ben").locator('input[name="n1_1"]').fill("2")


def expect_the_faulty_round_typed(page, game: str) -> None:
    if game == "cabo":
        ana = row(page, "Ana")
        expect(ana.locator("input.card-codes")).not_to_have_value("")
        expect(ana.locator(".picked-cards button")).to_have_count(2)
        expect(ana.locator(".picked-cards button").first).to_be_visible()
        expect(row(page, "Ben").locator("input.points-input")).to_have_value("9")
        expect(page.locator("input[name=caller]:checked")).to_have_count(0)
    elif game == "escoba":
        typed = {"cards_0": "25", "oros_0": "6", "sevens_0": "0", "escobas_0": "1"}
        for name, value in typed.items():
            expect(page.locator(f'input[name="{name}"]')).to_have_value(value)
        expect(page.locator('input[name="velo"][value="0"]')).to_be_checked()
    else:
        for seat in range(3):
            expect(page.locator(f'input[name="n3_{seat}"]')).to_have_value("1")
        expect(page.locator('input[name="n1_1"]')).to_have_value("2")
        expect(page.locator("input[name^=out_]:checked")).to_have_count(0)


def correct_the_faulty_round(page, game: str) -> None:
    if game == "cabo":
        row(page, "Ana").locator("label.caller-pick").click()
    elif game == "escoba":
        page.locator('input[name="sevens_0"]').fill("3")
    else:
        row(page, "Ben").get_by_text("went out").click()


GAMES = {
    "cabo": (["Ana", "Ben"], "round"),
    "escoba": (["Ana", "Ben", "Cas", "Dan"], "deal"),
    "cabanga": (["Ana", "Ben", "Cas"], "round"),
}


def expect_no_hand_typed(page) -> None:
    expect(page.locator("form.round-form input.points-input").first).to_be_visible()
    for hand in page.locator("form.round-form input.points-input").all():
        expect(hand).to_have_value("")


@pytest.mark.parametrize("game", GAMES)
def test_a_round_sent_back_with_its_faults_comes_back_as_typed_after_a_reload(page, game):
    """Sending a round forgot what was typed, and the form sent back with its faults was
    not kept again: a Reload then emptied it. It comes back as a round being typed does
    (after a Reload, and Back from another page); once recorded, nothing comes back."""
    players, noun = GAMES[game]
    start_match(page, game, players)
    type_a_faulty_round(page, game)
    record(page, noun)
    expect(page.locator("form.round-form .errorlist").first).to_be_visible()
    settled(page)
    page.reload()
    expect(page.get_by_text(f"Enter {noun} 1")).to_be_visible()
    expect_the_faulty_round_typed(page, game)
    page.locator("header.topbar").get_by_role("link", name="Rules").click()
    expect(page.get_by_role("heading", name="Rules and walkthroughs")).to_be_visible()
    page.go_back()
    expect(page.get_by_text(f"Enter {noun} 1")).to_be_visible()
    settled(page)
    expect_the_faulty_round_typed(page, game)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"returning--refused-{game}-reloaded.png"))
    correct_the_faulty_round(page, game)
    record(page, noun)
    expect(page.get_by_text(f"Enter {noun} 2")).to_be_visible()
    assert Round.objects.count() == 1
    page.reload()
    expect(page.get_by_text(f"Enter {noun} 2")).to_be_visible()
    settled(page)
    # The next round's form as the server sent it: nothing of the round recorded in it.
    assert not page.evaluate("window.scorepad.changed(document.querySelector('form.round-form'))")


# What a round sent back says is wrong, in its form (Escoba's sums under their columns).
FAULTS = "form.round-form .form-errors, form.round-form .errorlist, form.round-form .column-fault"


@pytest.mark.parametrize("game", GAMES)
def test_a_round_sent_back_with_its_faults_shows_them_again_after_a_reload(page, seen_shot, game):
    """A Reload, or Back then Forward, put the round sent back in its form again, but
    without its faults: the player no longer saw what was wrong. They show as sending
    showed them, the first in sight below the standing."""
    players, noun = GAMES[game]
    start_match(page, game, players)
    board = page.url.split("#")[0]
    type_a_faulty_round(page, game)
    record(page, noun)
    faults = page.locator(FAULTS)
    expect(faults.first).to_be_visible()
    settled(page)
    said = faults.all_inner_texts()
    for step in ("reloaded", "back-and-forward"):
        if step == "reloaded":
            page.reload()
        else:
            page.go_back()
            expect(page).not_to_have_url(board)
            page.go_forward()
        expect(page.get_by_text(f"Enter {noun} 1")).to_be_visible()
        expect(faults).to_have_text(said)
        settled(page)
        expect_the_faulty_round_typed(page, game)
        assert_seen(faults.first)
        seen_shot(step)
    correct_the_faulty_round(page, game)
    record(page, noun)
    expect(page.get_by_text(f"Enter {noun} 2")).to_be_visible()
    page.reload()
    expect(page.get_by_text(f"Enter {noun} 2")).to_be_visible()
    settled(page)
    page.wait_for_load_state("networkidle")
    expect(faults).to_have_count(0)


def test_a_round_sent_back_says_its_faults_in_the_language_switched_to(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    type_a_faulty_round(page, "cabo")
    record(page)
    expect(page.get_by_text("Tick who called Cabo.")).to_be_visible()
    settled(page)
    choose_language(page, "Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    with translation.override("fr"):
        said = translation.gettext("Tick who called Cabo.")
    assert said != "Tick who called Cabo."
    expect(page.locator(FAULTS).first).to_have_text(said)
    expect_the_faulty_round_typed(page, "cabo")


def test_a_round_typed_on_before_its_faults_came_back_keeps_what_was_typed(page):
    """The faults of a round put back come from the server: typed on before they came
    (a quick thumb after a Reload), what was typed stays, not the round as put back."""
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "2"})  # Ben's hand left blank
    record(page)
    expect(row(page, "Ben").locator(".errorlist")).to_be_visible()
    settled(page)
    held = []
    checked = re.compile(r"/rounds/\?")
    page.route(checked, lambda route: held.append(route))  # answered once Ben's hand is typed
    with page.expect_request(checked):
        page.reload()
    row(page, "Ben").locator("input.points-input").fill("9")
    with page.expect_response(checked):
        held[0].continue_()
    settled(page)
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("9")
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    assert Round.objects.count() == 1


def test_a_round_only_typed_shows_no_faults_after_a_reload(page):
    """Half a round typed, never sent, is no mistake: back as typed, nothing said."""
    start_match(page, "cabo", ["Ana", "Ben"])
    type_a_faulty_round(page, "cabo")
    page.reload()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    expect_the_faulty_round_typed(page, "cabo")
    page.wait_for_load_state("networkidle")
    settled(page)
    expect(page.locator(FAULTS)).to_have_count(0)
    expect(page.locator("form.round-form [aria-invalid=true]")).to_have_count(0)


def test_a_refused_round_comes_back_in_its_own_matchs_form_only(page):
    """Two matches in one tab: the round sent back with its faults in the first comes
    back in the first match's form, never in the second's."""
    start_match(page, "cabo", ["Ana", "Ben"])
    first = page.url.split("#")[0]
    enter(page, "Ana", {"Ana": "2"})  # Ben's hand left blank
    record(page)
    expect(row(page, "Ben").locator(".errorlist")).to_be_visible()
    settled(page)
    start_match(page, "cabo", ["Ana", "Ben", "Cas"])
    second = page.url.split("#")[0]
    assert second != first
    expect_no_hand_typed(page)
    page.reload()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    expect_no_hand_typed(page)
    expect(page.locator("input[name=caller]:checked")).to_have_count(0)
    page.goto(first)
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("2")
    expect(page.locator("input[name=caller][value='0']")).to_be_checked()
    row(page, "Ben").locator("input.points-input").fill("9")
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    page.goto(second)
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    expect_no_hand_typed(page)
    page.goto(first)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    expect_no_hand_typed(page)


def test_what_was_typed_for_a_round_is_not_brought_back_into_another_one(page):
    """Round 3 half typed, round 2 deleted and entered again: round 3's form is empty
    (what was typed belonged to a round that changed under it)."""
    start_match(page, "cabo", ["Ana", "Ben"])
    for number in (1, 2):
        enter(page, "Ana", {"Ana": "2", "Ben": "9"})
        record(page)
        # The next round's form in place before anything is typed into it.
        expect(page.get_by_text(f"Enter round {number + 1}")).to_be_visible()
        settled(page)
    enter(page, "Ben", {"Ana": "7"})
    page.get_by_role("button", name="Delete round 2").click()
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    settled(page)
    enter(page, "Ana", {"Ana": "0", "Ben": "4"})
    record(page)
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    settled(page)
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("")
    page.reload()
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("")


def tab_not_yet_told(page):
    """A second tab of this phone on the same board, as it is before the news of the
    first tab's round reaches it: tabs tell each other (live.js, BroadcastChannel), and
    the board asks the server then; that news and that answer are a race these tests
    leave out. Once told, the tab catches up before anything is sent
    (tests/browser/test_shown_again_browser.py)."""
    other = page.context.new_page()
    other.add_init_script("delete window.BroadcastChannel;")
    return other


def test_a_round_sent_from_a_second_tab_showing_the_same_round_is_refused_not_lost(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    other = tab_not_yet_told(page)
    other.goto(page.url)
    expect(other.get_by_text("Enter round 1")).to_be_visible()
    # Each tab's form has its own one-time key, even from one copy of the page.
    keys = [tab.locator("input[name=entry_key]").input_value() for tab in (page, other)]
    assert keys[0] != keys[1]
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    # The second tab still shows round 1's form, and sends another round 1.
    enter(other, "Ben", {"Ana": "7", "Ben": "0"})
    record(other)
    # The server's words, and a link down to what was typed (QA43).
    expect(other.locator(".notice.is-error:not(.unsent-notice)")).to_have_text(
        "Round 1 was already recorded, maybe from another phone. What you typed is kept below."
    )
    expect(other.get_by_text("Enter round 2")).to_be_visible()
    expect(other.locator("tfoot .totals td")).to_have_text(["0", "9"])
    # What was typed is not lost: listed, refused, to put back in the form or drop.
    refused = other.locator(".unsent-round")
    expect(refused).to_contain_text("Round 1 · refused")
    # Not "sent when the connection is back": the connection was fine.
    expect(other.locator("#unsent-title")).to_have_text("Not recorded")
    expect(other.locator(".unsent .help")).to_have_text(
        "Its number was taken meanwhile, maybe on another phone: compare it with what was"
        " recorded, then take it off the list, correct the recorded one with it, or put it in"
        " the form if it is a new one."
    )
    expect(refused).to_contain_text("Round 1 was already recorded, maybe from another phone.")
    ARTIFACTS.mkdir(exist_ok=True)
    other.screenshot(path=str(ARTIFACTS / "returning--second-tab.png"))
    assert Round.objects.get().data["caller"] == "Ana"
    # One round is said of one round in every language (QA: French "Non enregistrées").
    choose_language(other, "Français")
    expect(other.locator("#unsent-title")).to_have_text("Non enregistrée")
    other.screenshot(path=str(ARTIFACTS / "returning--second-tab-fr.png"))
    choose_language(other, "English")
    expect(other.locator("#unsent-title")).to_have_text("Not recorded")
    # It was another deal: in the form as round 2, as typed, and recorded.
    refused.get_by_role("button", name="Put it in the form as round 2").click()
    expect(other.get_by_text("Enter round 2")).to_be_visible()
    expect(row(other, "Ana").locator("input.points-input")).to_have_value("7")
    expect(row(other, "Ben").locator("input.points-input")).to_have_value("0")
    record(other)
    expect(other.get_by_text("Enter round 3")).to_be_visible()
    expect(other.locator(".unsent")).to_have_count(0)
    assert Round.objects.get(number=2).data["caller"] == "Ben"


def test_a_round_with_a_fault_sent_from_a_second_tab_after_the_first_is_said_taken(page):
    """The other tab's round 1 has a hand left blank, and round 1 is in already (QA29:
    its fault came under "Enter round 2", the board behind, the form still sending 1)."""
    start_match(page, "cabo", ["Ana", "Ben"])
    other = tab_not_yet_told(page)
    other.goto(page.url)
    expect(other.get_by_text("Enter round 1")).to_be_visible()
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    enter(other, "Ben", {"Ana": "7"})
    record(other)
    # The server's words, and a link down to what was typed (QA43).
    expect(other.locator(".notice.is-error:not(.unsent-notice)")).to_have_text(
        "Round 1 was already recorded, maybe from another phone. What you typed is kept below."
    )
    expect(other.locator("tfoot .totals td")).to_have_text(["0", "9"])
    expect(other.get_by_text("Enter round 2")).to_be_visible()
    expect(other.locator("form.round-form input[name=number]")).to_have_value("2")
    # What was typed is kept, refused, to correct in the form or drop.
    expect(other.locator(".unsent-round")).to_contain_text("Round 1 · refused")
    assert Round.objects.get().data["caller"] == "Ana"


def test_a_form_keeps_its_key_while_another_part_of_the_page_is_swapped(page):
    """A retry of what a form sent carries the same key: a swap elsewhere (a round's
    "why this score?") leaves its key alone; the new form a round brings has a new one."""
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    settled(page)
    key = page.locator("input[name=entry_key]").input_value()
    page.get_by_role("link", name="Round 1: why this score?").click()
    expect(page.locator("#why-1")).to_be_visible()
    settled(page)
    assert page.locator("input[name=entry_key]").input_value() == key
    enter(page, "Ben", {"Ana": "5", "Ben": "1"})
    record(page)
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    assert page.locator("input[name=entry_key]").input_value() != key


def test_back_to_a_finished_match_and_play_again_lands_on_the_replay(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "0", "Ben": "120"})
    record(page)
    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    replay = page.url
    page.go_back()
    page.get_by_role("button", name="Play again").click()
    expect(page).to_have_url(replay)
    assert Match.objects.count() == 2


def rounds_played_elsewhere(count: int) -> None:
    match = Match.objects.get()
    for _number in range(count):
        services.record_round(
            match,
            {"caller": "Ana", "hands": {"Ana": 1, "Ben": 4}},
            number=match.round_count + 1,
            entry_key=uuid.uuid4(),
            owner=match.owner,
        )
        match.refresh_from_db()


@pytest.mark.parametrize(
    ("address", "link", "said"),
    [
        ("/", "Cabo · {n} rounds played", "Cabo · {n} rounds played"),
        ("/history/", "Continue", "{n} rounds played:"),
    ],
)
def test_back_to_a_list_of_matches_counts_the_rounds_recorded_since(
    page, shot, address, link, said
):
    """QA: Back to the home page (or the history) from a match showed the browser's kept
    copy of it, the rounds recorded meanwhile not counted ("4 rounds played" after 5)."""
    start_match(page, "cabo", ["Ana", "Ben"])
    rounds_played_elsewhere(4)
    page.goto(address)
    page.get_by_role("link", name=link.format(n=4) if "{n}" in link else link).click()
    expect(page.get_by_text("Enter round 5")).to_be_visible()
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 6")).to_be_visible()
    page.go_back()
    expect(page.get_by_text(said.format(n=5))).to_be_visible()
    expect(page.get_by_text(said.format(n=4))).to_have_count(0)
    shot("back")
    page.reload()
    expect(page.get_by_text(said.format(n=5))).to_be_visible()
    page.go_forward()
    expect(page.get_by_text("Enter round 6")).to_be_visible()


def round_kept_on_the_phone(page, number: int, caller: str, points: dict[str, str]) -> None:
    """A round that did not get through (a weak signal): kept on the phone, not sent."""
    page.route("**/rounds/", lambda route: route.abort())
    enter(page, caller, points)
    record(page)
    expect(page.locator(".unsent")).to_contain_text(f"Round {number} · not sent yet")
    page.unroute("**/rounds/")


def test_a_home_page_kept_whole_by_the_browser_counts_the_rounds_recorded_since(page_kept_whole):
    page = page_kept_whole
    start_match(page, "cabo", ["Ana", "Ben"])
    rounds_played_elsewhere(4)
    page.goto("/")
    page.evaluate("() => { window.keptWhole = true; }")
    page.get_by_role("link", name="Cabo · 4 rounds played").click()
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 6")).to_be_visible()
    page.go_back(wait_until="commit")  # a page kept whole is not loaded again
    expect(page.get_by_text("Cabo · 5 rounds played")).to_be_visible()
    assert page.evaluate("() => window.keptWhole === true")  # the page itself, not a copy
    # A round that did not get through (a weak signal) is kept; Back to the home page
    # kept whole sends it from there, as opening the page would.
    page.go_forward(wait_until="commit")
    expect(page.get_by_text("Enter round 6")).to_be_visible()
    round_kept_on_the_phone(page, 6, "Ben", {"Ana": "7", "Ben": "1"})
    page.go_back(wait_until="commit")
    expect(page.locator("#going-on .notice")).to_have_text(
        "A score kept on this phone is now recorded."
    )
    expect(page.get_by_text("Cabo · 6 rounds played")).to_be_visible()
    assert page.evaluate("() => window.keptWhole === true")


def test_an_answer_to_backs_ask_that_comes_last_does_not_undo_the_kept_rounds_count(page):
    """CI: Back to the home page asks for its lists again and sends the round kept on the
    phone, then asks again once it is recorded. The first ask, answered before the round
    was recorded, came last: the list said "5 rounds played" under "now recorded".
    (Not with the page kept whole: Playwright does not see its requests.)"""
    start_match(page, "cabo", ["Ana", "Ben"])
    rounds_played_elsewhere(4)
    page.goto("/")
    page.get_by_role("link", name="Cabo · 4 rounds played").click()
    expect(page.get_by_text("Enter round 5")).to_be_visible()
    round_kept_on_the_phone(page, 5, "Ana", {"Ana": "2", "Ben": "9"})
    home = page.url.split("/matches/")[0] + "/"
    before = page.request.get(home, headers={"HX-Request": "true"}).text()
    assert "Cabo · 4 rounds played" in before

    # The home page's first ask is held, and answered as the server had it before the
    # round was recorded, once the second ask has gone.
    held = []

    def hold_the_first_ask(route):
        if route.request.headers.get("hx-request") and not held:
            held.append(route)
        else:
            route.continue_()

    asks = []

    def the_second_ask(request):
        if request.url == home and request.headers.get("hx-request"):
            asks.append(request)
        return len(asks) == 2

    page.route(home, hold_the_first_ask)
    with page.expect_request(the_second_ask):
        page.go_back(wait_until="commit")
    held[0].fulfill(status=200, content_type="text/html; charset=utf-8", body=before)
    expect(page.locator("#going-on .notice")).to_have_text(
        "A score kept on this phone is now recorded."
    )
    expect(page.get_by_text("Cabo · 5 rounds played")).to_be_visible()
    expect(page.get_by_text("Cabo · 4 rounds played")).to_have_count(0)
    page.screenshot(path=str(ARTIFACTS / "home-kept-round-counted-after-a-late-answer.png"))


def test_a_round_kept_on_a_board_and_sent_from_the_home_page_reaches_the_board_in_sight(page):
    """QA: a board in sight beside the home page that sent its kept round (two windows)
    moved its form on to round 3, its table without round 2, with nothing said."""
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    page.route("**/rounds/", lambda route: route.abort())  # this tab's sends do not get through
    enter(page, "Ben", {"Ana": "7", "Ben": "1"})
    record(page)
    expect(page.locator(".unsent")).to_contain_text("Round 2 · not sent yet")
    home = page.context.new_page()
    home.goto("/")
    expect(home.locator("#going-on .notice")).to_have_text(
        "A score kept on this phone is now recorded."
    )
    expect(home.get_by_text("Cabo · 2 rounds played")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["7", "9"])
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    expect(page.locator(".unsent")).to_have_count(0)
    # Said as when the board sends it itself (QA: its list of rounds not sent emptied
    # without a word).
    expect(page.locator("#standing .notice")).to_have_text(
        "Round 2, kept on this phone, is now recorded."
    )
    page.screenshot(path=str(ARTIFACTS / "board-in-sight-after-the-home-page-sent-its-round.png"))


def test_a_home_page_in_another_tab_counts_the_rounds_sent_or_recorded_elsewhere(page):
    """QA: a second home page kept "1 round played" after another tab sent the round kept
    on the phone, and after a round recorded in another tab, shown again."""
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    round_kept_on_the_phone(page, 2, "Ben", {"Ana": "7", "Ben": "1"})
    home = page.context.new_page()
    home.route("**/rounds/", lambda route: route.abort())  # it sends nothing itself
    home.goto("/")
    expect(home.locator("#kept-rounds")).to_be_hidden()  # the board's, shown in its tab
    expect(home.get_by_text("Cabo · 1 round played")).to_be_visible()
    page.reload()  # the board sends its kept round as it loads
    # and then shows the board as the server has it (a fresh form, CI: what was typed in
    # the form before that went with it).
    expect(page.locator("#standing .notice")).to_have_text(
        "Round 2, kept on this phone, is now recorded."
    )
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    expect(home.get_by_text("Cabo · 2 rounds played")).to_be_visible()
    # A round recorded in the other tab: counted once this one is shown again.
    enter(page, "Ana", {"Ana": "0", "Ben": "5"})
    record(page)
    expect(page.get_by_text("Enter round 4")).to_be_visible()
    home.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(home.get_by_text("Cabo · 3 rounds played")).to_be_visible()


def test_a_round_typed_as_the_board_comes_back_after_sending_its_kept_round_stays(page, shot):
    """CI: the board reloaded sends its kept round, then asks for the board as the server
    has it; the answer, come between the tap on "who called" and that tap's keeping (run
    after it), brought a fresh form without it, and the round was refused."""
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "2", "Ben": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    round_kept_on_the_phone(page, 2, "Ben", {"Ana": "7", "Ben": "1"})
    held = []

    def hold_the_board_once(route):
        asks_for_the_board = route.request.method == "GET" and route.request.headers.get(
            "hx-request"
        )
        if asks_for_the_board and not held:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/matches/\d+/$"), hold_the_board_once)
    # The board sends its kept round as it loads, then asks for the board.
    with page.expect_request(
        lambda request: request.method == "GET" and bool(request.headers.get("hx-request"))
    ):
        page.reload()
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    for name, value in {"Ana": "0", "Ben": "5"}.items():
        row(page, name).locator("input.points-input").fill(value)
    assert held, "the board's answer is held"
    # The tap on "who called", its keeping not run yet as the board's answer comes.
    row(page, "Ana").locator("input[type=radio]").evaluate("radio => { radio.checked = true; }")
    held[0].continue_()
    expect(page.locator("#standing .notice")).to_have_text(
        "Round 2, kept on this phone, is now recorded."
    )
    expect(row(page, "Ana").locator("input[type=radio]")).to_be_checked()
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("0")
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("5")
    shot("typed-as-the-board-came-back")
    record(page)
    expect(page.get_by_text("Enter round 4")).to_be_visible()
    expect(page.locator("tfoot .totals td")).to_have_text(["7", "14"])


def test_a_home_page_shown_again_after_the_language_switched_in_another_tab_is_all_in_it(page):
    """QA: its list came back in Dutch ("Verder", "rondes gespeeld") under a page left in
    French."""
    start_match(page, "cabo", ["Ana", "Ben"])
    home = page.context.new_page()
    home.goto("/")
    choose_language(home, "Français")
    expect(home.get_by_role("heading", name="Continuer")).to_be_visible()
    page.reload()
    choose_language(page, "Nederlands")
    home.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(home.locator("html")).to_have_attribute("lang", "nl")
    expect(home.get_by_role("heading", name="Verder")).to_be_visible()
    expect(home.get_by_text("Comptez les points", exact=False)).to_have_count(0)


def test_a_page_kept_whole_shown_by_back_after_a_language_switch_is_in_that_language(
    page_kept_whole,
):
    """QA: the page before the switch, kept whole by the browser, came back by Back in
    the language left (and a round recorded on a board so shown mixed the two)."""
    page = page_kept_whole
    page.goto("/rules/")
    page.goto("/history/")
    choose_language(page, "Français")
    page.go_back()
    expect(page).to_have_url(re.compile(r"/rules/$"))
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("form.langs [aria-current=true]")).to_have_text("Français")
    page.go_forward(wait_until="commit")  # a page kept whole is not loaded again
    expect(page).to_have_url(re.compile(r"/history/$"))
    expect(page.locator("html")).to_have_attribute("lang", "fr")


def a_round_being_corrected_in_the_second_tab(page):
    """Round 1 and 2 recorded in the first tab; the second tab, still at round 2's form,
    sends a round 2 with Cléo's hand blank: refused (round 2 is in), put back in the form
    as round 3 and sent again, its fault beside Cléo's hand. Returns the second tab."""
    start_match(page, "cabo", ["Ana", "Ben", "Cléo"])
    enter(page, "Ana", {"Ana": "1", "Ben": "5", "Cléo": "7"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    other = tab_not_yet_told(page)
    other.set_viewport_size({"width": 390, "height": 844})
    other.goto(page.url.split("#")[0])
    expect(other.get_by_text("Enter round 2")).to_be_visible()
    enter(page, "Ben", {"Ana": "4", "Ben": "2", "Cléo": "8"})
    record(page)
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    enter(other, "Cléo", {"Ana": "3", "Ben": "9"})
    record(other)
    stale = other.locator("#standing .notice.is-error:not(.unsent-notice)")
    expect(stale).to_have_text(
        "Round 2 was already recorded, maybe from another phone. What you typed is kept below."
    )
    refused = other.locator(".unsent-round")
    refused.get_by_role("button", name="Put it in the form as round 3").click()
    expect(other.get_by_text("Enter round 3")).to_be_visible()
    expect(row(other, "Ben").locator("input.points-input")).to_have_value("9")
    record(other)
    expect(row(other, "Cléo").locator(".errorlist")).to_contain_text("Enter the points")
    return other


def test_a_refused_round_sent_again_with_a_fault_says_that_fault_alone(page):
    """QA: the round put back in the form and sent with a hand left blank showed its
    fault, under the standing's stale "Round 2 was already recorded"; the copy kept on
    the phone said that old refusal too."""
    other = a_round_being_corrected_in_the_second_tab(page)
    expect(other.locator("#standing .notice.is-error")).to_have_count(0)
    # The first tab lists it with its latest reason.
    page.reload()
    listed = page.locator(".unsent-round")
    expect(listed).to_contain_text("Round 3 · refused")
    expect(listed.locator(".unsent-error")).to_have_text(
        "Cléo: Enter the points of this hand, or pick its cards."
    )
    # The second tab, reloaded, has it in its form as typed (kept in the tab as the
    # server sent it back), and says why it is not recorded there, not listed: beside
    # Cléo's hand, as sending it said, once. Above the fields, what its values are.
    other.reload()
    expect(other.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(row(other, "Ana").locator("input.points-input")).to_have_value("3")
    expect(row(other, "Ben").locator("input.points-input")).to_have_value("9")
    expect(other.locator("input[name=caller][value='2']")).to_be_checked()
    expect(row(other, "Cléo").locator(".errorlist")).to_have_text(
        "Enter the points of this hand, or pick its cards."
    )
    expect(other.locator("form.round-form .form-errors")).to_have_text(
        [
            "These values were typed for round 2, which another phone recorded first."
            " Recorded from this form, they count as a new round: round 3."
        ]
    )
    expect(other.locator(".unsent")).to_have_count(0)
    expect(other.locator("#standing .notice.is-error")).to_have_count(0)
    row(other, "Cléo").locator("input.points-input").fill("2")
    record(other)
    expect(other.get_by_role("heading", name="Enter round 4")).to_be_visible()
    expect(other.locator(".unsent")).to_have_count(0)
    assert Match.objects.get().round_count == 3


def test_a_round_being_corrected_in_another_tab_does_not_hold_this_tabs_round(page):
    """QA: reloaded while the second tab corrected its round 3, the first tab's form said
    "Enter round 4" with the server at round 2, and its round was kept behind the other
    tab's, not sent. It is this tab's round 3 and goes; the other tab's round, sent
    after it, is refused as round 3 and put back as round 4: nothing is lost."""
    other = a_round_being_corrected_in_the_second_tab(page)
    page.reload()
    expect(page.get_by_role("heading", name="Enter round 3")).to_be_visible()
    expect(page.locator("#standing .turn")).to_contain_text("Round 3")
    enter(page, "Ana", {"Ana": "0", "Ben": "6", "Cléo": "6"})
    record(page)
    expect(page.get_by_role("heading", name="Enter round 4")).to_be_visible()
    expect(page.locator("#round-3 .pts")).to_have_text(["+0", "+6", "+6"])
    assert Match.objects.get().round_count == 3
    # The other tab's round, still in its form, then goes back to the list as refused.
    row(other, "Cléo").locator("input.points-input").fill("2")
    record(other)
    refused = other.locator(".unsent-round")
    expect(refused).to_contain_text("Round 3 was already recorded")
    refused.get_by_role("button", name="Put it in the form as round 4").click()
    expect(other.get_by_role("heading", name="Enter round 4")).to_be_visible()
    record(other)
    expect(other.get_by_role("heading", name="Enter round 5")).to_be_visible()
    expect(other.locator(".unsent")).to_have_count(0)
    match = Match.objects.get()
    assert [(r.number, r.data["caller"]) for r in match.active_rounds()] == [
        (1, "Ana"),
        (2, "Ben"),
        (3, "Ana"),
        (4, "Cléo"),
    ]


def correct_the_first_round(page, fields: dict[str, str]) -> None:
    """Round 1's correction opened on the board (its number, then "Correct this
    round"), `fields` changed in it, and saved."""
    page.locator("#round-1 a.why-link").click()
    page.locator("#why-1 a.correct-link").click()
    correction = page.locator("#correction form.correction-form")
    for name, value in fields.items():
        correction.locator(f'input[name="{name}"]').fill(value)
    correction.locator("button[type=submit]").click()
    expect(page.locator("#correction")).to_be_empty()
    settled(page)


@pytest.mark.parametrize("game", ["cabo", "escoba"])
def test_a_round_being_typed_stays_typed_when_a_correction_is_saved(page, shot, game):
    """QA: round 2 half typed, round 1 corrected on the board: the correction's answer
    brought round 2's form back empty, and a Reload then forgot what was typed."""
    if game == "cabo":
        start_match(page, "cabo", ["Ann", "Bob", "Cy"])
        enter(page, "Ann", {"Ann": "3", "Bob": "12", "Cy": "20"})
        record(page)
        expect(page.get_by_text("Enter round 2")).to_be_visible()
        settled(page)
        typed = {"hand_0": "17", "hand_1": "4"}
        ticked = 'input[name="caller"][value="1"]'
        correction, totals = {"hand_2": "21"}, ["0", "12", "21"]
    else:  # a French table (QA): the deal kept in French
        start_match(page, "escoba", ["Ana", "Ben"])
        choose_language(page, "Français")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        for name, value in {"cards_0": "21", "oros_0": "6", "sevens_0": "3"}.items():
            page.locator(f'input[name="{name}"]').fill(value)
        page.locator('input[name="velo"][value="0"]').check()
        page.locator("form.round-form button[type=submit]").click()
        expect(page.locator("form.round-form input[name=number]")).to_have_value("2")
        settled(page)
        typed = {"cards_0": "25", "oros_0": "7"}
        ticked = 'input[name="velo"][value="1"]'
        correction, totals = {"escobas_1": "2"}, ["4", "2"]
    for name, value in typed.items():
        page.locator(f'form.round-form input[name="{name}"]').first.fill(value)
    page.locator(ticked).first.check()
    correct_the_first_round(page, correction)
    expect(page.locator("tfoot .totals td")).to_have_text(totals)
    form = page.locator("form.round-form").first
    expect(form.locator("input[name=number]")).to_have_value("2")
    for step in ("corrected", "reloaded"):
        if step == "reloaded":
            page.reload()
            form = page.locator("form.round-form").first
            expect(form.locator("input[name=number]")).to_have_value("2")
        for name, value in typed.items():
            expect(form.locator(f'input[name="{name}"]')).to_have_value(value)
        expect(form.locator(ticked)).to_be_checked()
        shot(f"{game}-typed-after-a-correction-{step}")


def test_the_last_round_deleted_brings_nothing_typed_for_the_next_into_its_form(page):
    """Round 2 half typed, round 1 deleted: round 1's form is fresh (what was typed was
    for the round after it), after a Reload too, and round 2's once round 1 is in."""
    start_match(page, "cabo", ["Ann", "Bob"])
    enter(page, "Ann", {"Ann": "3", "Bob": "12"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    settled(page)
    enter(page, "Bob", {"Ann": "17", "Bob": "4"})
    page.get_by_role("button", name="Delete round 1").click()
    expect_a_fresh_form_then_after_a_reload(page, "Enter round 1")
    enter(page, "Ann", {"Ann": "0", "Bob": "9"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    settled(page)
    expect_no_hand_typed(page)


def test_the_round_that_ended_the_match_deleted_comes_back_empty_not_as_it_was_sent(page):
    """QA36: the round that ended the match, deleted, brought back its form filled with
    what had been sent for it (in the tab that sent it only): a tap on the button kept
    it as a draft just after sending forgot it, and no next round's form cleared it."""
    start_match(page, "cabo", ["Ana", "Ben", "Cy"])
    enter(page, "Ana", {"Ana": "0", "Ben": "9", "Cy": "5"})
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    settled(page)
    enter(page, "Cy", {"Ana": "12", "Ben": "110", "Cy": "0"})
    record(page)
    expect(page.locator(".standing-result")).to_contain_text("Cy wins")
    settled(page)
    page.get_by_role("button", name="Delete round 2").click()
    expect_a_fresh_form_then_after_a_reload(page, "Enter round 2")


def expect_a_fresh_form_then_after_a_reload(page, title: str) -> None:
    """The form titled `title` holds nothing typed (no hand, no caller), and again once
    the page is reloaded."""
    for step in ("now", "reloaded"):
        if step == "reloaded":
            page.reload()
        expect(page.get_by_text(title)).to_be_visible()
        settled(page)
        expect_no_hand_typed(page)
        expect(page.locator("form.round-form input[name=caller]:checked")).to_have_count(0)


def open_the_correction(page, number: int) -> None:
    """Round `number`'s correction opened on the board (its number, then "Correct this
    round"), htmx having set it up."""
    page.locator(f"#round-{number} a.why-link").click()
    page.locator(f"#why-{number} a.correct-link").click()
    expect(page.get_by_role("heading", name=f"Correct round {number}")).to_be_visible()
    settled(page)


def expect_the_correction(page, number: int, hands: dict[str, str]) -> None:
    correction = page.locator("#correction")
    expect(correction.get_by_role("heading", name=f"Correct round {number}")).to_be_visible()
    for name, value in hands.items():
        expect(row(correction, name).locator("input.points-input")).to_have_value(value)


def two_cabo_rounds(page) -> str:
    """Ana and Ben's Cabo match, two rounds recorded (Ben 9, then 5); its board's address."""
    start_match(page, "cabo", ["Ana", "Ben"])
    for number, ben in ((1, "9"), (2, "5")):
        enter(page, "Ana", {"Ana": "0", "Ben": ben})
        record(page)
        expect(page.get_by_text(f"Enter round {number + 1}")).to_be_visible()
        settled(page)
    return page.url.split("#")[0]


@pytest.mark.parametrize("number", [1, 2], ids=["earlier-round", "last-round"])
def test_a_correction_being_typed_survives_a_reload_and_back_then_forward(page, seen_shot, number):
    """The correction opened on the board (htmx, the address unchanged) was gone after a
    Reload, and what was typed in it lost. It comes back open, as typed, until saved."""
    board = two_cabo_rounds(page)
    open_the_correction(page, number)
    row(page.locator("#correction"), "Ben").locator("input.points-input").fill("7")
    page.reload()
    expect_the_correction(page, number, {"Ana": "0", "Ben": "7"})
    expect(page.locator("#correction")).to_be_in_viewport()
    seen_shot("reloaded")
    page.go_back()  # to the set-up page the match was started from
    expect(page).not_to_have_url(board)
    page.go_forward()
    expect_the_correction(page, number, {"Ana": "0", "Ben": "7"})
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#standing .notice")).to_contain_text(
        f"Round {number} corrected. Points: Ben {'9' if number == 1 else '5'} → 7."
    )
    expect(page.locator("#correction")).to_be_empty()
    settled(page)
    expect_no_correction_after_a_reload(page)


def expect_no_correction_after_a_reload(page) -> None:
    """Reloaded, the board of two rounds opens no correction."""
    page.reload()
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    settled(page)
    expect(page.locator("#correction")).to_be_empty()


KAMIKAZE = "Kamikaze hand (two 12s and two 13s)"


@pytest.mark.parametrize("how", ["reload", "language"])
def test_a_correction_keeps_the_kamikaze_chosen_by_hand_when_it_opens_again(page, seen_shot, how):
    """QA: reopened after a Reload or a language switch, a correction's kamikaze list
    fell back to "nobody", and saving it turned the kamikaze round into a plain call
    (its hands typed, the list chosen by hand)."""
    start_match(page, "cabo", ["Ana", "Ben", "Chloé"], preset=("Official Cabo deck", "official"))
    enter(page, "Ana", {"Ana": "3", "Ben": "50", "Chloé": "7"})
    page.get_by_label(KAMIKAZE).select_option("1")  # Ben
    record(page)
    expect(page.locator("#round-1 .pts")).to_have_text(["+50", "+0", "+50"])
    settled(page)
    open_the_correction(page, 1)
    correction = page.locator("#correction")
    expect(correction.locator("select[data-kamikaze-values]")).to_have_value("1")
    row(correction, "Chloé").locator("input.points-input").fill("8")
    if how == "reload":
        page.reload()
    else:
        choose_language(page, "Nederlands")
        choose_language(page, "English")
    expect_the_correction(page, 1, {"Ana": "3", "Ben": "50", "Chloé": "8"})
    expect(correction.locator("select[data-kamikaze-values]")).to_have_value("1")
    seen_shot("kamikaze-kept")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#correction")).to_be_empty()
    expect(page.locator("#round-1 .pts")).to_have_text(["+50", "+0", "+50"])
    assert Round.objects.get().data["kamikaze"] == "Ben"


def test_a_correction_sent_back_with_its_faults_survives_a_reload_as_typed(page):
    two_cabo_rounds(page)
    open_the_correction(page, 1)
    correction = page.locator("#correction")
    row(correction, "Ana").locator("input.points-input").fill("4")
    row(correction, "Ben").locator("input.points-input").fill("")
    page.get_by_role("button", name="Save the correction").click()
    expect(row(correction, "Ben").locator(".errorlist")).to_be_visible()
    settled(page)
    page.reload()
    expect_the_correction(page, 1, {"Ana": "4", "Ben": ""})
    row(correction, "Ben").locator("input.points-input").fill("8")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#correction")).to_be_empty()
    expect(page.locator("#round-1 .pts")).to_have_text(["+0", "+8"])


def test_a_correction_left_as_it_is_is_not_opened_again(page):
    board = two_cabo_rounds(page)
    open_the_correction(page, 2)
    row(page.locator("#correction"), "Ben").locator("input.points-input").fill("7")
    page.get_by_role("link", name="Leave it as it is").click()
    expect(page.locator("#correction")).to_be_empty()
    page.reload()
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    settled(page)
    expect(page.locator("#correction")).to_be_empty()
    page.goto("/")
    page.goto(board)
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    settled(page)
    expect(page.locator("#correction")).to_be_empty()


@pytest.mark.parametrize("changed_meanwhile", [False, True], ids=["unchanged", "corrected"])
def test_a_correction_left_open_comes_back_with_the_board_from_another_page(
    page, seen_shot, changed_meanwhile
):
    """Nothing of it was saved: the board reached again from the history opens it as
    typed, unless another phone corrected that round meanwhile: then as it now is, and
    said, never what was typed over the other phone's."""
    board = two_cabo_rounds(page)
    open_the_correction(page, 1)
    row(page.locator("#correction"), "Ben").locator("input.points-input").fill("7")
    page.locator("header.topbar").get_by_role("link", name="History").click()
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    if changed_meanwhile:
        match = Match.objects.get()
        data = {"caller": "Ana", "hands": {"Ana": 0, "Ben": 6}}
        services.correct_round(match, 1, data, owner=match.owner)
    page.goto(board)
    if not changed_meanwhile:
        expect_the_correction(page, 1, {"Ana": "0", "Ben": "7"})
        return
    expect_the_correction(page, 1, {"Ana": "0", "Ben": "6"})
    expect(page.locator("#correction .form-errors")).to_have_text(
        "Round 1 was changed meanwhile, maybe on another phone: here it is as it now is,"
        " without what you typed."
    )
    seen_shot("changed-meanwhile")
    expect_no_correction_after_a_reload(page)  # said once: nothing typed in it since


def test_a_correction_whose_round_was_deleted_is_not_opened_again_and_that_is_said(page):
    two_cabo_rounds(page)
    open_the_correction(page, 2)
    row(page.locator("#correction"), "Ben").locator("input.points-input").fill("7")
    match = Match.objects.get()
    services.delete_last_round(match, number=2, owner=match.owner)  # on another phone
    page.reload()
    expect(page.locator("#standing .notice")).to_have_text(
        "Round 2 was deleted meanwhile: it was not corrected."
    )
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    settled(page)
    expect(page.locator("#correction")).to_be_empty()
    page.reload()
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    settled(page)
    expect(page.locator("#standing .notice")).not_to_contain_text("meanwhile")
    expect(page.locator("#correction")).to_be_empty()


def test_a_correction_kept_in_one_match_never_opens_in_another(page):
    first = two_cabo_rounds(page)
    open_the_correction(page, 1)
    row(page.locator("#correction"), "Ben").locator("input.points-input").fill("7")
    second = two_cabo_rounds(page)
    assert second != first
    expect(page.locator("#correction")).to_be_empty()
    page.reload()
    expect(page.get_by_text("Enter round 3")).to_be_visible()
    settled(page)
    expect(page.locator("#correction")).to_be_empty()
    page.goto(first)
    expect_the_correction(page, 1, {"Ana": "0", "Ben": "7"})


@pytest.mark.parametrize(
    ("address", "before", "after"),
    [
        ("/history/players/", "Ana", "No player yet: statistics come with the first"),
        ("/history/players/Ana/", "Matches played", "Ana has none finished yet"),
    ],
)
def test_back_to_the_statistics_counts_a_match_undone_since(page, address, before, after):
    """QA: a round of a finished match deleted (here, on another phone), Back to the
    players or a player's page showed the figures as they were ("4 matches, 2 wins")
    until a Reload; the history was right."""
    start_match(page, "cabo", ["Ana", "Ben"])
    match = Match.objects.get()
    services.record_round(
        match,
        {"caller": "Ana", "hands": {"Ana": 0, "Ben": 120}},
        number=1,
        entry_key=uuid.uuid4(),
        owner=match.owner,
    )
    page.goto(address)
    expect(page.get_by_text(before).first).to_be_visible()
    page.goto("/history/")
    services.delete_last_round(Match.objects.get(), number=1, owner=match.owner)
    page.go_back()
    expect(page.get_by_text(after)).to_be_visible()
    expect(page.get_by_text(before, exact=True)).to_have_count(0)


@pytest.mark.parametrize("kept_whole", [False, True], ids=["cache", "kept-whole"])
def test_back_after_a_house_rules_undo_lists_it(request, kept_whole, seen_shot):
    """QA: a house rule deleted, its Undo tapped ("restored"), then Back: the page said
    it deleted, with its Undo, and "No house rule yet."."""
    page = request.getfixturevalue("page_kept_whole" if kept_whole else "page")
    shot = (lambda label: None) if kept_whole else seen_shot  # `seen_shot` shows `page`
    start_match(page, "cabo", ["Ana", "Ben"])
    page.get_by_role("link", name="Save as house rule").click()
    page.get_by_label("Name of the house rule").fill("Chez Yann")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("House rule saved.")).to_be_visible()
    page.goto("/history/house-rules/")
    page.get_by_role("button", name="Delete Chez Yann").click()
    expect(page.get_by_text("House rule “Chez Yann” (Cabo) deleted.")).to_be_visible()
    shot("deleted")
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_text("House rule “Chez Yann” restored.")).to_be_visible()
    page.go_back(wait_until="commit")  # a page kept whole fires no load
    expect(page).to_have_url(re.compile(r"\?deleted="))
    expect(page.get_by_role("button", name="Delete Chez Yann")).to_be_visible()
    expect(page.get_by_text("No house rule yet.")).to_have_count(0)
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)
    shot("back")


def test_play_again_then_back_to_the_set_up_and_start_offers_only_the_match_played(page):
    """QA: "Play again", then Back to the set-up and "Start the match" (the chip as the
    browser kept it, not the replay's dealer): the replay, never played, stayed in the
    home page's "Continue" beside the match started."""
    start_match(page, "cabo", ["Ana", "Ben"])
    enter(page, "Ana", {"Ana": "0", "Ben": "120"})
    record(page)
    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    page.go_back()
    page.go_back()
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    started = page.url
    assert Match.objects.count() == 3  # the replay never played, and the match started
    page.goto("/")
    offered = page.locator("#continue a", has_text="Cabo · 0 rounds played")
    expect(offered).to_have_count(1)
    assert started.endswith(offered.get_attribute("href"))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "home-after-play-again-then-a-set-up.png"))
