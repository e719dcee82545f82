from __future__ import annotations

import html
import re
from urllib.parse import urljoin

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from scorepad.matches.models import HouseRule
from scorepad.records.chart import nice_step, score_chart
from scorepad.rules import get_game

from .conftest import build, build_match
from .matches import (
    CABANGA_SHARED,
    CABO_FR,
    CABO_TIEBREAK,
    ESCOBA,
    ESCOBA_TEAMS,
    ESCOBA_TEAMS_WON,
    cabo_round,
    escoba_deal,
    state_of,
)

pytestmark = pytest.mark.django_db
PLAYERS = reverse("records:players")


def player_url(name: str) -> str:
    return reverse("records:player", args=[name])


def test_the_players_index_lists_everyone_with_wins_and_rates(owner, visitor):
    build(owner, CABANGA_SHARED)
    build(owner, CABO_FR)
    response = visitor.get(PLAYERS)
    assert response.status_code == 200
    content = response.content.decode()
    assert f'href="{player_url("Ana")}"' in content
    assert "(1 shared)" in content  # B, C and D
    assert "100%" in content


def test_a_name_typed_with_other_capitals_is_the_same_player(owner, visitor):
    """ "ana" in one match is Ana of the others (a match never seats both), on the list,
    on the player's page whatever the capitals of its address, and in the history."""
    import json

    build(owner, CABO_FR)
    build(owner, CABO_FR)
    build(owner, json.loads(json.dumps(CABO_FR).replace('"Ana"', '"ana"')))
    listed = visitor.get(PLAYERS).content.decode()
    assert f'href="{player_url("Ana")}"' in listed
    assert f'href="{player_url("ana")}"' not in listed  # one row, named as mostly typed
    for address in ("Ana", "ana", "ANA"):
        page = visitor.get(player_url(address))
        assert page.status_code == 200
        content = page.content.decode()
        assert "<h1>Ana</h1>" in content
        assert content.count('href="/history/matches/') == 3  # her three matches


def test_a_player_page_shows_the_figures_of_each_game(owner, visitor):
    build(owner, CABO_FR)
    build(owner, CABO_TIEBREAK)
    build(owner, ESCOBA_TEAMS)
    response = visitor.get(player_url("Ana"))
    assert response.status_code == 200
    content = response.content.decode()
    assert "<h1>Ana</h1>" in content
    for label in ("Cabo calls", "Successful calls", "Average hand"):
        assert label in content
    # Neither match played kamikaze hands.
    assert "Kamikazes" not in content
    assert "50%" in content  # one win in two finished matches
    # The Escoba match is still being played: it does not count yet.
    assert "Velo taken" not in content


TEAM_NOTE = "In a team, the team&#x27;s figures count for each partner."


def test_the_team_note_is_shown_only_where_a_team_match_was_counted(owner, visitor):
    """QA: every Escoba block said it, to players of two-handed matches only too."""
    build(owner, ESCOBA)
    build(owner, ESCOBA_TEAMS)  # still being played: not counted
    two_handed = visitor.get(player_url("You")).content.decode()
    assert "Velo taken" in two_handed and TEAM_NOTE not in two_handed
    assert TEAM_NOTE not in visitor.get(player_url("Ana")).content.decode()
    build(owner, ESCOBA_TEAMS_WON)
    build_match(owner, "escoba", ["Ana", "Ada"], [escoba_deal("Ana", "Ada")] * 6)
    assert TEAM_NOTE in visitor.get(player_url("Ana")).content.decode()
    assert TEAM_NOTE not in visitor.get(player_url("You")).content.decode()
    assert TEAM_NOTE not in visitor.get(player_url("Ada")).content.decode()


def test_a_player_page_leads_back_to_the_list_as_it_was_filtered(owner, visitor):
    build(owner, CABO_FR)
    content = visitor.get(player_url("Ana"), {"game": "cabo"}).content.decode()
    assert f'class="back" href="{PLAYERS}?game=cabo"' in content


def test_the_player_page_of_a_shared_victory(owner, visitor):
    build(owner, CABANGA_SHARED)
    content = visitor.get(player_url("B")).content.decode()
    assert "(1 shared)" in content
    assert "Minus points per round" in content
    # Who went out *first* is not recorded: the figure says what it counts.
    assert "Rounds with no card left" in content and "gone out" not in content


def test_the_player_page_can_be_filtered_by_game_and_house_rule(owner, visitor):
    fr = build(owner, CABO_FR)
    build(owner, ESCOBA_TEAMS)
    rule = HouseRule.objects.create(
        owner=owner, game="cabo", name="Short", preset="fr", options=fr.options
    )
    content = visitor.get(player_url("Ana"), {"game": "escoba"}).content.decode()
    assert "Cabo calls" not in content and "No match fits these filters." in content
    content = visitor.get(player_url("Ana"), {"house_rule": rule.pk}).content.decode()
    assert "Cabo calls" in content and "Velo taken" not in content


