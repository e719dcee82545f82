"""The players' table at phone size: whole names, and figures that never run together."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scorepad.matches.models import Owner
from scorepad.rules import get_game
from tests.conftest import TEXT_LINES, choose_language
from tests.records.conftest import build, client_of
from tests.records.matches import CABANGA_SHARED, CABO_FR, ESCOBA

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def renamed(spec: dict, names: dict[str, str]) -> dict:
    game = get_game(spec["game"])
    rounds = [game.rename_round(raw, names) for raw in spec["rounds"]]
    return {**spec, "players": [names[name] for name in spec["players"]], "rounds": rounds}


# How many lines the text of each cell takes, by its text.
LINES_OF_CELLS = """(selector) => Object.fromEntries(
  [...document.querySelectorAll(selector)].map((cell) => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    const tops = new Set();
    while (walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(walker.currentNode);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return [cell.textContent.trim(), tops.size];
  }))"""

# For each row, the room (px) between the matches' number and the wins' first number.
GAPS_BETWEEN_FIGURES = """() => [...document.querySelectorAll('.players-table tbody tr')]
.map((row) => {
  const [played, wins] = row.querySelectorAll('td');
  const box = (cell) => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      if (!walker.currentNode.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(walker.currentNode);
      return range.getBoundingClientRect();
    }
  };
  const gap = box(wins).left - box(played).right;
  return [row.querySelector('th').textContent.trim(), Math.round(gap)];
})"""


# Whether a list shows its choice whole ("Tous les jeux"), beside its arrow.
CHOICE_SHOWN_WHOLE = """(list) => {
  const context = document.createElement("canvas").getContext("2d");
  context.font = getComputedStyle(list).font;
  return context.measureText(list.selectedOptions[0].text).width + 32 <= list.clientWidth;
}"""


def assert_the_table_reads_well(page, names: list[str]) -> None:
    lines = page.evaluate(LINES_OF_CELLS, ".players-table th[scope=row]")
    assert lines == dict.fromkeys(names, 1)
    wrap = page.locator(".table-wrap").filter(has=page.locator(".players-table"))
    assert wrap.evaluate("(element) => element.scrollWidth <= element.clientWidth")
    # The wins' number stands a good way from the matches' one, never "1 1" read as 11.
    gaps = dict(page.evaluate(GAPS_BETWEEN_FIGURES))
    assert min(gaps.values()) >= 16, gaps


@pytest.mark.parametrize("width", [390, 320])
def test_the_players_table_keeps_names_whole_and_figures_apart(page, seen_shot, live_server, width):
    """QA44 in French at 390 px: "Anaï/s", "Math/éo" broken inside the word, the table
    scrolling sideways, and "1 1 (dont 1 partagée)" reading as eleven (in English too).
    At 320 px the win rate scrolled out of sight, and the game's list read "Tous les je"."""
    owner = Owner.objects.create()
    build(owner, renamed(CABANGA_SHARED, {"A": "Anaïs", "B": "Éloïse", "C": "Mathéo", "D": "Zoé"}))
    build(owner, renamed(CABO_FR, {"Ana": "Lieke", "Ben": "Noor"}))
    build(owner, renamed(ESCOBA, {"You": "Noor", "Ada": "Lieke"}))
    cookie = client_of(owner).cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    page.set_viewport_size({"width": width, "height": 844})
    everyone = ["Lieke", "Noor", "Anaïs", "Éloïse", "Mathéo", "Zoé"]

    page.goto("/history/players/")
    choose_language(page, "Français")
    expect(page.get_by_role("columnheader", name="Victoires")).to_be_visible()
    seen_shot(f"players-fr-{width}")
    assert_the_table_reads_well(page, everyone)
    assert page.get_by_label("Jeu").evaluate(CHOICE_SHOWN_WHOLE)
    row = page.get_by_role("row").filter(has=page.get_by_role("link", name="Lieke"))
    expect(row.get_by_role("cell").last).to_have_text("50\N{NARROW NO-BREAK SPACE}%")

    page.get_by_label("Jeu").select_option(label="Cabanga!")
    page.get_by_role("button", name="Filtrer").click()
    expect(page).to_have_url(re.compile(r"game=cabanga"))
    expect(page.get_by_role("link", name="Lieke")).to_have_count(0)
    seen_shot(f"players-fr-cabanga-{width}")
    assert_the_table_reads_well(page, ["Anaïs", "Éloïse", "Mathéo", "Zoé"])

    page.get_by_role("link", name="Mathéo").click()
    expect(page.get_by_role("heading", name="Mathéo", level=1)).to_be_visible()
    seen_shot(f"player-fr-{width}")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width

    page.goto("/history/players/")
    choose_language(page, "English")
    expect(page.get_by_role("columnheader", name="Wins")).to_be_visible()
    seen_shot(f"players-en-{width}")
    assert_the_table_reads_well(page, everyone)
    row = page.get_by_role("row").filter(has=page.get_by_role("link", name="Lieke"))
    expect(row.get_by_role("cell").last).to_have_text("50%")

    choose_language(page, "Nederlands")
    expect(page.get_by_role("columnheader", name="Zeges", exact=True)).to_be_visible()
    seen_shot(f"players-nl-{width}")
    assert_the_table_reads_well(page, everyone)
    assert page.get_by_label("Spel").evaluate(CHOICE_SHOWN_WHOLE)


@pytest.mark.parametrize("width", [390, 320])
def test_a_hyphenated_name_breaks_at_its_hyphen_and_the_table_fits(page, live_server, width):
    """QA at 320 px: "Marie-" / "Christin" / "e"; and in Dutch, beside a name of twelve
    letters, "Gewonnen" and "% gewonnen" pushed the win rate out of the panel."""
    owner = Owner.objects.create()
    names = {"A": "Marie-Christine", "B": "Jan-Willem", "C": "Bartholomeus", "D": "Zoé"}
    build(owner, renamed(CABANGA_SHARED, names))
    cookie = client_of(owner).cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    page.set_viewport_size({"width": width, "height": 844})
    page.goto("/history/players/")
    for language in ("English", "Français", "Nederlands"):
        choose_language(page, language)
        lines = dict(page.evaluate(TEXT_LINES, ".players-table .player-name"))
        assert lines["Marie-Christine"] == ["Marie-", "Christine"], (language, lines)
        assert lines["Jan-Willem"] in (["Jan-Willem"], ["Jan-", "Willem"]), (language, lines)
        wrap = page.locator(".table-wrap").filter(has=page.locator(".players-table"))
        sizes = wrap.evaluate("(element) => [element.scrollWidth, element.clientWidth]")
        assert sizes[0] <= sizes[1], (language, sizes)
