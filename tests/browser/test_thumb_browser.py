"""Forms that fit a thumb: every tap target is big enough, and nothing is cut at 360 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorepad.matches.models import Owner
from tests.browser.test_later_rounds_browser import signed_in_as
from tests.browser.test_live_browser import share
from tests.browser.test_play_browser import record, row, start_match
from tests.conftest import TEXT_LINES, choose_language
from tests.records.conftest import build_match
from tests.records.matches import escoba_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TAP = 44

# Every visible control on the page whose box is under 44×44 CSS px. A radio button or
# a checkbox is tapped through the label that wraps it, so that label is measured. No
# control is exempt: a link in running text (WCAG 2.5.8's inline exception) is padded to
# a thumb's size without moving its line.
SMALL_TARGETS = """(tap) => {
  const small = [];
  const seen = new Set();
  const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  for (const control of document.querySelectorAll(controls)) {
    const target = control.matches("input[type=radio], input[type=checkbox]")
      ? (control.closest("label") || control) : control;
    if (seen.has(target) || !target.checkVisibility({visibilityProperty: true})) continue;
    seen.add(target);
    const box = target.getBoundingClientRect();
    if (box.width + 0.01 < tap || box.height + 0.01 < tap) {
      const name = (target.innerText || target.getAttribute("aria-label")
        || target.getAttribute("name") || "").trim().replace(/\\s+/g, " ").slice(0, 30);
      const size = `${Math.round(box.width)}×${Math.round(box.height)}`;
      small.push(`${target.tagName.toLowerCase()} "${name}" ${size}`);
    }
  }
  return small;
}"""


def small_targets(page) -> list[str]:
    return page.evaluate(SMALL_TARGETS, TAP)


def open_all_details(page) -> None:
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")


def test_every_tap_target_of_the_scorekeeping_pages_is_at_least_44_pixels(page, shot):
    offenders: dict[str, list[str]] = {}

    def measure(where: str) -> None:
        page.wait_for_load_state("load")  # the stylesheets applied: measured as shown
        open_all_details(page)
        offenders[where] = small_targets(page)

    for game in ("cabo", "escoba", "cabanga"):
        page.goto(f"/matches/new/{game}/")
        measure(f"{game} set-up")
    start_match(page, "cabo", ["Ana", "Ben", "Chloé"], preset=("Dutch", "nl"))
    row(page, "Ana").get_by_text("Pick the cards").click()
    row(page, "Ana").locator("button.pick").first.click()
    measure("cabo entry")
    shot("cabo-entry")
    start_match(page, "escoba", ["Ana", "Ben"])
    measure("escoba entry")
    shot("escoba-entry")
    page.goto(share(page, "Show a link and QR code"))
    measure("followed board")  # its note's "Rules" link ends a sentence that wraps
    shot("followed")
    start_match(page, "cabanga", ["Ana", "Ben", "Chloé"])
    measure("cabanga entry")
    shot("cabanga-entry")
    row(page, "Ana").locator('input[name="points_0"]').fill("20")
    row(page, "Ben").get_by_text("went out").click()
    row(page, "Chloé").get_by_text("went out").click()
    record(page)
    expect(page.locator(".result-title")).to_be_visible()
    page.get_by_role("link", name="Round 1: why this score?").click()
    measure("finished match")
    shot("finished")
    page.get_by_role("link", name="Correct this round").click()
    expect(page.get_by_role("button", name="Save the correction")).to_be_visible()
    measure("correction")
    page.goto("/rules/escoba/practice/")
    measure("practice")
    shot("practice")
    assert {where: small for where, small in offenders.items() if small} == {}


# The lines of each card grid's "Clear" button, opened.
CLEAR_LINES = """() => [...document.querySelectorAll(".card-grid[open] .pick.clear")]
  .map((clear) => {
  const range = document.createRange();
  range.selectNodeContents(clear);
  return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size;
})"""

TABLES_SCROLLED_SIDEWAYS = """() => Array.from(document.querySelectorAll(".table-wrap"))
  .filter((wrap) => wrap.scrollWidth > wrap.clientWidth + 1)
  .map((wrap) => wrap.querySelector("thead").innerText.trim().replace(/\\s+/g, " "))"""


def test_the_scorekeeping_pages_fit_a_thumb_on_a_320_pixel_phone(page, shot):
    """The smallest phones still sold are 320 px wide: Escoba's four counts a line were
    40 px wide there (QA34), its "Escobas" heading past the table's edge; Cabo's card
    grid, 43.6 px in Dutch and French, its "Wissen" taking more than its share (QA37)."""
    page.set_viewport_size({"width": 320, "height": 568})
    offenders: dict[str, list[str]] = {}
    scrolled: dict[str, list[str]] = {}

    def measure(where: str) -> None:
        page.wait_for_load_state("load")
        open_all_details(page)
        offenders[where] = small_targets(page)
        scrolled[where] = page.evaluate(TABLES_SCROLLED_SIDEWAYS)
        assert page.evaluate(NO_SIDEWAYS_SCROLL), where

    for game, players in (
        ("cabo", ["Ana", "Ben", "Chloé"]),
        ("escoba", ["Ana", "Ben"]),
        ("cabanga", ["Ana", "Ben", "Chloé"]),
    ):
        page.goto(f"/matches/new/{game}/")
        measure(f"{game} set-up")
        start_match(page, game, players)
        measure(f"{game} entry")
        shot(f"{game}-entry-320")
    for language in ("Français", "Nederlands"):
        choose_language(page, language)
        expect(page.locator("html")).not_to_have_attribute("lang", "en")
        for game in ("escoba", "cabo"):
            page.goto(f"/matches/new/{game}/")
            for seat, name in enumerate(["Ana", "Ben"]):
                page.locator(f'input[name="player_{seat}"]').fill(name)
            page.locator("form.setup-form button.wide[type=submit]").click()
            expect(page.locator("form.round-form")).to_be_visible()
            measure(f"{game} entry, {language}")  # Cabo's card grid opened: "Effacer"
            if game == "cabo":  # on one line ("Wisse" / "n", QA)
                assert set(page.evaluate(CLEAR_LINES)) == {1}, language
            shot(f"{game}-entry-320-{language}")
    assert {where: small for where, small in offenders.items() if small} == {}
    assert {where: tables for where, tables in scrolled.items() if tables} == {}


@pytest.mark.parametrize("language", ["English", "Français", "Nederlands"])
def test_links_inside_the_rules_sentences_are_thumb_sized_too(page, language):
    """The rules pages name other sections and pages inside their sentences ("see card
    values"), as does the empty history ("Start one")."""
    page.goto("/")
    if language != "English":
        choose_language(page, language)
        expect(page.locator("html")).not_to_have_attribute("lang", "en")
    offenders = {}
    for url in ("/rules/", "/rules/cabo/", "/rules/escoba/", "/rules/cabanga/", "/history/"):
        page.goto(url)
        page.wait_for_load_state("load")
        offenders[url] = small_targets(page)
    assert {url: small for url, small in offenders.items() if small} == {}


def cabanga_in(page, language: str) -> None:
    page.goto("/")
    choose_language(page, language)
    page.goto("/matches/new/cabanga/")
    names = ["Alexandra", "Bernadette", "Christophe", "Dominique", "Emmanuel", "Françoise"]
    for seat, name in enumerate(names):
        page.locator(f'input[name="player_{seat}"]').fill(name)
    page.locator("form.setup-form button[type=submit]").click()
    expect(page.locator("form.round-form")).to_be_visible()


CUT_LABELS = """() => Array.from(document.querySelectorAll(
    "form.round-form label, form.round-form .name, .grid thead th"))
  .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 1
    && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
        || el.innerText.includes("…")))
  .map((el) => el.innerText.trim())"""

NO_SIDEWAYS_SCROLL = (
    "document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"
)


@pytest.mark.parametrize(
    ("language", "points", "went_out"),
    [("Nederlands", "Punten", "is uit"), ("Français", "Points", "main vidée")],
)
def test_a_six_player_cabanga_round_fits_360_pixels_in_dutch_and_french(
    page, shot, language, points, went_out
):
    page.set_viewport_size({"width": 360, "height": 740})
    cabanga_in(page, language)
    first = page.locator(".entry-row").first
    expect(first.get_by_text(points, exact=True)).to_be_visible()
    expect(first.get_by_text(went_out, exact=True)).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    assert page.evaluate(CUT_LABELS) == []
    shot(f"cabanga-{language}")
    page.locator(".entry-row").first.locator(".out-pick").click()
    for seat in range(1, 6):
        page.locator(f'input[name="points_{seat}"]').fill(str(seat))
    page.locator("form.round-form button[type=submit]").click()
    expect(page.locator(".grid tbody.round")).to_have_count(1)
    # The scoreboard keeps every long name whole.
    expect(page.locator(".grid thead th .side-name")).to_have_text(
        ["Alexandra", "Bernadette", "Christophe", "Dominique", "Emmanuel", "Françoise"]
    )
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    assert page.evaluate(CUT_LABELS) == []
    shot(f"scoreboard-{language}")


LONG = ["Wilhelminatheodoraalexandrakoningsberg" + suffix for suffix in ("Aa", "Bb", "Cc")]


def test_the_records_and_rules_pages_fit_a_thumb_and_the_phone_with_long_names(page, shot):
    """History, players, a player, the chart, house rules and a rules page, in French,
    after a match of three one-word 40-letter names and a two-letter one: no target
    under 44 px, nothing wider than the phone."""
    start_match(page, "cabanga", [*LONG, "Jo"])  # and a name narrower than a thumb
    row(page, LONG[0]).locator('input[name="points_0"]').fill("20")
    row(page, LONG[1]).get_by_text("went out").click()
    row(page, LONG[2]).locator('input[name="points_2"]').fill("3")
    row(page, "Jo").locator('input[name="points_3"]').fill("4")
    record(page)
    expect(page.locator("#standing .standing-last")).to_be_visible()
    choose_language(page, "Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    offenders: dict[str, list[str]] = {}
    wide: list[str] = []

    def measure(where: str, url: str) -> None:
        page.goto(url)  # waits for "load": the stylesheets applied
        open_all_details(page)
        offenders[where] = small_targets(page)
        if not page.evaluate(NO_SIDEWAYS_SCROLL):
            wide.append(where)

    match_url = page.url.split("#")[0]
    measure("match", match_url)
    shot("long-names-match")
    measure("history", "/history/")
    shot("long-names-history")
    measure("players", "/history/players/")
    match_id = match_url.rstrip("/").split("/")[-1]
    page.goto(f"/history/matches/{match_id}/house-rule/")
    page.locator('input[name="name"]').fill(LONG[0])
    page.locator("form.panel button[type=submit]").click()
    expect(page.locator(".house-rule")).to_contain_text("Cabanga! · Classique")
    measure("house rules", "/history/house-rules/")
    shot("long-names-house-rules")
    measure("a player", "/history/players/Jo/")
    shot("short-name-player")
    measure("history with a house rule", "/history/")
    # "Toutes les règles maison" whole: its choice takes the panel's width.
    panel = page.locator("form.filters").bounding_box()["width"]
    assert page.locator("select[name=house_rule]").bounding_box()["width"] > panel * 0.8
    chart = page.get_by_role("link", name="Graphique").first.get_attribute("href")
    measure("chart", chart)
    shot("long-names-chart")
    assert {where: small for where, small in offenders.items() if small} == {}
    assert wide == []
    # A rules page's links in its sentences are exempt (WCAG 2.5.8), its contents not.
    page.goto("/rules/cabo/")
    for link in page.locator(".guide-toc a").all():
        box = link.bounding_box()
        assert box["width"] >= TAP and box["height"] >= TAP, link.inner_text()


# The count headings and the count boxes: [text, wider than its box, box width].
ENTRY_COLUMNS = """() => [...document.querySelectorAll(
  ".entry-table thead th:not(:first-child), .entry-table tbody input.count-input"
)].map((cell) => [cell.textContent || cell.name, cell.scrollWidth > cell.clientWidth,
  cell.getBoundingClientRect().width])"""


# The side names of the standing's and the rounds' headings that their box cuts.
NAMES_CUT = """() => [...document.querySelectorAll("thead .side-name")].filter((name) => {
  const range = document.createRange();
  range.selectNodeContents(name);
  const bottom = name.getBoundingClientRect().bottom;
  return [...range.getClientRects()].some((line) => line.top >= bottom - 1);
}).map((name) => name.textContent)"""


def test_escoba_names_keep_their_words_whole_on_a_320_pixel_phone(page, live_server, shot):
    """QA: in a name column beside four counts, "Jan-Willem" read "Jan-Wille" and "m",
    "Marie-Christine" "Christi" and "ne". At 320 px each name has its line above its
    counts, and the counts share the whole width. A team's name takes a third line in
    the headings rather than lose its second player."""
    owner = Owner.objects.create()
    players = ["Jan-Willem", "Marie-Christine", "Ben", "Zoë"]
    teams = [
        {"name": "Jan-Willem & Ben", "players": ["Jan-Willem", "Ben"]},
        {"name": "Marie-Christine & Zoë", "players": ["Marie-Christine", "Zoë"]},
    ]
    deal = escoba_deal(*[team["name"] for team in teams])  # the standing shows its names
    teamed = build_match(owner, "escoba", players, [deal], teams=teams)
    three = build_match(owner, "escoba", players[:3])
    signed_in_as(page, owner, live_server)
    page.set_viewport_size({"width": 320, "height": 640})
    for match, names in ((three, players[:3]), (teamed, [team["name"] for team in teams])):
        page.goto(f"/matches/{match.pk}/")
        for language in ("English", "Français", "Nederlands"):
            choose_language(page, language)
            expect(page.locator(".entry-table")).to_be_visible()
            lines = page.evaluate(TEXT_LINES, ".entry-table tbody th")
            assert lines == [[name, [name]] for name in names], language
            columns = page.evaluate(ENTRY_COLUMNS)
            assert len(columns) == 4 + 4 * len(names)
            assert [text for text, wider, _ in columns if wider] == [], language
            assert min(width for _, _, width in columns[4:]) >= TAP, (language, columns)
            assert page.evaluate(TABLES_SCROLLED_SIDEWAYS) == [], language
            assert page.evaluate(NO_SIDEWAYS_SCROLL), language
            # Nor is a side's name cut in the headings (QA: "Marie-Christine &", no Zoë).
            assert page.evaluate(NAMES_CUT) == [], language
            page.locator(".entry-table").scroll_into_view_if_needed()
            shot(f"escoba-names-320-{len(names)}-{language}")