def test_the_players_index_with_a_deleted_house_rule_gets_the_form_back(owner, visitor):
    build(owner, CABO_FR)
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="X", preset="fr", options={})
    gone = rule.pk
    rule.delete()
    response = visitor.get(PLAYERS, {"house_rule": gone})
    assert response.status_code == 422
    content = response.content.decode()
    assert "These house rules no longer exist; choose others." in content
    assert f'href="{player_url("Ana")}' in content  # the other filters still apply


def test_a_player_page_with_a_name_filter_too_long_gets_the_form_back(owner, visitor):
    build(owner, CABO_FR)
    response = visitor.get(player_url("Ana"), {"player": "A" * 41})
    assert response.status_code == 422
    content = response.content.decode()
    assert 'id="player-errors"' in content and "at most 40 characters" in content


def test_a_game_or_status_the_players_pages_do_not_offer_is_ignored(owner, visitor):
    build(owner, CABO_FR)
    players = visitor.get(PLAYERS, {"game": "poker"})
    assert players.status_code == 200
    assert f'href="{player_url("Ana")}' in players.content.decode()
    player = visitor.get(player_url("Ana"), {"status": "lost"})
    assert player.status_code == 200
    assert "Cabo calls" in player.content.decode()


def test_an_unknown_game_filter_does_not_hide_that_the_player_is_unknown(owner, visitor):
    build(owner, CABO_FR)
    assert visitor.get(player_url("Zoé"), {"game": "poker"}).status_code == 404


# CABO_FR with Zoë in Ana's seat: Zoë wins.
ZOE_WINS = {
    **CABO_FR,
    "players": ["Zoë", "Ben"],
    "rounds": [
        {"caller": "Zoë", "hands": {"Zoë": 2, "Ben": 9}},
        {"caller": "Ben", "hands": {"Zoë": 3, "Ben": 5}},
        {"caller": "Zoë", "hands": {"Zoë": 1, "Ben": ["KS", "QC", "JD"]}},
    ],
}


def test_the_players_pages_find_a_typed_player_whatever_the_case_and_accents(owner, visitor):
    build(owner, CABANGA_SHARED)  # A, B, C and D
    build(owner, ZOE_WINS)
    content = visitor.get(PLAYERS, {"player": "zoe"}).content.decode()
    assert f'href="{player_url("Ben")}?player=zoe"' in content
    assert f'href="{player_url("A")}' not in content
    content = visitor.get(player_url("Ben"), {"player": "ZOE"}).content.decode()
    assert "No match fits these filters." not in content
    assert "Cabo calls" in content


def test_the_players_pages_find_a_part_of_a_name_as_the_history_does(owner, visitor):
    build(owner, CABANGA_SHARED)  # A, B, C and D
    build(owner, ZOE_WINS)  # Zoë and Ben
    content = visitor.get(PLAYERS, {"player": "OË"}).content.decode()
    assert f'href="{player_url("Zoë")}?player=O%C3%8B"' in content
    assert f'href="{player_url("Ben")}?player=O%C3%8B"' in content
    assert f'href="{player_url("A")}' not in content
    content = visitor.get(player_url("Ben"), {"player": "zo"}).content.decode()
    assert "No match fits these filters." not in content
    assert "Cabo calls" in content


def test_an_unknown_player_is_not_found(owner, visitor):
    build(owner, CABO_FR)
    assert visitor.get(player_url("Zoé")).status_code == 404


def test_another_visitors_player_is_not_found(owner, other_visitor):
    build(owner, CABO_FR)
    assert other_visitor.get(player_url("Ana")).status_code == 404


def test_the_player_pages_refuse_post(owner, visitor):
    build(owner, CABO_FR)
    assert visitor.post(PLAYERS).status_code == 405
    assert visitor.post(player_url("Ana")).status_code == 405


# The chart ------------------------------------------------------------------------


def test_the_chart_has_a_line_per_side_and_the_end_line():
    chart = score_chart(state_of(CABO_FR))
    assert [line.side for line in chart.lines] == ["Ana", "Ben"]
    assert [line.total for line in chart.lines] == [0, 54]
    assert chart.end_line.value == 50 and not chart.end_line.vertical
    assert len({line.style for line in chart.lines}) == 2
    assert chart.lines[0].path.startswith(f"M{chart.left} {chart.bottom:g}")


def test_the_end_line_of_a_match_of_fixed_rounds_is_vertical():
    spec = dict(CABANGA_SHARED, options={"end": "rounds", "rounds": 4})
    chart = score_chart(state_of(spec))
    assert chart.end_line.vertical and chart.end_line.value == 4
    assert chart.x_ticks[-1][1] == 4


