"""After every change the player sees what it did, without scrolling, at phone size."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from scorepad.matches import services
from scorepad.matches.models import Match
from tests.conftest import ARTIFACTS, PHONE, choose_language
from tests.records.matches import cabanga_round, cabo_round, escoba_deal

from .test_play_browser import record, row, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Ana", "Ben"]


def assert_seen(locator) -> None:
    """Wholly inside the viewport and not hidden under the sticky top bar."""
    expect(locator).to_be_in_viewport(ratio=1)
    uncovered = locator.evaluate(
        """element => {
            const box = element.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            const hit = document.elementFromPoint(x, y);
            return element === hit || element.contains(hit);
        }"""
    )
    assert uncovered, "covered by another element"


def play_cabo_round(page, ben: int) -> None:
    """Ana calls Cabo with 0 and wins the round; Ben scores `ben`."""
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ana").locator("input.points-input").fill("0")
    row(page, "Ben").locator("input.points-input").fill(str(ben))
    record(page)


def assert_standing_after(page, number: int, totals: list[str], points: list[str]) -> None:
    standing = page.locator("#standing")
    last = standing.locator(".standing-last")
    expect(last.locator("th")).to_have_text(f"Round {number}")
    expect(last.locator("td")).to_have_text(points)
    assert_seen(last)
    expect(standing.locator(".standing-totals td")).to_have_text(totals)
    assert_seen(standing.locator(".standing-totals"))


def play_twelve_rounds(page) -> None:
    start_match(page, "cabo", PLAYERS)
    for number in range(1, 13):
        play_cabo_round(page, 1)
        assert_standing_after(page, number, ["0", str(number)], ["+0", "+1"])
        turn = page.locator("#standing .turn")
        expect(turn).to_contain_text(f"Round {number + 1}")
        expect(turn).to_contain_text(f"{PLAYERS[number % 2]} deals")
        assert_seen(turn)


def test_each_round_shows_its_points_the_totals_and_the_next_dealer_in_sight(page, seen_shot):
    play_twelve_rounds(page)
    seen_shot("round-12-recorded")
    # The form is in sight (where the thumb was), and so is the standing.
    assert_seen(page.get_by_role("button", name="Record the round"))
    # The last round ends the match: the result is in sight where the form was.
    play_cabo_round(page, 95)
    assert_standing_after(page, 13, ["0", "107"], ["+0", "+95"])
    result = page.locator("#standing .standing-result")
    expect(result).to_have_text("Ana wins")
    assert_seen(result)
    seen_shot("match-won")


def test_a_fresh_load_of_a_long_match_shows_the_totals(page, seen_shot):
    play_twelve_rounds(page)
    page.reload()
    assert_standing_after(page, 12, ["0", "12"], ["+0", "+1"])
    assert_seen(page.locator("#standing .turn"))
    # Scrolled down to the form, the standing is still there.
    page.get_by_role("button", name="Record the round").scroll_into_view_if_needed()
    assert_seen(page.locator("#standing .standing-totals"))
    seen_shot("reloaded-scrolled-to-the-form")


@pytest.fixture
def page_without_javascript(browser, live_server):
    """A phone with JavaScript off, at a Cabo match of Ana and Ben just started."""
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, java_script_enabled=False, locale="en-GB"
    )
    page = context.new_page()
    page.goto("/matches/new/cabo/")
    for seat, name in enumerate(PLAYERS):
        page.get_by_placeholder(f"Player {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_role("heading", name="Enter round 1")).to_be_visible()
    yield page
    context.close()


def play_rounds_without_javascript(page, rounds: int) -> None:
    for _ in range(rounds):
        play_cabo_round(page, 1)
        expect(page).to_have_url(re.compile(r"#standing$"))


def test_without_javascript_a_recorded_round_lands_on_the_standing(page_without_javascript):
    page = page_without_javascript
    play_rounds_without_javascript(page, 11)
    assert_standing_after(page, 11, ["0", "11"], ["+0", "+1"])
    assert_seen(page.locator("#standing .turn"))


def test_without_javascript_a_corrected_round_lands_in_sight_below_its_notice(
    page_without_javascript,
):
    """QA: with JavaScript off, a correction landed on its round's row under the standing
    (taller with the notice of the correction than the room left for it): the row was
    hidden, in French and Dutch the more so."""
    page = page_without_javascript
    play_rounds_without_javascript(page, 12)
    choose_language(page, "Français")
    page.goto(page.url.split("#")[0] + "rounds/4/")
    row(page, "Ben").locator("input.points-input").fill("9")
    page.locator("form.round-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"#round-4$"))
    expect(page.locator("#standing .notice")).to_contain_text("Ben 1 → 9")
    assert_seen(page.locator("#round-4"))
    page.screenshot(path=str(ARTIFACTS / "corrected-without-javascript-fr.png"))


def test_without_javascript_a_refused_round_opens_at_its_fault_and_switches_language(
    page_without_javascript,
):
    """Round 3: nobody ticked as caller and Ben's hand below 0. The page comes back at
    the first fault, its message in sight; switching the language there opens the board
    in that language (the address of the POST asked again)."""
    page = page_without_javascript
    play_rounds_without_javascript(page, 2)
    for seat, hand in enumerate(["3", "-5"]):
        page.locator(f'input[name="hand_{seat}"]').fill(hand)
    page.get_by_role("button", name="Record the round").click()
    # The page opens at the form: its faults listed under its title, in sight.
    listed = page.locator("form.round-form .fault-list a")
    expect(listed).to_have_text(["Tick who called Cabo.", "Ben: At least 0."])
    assert_seen(page.get_by_role("heading", name="Enter round 3"))
    assert_seen(page.locator("form.round-form .fault-list"))
    ben = page.locator(".entry-row.has-error")
    expect(ben).to_contain_text("At least 0.")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "refused-round-without-javascript.png"))
    # Each fault leads to its field.
    listed.nth(1).click()
    expect(page).to_have_url(re.compile(r"#id_hand_1$"))
    assert_seen(ben.locator("input.points-input"))
    choose_language(page, "Français")
    expect(page.get_by_text("Saisir la manche 3")).to_be_visible()


ROUND_ONE = {
    "cabo": cabo_round("Ana", Ana=0, Ben=5, Cas=7, Dan=9),
    "escoba": escoba_deal("Ana & Cas", "Ben & Dan"),
    "cabanga": cabanga_round(Ana=0, Ben=3, Cas=5, Dan=2),
}
# Four players, a round sent without JavaScript with several faults (QA32), and what the
# list at the top of the form says of them.
FAULTY_ROUNDS = {
    "cabo": (
        "round",
        {"hand_0": "3", "hand_2": "7"},  # Ben's and Dan's hands blank, nobody called
        [
            "Tick who called Cabo.",
            "Ben: Enter the points of this hand, or pick its cards.",
            "Dan: Enter the points of this hand, or pick its cards.",
        ],
    ),
    "escoba": (
        "deal",
        {"cards_0": "25"},  # in teams: no oros, no sevens, no velo
        [
            "Ana & Cas · Oros: Enter a number.",
            "Ana & Cas · Sevens: Enter a number.",
            "Tick who took the velo.",
        ],
    ),
    "cabanga": (
        "round",
        {"n1_1": "2"},  # Ana, Cas and Dan left blank
        [f"{name}: Enter the cards left, or tick “went out”." for name in ("Ana", "Cas", "Dan")],
    ),
}


@pytest.mark.parametrize("game", FAULTY_ROUNDS)
def test_without_javascript_a_round_with_several_faults_opens_with_all_of_them_in_sight(
    browser, live_server, game
):
    """QA32: the page opened with the first fault at the screen's bottom and the others
    below it. It opens at the form, under the standing, every fault listed in sight."""
    context = browser.new_context(
        base_url=live_server.url, viewport=PHONE, java_script_enabled=False, locale="en-GB"
    )
    page = context.new_page()
    page.goto(f"/matches/new/{game}/")
    for seat, name in enumerate(["Ana", "Ben", "Cas", "Dan"]):
        page.get_by_placeholder(f"Player {seat + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the match").click()
    noun, typed, said = FAULTY_ROUNDS[game]
    # The board, loaded: a reload while it is still coming would race its load.
    expect(page.get_by_role("heading", name=f"Enter {noun} 1")).to_be_visible()
    match = Match.objects.get()  # a round before: the form further down the page
    services.record_round(
        match, ROUND_ONE[game], number=1, entry_key=uuid.uuid4(), owner=match.owner
    )
    page.reload()
    expect(page.get_by_role("heading", name=f"Enter {noun} 2")).to_be_visible()
    for name, value in typed.items():
        page.locator(f'input[name="{name}"]').fill(value)
    page.get_by_role("button", name=f"Record the {noun}").click()
    listed = page.locator("form.round-form .fault-list a")
    expect(listed).to_have_text(said)
    assert_seen(page.get_by_role("heading", name=f"Enter {noun} 2"))
    for fault in listed.all():
        assert_seen(fault)
        box = fault.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, box
    page.screenshot(path=str(ARTIFACTS / f"refused-{game}-several-faults-without-javascript.png"))
    assert match.rounds.count() == 1
    context.close()


def test_deleted_rounds_come_back_one_after_the_other_with_the_notice_in_sight(page, seen_shot):
    play_twelve_rounds(page)
    page.get_by_role("button", name="Delete round 12").click()
    notice = page.locator("#standing .notice")
    expect(notice).to_contain_text("Round 12 deleted.")
    assert_seen(notice)
    seen_shot("round-12-deleted")
    page.get_by_role("button", name="Delete round 11").click()
    expect(notice).to_contain_text("Round 11 deleted.")
    assert_seen(notice)
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "10"])
    notice.get_by_role("button", name="Undo: restore round 11").click()
    expect(notice).to_contain_text("Round 11 restored.")
    assert_seen(notice)
    notice.get_by_role("button", name="Undo: restore round 12").click()
    expect(notice).to_contain_text("Round 12 restored.")
    assert_standing_after(page, 12, ["0", "12"], ["+0", "+1"])
    seen_shot("both-restored")


def test_a_double_tap_on_delete_deletes_one_round(page):
    start_match(page, "cabo", PLAYERS)
    for number in range(1, 4):
        play_cabo_round(page, 1)
        expect(page.locator("#standing .standing-totals td")).to_have_text(["0", str(number)])
    page.get_by_role("button", name="Delete round 3").dblclick()
    expect(page.locator("#standing .standing-last th")).to_have_text("Round 2")
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "2"])
    expect(page.get_by_role("button", name="Delete round 2")).to_be_visible()


def assert_thumb_sized(locator) -> None:
    box = locator.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box


def test_a_match_is_abandoned_resumed_deleted_and_restored_from_home(page, seen_shot):
    start_match(page, "cabo", PLAYERS)
    play_cabo_round(page, 4)
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "4"])
    start_match(page, "cabanga", ["Chloé", "Dan", "Eve"])
    # Home offers both matches in progress, the last played first.
    page.goto("/")
    entries = page.locator(".in-progress-list a")
    expect(entries).to_have_count(2)
    expect(entries.first).to_contain_text("Cabanga!")
    expect(entries.nth(1)).to_contain_text("Cabo · 1 round played")
    for index in range(2):
        assert_thumb_sized(entries.nth(index))
    seen_shot("home-continue")
    entries.nth(1).click()
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "4"])

    abandon = page.get_by_role("button", name="Abandon the match")
    assert_thumb_sized(abandon)
    abandon.click()
    notice = page.locator("#standing .notice")
    expect(notice).to_contain_text("Match abandoned.")
    assert_seen(notice)
    expect(page.get_by_role("button", name="Record the round")).to_have_count(0)
    assert_seen(page.get_by_role("button", name="Resume the match"))
    seen_shot("abandoned")
    page.goto("/")
    expect(page.locator(".in-progress-list a")).to_have_count(1)
    page.goto("/history/?status=abandoned")
    resume = page.get_by_role("button", name="Resume", exact=True)
    assert_thumb_sized(resume)
    resume.click()  # resumes it (QA26: it only opened the board)
    expect(notice).to_contain_text("Match resumed.")
    assert_seen(notice)
    expect(page.get_by_role("button", name="Record the round")).to_be_visible()
    # And on the board itself, abandoned again.
    page.get_by_role("button", name="Abandon the match").click()
    expect(notice).to_contain_text("Match abandoned.")
    resume = page.get_by_role("button", name="Resume the match")
    assert_seen(resume)
    assert_thumb_sized(resume)
    resume.click()
    expect(notice).to_contain_text("Match resumed.")
    # Said once, one full stop between the notice and the standing.
    expect(page.locator("#announcements")).to_have_text(re.compile(r"^Match resumed\. Round 1: "))
    assert_seen(notice)
    expect(page.get_by_role("button", name="Record the round")).to_be_visible()

    delete = page.get_by_role("button", name="Delete the match")
    assert_thumb_sized(delete)
    delete.click()
    deleted = page.locator(".notice", has_text="Match deleted: Cabo with Ana and Ben.")
    assert_seen(deleted)
    seen_shot("match-deleted")
    expect(page.locator(".in-progress-list a")).to_have_count(1)
    # Back to the deleted match's page: home again, with the undo, not "not found".
    page.go_back()
    expect(page).to_have_url(re.compile(r"/\?deleted=\d+$"))
    deleted = page.locator(".notice", has_text="Match deleted: Cabo with Ana and Ben.")
    assert_seen(deleted)
    undo = deleted.get_by_role("button", name="Undo")
    assert_thumb_sized(undo)
    undo.click()
    expect(page.get_by_text("Match restored.")).to_be_visible()
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "4"])


def play_a_cabanga_round(page, names: list[str]) -> None:
    """The first player goes out, each other one scores their seat number."""
    for seat, name in enumerate(names):
        if seat == 0:
            row(page, name).get_by_text("went out").click()
        else:
            row(page, name).locator(f'input[name$="points_{seat}"]').fill(str(seat))
    record(page)
    expect(page.locator("#standing .standing-last th")).to_have_text("Round 1")


LONG_NAMES = [f"{seat} Wilhelmina Theodora Alexandra Koningsberg"[:40] for seat in range(6)]


def test_six_long_names_fit_the_phone_and_the_next_round_comes_into_sight(page, seen_shot):
    """Names of 40 characters: nothing wider than the phone, a standing that stays low,
    and after a round (a tall form: six players) the next one's first line in sight."""
    start_match(page, "cabanga", LONG_NAMES)
    first = row(page, LONG_NAMES[0])
    expect(first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    play_a_cabanga_round(page, LONG_NAMES)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator("#standing").bounding_box()["height"] <= 844 * 0.3
    assert_seen(page.locator(".round-form .form-title"))
    assert_seen(row(page, LONG_NAMES[0]).locator(".name"))
    seen_shot("six-long-names-round-2")


ONE_WORD_NAMES = [f"{seat}" + "Wilhelminatheodoraalexandrakoningsberg"[:39] for seat in range(6)]


def test_one_word_long_names_keep_the_next_round_clear_of_the_standing(page, seen_shot):
    """Names of 40 letters without a space break anywhere: the standing grows taller than
    with names that wrap at spaces, and what comes into sight still stops below it."""
    start_match(page, "cabanga", ONE_WORD_NAMES)
    play_a_cabanga_round(page, ONE_WORD_NAMES)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert_seen(page.locator(".round-form .form-title"))
    assert_seen(row(page, ONE_WORD_NAMES[0]).locator(".name"))
    seen_shot("one-word-long-names-round-2")


def test_a_long_name_takes_two_lines_of_the_rounds_heading_at_most(page, seen_shot):
    """Four players, one of them with a name of 37 characters: the rounds' heading keeps
    it to two lines (the whole name in its title), names that wrap at a space or a
    hyphen stay whole."""
    names = ["Zoé", "Anne-Sophie", "Jean Pierre", "Maximilian-Alexander von Hohenzollern"]
    start_match(page, "cabanga", names)
    play_a_cabanga_round(page, names)
    heading = page.locator("#rounds-head th").last
    expect(heading).to_have_attribute("title", names[-1])
    line = page.locator("#rounds-head th").nth(2).locator(".side-name").bounding_box()["height"]
    assert line < 2.5 * 16  # "Anne-" and "Sophie": two lines of a small font
    assert heading.locator(".side-name").bounding_box()["height"] <= line
    heading.scroll_into_view_if_needed()
    seen_shot("four-names-one-long-rounds-heading")


@pytest.mark.parametrize("game", ["cabo", "escoba"])
def test_a_name_of_forty_letters_without_a_space_never_widens_a_page(page, game):
    long_name = "W" * 40
    start_match(page, game, [long_name, "Ben"])
    board = page.url.split("#")[0]
    house_rule = page.get_by_role("link", name="Save as house rule").get_attribute("href")
    for address in (board, "/", house_rule):
        page.goto(address)
        expect(page.locator("main")).to_contain_text(long_name[:20])
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], address


