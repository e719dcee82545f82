"""The board loads what is asked for at phone size: a round's "why", its correction,
the earlier rounds of a long match."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from playwright.sync_api import expect

from scorepad.matches import services
from scorepad.matches.access import SESSION_KEY
from scorepad.matches.models import Match, Owner
from scorepad.matches.sessions import SessionStore
from tests.conftest import choose_language
from tests.records.conftest import build_match
from tests.records.matches import cabo_round

from .test_play_browser import record, row, start_match
from .test_standing_browser import assert_seen, play_cabo_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_rounds(page, count: int) -> None:
    for number in range(1, count + 1):
        play_cabo_round(page, 1)
        expect(page.locator("#standing .standing-last th")).to_have_text(f"Round {number}")


def test_a_rounds_why_opens_under_it_and_closes_again(page, seen_shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    play_rounds(page, 12)
    seen_shot("board-12-rounds-recorded")
    why = page.locator("#why-11")
    link = page.get_by_role("link", name="Round 11: why this score?")
    link.click()
    expect(why).to_be_visible()
    expect(why).to_contain_text("Round 11 · dealt by Ana")
    expect(link).to_have_attribute("aria-expanded", "true")
    assert_seen(why.locator(".why-title"))
    seen_shot("why-opened")
    link.click()
    expect(why).to_be_hidden()
    expect(link).to_have_attribute("aria-expanded", "false")
    link.click()
    expect(why).to_be_visible()
    expect(page.locator("#why-11")).to_have_count(1)  # shown again, not loaded twice


def below_the_standing(page, locator) -> None:
    """Wholly in sight, its top not under the sticky standing."""
    assert_seen(locator)
    page.wait_for_function(
        "element => element.getBoundingClientRect().top"
        " >= document.querySelector('#standing').getBoundingClientRect().bottom",
        arg=locator.element_handle(),
    )


def test_a_rounds_why_at_the_foot_of_the_screen_comes_into_sight(page, shot):
    """QA36: a finished match's ranking pushes its first rounds to the foot of the
    screen; round 1's "why", opened under the fold, scrolled the page by a few pixels
    and nothing seemed to happen. It comes into sight, its correction link too, when
    loaded and when shown again."""
    players = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
    start_match(page, "cabo", players)
    row(page, "Ana").locator("label.caller-pick").click()
    for name, hand in zip(players, ("0", "110", "5", "7", "9", "11"), strict=True):
        row(page, name).locator("input.points-input").fill(hand)
    record(page)
    expect(page.locator(".standing-result")).to_contain_text("Ana wins")
    why = page.locator("#why-1")
    link = page.get_by_role("link", name="Round 1: why this score?")
    for step in ("loaded", "shown-again"):
        page.evaluate("window.scrollTo(0, 0)")
        # Tapped where it is on the screen: a locator's click would scroll it first.
        expect(link).to_be_in_viewport(ratio=1)
        box = link.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(link).to_have_attribute("aria-expanded", "true")
        below_the_standing(page, why.locator(".why-title"))
        assert_seen(why.get_by_role("link", name="Correct this round"))
        shot(f"why-{step}")
        link.click()
        expect(why).to_be_hidden()


def test_a_correction_loads_into_the_board_and_lands_back_on_its_round(page, seen_shot):
    """Loaded, refused and saved in place (htmx): the page never reloads, the fault
    comes into sight beside its field, and the saved correction lands on its round."""
    start_match(page, "cabo", ["Ana", "Ben"])
    play_rounds(page, 3)
    address = page.url
    page.get_by_role("link", name="Round 2: why this score?").click()
    page.locator("#why-2").get_by_role("link", name="Correct this round").click()
    title = page.get_by_role("heading", name="Correct round 2")
    expect(title).to_be_focused()
    assert_seen(title)
    form = page.locator("#correction form")
    expect(form.locator(".picker").first.locator("button.pick").first).to_be_attached()
    seen_shot("correction-loaded")
    ben = form.locator(".entry-row", has_text="Ben").locator("input.points-input")
    ben.fill("300")
    form.get_by_role("button", name="Save the correction").click()
    fault = page.locator("#correction").get_by_text("At most 200.")
    assert_seen(fault)
    expect(page.locator("#correction input.points-input").nth(1)).to_be_focused()
    seen_shot("correction-refused")
    page.locator("#correction input.points-input").nth(1).fill("5")
    page.locator("#correction").get_by_role("button", name="Save the correction").click()
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "7"])
    expect(page.locator("#correction")).to_be_empty()
    assert_seen(page.locator("#standing .notice"))
    expect(page.locator("#standing .notice")).to_contain_text(
        "Round 2 corrected. Points: Ben 1 → 5."
    )
    expect(page.locator("#round-2 .why-link")).to_be_focused()
    assert_seen(page.locator("#round-2 .why-link"))
    assert page.url == address  # no page loaded
    seen_shot("correction-saved")


def typing_a_correction_of_round_1(page):
    """Two rounds played, round 1's correction open on the board, Ben's 1 typed as 8."""
    start_match(page, "cabo", ["Ana", "Ben"])
    play_rounds(page, 2)
    page.get_by_role("link", name="Round 1: why this score?").click()
    page.locator("#why-1").get_by_role("link", name="Correct this round").click()
    correction = page.locator("#correction")
    correction.locator("input.points-input").nth(1).fill("8")
    return correction


# The live regions (elements a screen reader says the changes of) holding `text`, the
# spaces in them as a screen reader reads them (a no-break space is a space).
LIVE_REGIONS_SAYING = """(text) => [...document.querySelectorAll(
        '[aria-live], [role="status"], [role="alert"], [role="log"]')]
    .filter((region) => region.getAttribute("aria-live") !== "off")
    .filter((region) => region.textContent.replace(/\\s+/g, " ").includes(text))
    .map((region) => region.id || region.className)"""


def test_a_saved_correction_is_announced_once(page):
    """QA: "Round 1 corrected" was read out twice: by the board's announcements and by
    the standing's notice, itself a live region, both holding it. The announcements,
    which the swap keeps, say it; the notice only shows it."""
    correction = typing_a_correction_of_round_1(page)
    correction.get_by_role("button", name="Save the correction").click()
    said = "Round 1 corrected. Points: Ben 1 → 8."
    expect(page.locator("#standing .notice")).to_contain_text(said)
    expect(page.locator("#announcements")).to_contain_text(said)
    assert page.evaluate(LIVE_REGIONS_SAYING, said) == ["announcements"]


def test_a_correction_saved_without_a_connection_stays_typed_and_says_so(page):
    """Not kept on the phone as the next round is: the correction says it was not sent
    and keeps what was typed; tapped again with the connection back, it is saved."""
    correction = typing_a_correction_of_round_1(page)
    page.context.set_offline(True)
    correction.get_by_role("button", name="Save the correction").click()
    expect(correction.get_by_role("alert")).to_have_text(
        "The correction could not be sent (no connection?). Nothing is lost: tap the button again."
    )
    expect(correction.locator("input.points-input").nth(1)).to_have_value("8")
    expect(page.locator(".unsent-list li")).to_have_count(0)  # not a round kept to send
    # Round 3, typed meanwhile, is kept on the phone; sent when the connection is back,
    # its answer leaves the correction open as typed.
    record_in_the_entry(page)
    expect(page.locator(".unsent-list li")).to_have_count(1)
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#standing .standing-last th")).to_have_text("Round 3")
    expect(correction.locator("input.points-input").nth(1)).to_have_value("8")
    correction.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#standing .notice")).to_contain_text(
        "Round 1 corrected. Points: Ben 1 → 8."
    )
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "10"])


def record_in_the_entry(page) -> None:
    """Ana calls with 0, Ben 1, in the next round's form (a correction is open too)."""
    entry = page.locator("#entry")
    entry.locator(".entry-row", has_text="Ana").locator("label.caller-pick").click()
    entry.locator(".entry-row", has_text="Ana").locator("input.points-input").fill("0")
    entry.locator(".entry-row", has_text="Ben").locator("input.points-input").fill("1")
    entry.get_by_role("button", name="Record the round").click()


