"""A Cabo board of six at 320 px (QA45): labels clear of the numbers beside them, names
in the standing all treated alike, and each hand's box beside its ± key."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.core.templatetags.scorepad import LONGEST_WHOLE_NAME
from scorepad.matches import services, sharing
from scorepad.matches.models import Owner
from tests.conftest import ARTIFACTS, choose_language
from tests.records.conftest import build_match
from tests.records.matches import cabo_round

from .test_later_rounds_browser import signed_in_as

SIX = ["Ann", "Bartholomeus", "Dirk-Jan", "Evelien", "Fien", "Gert"]


def twelve_rounds() -> list[dict]:
    """Bartholomeus calls each time; Ann ends on 110 (a total of three digits, +22 in
    round 12: the widest numbers beside the labels), the others far from the end."""
    rounds = []
    for number in range(1, 13):
        hands = {name: seat + 1 for seat, name in enumerate(SIX)}
        hands |= {"Ann": 22 if number == 12 else 8, "Bartholomeus": 0}
        rounds.append(cabo_round("Bartholomeus", **hands))
    return rounds


# Each row of these tables: its label's text, where it ends, and where the number of
# the first column begins.
LABEL_GAPS = """(selector) => Array.from(document.querySelectorAll(selector)).map((row) => {
  const box = (cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return range.getBoundingClientRect();
  };
  const label = row.querySelector("th"), first = row.querySelector("td");
  return [label.textContent.trim(), box(first).left - box(label).right];
})"""

# How many lines each name of the standing takes, and whether it is cut ("…").
STANDING_NAMES = """() => Array.from(document.querySelectorAll("#standing .side-name"))
  .map((name) => {
    const range = document.createRange();
    range.selectNodeContents(name);
    const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return [name.textContent, lines.size, name.scrollWidth > name.clientWidth + 1];
  })"""


@pytest.mark.parametrize("width", [320, 390])
def test_the_board_labels_keep_clear_of_the_numbers_in_every_language(
    page, live_server, seen_shot, width
):
    """QA45: "Totaal17" in the rounds' foot, "Manche 12" into the standing's points."""
    owner = Owner.objects.create()
    match = build_match(owner, "cabo", SIX, twelve_rounds(), preset="fr", options={"target": 150})
    signed_in_as(page, owner, live_server)
    page.set_viewport_size({"width": width, "height": 640 if width == 320 else 844})
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator("#standing .standing-totals td").first).to_have_text("110")
    for language in ("English", "Français", "Nederlands"):
        choose_language(page, language)
        gaps = page.evaluate(LABEL_GAPS, ".grid tfoot tr") + page.evaluate(
            LABEL_GAPS, "#standing .standing-grid tbody tr"
        )
        assert len(gaps) == 4
        assert all(gap >= 4 for _, gap in gaps), (language, gaps)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.locator(".grid tfoot").scroll_into_view_if_needed()
        seen_shot(f"{width}-{language}")
    names = page.evaluate(STANDING_NAMES)
    if width == 320:
        # Columns a short name wide: every name on one line, a long one cut with "…".
        assert [lines for _, lines, _ in names] == [1] * 6, names
        assert [name for name, _, cut in names if not cut] == ["Ann", "Fien", "Gert"]


# Each name of the standing as a reader sees it: the letters inside its box, without
# the two before a "…" when it is cut (the ellipsis paints over them).
STANDING_NAMES_SEEN = """() => Array.from(document.querySelectorAll("#standing .side-name"),
  (name) => {
    const box = name.getBoundingClientRect(), range = document.createRange();
    let seen = "";
    for (let i = 0; i < name.textContent.length; i += 1) {
      range.setStart(name.firstChild, i);
      range.setEnd(name.firstChild, i + 1);
      const letter = range.getBoundingClientRect();
      const inside = letter.bottom <= box.bottom + 1 && letter.right <= box.right + 1;
      if (inside) seen += name.textContent[i];
    }
    const cut = name.scrollWidth > name.clientWidth + 1
      || name.scrollHeight > name.clientHeight + 1;
    return cut ? seen.slice(0, -2) : seen;
  })"""

ALIKE = {
    "hyphens": ["Marie-Anne", "Marie-Claire", "Jean-Pierre", "Jean-Paul", "Ana"],
    "words": ["Bernadette", "Bernard", "Christophe", "Guillaume", "Marie-Claire", "Jean-Baptiste"],
    "both": ["Anne-Sophie", "Anne-Marie", "Joseph", "Josephine", "Barthélémy", "Bartholomeus"],
}


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("names", list(ALIKE))
def test_names_that_begin_alike_read_apart_in_the_standing(
    page, live_server, seen_shot, width, names
):
    """QA: at 320 px the standing read "Mari… Mari… Jean-… Jean-…", at 390 "Berna…
    Berna…": whose total is whose? Names that begin alike break anywhere, on two lines."""
    names = ALIKE[names]
    owner = Owner.objects.create()
    hands = {name: seat for seat, name in enumerate(names)}
    match = build_match(owner, "cabo", names, [cabo_round(names[0], **hands)])
    signed_in_as(page, owner, live_server)
    page.set_viewport_size({"width": width, "height": 640 if width == 320 else 844})
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator("#standing .side-name")).to_have_count(len(names))
    seen_shot(f"standing-{width}")
    seen = page.evaluate(STANDING_NAMES_SEEN)
    assert len(set(seen)) == len(names), seen
    assert page.evaluate("document.documentElement.scrollWidth") <= width


