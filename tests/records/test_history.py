from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from scorepad.matches.models import HouseRule, Match

from .conftest import build, build_match
from .matches import CABANGA_SHARED, CABO_FR, ESCOBA, cabo_round

pytestmark = pytest.mark.django_db
HISTORY = reverse("records:history")


def test_the_history_lists_the_visitors_matches_newest_first(owner, visitor):
    first = build(owner, CABO_FR)
    second = build(owner, CABANGA_SHARED)
    response = visitor.get(HISTORY)
    assert response.status_code == 200
    content = response.content.decode()
    assert content.index(reverse("matches:match", args=[second.pk])) < content.index(
        reverse("matches:match", args=[first.pk])
    )
    assert "Cabanga!" in content and "Cabo" in content
    assert "2 matches" in content


def test_a_finished_match_shows_its_winners_and_a_shared_victory_says_so(owner, visitor):
    build(owner, CABANGA_SHARED)
    content = visitor.get(HISTORY).content.decode()
    # Said as the board says them (QA29: "B, C, D" beside "B, C and D share the victory"),
    # each name kept whole on a line (QA48).
    b, c, d = (f'<span class="name-whole">{name}</span>' for name in "BCD")
    assert f"Won by {b}, {c} and {d}" in content
    a = '<span class="name-whole">A</span>'
    assert f'<p class="match-players">{a}, {b}, {c}, {d}</p>' in content  # QA53
    assert "shared victory" in content
    assert "Finished" in content
    french = visitor.get(HISTORY, headers={"Accept-Language": "fr"}).content.decode()
    assert f"Gagnée par {b}, {c} et {d}" in french


def test_a_match_in_progress_offers_to_continue(owner, visitor):
    match = build_match(owner, "cabo", ["Ana", "Ben"], [cabo_round("Ana", Ana=1, Ben=5)])
    content = visitor.get(HISTORY).content.decode()
    assert "In progress" in content
    assert f'href="{reverse("matches:match", args=[match.pk])}">Continue' in content


def test_the_history_shows_nobody_elses_matches(owner, visitor, stranger):
    build(stranger, ESCOBA)
    content = visitor.get(HISTORY).content.decode()
    assert "No match yet." in content
    assert "Ada" not in content


def test_a_new_visitor_sees_an_empty_history(client):
    response = client.get(HISTORY)
    assert response.status_code == 200
    assert "No match yet." in response.content.decode()


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ({"game": "escoba"}, {"escoba"}),
        ({"status": "finished"}, {"cabo", "escoba"}),
        ({"status": "in_progress"}, {"cabanga"}),
        ({"player": "Ana"}, {"cabo"}),
        ({"player": "You", "game": "cabo"}, set()),
    ],
)
def test_the_filters_narrow_the_list(owner, visitor, query, shown):
    matches = {
        "cabo": build(owner, CABO_FR),
        "escoba": build(owner, ESCOBA),
        "cabanga": build_match(
            owner, "cabanga", ["X", "Y", "Z"], [{"hands": {"X": 0, "Y": 3, "Z": 4}}]
        ),
    }
    content = visitor.get(HISTORY, query).content.decode()
    for key, match in matches.items():
        link = f'href="{reverse("records:chart", args=[match.pk])}"'
        assert (link in content) == (key in shown), key
    if not shown:
        assert "No match fits these filters." in content


def test_the_house_rule_filter_keeps_the_matches_with_those_rules(owner, visitor):
    fr = build(owner, CABO_FR)
    other = build_match(owner, "cabo", ["Ana", "Ben"], preset="fr")  # target 100, not 50
    rule = HouseRule.objects.create(
        owner=owner, game="cabo", name="Chez Marie", preset=fr.preset, options=fr.options
    )
    content = visitor.get(HISTORY, {"house_rule": rule.pk}).content.decode()
    assert reverse("records:chart", args=[fr.pk]) in content
    assert reverse("records:chart", args=[other.pk]) not in content
    assert "Chez Marie" in content


def test_someone_elses_house_rule_gets_the_form_back_with_a_message(owner, visitor, stranger):
    build(owner, CABO_FR)
    rule = HouseRule.objects.create(owner=stranger, game="cabo", name="X", preset="fr", options={})
    response = visitor.get(HISTORY, {"house_rule": rule.pk})
    assert response.status_code == 422
    content = response.content.decode()
    assert 'id="house_rule-errors"' in content
    assert "These house rules no longer exist; choose others." in content
    assert 'aria-describedby="house_rule-errors"' in content