def test_a_correction_being_typed_stays_open_while_the_next_round_is_recorded(page):
    """The round's answer closes an untouched correction, not one being typed: it stays
    as typed, and is saved after."""
    correction = typing_a_correction_of_round_1(page)
    record_in_the_entry(page)  # round 3, from the form under it
    expect(page.locator("#standing .standing-last th")).to_have_text("Round 3")
    expect(correction.locator("input.points-input").nth(1)).to_have_value("8")
    correction.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#standing .notice")).to_contain_text(
        "Round 1 corrected. Points: Ben 1 → 8."
    )
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "10"])
    expect(correction).to_be_empty()
    # An untouched correction closes with the next round, as before.
    page.get_by_role("link", name="Round 2: why this score?").click()
    page.locator("#why-2").get_by_role("link", name="Correct this round").click()
    expect(correction.get_by_role("button", name="Save the correction")).to_be_visible()
    record_in_the_entry(page)
    expect(page.locator("#standing .standing-last th")).to_have_text("Round 4")
    expect(correction).to_be_empty()


def test_leave_it_as_it_is_closes_the_correction_and_lands_on_its_round(page):
    start_match(page, "cabo", ["Ana", "Ben"])
    play_rounds(page, 3)
    page.get_by_role("link", name="Round 2: why this score?").click()
    page.locator("#why-2").get_by_role("link", name="Correct this round").click()
    expect(page.get_by_role("heading", name="Correct round 2")).to_be_focused()
    page.locator("#correction").get_by_role("link", name="Leave it as it is").click()
    expect(page.locator("#correction")).to_be_empty()
    assert_seen(page.locator("#round-2 .why-link"))
    expect(page.locator("#round-2 .why-link")).to_be_focused()