def test_a_change_told_in_the_standing_steps_aside_while_the_next_round_is_typed(page):
    """QA22: a correction's notice stayed in the sticky standing until the next round,
    three or four lines of it over the form the keyboard already squeezes."""
    start_match(page, "cabo", ["Ana", "Ben"])
    play_cabo_round(page, ben=9)
    expect(page.locator("#standing .standing-last th")).to_have_text("Round 1")
    match = Match.objects.get()
    services.correct_round(match, 1, {"caller": "Ana", "hands": {"Ana": 0, "Ben": 7}}, owner=None)
    page.reload()  # as the table's other phones see it
    notice = page.locator("#standing .notice")
    expect(notice).to_contain_text("Round 1 corrected. Points: Ben 9 → 7.")
    told = page.locator("#standing").bounding_box()["height"]
    row(page, "Ana").locator("input.points-input").fill("3")
    expect(notice).to_be_hidden()
    assert page.locator("#standing").bounding_box()["height"] < told
    # The standing the round's answer brings shows what it tells.
    row(page, "Ana").locator("label.caller-pick").click()
    row(page, "Ben").locator("input.points-input").fill("8")
    record(page)
    expect(page.locator("#standing .standing-last td")).to_have_text(["+0", "+8"])
    expect(page.locator("#standing")).not_to_have_class(re.compile("typing"))


