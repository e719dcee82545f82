"""A name may be 40 characters without a space: no page runs off a narrow phone for it."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from django.test import Client
from playwright.sync_api import expect

from scorepad.accounts.models import Claim
from scorepad.matches import sharing
from scorepad.matches.models import Owner
from tests.accounts.conftest import make_user
from tests.browser.test_play_browser import record, row, start_match
from tests.conftest import choose_language
from tests.records.conftest import build_match, client_of
from tests.records.matches import cabanga_round, cabo_round, escoba_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG = "W" * 40


# The innermost elements that end past the screen's right edge.
PAST_THE_EDGE = """() => [...document.querySelectorAll('body *')].filter((element) =>
  element.getBoundingClientRect().right > innerWidth + 1
  && ![...element.children].some((child) => child.getBoundingClientRect().right > innerWidth + 1)
).map((element) => element.tagName + '.' + element.className + ' '
  + element.textContent.trim().slice(0, 30)).slice(0, 5)"""


def signed_in_page(page, live_server, user) -> None:
    """The browser takes the session of a test client signed in as `user`."""
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])


@pytest.mark.parametrize("width", [390, 320])
def test_no_page_scrolls_sideways_for_a_forty_letter_name(page, shot, live_server, width):
    """QA41: "W" × 40 made the seats page 600 px wide on a 390 px phone (the other rows'
    "Which one is me?" off-screen) and the players' page 1000 px (its figures out of view)."""
    user = make_user("ana")
    owner = Owner.objects.create(user=user)
    # Finished matches, so that the name also has its statistics.
    claimed = build_match(
        owner, "cabo", [LONG, "Ana"], [cabo_round(LONG, **{LONG: 2, "Ana": 40})] * 3
    )
    build_match(owner, "cabo", ["Ben", LONG], [cabo_round("Ben", **{LONG: 4, "Ben": 1})])
    build_match(owner, "escoba", [LONG, "Ada"], [escoba_deal(LONG, "Ada")] * 6)
    board = build_match(
        owner,
        "cabanga",
        [LONG, "B", "C", "D", "E"],
        [cabanga_round(**{LONG: 8, "B": 0, "C": 9, "D": 9, "E": 3})],
    )
    Claim.objects.create(user=user, match=claimed, position=0)
    signed_in_page(page, live_server, user)
    page.set_viewport_size({"width": width, "height": 700})

    pages = [
        f"/account/seats/?claimed={claimed.pk}",
        "/account/statistics/",
        "/history/",
        "/history/players/",
        f"/history/players/{quote(LONG)}/",
        f"/history/matches/{claimed.pk}/chart/",
        f"/matches/{claimed.pk}/",
        f"/matches/{board.pk}/",
        f"/matches/{claimed.pk}/players/",
        f"/matches/{claimed.pk}/sheet/",
        "/matches/new/cabo/",
        "/",
    ]
    wide = {}
    for url in pages:
        page.goto(url)
        expect(page.locator("main h1").first).to_be_visible()
        scrolled = page.evaluate("document.scrollingElement.scrollWidth")
        if scrolled > width:
            wide[url] = (scrolled, page.evaluate(PAST_THE_EDGE))
            shot(f"wide-{width}-{url.strip('/').replace('/', '-')[:40]}")
    assert wide == {}
    page.goto(f"/account/seats/?claimed={claimed.pk}")
    expect(page.get_by_role("link", name="Which one is me?").first).to_be_in_viewport()
    shot(f"seats-{width}")
    page.goto("/history/players/")
    # The figures in sight beside the name, not past the edge of their table.
    rate = page.get_by_role("columnheader", name="Win rate").bounding_box()
    assert rate["x"] + rate["width"] <= width
    shot(f"players-{width}")


def test_a_rounds_why_shows_a_forty_letter_name_whole_at_320(page, shot, live_server):
    """QA: the "why" of a round ran a name with no space past its panel's edge, 11
    letters of it hidden."""
    user = make_user("ana")
    owner = Owner.objects.create(user=user)
    board = build_match(owner, "cabo", [LONG, "Ana"], [cabo_round(LONG, **{LONG: 2, "Ana": 40})])
    signed_in_page(page, live_server, user)
    page.set_viewport_size({"width": 320, "height": 700})
    page.goto(f"/matches/{board.pk}/")
    page.locator("#round-1 .why-link").click()
    why = page.locator("#why-1 td")
    expect(why).to_contain_text(LONG)
    ink = why.evaluate(
        """(cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return [range.getBoundingClientRect().right, cell.getBoundingClientRect().right];
        }"""
    )
    assert ink[0] <= ink[1] + 1, ink
    shot("why-320")
    # Its own page, without JavaScript's way to it.
    page.goto(page.locator("#round-1 .why-link").get_attribute("href"))
    expect(page.locator(".why-page")).to_contain_text(LONG)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 320