def test_a_correction_saved_unchanged_says_there_was_nothing_to_correct(page, seen_shot):
    """QA50: saved as it was, it said "Round 2 corrected. The points did not change."
    and offered an Undo. Now nothing is saved, and the board says so, without an Undo."""
    start_match(page, "cabo", ["Ana", "Ben"])
    play_rounds(page, 3)
    version = page.locator("#standing").get_attribute("data-version")
    page.get_by_role("link", name="Round 2: why this score?").click()
    page.locator("#why-2").get_by_role("link", name="Correct this round").click()
    page.locator("#correction").get_by_role("button", name="Save the correction").click()
    notice = page.locator("#standing .notice")
    expect(notice).to_have_text("Nothing to correct: round 2 is as it was.")
    assert_seen(notice)
    expect(notice).not_to_have_class(re.compile("is-error"))
    expect(page.locator("#correction")).to_be_empty()
    expect(page.get_by_role("button", name=re.compile("Undo"))).to_have_count(0)
    expect(page.locator("#standing")).to_have_attribute("data-version", version)
    seen_shot("nothing-to-correct")


def test_correct_this_round_on_a_round_deleted_meanwhile_says_so_on_the_board(page):
    """Another phone deleted round 3 after this one showed its "why": the correction is
    not there to open, and the board, as it now is, says so."""
    start_match(page, "cabo", ["Ana", "Ben"])
    play_rounds(page, 3)
    page.get_by_role("link", name="Round 3: why this score?").click()
    # Shown first (CI: deleted before the "why" was asked for, it never showed the link).
    correct = page.locator("#why-3").get_by_role("link", name="Correct this round")
    expect(correct).to_be_visible()
    match = Match.objects.get()
    services.delete_last_round(match, number=3, owner=match.owner)  # on another phone
    correct.click()
    notice = page.locator("#standing .notice")
    expect(notice).to_contain_text("Round 3 was deleted")
    assert_seen(notice)
    expect(page.locator("#round-3")).to_have_count(0)
    expect(page.locator("#correction")).to_be_empty()