HYPHENATED = [
    "Marie-Christine",
    "Jean-Baptiste",
    "Alexandrine",
    "Maximilien",
    "Geneviève",
    "Wilhelmina",
]

# Each name on the board (the standing's and the rounds' headings, the final standings)
# broken inside a word (a line that starts after a letter, not after a space or a
# hyphen), or cut without the whole name in its heading's title.
NAMES_CUT = """() => Array.from(document.querySelectorAll(
    "#standing .side-name, .grid thead .side-name, .standings .name"))
  .filter((el) => el.checkVisibility())
  .flatMap((el) => {
    const text = el.textContent;
    const vertical = getComputedStyle(el).writingMode.startsWith("vertical");
    const range = document.createRange();
    const starts = [];
    let last = null;
    for (let i = 0; i < text.length; i += 1) {
      range.setStart(el.firstChild, i);
      range.setEnd(el.firstChild, i + 1);
      const box = range.getBoundingClientRect();
      const line = Math.round(vertical ? box.left : box.top);
      if (last !== null && Math.abs(line - last) > 2) starts.push(i);
      last = line;
    }
    const where = el.closest("[id]").id;
    const broken = starts.some((i) => /\\p{L}/u.test(text[i - 1]));
    const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    const titled = el.closest("th")?.title === text;
    return broken ? [`${where}: ${text} broken`] : cut && !titled ? [`${where}: ${text} cut`] : [];
  })"""