# The space between the letters of each pair of headings side by side (their names'
# boxes level) in `selector`: from the right of one name's letters, as far as its box
# shows them, to the left of the next's. A name cut ("Bartholo…") fills its column.
HEADING_GAPS = """(selector) => {
  const names = Array.from(document.querySelectorAll(selector), (name) => {
    const range = document.createRange();
    range.selectNodeContents(name);
    const text = range.getBoundingClientRect(), box = name.getBoundingClientRect();
    return { name: name.textContent, box,
      left: Math.max(text.left, box.left), right: Math.min(text.right, box.right) };
  });
  return names.slice(1).flatMap((name, i) => {
    const before = names[i];
    const level = name.box.top < before.box.bottom && before.box.top < name.box.bottom;
    return level ? [[before.name, name.name, Math.round(name.left - before.right)]] : [];
  });
}"""

FOUR_TO_SIX = ["Ana", "Bartholomew", "Chloé", "Dominique-Anne", "Eva", "Fatou"]


@pytest.mark.parametrize("width", [390, 320])
@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_headings_names_stand_apart(page, live_server, width, players):
    """QA at 390 px: four players' headings read "Ana Bartholo…", one space between a
    name and the next one cut; as much at 320 px ("Chloé Do…", "Eva Fatou" with six).
    At least 7 px (half a letter's height) between them, in the standing and the rounds."""
    owner = Owner.objects.create()
    names = FOUR_TO_SIX[:players]
    hands = {name: 3 + 4 * seat for seat, name in enumerate(names)} | {"Bartholomew": 0}
    match = build_match(owner, "cabo", names, [cabo_round("Bartholomew", **hands)] * 2)
    signed_in_as(page, owner, live_server)
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"/matches/{match.pk}/")
    expect(page.locator(".grid thead .side-name")).to_have_count(players)
    for table in (".standing-grid", ".grid"):
        gaps = page.evaluate(HEADING_GAPS, f"{table} thead .side-name")
        assert len(gaps) == players - 1, gaps
        assert all(gap >= 7 for _, _, gap in gaps), (table, gaps)
    page.locator(".standing").screenshot(path=ARTIFACTS / f"headings-{width}-{players}.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def hand_keys(form) -> list[tuple[str, float, float, float]]:
    """Each row's name, how far its ± key is from its hand's box, how far their middles
    are apart up and down, and the smaller of the key's sides."""
    return form.locator(".entry-row").evaluate_all(
        """(rows) => rows.map((row) => {
          const key = row.querySelector(".sign-toggle").getBoundingClientRect();
          const box = row.querySelector("input.points-input").getBoundingClientRect();
          return [row.querySelector(".name").textContent, box.left - key.right,
                  Math.abs((box.top + box.bottom) / 2 - (key.top + key.bottom) / 2),
                  Math.min(key.width, key.height, box.height)];
        })"""
    )


@pytest.mark.parametrize(
    ("width", "names"), [(320, SIX), (390, SIX), (390, ["Ana", "Ben", "Zoé", "Tom"])]
)
def test_each_hand_box_stays_beside_its_plus_minus_key(page, live_server, shot, width, names):
    """QA45: at 320 px the ± key stayed up beside the name and the box went under it,
    on the left: the key a thumb's reach away from the number it changes."""
    owner = Owner.objects.create()
    rounds = [cabo_round(names[1], **{name: seat for seat, name in enumerate(names)})]
    match = build_match(owner, "cabo", names, rounds, preset="nl")
    signed_in_as(page, owner, live_server)
    page.set_viewport_size({"width": width, "height": 640 if width == 320 else 844})
    board = f"/matches/{match.pk}/"
    for address, label in ((board, "entry"), (board + "rounds/1/", "correction")):
        page.goto(address)
        form = page.locator("form.round-form")
        key = form.get_by_role("button", name=f"Plus or minus: {names[0]}'s hand")
        expect(key).to_be_visible()
        rows = hand_keys(form)
        assert len(rows) == len(names)
        for name, apart, misaligned, smallest in rows:
            assert 0 <= apart <= 12, (name, apart)
            assert misaligned <= 2, (name, misaligned)
            assert smallest >= 44, (name, smallest)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        form.locator(".entry-row").first.scroll_into_view_if_needed()
        shot(f"{label}-{width}-{len(names)}")


HYPHENED = [
    "Bartholomeus",
    "Dirk-Jan",
    "Anne-Sophie",
    "Wilhelmina",
    "Jean-Baptiste",
    "Marie-Claire",
]

# How many lines each of `names` takes in the text of the elements `selector` finds.
LINES_OF_NAMES = """([selector, names]) => {
  const lines = {};
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode;
      for (const name of names) {
        const start = text.data.indexOf(name);
        if (start < 0) continue;
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + name.length);
        const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
        lines[name] = Math.max(lines[name] || 0, tops.size);
      }
    }
  }
  return lines;
}"""


def test_names_stay_whole_in_the_turn_line_and_the_tiebreak_notice(page, live_server, shot):
    """QA48: at 320 px the turn line read "Manche 2 · Dirk-Jan donne, Anne-" / "Sophie
    commence": a name cut at its hyphen. The line breaks between words, never in a name."""
    owner = Owner.objects.create()
    hands = dict.fromkeys(HYPHENED, 3)
    match = build_match(owner, "cabo", HYPHENED, [cabo_round("Bartholomeus", **hands)])
    # Bartholomeus called with the most points, and reached 100 with the penalty: two
    # tied for the fewest play one more round.
    hands = dict.fromkeys(HYPHENED, 20) | {"Bartholomeus": 90}
    hands |= {"Anne-Sophie": 10, "Jean-Baptiste": 10}
    tied = build_match(owner, "cabo", HYPHENED, [cabo_round("Bartholomeus", **hands)], preset="nl")
    signed_in_as(page, owner, live_server)
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(f"/matches/{match.pk}/")
    choose_language(page, "Français")
    turn = page.locator("#standing .turn")
    expect(turn).to_have_text("Manche 2 · Dirk-Jan donne, Anne-Sophie commence")
    assert page.evaluate(LINES_OF_NAMES, ["#standing .turn", HYPHENED]) == {
        "Dirk-Jan": 1,
        "Anne-Sophie": 1,
    }
    # So do the players' names under the title.
    assert page.evaluate(LINES_OF_NAMES, ["main h1 .muted", HYPHENED]) == dict.fromkeys(HYPHENED, 1)
    shot("turn-320-fr")
    # The page a follower opens says the same, alike.
    page.goto(f"/live/{sharing.share(match, 'follow').token}/")
    expect(turn).to_have_text("Manche 2 · Dirk-Jan donne, Anne-Sophie commence")
    lines = page.evaluate(LINES_OF_NAMES, ["#standing .turn, main h1 .muted", HYPHENED])
    assert lines == dict.fromkeys(HYPHENED, 1), lines
    shot("live-320-fr")

    page.goto(f"/matches/{tied.pk}/")
    notice = page.locator("#standing .standing-result")
    expect(notice).to_contain_text("Anne-Sophie et Jean-Baptiste")
    lines = page.evaluate(LINES_OF_NAMES, ["#standing .standing-result, #standing .turn", HYPHENED])
    assert lines == {"Anne-Sophie": 1, "Jean-Baptiste": 1, "Dirk-Jan": 1}, lines
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    shot("tiebreak-320-fr")

    # The longest names kept whole still fit the screen, in the standing's bold.
    wide = ["W" * LONGEST_WHOLE_NAME, "M" * LONGEST_WHOLE_NAME]
    hands = {wide[0]: 10, wide[1]: 10, "Bo": 90}
    tied = build_match(owner, "cabo", ["Bo", *wide], [cabo_round("Bo", **hands)], preset="nl")
    page.goto(f"/matches/{tied.pk}/")
    expect(notice).to_contain_text(f"{wide[0]} et {wide[1]}")
    lines = page.evaluate(LINES_OF_NAMES, ["#standing .standing-result, #standing .turn", wide])
    assert lines == {wide[0]: 1, wide[1]: 1}, lines
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    shot("tiebreak-320-longest-whole")


def names_in_lines(page, selector: str) -> dict[str, int]:
    return page.evaluate(LINES_OF_NAMES, [selector, HYPHENED])


@pytest.mark.parametrize("width", [320, 390])
def test_names_stay_whole_in_the_notices_and_the_home_pages_lines(page, live_server, shot, width):
    """QA48 again: a correction's notice read "Points : Dirk-" / "Jan 3 → 7", the home
    page "Cabo avec Bartholomeus, Dirk-" / "Jan, …". A line breaks between words there
    too, never in a name."""
    owner = Owner.objects.create()
    hands = dict.fromkeys(HYPHENED, 3)
    first = [cabo_round("Bartholomeus", **hands)]
    match = build_match(owner, "cabo", HYPHENED, first, preset="nl", options={"target": 50})
    # Four hands mistyped, Anne-Sophie's 60 among them: the correction ends the match.
    hands |= {"Dirk-Jan": 7, "Anne-Sophie": 60, "Jean-Baptiste": 9, "Marie-Claire": 8}
    services.correct_round(match, 1, cabo_round("Bartholomeus", **hands), owner=owner)
    build_match(owner, "cabo", HYPHENED, first)  # to continue
    # Another game: a Cabo match of the same players set up the same second is its twin,
    # and the home page would not offer its undo (`services.back_already`).
    deleted = build_match(owner, "cabanga", HYPHENED)
    services.delete_match(deleted)
    elsewhere = build_match(Owner.objects.create(), "cabo", HYPHENED, first)
    signed_in_as(page, owner, live_server)
    page.set_viewport_size({"width": width, "height": 640 if width == 320 else 844})
    page.goto(f"/live/{sharing.share(elsewhere, 'score').token}/")  # offered back at home
    page.goto(f"/matches/{match.pk}/")
    for language in ("Français", "Nederlands"):
        choose_language(page, language)
        notice = page.locator("#standing .notice")
        expect(notice).to_contain_text(
            "Anne-Sophie 3\u00a0→ 60" if language == "Français" else "Anne-Sophie 3 → 60"
        )
        # The arrow between its two numbers: "3 →" / "60" at a line's end read as nothing.
        assert "3\u00a0→\u00a060" in notice.evaluate("(notice) => notice.textContent")
        told = ["Dirk-Jan", "Anne-Sophie", "Jean-Baptiste", "Marie-Claire", "Wilhelmina"]
        assert names_in_lines(page, "#standing .notice") == dict.fromkeys(told, 1)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        notice.scroll_into_view_if_needed()
        shot(f"notice-{width}-{language}")
        page.goto(f"/?deleted={deleted.pk}")
        home = "main > .notice, #continue .match-players, #shared strong"
        expect(page.locator("#shared strong")).to_contain_text("Anne-Sophie")
        expect(page.locator("main > .notice button")).to_be_visible()  # its Undo beside it
        assert names_in_lines(page, home) == dict.fromkeys(HYPHENED, 1)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        shot(f"home-{width}-{language}")
        page.goto(f"/matches/{match.pk}/")


# Of each Cabanga! row: the −/count/+ steppers that overlap the next on their line, or end
# past the row's inner edge (px of overlap, rounded).
STEPPERS_APART = """(form) => [...form.querySelectorAll('.entry-row')].flatMap((row) => {
  const border = parseFloat(getComputedStyle(row).borderRightWidth);
  const inner = row.getBoundingClientRect().right - border;
  // Each box as far as its keys and count reach (they may run out of the box itself).
  const boxes = [...row.querySelectorAll('.stepper-box')].map((box) => {
    const parts = [...box.children].filter((part) => !part.hidden)
      .map((part) => part.getBoundingClientRect());
    const right = Math.max(...parts.map((part) => part.right));
    return { top: parts[0].top, left: parts[0].left, right };
  });
  return boxes.flatMap((box, i) => {
    const next = boxes[i + 1];
    const faults = [];
    if (next && next.top === box.top && next.left < box.right) faults.push(box.right - next.left);
    if (box.right > inner) faults.push(box.right - inner);
    return faults.map((px) => Math.round(px * 10) / 10);
  });
})"""


@pytest.mark.parametrize("width", [320, 390])
def test_the_cabanga_steppers_stand_apart_inside_their_row(browser, live_server, width):
    """QA54 on a 320 px phone: "1 symbool"'s + ran 3 px under "2 symbolen"'s −, the
    second box out of its row. A phone's own browser (mobile, touch, two pixels a point)
    lays the row out narrower than the desktop one the other tests use."""
    owner = Owner.objects.create()
    match = build_match(owner, "cabanga", ["Ans", "Bram", "Cor"], [], preset="classic")
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": width, "height": 640 if width == 320 else 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="nl-BE",
        service_workers="block",
    )
    page = context.new_page()
    signed_in_as(page, owner, live_server)
    page.goto(f"/matches/{match.pk}/")
    form = page.locator("form.round-form")
    expect(form.locator(".stepper-box").first).to_be_visible()
    assert form.evaluate(STEPPERS_APART) == []
    for step in form.locator(".entry-row").first.locator("button.step").all():
        box = step.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    form.locator(".entry-row").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"cabanga-steppers-{width}.png"))
    context.close()