# How many lines each heading's text takes, by its name.
LINES_OF_HEADINGS = """(selector) => Object.fromEntries(
  [...document.querySelectorAll(selector)].map((heading) => {
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    const tops = new Set();
    while (walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(walker.currentNode);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return [heading.textContent.trim(), tops.size];
  }))"""

WOLFE = "Wolfeschlegelsteinhausenbergerdorffvoral"


@pytest.mark.parametrize("width", [390, 320])
def test_short_names_stay_whole_beside_a_forty_letter_name(page, shot, live_server, width):
    """QA at 320 px: beside a name of 40 letters the chart's table gave "Ana" two
    columns' worth of nothing, and it broke as "A" / "na". In Dutch, a tiebreak's row
    ("6 (beslissingsronde)") held its word whole: the table 367 px in its 348 px box at
    390 px, the fourth player's column cut to "Daa" (F52)."""
    owner = Owner.objects.create()
    players = [WOLFE, "Ana", "Bo", "Cy"]
    match = build_match(
        owner,
        "cabo",
        players,
        [cabo_round("Ana", **{WOLFE: 12, "Ana": 3, "Bo": 7, "Cy": 21})] * 2,
    )
    # Dutch Cabo to 10: Bram and Cas tie on the lowest total as Daan passes 10.
    tied = build_match(
        owner,
        "cabo",
        ["Annelies", "Bram", "Cas", "Daan"],
        [
            cabo_round("Daan", Annelies=6, Bram=5, Cas=5, Daan=12),
            {"caller": "Cas", "hands": {"Bram": 7, "Cas": 2}, "tiebreak": True},
        ],
        preset="nl",
        options={"target": 10},
    )
    cookie = client_of(owner).cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    page.set_viewport_size({"width": width, "height": 700})

    page.goto(f"/history/matches/{match.pk}/chart/")
    expect(page.get_by_role("columnheader", name="Ana")).to_be_visible()
    lines = page.evaluate(LINES_OF_HEADINGS, ".score-chart thead th")
    shot(f"chart-{width}")
    assert {name: lines[name] for name in ("Ana", "Bo", "Cy")} == {"Ana": 1, "Bo": 1, "Cy": 1}
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    # The long name breaks inside its column rather than pushing the table past the screen.
    table = page.locator(".score-chart table").bounding_box()
    wrap = page.locator(".score-chart .table-wrap").bounding_box()
    assert table["width"] <= wrap["width"] + 1

    page.goto(f"/matches/{match.pk}/")
    expect(page.locator(".grid thead th", has_text="Ana")).to_be_visible()
    shot(f"board-{width}")
    for selector in (".grid thead .side-name", ".standing-grid thead .side-name"):
        lines = page.evaluate(LINES_OF_HEADINGS, selector)
        assert {name: lines[name] for name in ("Ana", "Bo", "Cy")} == {
            "Ana": 1,
            "Bo": 1,
            "Cy": 1,
        }, selector
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width

    page.goto(f"/history/matches/{tied.pk}/chart/")
    choose_language(page, "Nederlands")
    expect(page.get_by_role("rowheader", name=re.compile("beslissings"))).to_be_visible()
    shot(f"chart-tiebreak-nl-{width}")
    # At 320 px four names and the rounds' column fill the box without a tiebreak already
    # (280 px in 278 in French): the table scrolls sideways there, its shadow saying so.
    if width == 390:
        table = page.locator(".score-chart table").bounding_box()
        wrap = page.locator(".score-chart .table-wrap").bounding_box()
        assert table["width"] <= wrap["width"] + 1
        expect(page.get_by_role("columnheader", name="Daan")).to_be_in_viewport(ratio=1)


# The words of each heading split over two lines ("Maximilia" / "n"), by its name; a
# hyphenated name may break after its hyphen ("Anne-" / "Sophie" are two words).
WORDS_BROKEN = """(selector) => Object.fromEntries(
  [...document.querySelectorAll(selector)].map((heading) => {
    const node = [...heading.querySelectorAll('.side-name')].at(-1).firstChild;
    const broken = [];
    for (const found of node.textContent.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) broken.push(found[0]);
    }
    return [heading.textContent.trim(), broken];
  }))"""