def test_six_hyphenated_names_read_whole_on_the_board_at_390_pixels(page, seen_shot):
    """QA: "Alexan" / "drine" in the standing. A name breaks where it breaks (a space, a
    hyphen); a word too long for the standing's column ends in "…", whole in the title
    and in the rounds' heading below."""
    start_match(page, "cabanga", HYPHENATED)
    play_a_cabanga_round(page, HYPHENATED)
    seen_shot("hyphenated-names-standing")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate(NAMES_CUT) == []
    expect(page.locator("#rounds-head .side-name")).to_have_text(HYPHENATED)


def test_a_correction_is_undone_in_one_tap_from_its_notice_in_sight(page, seen_shot):
    """QA36: a round corrected by mistake goes back as it was from the notice itself,
    however far up its row is; a double tap undoes it once."""
    play_twelve_rounds(page)
    page.get_by_role("link", name="Round 4: why this score?").click()
    page.locator("#why-4").get_by_role("link", name="Correct this round").click()
    correction = page.locator("#correction")
    row(correction, "Ben").locator("input.points-input").fill("9")
    correction.get_by_role("button", name="Save the correction").click()
    notice = page.locator("#standing .notice")
    expect(notice).to_contain_text("Round 4 corrected. Points: Ben 1 → 9.")
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "20"])
    undo = notice.get_by_role("button", name="Undo: round 4 as it was")
    assert_seen(undo)
    assert_thumb_sized(undo)
    seen_shot("round-4-corrected")
    undo.dblclick()
    expect(notice).to_have_text("Round 4 is as it was again. Points: Ben 9 → 1.")
    expect(page.locator("#standing .standing-totals td")).to_have_text(["0", "12"])
    expect(page.locator("#round-4 td").nth(1)).to_contain_text("+1")
    assert_seen(notice)
    seen_shot("round-4-undone")
    page.reload()  # as the table's other phones see it: told once, nothing to undo
    expect(notice).to_have_text("Round 4 is as it was again. Points: Ben 9 → 1.")
    expect(notice.get_by_role("button")).to_have_count(0)
    assert Match.objects.get().rounds.get(number=4).data["hands"]["Ben"] == 1


