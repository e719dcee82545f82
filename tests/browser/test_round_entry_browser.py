"""Entering a round on a phone: the ± key, live Cabanga! points, the Cabo card picker."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_play_browser import record, row, start_match
from tests.conftest import ARTIFACTS, PHONE, choose_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_negative_dutch_hand_is_entered_with_the_plus_minus_key(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"], preset=("Dutch", "nl"))
    ana = row(page, "Ana")
    ana.locator("label.caller-pick").click()
    hand = ana.locator("input.points-input")
    # A phone's number pad has digits only: type 2, then turn it negative.
    hand.fill("2")
    ana.get_by_role("button", name="Plus or minus: Ana's hand").click()
    expect(hand).to_have_value("-2")
    # Or tap ± first, then type the number.
    ben = row(page, "Ben")
    ben.get_by_role("button", name="Plus or minus: Ben's hand").click()
    page.keyboard.type("1")
    expect(ben.locator("input.points-input")).to_have_value("-1")
    shot("negative-hand")
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    page.goto(page.url.split("#")[0] + "rounds/1/")
    expect(row(page, "Ana").locator("input.points-input")).to_have_value("-2")
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("-1")


def test_cabanga_points_follow_the_counts_and_a_contradiction_is_refused(page, shot):
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    ana = row(page, "Ana")
    points = ana.locator('input[name="points_0"]')
    three = ana.locator(".stepper", has_text="3 symbols")
    plus_three = three.get_by_role("button", name="One more")
    plus_three.click()
    plus_three.click()
    expect(points).to_have_value("6")
    ana.locator('input[name="n1_0"]').fill("1")
    expect(points).to_have_value("7")
    ana.locator(".stepper", has_text="3 symbols").get_by_role("button", name="One fewer").click()
    expect(points).to_have_value("4")
    # Ben "went out" yet has a card: refused, with the message in his row.
    ben = row(page, "Ben")
    ben.get_by_text("went out").click()
    ben.locator('input[name="n2_1"]').fill("1")
    row(page, "Chloé").get_by_text("went out").click()
    record(page)
    expect(row(page, "Ben").locator(".errorlist")).to_contain_text("Someone who went out")
    expect(page.locator(".grid tbody.round")).to_have_count(0)
    shot("contradiction")
    row(page, "Ben").locator('input[name="n2_1"]').fill("")
    expect(row(page, "Ben").locator('input[name="points_1"]')).to_have_value("")
    record(page)
    expect(page.locator("tfoot .totals td")).to_have_text(["4", "0", "0"])
    # Corrected by typing points over the counts: the counts go, no contradiction (QA17).
    page.locator("#round-1 .why-link").click()
    page.locator("#why-1").get_by_role("link", name="Correct this round").click()
    correction = page.locator("#correction")
    expect(row(correction, "Ana").locator('input[name="n3_0"]')).to_have_value("1")
    # The counts' points in sight, as on the new round's form (QA21).
    expect(row(correction, "Ana").locator('input[name="points_0"]')).to_have_value("4")
    row(correction, "Ana").locator('input[name="points_0"]').fill("5")
    expect(row(correction, "Ana").locator('input[name="n3_0"]')).to_have_value("")
    expect(row(correction, "Ana").locator('input[name="n1_0"]')).to_have_value("")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator("tfoot .totals td")).to_have_text(["5", "0", "0"])


def test_a_cabanga_count_over_sixty_is_refused_once_not_its_points_too(page, shot):
    """F52, QA in French: Anne's count 61 was "Au plus 60." and then "Les cartes
    comptées font 0 point, pas 61.", the page's own sum of her counts refused beside it."""
    start_match(page, "cabanga", ["Anne", "Ben", "Chloé"])
    choose_language(page, "Français")
    anne = row(page, "Anne")
    anne.locator('input[name="n1_0"]').fill("61")
    anne.locator('input[name="n2_0"]').fill("0")
    anne.locator('input[name="n3_0"]').fill("0")
    expect(anne.locator('input[name="points_0"]')).to_have_value("61")
    row(page, "Ben").get_by_text("main vidée").click()
    row(page, "Chloé").locator('input[name="n2_2"]').fill("1")
    page.get_by_role("button", name="Enregistrer la manche").click()
    expect(anne.locator(".errorlist li")).to_have_text(["Au plus 60."])
    shot("count-over-sixty")
    expect(page.locator("#entry .errorlist li")).to_have_count(1)
    # Put right, the round goes through as counted.
    anne.locator('input[name="n1_0"]').fill("6")
    page.get_by_role("button", name="Enregistrer la manche").click()
    expect(page.locator("tfoot .totals td")).to_have_text(["6", "0", "2"])