def test_a_correction_of_a_round_deleted_meanwhile_lands_in_the_next_rounds_form(page, shot):
    """Another phone deleted round 3 while this one corrected it: what was typed is not
    lost, it fills the form of round 3 again, and the standing says so, in sight."""
    start_match(page, "cabo", ["Ana", "Ben"])
    play_rounds(page, 3)
    page.get_by_role("link", name="Round 3: why this score?").click()
    page.locator("#why-3").get_by_role("link", name="Correct this round").click()
    correction = page.locator("#correction")
    expect(correction.get_by_role("heading", name="Correct round 3")).to_be_visible()
    correction.locator(".entry-row", has_text="Ben").locator("input.points-input").fill("17")
    match = Match.objects.get()
    services.delete_last_round(match, number=3, owner=match.owner)  # on another phone
    correction.get_by_role("button", name=re.compile("Save")).click()
    notice = page.locator("#standing .notice")
    expect(notice).to_have_text(
        "Round 3 was deleted meanwhile: what you typed for it is in the form, to record it again."
    )
    assert_seen(notice)
    expect(correction).to_be_empty()
    form = page.locator("form.round-form").first
    expect(form.locator(".form-title")).to_have_text("Enter round 3")
    expect(form.locator(".entry-row", has_text="Ben").locator("input.points-input")).to_have_value(
        "17"
    )
    shot("retyped")
    page.reload()  # kept as a round being typed is (QA28: a Reload emptied it)
    form = page.locator("form.round-form").first
    expect(form.locator(".form-title")).to_have_text("Enter round 3")
    expect(form.locator(".entry-row", has_text="Ben").locator("input.points-input")).to_have_value(
        "17"
    )
    form.get_by_role("button", name="Record the round").click()
    expect(page.locator("#round-3 .pts")).to_have_text(["+0", "+17"])
    assert Match.objects.get().state().rounds[2].points["Ben"] == 17


def test_a_long_match_shows_its_last_rounds_and_the_others_one_tap_away(
    page, seen_shot, live_server
):
    # Made before the browser asks anything: the test server shares the database.
    owner = Owner.objects.create()
    rounds = [{"caller": "Ana", "hands": {"Ana": 0, "Ben": 1}}] * 200
    build_match(owner, "cabo", ["Ana", "Ben"], rounds, options={"target": 900})
    session = SessionStore()
    session[SESSION_KEY] = str(owner.token)
    session.create()
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": session.session_key,
                "url": live_server.url,
            }
        ]
    )
    page.goto(f"/matches/{Match.objects.get().pk}/")
    expect(page.locator("tbody.round")).to_have_count(10)
    earlier = page.get_by_role("link", name="Show all 200 rounds")
    earlier.scroll_into_view_if_needed()
    box = earlier.bounding_box()
    assert box["height"] >= 44, box
    seen_shot("board-200-rounds")
    earlier.click()
    expect(page).to_have_url(re.compile(r"\?rounds=all#round-1$"))
    expect(page.locator("tbody.round")).to_have_count(200)
    # A round recorded joins the rounds shown (the others stay as they are), and the
    # standing shows it in sight.
    play_cabo_round(page, 1)
    expect(page.locator("#standing .standing-last th")).to_have_text("Round 201")
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "201"])
    expect(page.locator("tbody.round")).to_have_count(201)
    expect(page.locator("tbody.round").last).to_have_id("round-201")
    expect(page.locator("tfoot .totals td")).to_have_text(["0", "201"])
    expect(page.get_by_role("link", name=re.compile("Show all"))).to_have_count(0)
    assert_seen(page.locator("#standing .standing-totals"))