def test_a_deleted_house_rule_gets_the_form_back_with_the_other_filters_applied(owner, visitor):
    cabo = build(owner, CABO_FR)
    escoba = build(owner, ESCOBA)
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="X", preset="fr", options={})
    gone = rule.pk
    rule.delete()
    response = visitor.get(HISTORY, {"house_rule": gone, "game": "escoba"})
    assert response.status_code == 422
    content = response.content.decode()
    assert "These house rules no longer exist; choose others." in content
    assert reverse("records:chart", args=[escoba.pk]) in content
    assert reverse("records:chart", args=[cabo.pk]) not in content


def test_a_player_name_too_long_gets_the_form_back_with_a_message(owner, visitor):
    build(owner, CABO_FR)
    response = visitor.get(HISTORY, {"player": "A" * 41})
    assert response.status_code == 422
    content = response.content.decode()
    assert 'id="player-errors"' in content
    assert "Ensure this value has at most 40 characters (it has 41)." in content
    assert 'maxlength="40"' in content


def test_an_htmx_filter_in_error_swaps_the_form_with_its_message(owner, visitor):
    response = visitor.get(HISTORY, {"player": "A" * 41}, headers={"HX-Request": "true"})
    # htmx swaps only a 2xx answer.
    assert response.status_code == 200
    content = response.content.decode()
    assert "<html" not in content
    assert content.strip().startswith('<form method="get"')
    assert 'id="player-errors"' in content
    assert response["HX-Retarget"] == "#filters"
    assert response["HX-Reswap"] == "outerHTML"


@pytest.mark.parametrize("query", [{"game": "poker"}, {"status": "xx"}])
def test_a_game_or_status_the_lists_do_not_offer_is_ignored(owner, visitor, caplog, query):
    """An old bookmark or an edited address: the page shows as if unfiltered by it."""
    cabo, escoba = build(owner, CABO_FR), build(owner, ESCOBA)
    response = visitor.get(HISTORY, query)
    assert response.status_code == 200
    content = response.content.decode()
    for match in (cabo, escoba):
        assert reverse("records:chart", args=[match.pk]) in content
    assert "errorlist" not in content
    assert [record for record in caplog.records if record.levelname != "INFO"] == []


def test_an_unknown_game_leaves_the_other_filters_applied(owner, visitor):
    cabo = build(owner, CABO_FR)
    in_progress = build_match(owner, "cabo", ["Ana", "Ben"])
    content = visitor.get(HISTORY, {"game": "poker", "status": "finished"}).content.decode()
    assert reverse("records:chart", args=[cabo.pk]) in content
    assert reverse("records:chart", args=[in_progress.pk]) not in content


@pytest.mark.parametrize(
    ("typed", "seated"),
    [("ana", "Ana"), ("ANA", "Ana"), ("chloe", "Chloé"), ("zoe", "Zoë"), ("Zoe", "Zoë")],
)
def test_the_player_filter_ignores_case_and_accents(owner, visitor, typed, seated):
    found = build_match(owner, "cabo", [seated, "Ben"])
    other = build_match(owner, "cabo", ["Joana", "Ben"])
    content = visitor.get(HISTORY, {"player": typed}).content.decode()
    assert reverse("records:chart", args=[found.pk]) in content
    assert reverse("records:chart", args=[other.pk]) not in content  # the whole name only
    assert "1 match" in content


@pytest.mark.parametrize("typed", ["mar", "MAR", "Mär", " ar "])
def test_a_part_of_a_name_finds_every_player_whose_name_holds_it(owner, visitor, typed):
    """QA26: the filter needed the whole name; a player at a table types a part of it."""
    marie = build_match(owner, "cabo", ["Marie", "Ben"])
    marc = build_match(owner, "cabo", ["Ben", "Marc"])
    other = build_match(owner, "cabo", ["Ben", "Zoë"])
    content = visitor.get(HISTORY, {"player": typed}).content.decode()
    assert reverse("records:chart", args=[marie.pk]) in content
    assert reverse("records:chart", args=[marc.pk]) in content
    assert reverse("records:chart", args=[other.pk]) not in content
    assert "2 matches" in content


def test_a_whole_name_finds_that_player_only(owner, visitor):
    """A name picked among the suggestions: Marc, not Marcel too."""
    marc = build_match(owner, "cabo", ["Marc", "Ben"])
    marcel = build_match(owner, "cabo", ["Marcel", "Ben"])
    content = visitor.get(HISTORY, {"player": "marc"}).content.decode()
    assert reverse("records:chart", args=[marc.pk]) in content
    assert reverse("records:chart", args=[marcel.pk]) not in content


def test_a_match_seating_two_spellings_of_a_name_is_listed_once(owner, visitor):
    """A match kept from before one table could no longer seat both spellings."""
    both = build_match(owner, "cabo", ["Zoe", "Zed", "Ben"])
    Match.objects.filter(pk=both.pk).update(players=["Zoe", "Zoë", "Ben"])
    content = visitor.get(HISTORY, {"player": "zoe"}).content.decode()
    assert content.count(f'href="{reverse("records:chart", args=[both.pk])}"') == 1
    assert "1 match" in content