def test_once_a_name_is_corrected_a_correction_is_told_without_its_undo(page, seen_shot):
    """QA: the Undo came back after a rename, and its tap was refused as if another
    phone had changed the match (a correction is undone only while it is the last change)."""
    start_match(page, "cabo", ["Ana", "Ben"])
    play_cabo_round(page, 7)
    expect(page.get_by_role("heading", name="Enter round 2")).to_be_visible()
    match = Match.objects.get()
    services.correct_round(match, 1, cabo_round("Ana", Ana=0, Ben=9), owner=match.owner)
    page.reload()
    notice = page.locator("#standing .notice")
    expect(notice.get_by_role("button", name="Undo: round 1 as it was")).to_be_visible()
    page.get_by_role("link", name="Correct names / dealer").click()
    page.get_by_label("Player 2", exact=True).fill("Benoît")
    page.get_by_role("button", name="Save the names").click()
    expect(page.get_by_text("Names and first dealer saved.")).to_be_visible()
    page.reload()
    expect(notice).to_have_text("Round 1 corrected. Points: Benoît 7 → 9.")
    expect(notice.get_by_role("button")).to_have_count(0)
    seen_shot("corrected-then-renamed")


SIX = ["Marie-Hélène", "Jean-Baptiste", "Dominique", "Christophe", "Guillaume", "Françoise"]