def test_a_round_recorded_leaves_the_rows_shown_as_they_are(page, seen_shot):
    start_match(page, "cabo", ["Ana", "Ben"])
    play_rounds(page, 5)
    page.get_by_role("link", name="Round 5: why this score?").click()
    expect(page.locator("#why-5")).to_be_visible()
    play_rounds_from(page, 6, 12)
    # Only the new rows came, and the oldest went as the board keeps its last ten:
    # round 5's opened "why" is still open, the rows in order, the others one tap away.
    expect(page.locator("#why-5")).to_be_visible()
    labels = [f"{number}" for number in range(3, 13)]
    expect(page.locator("tbody.round th a.why-link")).to_have_text(labels)
    expect(page.get_by_role("link", name="Show all 12 rounds")).to_be_visible()
    expect(page.locator("#rounds-foot .totals td")).to_have_text(["0", "12"])
    expect(page.locator("th.leader")).to_have_count(2)  # the standing's and the grid's
    seen_shot("board-rows-kept")
    # Reloaded, the board shows the same.
    page.reload()
    expect(page.locator("tbody.round th a.why-link")).to_have_text(labels)
    expect(page.get_by_role("link", name="Show all 12 rounds")).to_be_visible()


def play_rounds_from(page, first: int, last: int) -> None:
    for number in range(first, last + 1):
        play_cabo_round(page, 1)
        expect(page.locator("#standing .standing-last th")).to_have_text(f"Round {number}")


@pytest.mark.parametrize(
    "players",
    [
        ["Ana", "Ben", "Cleo"],
        ["Anastasia", "Benedikt", "Cleopatra", "Dagoberta", "Evangeline", "Ferdinand"],
    ],
    ids=["three", "six"],
)
def test_a_saved_correction_lands_with_the_rounds_heading_clear_of_the_standing(
    page, live_server, seen_shot, players
):
    """QA61: saved, the correction brought round 1 just under the standing, and the
    rounds' heading above it, the leader's star, half under the standing. Six players
    make the standing its tallest."""
    from .test_later_rounds_browser import signed_in_as

    owner = Owner.objects.create()
    first, second, *others = players
    rounds = [
        cabo_round(first, **{first: 0, second: 5} | dict.fromkeys(others, 50)),
        cabo_round(second, **{first: 5, second: 0} | dict.fromkeys(others, 40)),
    ]
    match = build_match(owner, "cabo", players, rounds)
    signed_in_as(page, owner, live_server)
    page.goto(f"/matches/{match.pk}/")
    page.get_by_role("link", name="Round 1: why this score?").click()
    page.locator("#why-1").get_by_role("link", name="Correct this round").click()
    correction = page.locator("#correction")
    correction.locator(".entry-row", has_text=second).locator("input.points-input").fill("6")
    correction.get_by_role("button", name="Save the correction").click()
    expect(page.locator("#standing .notice")).to_contain_text("Round 1 corrected.")
    expect(page.locator("#round-1 .why-link")).to_be_focused()
    heading = page.locator("#rounds table.grid thead")
    below_the_standing(page, heading)
    assert_seen(heading.locator("th.leader [role=img]"))
    assert_seen(page.locator("#round-1"))
    seen_shot(f"correction-saved-{len(players)}")


@pytest.mark.parametrize("language", ["English", "Français", "Nederlands"])
def test_totals_past_the_line_are_said_within_their_columns_at_320_with_six(
    page, shot, live_server, language
):
    """QA: "1 de trop" misread in Escoba (nothing is lost past 21): the words are now
    neutral, and wrap in a narrow column rather than run into the next one."""
    from .test_later_rounds_browser import signed_in_as

    page.set_viewport_size({"width": 320, "height": 640})
    owner = Owner.objects.create()
    players = ["Ana", "Ben", "Chloé", "David", "Eva", "Fay"]
    rounds = [cabo_round("David", Ana=5, Ben=5, Chloé=30, David=25, Eva=40, Fay=45)]
    options = {"target": 20, "decks": 2}
    match = build_match(owner, "cabo", players, rounds, preset="nl", options=options)
    signed_in_as(page, owner, live_server)
    page.goto(f"/matches/{match.pk}/")
    choose_language(page, language)
    cells = page.locator("#rounds tr.distance td")
    expect(cells).to_have_count(6)
    cells.first.scroll_into_view_if_needed()
    widths = cells.evaluate_all("cells => cells.map(cell => cell.scrollWidth - cell.clientWidth)")
    assert widths == [0] * 6
    shot(f"past-the-line-{language[:2].lower()}")