def test_the_chart_scale_covers_every_total_and_the_end_line():
    chart = score_chart(state_of(ESCOBA))
    assert chart.y_ticks[0][1] <= 0 and chart.y_ticks[-1][1] >= 24
    assert all(chart.top <= y <= chart.bottom for line in chart.lines for _, y in line.dots)
    assert [nice_step(span) for span in (3, 40, 100, 230)] == [1, 10, 50, 100]


def test_an_end_line_far_past_the_totals_is_named_at_the_edge_not_drawn(owner, visitor):
    """A Cabo match to 1000 after three rounds (totals up to 54): drawn to scale, the
    target would squeeze every line into the bottom twentieth of the chart."""
    far = dict(CABO_FR, options={"target": 1000})
    chart = score_chart(state_of(far))
    assert chart.end_line.beyond and chart.end_line.value == 1000
    assert chart.y_ticks[-1][1] == 60  # the scale is the totals'
    near = score_chart(state_of(dict(CABO_FR, options={"target": 100})))  # within twice
    assert not near.end_line.beyond and near.y_ticks[-1][1] >= 100
    content = visitor.get(reverse("records:chart", args=[build(owner, far).pk])).content
    assert "Target 1000 ↑" in content.decode()
    assert b'class="sc-end"' not in content


def test_an_end_line_at_the_top_of_the_chart_is_named_under_it(owner, visitor):
    """QA: the scale ending at the target (totals up to 54, target 100), "Target 100"
    was set above the line, half outside the chart."""
    top = dict(CABO_FR, options={"target": 100})
    chart = score_chart(state_of(top))
    assert chart.end_line.y1 == chart.top and chart.end_line.label_below
    content = visitor.get(reverse("records:chart", args=[build(owner, top).pk])).content.decode()
    label = re.search(r'<text class="sc-end-label"[^>]*>', content).group(0)
    assert 'dy="13"' in label
    # Lower down, above it, as usual.
    chart = score_chart(state_of(CABO_FR))
    assert chart.end_line.y1 > chart.top + 20 and not chart.end_line.label_below


def test_the_chart_page_draws_the_svg_and_the_table(owner, visitor):
    match = build(owner, ESCOBA_TEAMS)
    response = visitor.get(reverse("records:chart", args=[match.pk]))
    assert response.status_code == 200
    content = response.content.decode()
    assert '<svg class="sc"' in content and 'role="img"' in content
    assert content.count('<path class="sc-line') == 2
    assert "Target 30" in content
    assert '<th scope="col" title="Us"><span class="side-name">Us</span></th>' in content
    assert f'href="{reverse("matches:match", args=[match.pk])}">Continue' in content


@pytest.mark.parametrize(
    ("game", "players", "said"),
    [
        ("cabo", ["Ana", "Ben"], "No round yet. The chart appears once the first round is"),
        ("escoba", ["Ana", "Ben"], "No deal yet. The chart appears once the first deal is"),
    ],
)
def test_a_match_without_rounds_says_when_its_chart_appears_instead_of_an_empty_one(
    owner, visitor, game, players, said
):
    """QA: an empty chart, its scale 0 to 1 and the target drawn on the 1 line."""
    match = build_match(owner, game, players)
    content = visitor.get(reverse("records:chart", args=[match.pk])).content.decode()
    assert said in content
    assert '<svg class="sc"' not in content and "Target" not in content


def test_the_chart_keeps_decimal_points_in_french(owner, visitor):
    match = build(owner, CABO_TIEBREAK)
    visitor.cookies["django_language"] = "fr"
    content = visitor.get(reverse("records:chart", args=[match.pk])).content.decode()
    assert 'lang="fr"' in content
    assert "194,0" not in content and 'y1="194.0"' in content


def test_the_chart_page_of_a_missing_match_is_not_found(visitor):
    assert visitor.get(reverse("records:chart", args=[999])).status_code == 404


def test_another_visitors_chart_is_not_found(owner, other_visitor):
    match = build(owner, CABO_FR)
    assert other_visitor.get(reverse("records:chart", args=[match.pk])).status_code == 404


def test_the_chart_page_refuses_post(owner, visitor):
    match = build(owner, CABO_FR)
    assert visitor.post(reverse("records:chart", args=[match.pk])).status_code == 405


def test_the_chart_tag_can_be_included_in_any_page(owner):
    match = build(owner, CABANGA_SHARED)
    template = Template("{% load records %}<div>{% score_chart match %}</div>")
    with translation.override("en"):
        html = template.render(Context({"match": match}))
    assert "<html" not in html
    assert html.count('<path class="sc-line') == 4
    assert "Threshold 18" in html
    assert "Scores as a table" in html