@pytest.mark.parametrize("screen", [{"width": 320, "height": 640}, PHONE], ids=["320", "390"])
def test_a_change_told_in_the_standing_steps_aside_as_soon_as_the_next_round_is_begun(
    page, screen, seen_shot
):
    """F52: a correction of six players' points filled 60 % of a 320×640 screen and stayed
    there while cards were picked, the ± key tapped or a hand box focused (the keyboard
    then takes half the screen): only a digit typed or a caller ticked set it aside."""
    page.set_viewport_size(screen)
    start_match(page, "cabo", SIX, preset=("Dutch", "nl"))
    row(page, SIX[0]).locator("label.caller-pick").click()
    for seat, name in enumerate(SIX):
        row(page, name).locator("input.points-input").fill(str(seat))
    record(page)
    expect(page.locator("#standing .standing-last th")).to_have_text("Round 1")
    match = Match.objects.get()
    hands = {name: 11 + seat for seat, name in enumerate(SIX)}
    services.correct_round(match, 1, {"caller": SIX[5], "hands": hands}, owner=None)
    standing = page.locator("#standing")
    notice = standing.locator(".notice")
    undo = notice.get_by_role("button", name="Undo: round 1 as it was")

    def told() -> float:
        """The notice and its Undo in sight, as every phone of the table shows it."""
        expect(notice).to_contain_text("Round 1 corrected. Points: Marie-Hélène 0 → 11")
        expect(undo).to_be_visible()
        return standing.bounding_box()["height"]

    def stepped_aside(shown: float, label: str) -> None:
        expect(notice).to_be_hidden()
        assert standing.bounding_box()["height"] < shown / 2
        seen_shot(f"{screen['width']}-{label}")

    page.reload()
    shown = told()
    # Two cards picked on the first player's grid, nothing typed.
    first = row(page, SIX[0])
    first.get_by_text("Pick the cards").click()
    first.locator("button.pick", has_text="7").first.click()
    first.locator("button.pick", has_text="8").first.click()
    expect(first.locator("input.points-input")).to_have_value("15")
    stepped_aside(shown, "cards")
    # Put back by a Reload, the round is not begun again: the notice and its Undo show
    # until the player goes on.
    page.reload()
    expect(first.locator("input.points-input")).to_have_value("15")
    told()
    row(page, SIX[1]).locator("input.points-input").click()  # a hand box tapped
    stepped_aside(shown, "hand-box")
    page.reload()
    told()
    row(page, SIX[2]).locator("button.sign-toggle").click()  # the ± key
    stepped_aside(shown, "sign")