@pytest.mark.parametrize("width", [390, 320])
def test_a_name_too_long_for_the_charts_column_ends_in_an_ellipsis_not_broken(
    page, shot, live_server, width
):
    """QA: in the chart's table, "Maximilian" broke as "Maximilia" / "n", read as two
    words. As in the scoreboard's heading, a word too long for its column ends in "…",
    the whole name in the legend and in the heading's title; a hyphenated name still
    breaks after its hyphen, and the table still fits the phone."""
    owner = Owner.objects.create()
    names = ["Maximilian", "Bartholomew", "Anne-Sophie", "Jo"]
    match = build_match(owner, "cabo", names, [cabo_round("Jo", **dict.fromkeys(names, 5))])
    cookie = client_of(owner).cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"/history/matches/{match.pk}/chart/")
    table = page.locator(".sc-table")
    if not table.evaluate("(details) => details.open"):
        table.locator("summary").click()
    heading = page.get_by_role("columnheader", name="Maximilian")
    expect(heading).to_have_attribute("title", "Maximilian")
    heading.scroll_into_view_if_needed()
    shot(f"chart-table-long-first-names-{width}")
    broken = page.evaluate(WORDS_BROKEN, ".score-chart thead th[title]")
    assert broken == {name: [] for name in names}, broken
    lines = page.evaluate(LINES_OF_HEADINGS, ".score-chart thead th[title]")
    assert lines["Anne-Sophie"] <= 2 and lines["Jo"] == 1, lines
    for name in names:  # the legend names everyone whole
        expect(page.locator(".sc-legend")).to_contain_text(name)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [390, 320])
def test_no_live_page_scrolls_sideways_for_a_forty_letter_name(page, shot, width):
    """The follower's read-only table and the co-scorer's pages, with the long names of
    every game: not one of them runs off a narrow phone."""
    owner = Owner.objects.create()
    matches = [
        build_match(
            owner,
            "cabo",
            [LONG, "Ana", WOLFE],
            [cabo_round("Ana", **{LONG: 4, "Ana": 1, WOLFE: 9})],
        ),
        build_match(owner, "escoba", [LONG, WOLFE], [escoba_deal(LONG, WOLFE)]),
        build_match(
            owner,
            "cabanga",
            [LONG, "B", "C", "D", WOLFE],
            [cabanga_round(**{LONG: 8, "B": 0, "C": 9, "D": 9, WOLFE: 3})],
        ),
    ]
    page.set_viewport_size({"width": width, "height": 700})
    wide = {}
    for match in matches:
        follow = f"/live/{sharing.share(match, 'follow').token}/"
        score = f"/live/{sharing.share(match, 'score').token}/"
        for url in (follow, score, f"{score}rounds/1/"):
            page.goto(url)
            expect(page.locator("main h1").first).to_be_visible()
            scrolled = page.evaluate("document.scrollingElement.scrollWidth")
            label = f"{match.game}-{ {follow: 'follow', score: 'score'}.get(url, 'correct') }"
            if scrolled > width:
                wide[label] = (scrolled, page.evaluate(PAST_THE_EDGE))
            shot(f"live-{width}-{label}")
    assert wide == {}


# Of the first heading `selector` (a name cut to two lines): where its box clips it, where
# the ink of each line's tallest and deepest glyphs reaches ("É" rises above the line's
# box, "g" goes below the baseline), by the font's own measures.
INK_OF_LINES = """(selector) => {
  const name = document.querySelector(selector);
  const context = document.createElement("canvas").getContext("2d");
  context.font = getComputedStyle(name).font;
  const tall = context.measureText("ÉÅ"), deep = context.measureText("gjpqy");
  const range = document.createRange();
  range.selectNodeContents(name);
  const tops = [...new Set([...range.getClientRects()].map((rect) => rect.top))];
  tops.sort((a, b) => a - b);
  const baselines = tops.map((top) => top + tall.fontBoundingBoxAscent);
  return {
    clip: name.getBoundingClientRect().bottom,
    tops: baselines.map((baseline) => baseline - tall.actualBoundingBoxAscent),
    bottoms: baselines.map((baseline) => baseline + deep.actualBoundingBoxDescent),
  };
}"""


def test_a_name_clamped_to_two_lines_shows_nothing_of_its_third(page):
    """QA: of "Marie-Christine-Évangéline de la Tour", cut to "Marie-" / "Christine-",
    the accent of the hidden third line's É showed under the heading."""
    names = ["Marie-Christine-Évangéline de la Tour", "Bartholomeus Vanderstraeten", "Jo"]
    page.set_viewport_size({"width": 390, "height": 844})
    start_match(page, "cabo", names)
    for name, points in zip(names, ["3", "7", "0"], strict=True):
        row(page, name).locator("input.points-input").fill(points)
    row(page, "Jo").locator("label.caller-pick").click()
    record(page)
    expect(page.get_by_text("Enter round 2")).to_be_visible()
    for selector in ("#standing thead .side-name", "#scoreboard thead .side-name"):
        ink = page.evaluate(INK_OF_LINES, selector)
        assert len(ink["tops"]) >= 3, (selector, ink)  # the name does run to a third line
        # The second line whole, its descenders too; nothing of the third, accents included.
        assert ink["bottoms"][1] <= ink["clip"] <= ink["tops"][2], (selector, ink)