def test_rates_and_averages_are_rounded_for_reading():
    from scorepad.records.templatetags.records import figure, percent

    with translation.override("en"):
        assert (percent(2 / 3), percent(None), figure(5 / 3), figure(None)) == (
            "67%",
            "–",
            "1.7",
            "–",
        )


def test_a_negative_average_and_scale_have_a_minus_sign_as_the_scoreboards(owner, visitor):
    """QA: "Average hand -1.5" and "-10" on the chart's scale, with a hyphen; the
    scoreboards write "−3"."""
    from scorepad.records.templatetags.records import figure

    with translation.override("fr"):
        assert figure(-1.5) == "\u22121,5"
    match = build_match(
        owner,
        "cabo",
        ["Ana", "Ben"],
        [{"caller": "Ana", "hands": {"Ana": -2, "Ben": -1}}] * 12,
        preset="nl",
    )
    content = visitor.get(reverse("records:chart", args=[match.pk])).content.decode()
    scale = re.findall(r'text-anchor="end">([^<]*)</text>', content)
    assert "\u221210" in scale and not [value for value in scale if "-" in value]


@pytest.mark.parametrize(
    ("value", "as_percent", "as_figure"),
    [(0.625, "63", "0.6"), (0.25, "25", "0.3"), (0.145, "15", "0.1"), (2.45, "245", "2.5")],
)
def test_a_half_is_rounded_up_as_people_do(value, as_percent, as_figure):
    from scorepad.records.templatetags.records import figure, percent

    with translation.override("fr"):
        assert (percent(value), figure(value)) == (
            f"{as_percent}\N{NARROW NO-BREAK SPACE}%",
            as_figure.replace(".", ","),
        )


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "50%"), ("fr", "50\N{NARROW NO-BREAK SPACE}%"), ("nl", "50%")],
)
def test_a_percentage_is_written_as_its_language_writes_it(language, written):
    """QA44: English read "50 %", the French way; French keeps its space, one that never
    leaves the sign alone at the start of a line."""
    from scorepad.records.templatetags.records import percent

    with translation.override(language):
        assert percent(0.5) == written


@pytest.mark.parametrize(
    "name", ["a/../../admin", "..", ".", "back\\slash", "100% sure", "x%2Fy", "Chloé?#&"]
)
def test_any_name_round_trips_through_its_player_link(owner, visitor, name):
    # A finished match (only those count on the players page), Ana renamed `name`.
    game = get_game("cabo")
    rounds = [game.rename_round(raw, {"Ana": name}) for raw in CABO_FR["rounds"]]
    build(owner, {**CABO_FR, "players": [name, "Ben"], "rounds": rounds})
    page = visitor.get(PLAYERS).content.decode()
    links = re.findall(r'<th scope="row"><a href="([^"]+)"><span[^>]*>([^<]+)</span></a>', page)
    href = next(html.unescape(href) for href, text in links if html.unescape(text) == name)
    # What a browser requests: the link resolved against the page, dot segments and all.
    url = urljoin("http://testserver" + PLAYERS, href.replace("\\", "/"))
    assert url.startswith("http://testserver" + PLAYERS)
    response = visitor.get(url.removeprefix("http://testserver"))
    assert response.status_code == 200
    assert response.context["name"] == name


def test_the_players_index_says_statistics_wait_for_a_finished_match(owner, visitor):
    build(owner, {**CABO_FR, "rounds": CABO_FR["rounds"][:1]})  # still in play
    assert "with the first finished match" in visitor.get(PLAYERS).content.decode()
    build(owner, CABO_FR)
    filtered = visitor.get(PLAYERS, {"game": "escoba"}).content.decode()
    assert "No finished match fits these filters." in filtered


def test_a_player_of_unfinished_matches_only_is_told_why_there_are_no_figures(owner, visitor):
    """QA: Anke's page was a 404 while her first match went on."""
    build(owner, CABO_FR)
    going_on = build_match(owner, "cabo", ["Anke", "Ben"], [cabo_round("Anke", Anke=2, Ben=9)])
    response = visitor.get(player_url("anke"))
    assert response.status_code == 200
    content = response.content.decode()
    assert "<h1>Anke</h1>" in content
    assert "Only finished matches count in the statistics: Anke has none finished yet." in content
    assert f'href="{reverse("records:history")}?player=Anke"' in content
    assert "Matches played" not in content  # no figures of zeros
    # The link leads to her match, to be continued.
    history = visitor.get(reverse("records:history"), {"player": "Anke"}).content.decode()
    assert reverse("matches:match", args=[going_on.pk]) in history


def test_a_player_seated_only_in_another_visitors_unfinished_match_is_not_found(
    owner, other_visitor
):
    build_match(owner, "cabo", ["Anke", "Ben"], [cabo_round("Anke", Anke=2, Ben=9)])
    assert other_visitor.get(player_url("Anke")).status_code == 404