def test_the_player_filter_finds_nobody_for_a_name_nobody_has(owner, visitor):
    build(owner, CABO_FR)
    content = visitor.get(HISTORY, {"player": "Zoé"}).content.decode()
    assert "No match fits these filters." in content


def test_the_player_suggestions_offer_the_other_players_while_one_is_chosen(owner, visitor):
    """The suggestions help to type the next name: those of the other filters' matches."""
    build(owner, CABO_FR)
    build(owner, ESCOBA)
    content = visitor.get(HISTORY, {"player": "ana", "game": "cabo"}).content.decode()
    suggested = re.findall(r'<option value="([^"]+)">', content.split('id="known-players"')[1])
    assert suggested == ["Ana", "Ben"]


def test_the_history_is_paginated_and_keeps_the_filters(owner, visitor):
    for _ in range(23):
        build_match(owner, "cabo", ["Ana", "Ben"])
    build_match(owner, "cabanga", ["Ana", "Ben", "Chloé"])
    first = visitor.get(HISTORY, {"game": "cabo"}).content.decode()
    assert first.count('class="panel match-item"') == 20
    assert "Page 1 of 2" in first and "Newer matches" not in first
    older = re.search(r'rel="next" href="([^"]+)" hx-get="([^"]+)"', first)
    assert older[1] == older[2] == "?game=cabo&amp;page=2"
    second = visitor.get(HISTORY + html.unescape(older[1])).content.decode()
    assert second.count('class="panel match-item"') == 3  # the cabanga match stays filtered out
    assert "Page 2 of 2" in second and "Older matches" not in second
    assert 'rel="prev" href="?game=cabo&amp;page=1"' in second


def test_the_older_matches_come_as_the_list_alone_to_htmx(owner, visitor):
    for _ in range(21):
        build_match(owner, "cabo", ["Ana", "Ben"])
    response = visitor.get(HISTORY, {"page": 2}, headers={"HX-Request": "true"})
    content = response.content.decode()
    assert content.strip().startswith('<section id="results"')
    assert content.count('class="panel match-item"') == 1
    assert 'hx-target="#results"' in content and "Newer matches" in content


def test_a_filters_count_is_said_in_a_region_the_page_keeps(owner, visitor):
    build(owner, ESCOBA)
    page = visitor.get(HISTORY).content.decode()
    assert '<p id="results-said" class="visually-hidden" role="status"></p>' in page
    assert "hx-swap-oob" not in page and "aria-live" not in page
    answer = visitor.get(HISTORY, {"game": "escoba"}, headers={"HX-Request": "true"})
    assert '<p id="results-said" hx-swap-oob="innerHTML">1 match</p>' in answer.content.decode()


def test_an_htmx_filter_request_gets_only_the_list(owner, visitor):
    build(owner, ESCOBA)
    response = visitor.get(HISTORY, {"game": "escoba"}, headers={"HX-Request": "true"})
    content = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in content
    assert content.strip().startswith('<section id="results"')
    assert "HX-Request" in response["Vary"]


def test_an_htmx_history_restore_gets_the_whole_page(visitor):
    headers = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
    assert "<html" in visitor.get(HISTORY, headers=headers).content.decode()


def test_the_history_refuses_post(visitor):
    assert visitor.post(HISTORY).status_code == 405


def test_the_navigation_links_to_the_history(client):
    assert f'href="{HISTORY}"' in client.get(reverse("home")).content.decode()


def test_each_match_says_the_rules_it_was_played_by(owner, visitor):
    """QA26: a French and an official Cabo match of one evening read the same."""
    french = build(owner, CABO_FR)  # the French rules, played to 50
    build_match(owner, "cabo", ["Ana", "Ben"], [cabo_round("Ana", Ana=1, Ben=5)], preset="official")
    build(owner, ESCOBA)  # Escoba's one preset, as it is: nothing to tell apart
    metas = re.findall(r'<p class="match-meta">(.*?)</p>', visitor.get(HISTORY).content.decode())
    said = [html.unescape(re.sub(r"<[^>]+>", "", meta)).split(" · ", 1)[1:] for meta in metas]
    assert said == [[], ["Official Cabo deck"], ["French rules (Target score: 50)"]]
    rule = HouseRule.objects.create(
        owner=owner, game="cabo", name="Chez Marie", preset="fr", options=french.options
    )
    metas = re.findall(r'<p class="match-meta">(.*?)</p>', visitor.get(HISTORY).content.decode())
    assert metas[2].endswith(f" · {rule.name}")  # a house rule of the same rules names them