def test_without_javascript_cabanga_shows_no_steppers_and_typed_counts_still_count(
    browser, live_server, page
):
    """QA: with JavaScript off (nl-BE), six −/+ buttons a player did nothing when tapped."""
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, java_script_enabled=False, locale="nl-BE"
    )
    phone = context.new_page()
    phone.goto("/matches/new/cabanga/")
    for seat, name in enumerate(["Hélène", "Ingrid", "Jan"]):
        phone.get_by_placeholder(f"Speler {seat + 1}", exact=True).fill(name)
    phone.get_by_role("button", name="Potje starten").click()
    form = phone.locator("form.round-form")
    expect(form.locator('input[name="n1_1"]')).to_be_visible()
    expect(form.locator("button.step")).to_have_count(6 * 3)
    for step in form.locator("button.step").all():
        expect(step).to_be_hidden()
    # Each count keeps a box a thumb can type in, as wide as its column.
    box = form.locator('input[name="n1_1"]').bounding_box()
    stepper = row(phone, "Ingrid").locator(".stepper").first.bounding_box()
    assert box["width"] >= stepper["width"] - 1
    row(phone, "Hélène").locator(".out-pick").click()
    form.locator('input[name="n1_1"]').fill("2")
    form.locator('input[name="n2_1"]').fill("1")
    form.locator('input[name="points_2"]').fill("7")
    phone.screenshot(path=str(ARTIFACTS / "cabanga-without-javascript-nl.png"), full_page=True)
    phone.get_by_role("button", name="Ronde opslaan").click()
    expect(phone.locator("tfoot .totals td")).to_have_text(["0", "4", "7"])
    context.close()
    # With JavaScript, the same form has its −/+ buttons.
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    expect(page.locator("form.round-form button.step:visible")).to_have_count(6 * 3)


def test_the_card_picker_marks_removes_and_runs_out_of_cards_in_french(page, shot):
    page.goto("/")
    choose_language(page, "Français")
    page.goto("/matches/new/cabo/?preset=nl")
    page.locator('input[name="player_0"]').fill("Ana")
    page.locator('input[name="player_1"]').fill("Ben")
    page.locator("form.setup-form button[type=submit]").click()
    ana, ben = row(page, "Ana"), row(page, "Ben")
    ana.locator("summary").click()
    ben.locator("summary").click()
    # French faces: valet, dame, roi.
    expect(ana.locator("button.pick .rank")).to_contain_text(["V", "D", "R♠", "R♥"])
    red_king = ana.locator("button.pick", has_text="R♥")
    red_king.click()
    red_king.click()
    expect(ana.locator("input.points-input")).to_have_value("-2")
    expect(red_king.locator(".picked-count")).to_have_text("×2")
    expect(red_king).to_have_class("pick red is-picked")
    # Both red kings are in Ana's hand: none is left for Ben.
    bens_red_king = ben.locator("button.pick", has_text="R♥")
    expect(bens_red_king).to_have_attribute("aria-disabled", "true")
    expect(bens_red_king.locator(".none-left")).to_be_visible()
    bens_red_king.click(force=True)  # a tap on it takes nothing
    expect(ben.locator("input.card-codes")).to_have_value("")
    shot("picker-full")
    # One card goes back: Ana keeps the other, Ben may take it.
    ana.get_by_role("button", name="Retirer R♦").click()
    expect(ana.locator("input.card-codes")).to_have_value("KH")
    expect(ana.locator("input.points-input")).to_have_value("-1")
    expect(bens_red_king).to_have_attribute("aria-disabled", "false")
    bens_red_king.click()
    expect(ben.locator("input.card-codes")).to_have_value("KD")
    shot("picker-after-removal")
    # A code typed in French ("RC", roi de cœur) is no card of the grid: its chip says so.
    ana.locator("input.card-codes").fill("KH RC")
    chips = ana.locator("button.unpick")
    expect(chips).to_have_text(["R♥ ✕", "RC ✕"])
    expect(chips.first).to_have_class("unpick")
    expect(chips.last).to_have_class("unpick is-unknown")
    shot("picker-unknown-code")