# Each Cabo line's name: its text lines the box does not show, and the "called" pill's
# height over its font's line height (1: one line).
LINE_NAMES = """() => [...document.querySelectorAll(".round-form .entry-main")].map((line) => {
  const name = line.querySelector(".name"), pill = line.querySelector(".caller-badge");
  const range = document.createRange();
  range.selectNodeContents(name);
  const bottom = name.getBoundingClientRect().bottom;
  const hidden = [...range.getClientRects()].filter((text) => text.top >= bottom - 1).length;
  const lines = pill.offsetHeight ? pill.getBoundingClientRect().height
    / parseFloat(getComputedStyle(pill).fontSize) / 1.5 : 0;
  return [name.textContent, hidden, Math.round(lines)];
})"""


def test_a_callers_name_and_its_pill_stay_whole_in_the_cabo_form_at_320_pixels(
    page, live_server, seen_shot
):
    """QA: in French at 320 px the caller's line read "Marie-Chris…" beside "a" /
    "annoncé" in a pill too short for two lines. The name takes a second line."""
    owner = Owner.objects.create()
    names = ["Jan-Willem", "Marie-Christine", "Zoë"]
    hands = {"Jan-Willem": 25, "Marie-Christine": 3, "Zoë": 18}
    match = build_match(owner, "cabo", names, [cabo_round("Marie-Christine", **hands)])
    signed_in_as(page, owner, live_server)
    page.set_viewport_size({"width": 320, "height": 640})
    for address in (f"/matches/{match.pk}/rounds/1/", f"/matches/{match.pk}/"):
        page.goto(address)
        choose_language(page, "Français")
        caller = page.locator(".round-form label.caller-pick").nth(1)
        if not caller.locator("input").is_checked():
            caller.click()
        expect(caller.locator(".caller-badge")).to_have_text("a annoncé")
        assert page.evaluate(LINE_NAMES) == [
            ["Jan-Willem", 0, 0],
            ["Marie-Christine", 0, 1],
            ["Zoë", 0, 0],
        ], address
        caller.scroll_into_view_if_needed()
        seen_shot("correction" if "rounds" in address else "entry")
