"""The history, a player page and a chart each cost a fixed number of queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorepad.matches.models import HouseRule

from .conftest import build, build_match
from .matches import CABANGA_SHARED, CABO_FR, ESCOBA

pytestmark = pytest.mark.django_db
MOST_QUERIES = 8


def queries(client, url: str, data: dict | None = None) -> int:
    renew_the_session(client)
    with CaptureQueriesContext(connection) as context:
        assert client.get(url, data).status_code == 200
    return len(context)


def renew_the_session(client) -> None:
    """The first request of the day renews the session (one write); count the others."""
    client.get(reverse("home"))


def add_matches(owner, count: int) -> None:
    specs = [CABO_FR, ESCOBA, CABANGA_SHARED]
    for index in range(count):
        build(owner, specs[index % 3])


def long_match(owner, rounds: int):
    return build_match(
        owner,
        "cabanga",
        ["Ana", "Ben", "Chloé"],
        [{"hands": {"Ana": 0, "Ben": n % 3, "Chloé": {"1": 1}}} for n in range(rounds)],
        options={"threshold": 200},
    )


@pytest.mark.parametrize(
    ("url", "data"),
    [
        (reverse("records:history"), {}),
        (reverse("records:history"), {"player": "Ana", "status": "finished"}),
        (reverse("records:history"), {"player": "ANA"}),
        (reverse("records:history"), {"player": "d"}),  # a part of Ada and of D
        (reverse("records:players"), {}),
        (reverse("records:players"), {"player": "ana"}),
        (reverse("records:players"), {"player": "n"}),  # a part of Ana and Ben
        (reverse("records:player", args=["Ana"]), {}),
        (reverse("records:player", args=["Ana"]), {"game": "cabo"}),
    ],
)
def test_the_query_count_does_not_grow_with_the_matches(owner, visitor, url, data):
    HouseRule.objects.create(owner=owner, game="cabo", name="Short", preset="fr", options={})
    add_matches(owner, 5)
    few = queries(visitor, url, data)
    add_matches(owner, 195)
    long_match(owner, 60)
    assert queries(visitor, url, data) == few
    assert few <= MOST_QUERIES


def test_a_player_typed_in_any_spelling_costs_the_history_no_query_more(owner, visitor):
    """The typed name's spellings are looked up by the query that otherwise reads the
    suggestions: one query of names either way."""
    add_matches(owner, 30)
    history = reverse("records:history")
    unfiltered = queries(visitor, history)
    assert queries(visitor, history, {"player": "Ana"}) == unfiltered
    assert queries(visitor, history, {"player": "ana"}) == unfiltered
    long_match(owner, 3)
    assert queries(visitor, history, {"player": "chloe"}) == unfiltered
    assert queries(visitor, history, {"player": "LO"}) == unfiltered


def test_a_chart_costs_the_same_with_one_round_or_sixty(
    owner, visitor, django_assert_max_num_queries
):
    short, long = long_match(owner, 1), long_match(owner, 60)
    few = queries(visitor, reverse("records:chart", args=[short.pk]))
    with django_assert_max_num_queries(few):
        content = visitor.get(reverse("records:chart", args=[long.pk])).content.decode()
    assert '<th scope="row">60</th>' in content


def test_the_history_exports_cost_the_same_for_5_or_200_matches(owner, visitor):
    add_matches(owner, 5)

    def export_queries(name: str) -> int:
        renew_the_session(visitor)
        with CaptureQueriesContext(connection) as context:
            b"".join(visitor.get(reverse(name)).streaming_content)
        return len(context)

    few = {name: export_queries(name) for name in ("records:export_json", "records:export_csv")}
    add_matches(owner, 195)
    assert {name: export_queries(name) for name in few} == few


@pytest.mark.parametrize(
    ("url", "data", "limited"),
    [
        (reverse("records:history"), {"game": "cabo", "status": "finished"}, True),
        (reverse("records:players"), {"game": "cabo", "status": "finished"}, False),
    ],
)
def test_game_and_status_are_filtered_by_the_database(owner, visitor, url, data, limited):
    add_matches(owner, 30)
    with CaptureQueriesContext(connection) as context:
        assert visitor.get(url, data).status_code == 200
    # The players page sums the kept seats of the matches the filters leave (the names
    # of the whole history it reads besides, for their spellings, are not filtered).
    tallies = 'SELECT "matches_seat"."name" AS "name", "matches_match"."game"'
    start = 'SELECT "matches_match"."id"' if limited else tallies
    rows = [query["sql"] for query in context.captured_queries if query["sql"].startswith(start)]
    assert len(rows) == 1
    assert "\"game\" = 'cabo'" in rows[0]
    assert '"finished"' in rows[0]
    # The history loads one page of matches, not every one of them.
    assert (" LIMIT " in rows[0]) == limited