def test_a_total_refused_as_not_the_cards_one_stays_in_the_box_beside_its_message(page, shot):
    start_match(page, "cabo", ["Ana", "Ben"], preset=("Dutch", "nl"))
    ana = row(page, "Ana")
    ana.locator("label.caller-pick").click()
    ana.locator("summary").click()
    ana.locator("button.pick", has_text="K♥").click()
    hand = ana.locator("input.points-input")
    expect(hand).to_have_value("-1")
    hand.fill("3")  # typed over the cards: they make -1
    row(page, "Ben").locator("input.points-input").fill("4")
    record(page)
    ana = row(page, "Ana")
    expect(ana.locator(".errorlist")).to_contain_text("make −1 points, not 3")
    # The box still shows the 3 the message names, not the cards' sum.
    expect(ana.locator("input.points-input")).to_have_value("3")
    expect(ana.locator("input.card-codes")).to_have_value("KH")
    shot("total-refused")
    ana.locator("input.points-input").fill("-1")
    record(page)
    expect(page.locator("tfoot .totals td")).to_have_text(["0", "4"])  # her call won


def test_went_out_ticked_by_mistake_gives_the_counts_back_when_unticked(page):
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    ana = row(page, "Ana")
    points = ana.locator('input[name="points_0"]')
    three = ana.locator(".stepper", has_text="3 symbols")
    plus_three = three.get_by_role("button", name="One more")
    plus_three.click()
    plus_three.click()
    expect(points).to_have_value("6")
    went_out = ana.get_by_text("went out")
    went_out.click()
    expect(points).to_have_value("")
    went_out.click()  # unticked: a slip of the thumb
    expect(points).to_have_value("6")
    expect(ana.locator(".stepper", has_text="3 symbols").locator("input")).to_have_value("2")
    # Ticked, then a count typed: unticking keeps what was typed since.
    went_out.click()
    ana.locator('input[name="n1_0"]').fill("1")
    went_out.click()
    expect(ana.locator('input[name="n1_0"]')).to_have_value("1")
    expect(ana.locator(".stepper", has_text="3 symbols").locator("input")).to_have_value("")


def test_each_control_of_a_cabanga_line_names_its_player(page, shot):
    """QA42: every line read out the same names ("went out", "2 symbols", "−1"...), and
    its six −/+ buttons were stops on the way to the next count. A count says what it
    counts: "Ana: 1 symbol" read aloud was not Ana's cards showing one symbol."""
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    form = page.locator("form.round-form")
    for name in ("Ana", "Ben", "Chloé"):
        expect(form.get_by_role("checkbox", name=f"{name} went out", exact=True)).to_have_count(1)
        for symbols in ("1 symbol", "2 symbols", "3 symbols"):
            count = form.get_by_role("spinbutton", name=f"{name}: cards with {symbols}", exact=True)
            expect(count).to_have_count(1)
            for step in ("One fewer", "One more"):
                button = form.get_by_role(
                    "button", name=f"{step} card with {symbols} for {name}", exact=True
                )
                expect(button).to_be_visible()
                box = button.bounding_box()
                assert box["width"] >= 44 and box["height"] >= 44, box
        points = form.get_by_role("spinbutton", name=f"Points of {name}", exact=True)
        expect(points).to_have_count(1)
    # A keyboard goes from count to count, typing them; a tap still steps them.
    ben = form.get_by_role("spinbutton", name="Ben: cards with 1 symbol", exact=True)
    ben.focus()
    page.keyboard.press("Tab")
    ben_two = form.get_by_role("spinbutton", name="Ben: cards with 2 symbols", exact=True)
    expect(ben_two).to_be_focused()
    form.get_by_role("button", name="One more card with 2 symbols for Ben", exact=True).click()
    expect(ben_two).to_have_value("1")
    expect(form.get_by_role("spinbutton", name="Points of Ben", exact=True)).to_have_value("2")
    shot("cabanga-line-names")
