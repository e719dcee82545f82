"""Budgets: every page costs a fixed number of SQL queries whatever the data, and the
bytes a phone downloads stay within what issue 11 allows."""

from __future__ import annotations

import gzip
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorepad.bench.data import history_documents
from scorepad.matches.models import Owner
from scorepad.records import exchange
from tests.matches.helpers import round_post
from tests.records.conftest import build_match, client_of

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}

# The most queries each page may make (the session and the owner are two of them).
QUERIES = {
    "home": 3,
    "pick game": 1,
    "set-up": 5,
    "scoreboard": 5,
    "scoreboard, kept": 2,  # the session and the match's version
    "scoreboard fragment": 5,
    "scoresheet": 5,
    "why this score": 4,
    "round POST": 15,  # 4 of them savepoints
    "correction page": 4,
    "chart": 4,
    "history": 6,
    "players": 4,
    "player": 5,
    "house rules": 3,
    "rules index": 1,
    "rules page": 1,
    "quick reference": 1,
    "questions": 1,
    "walkthrough": 1,
    "card lookup": 1,
    "practice": 1,
}


def queries(client, url: str, *, data: dict | None = None, post: bool = False, **kwargs) -> int:
    with CaptureQueriesContext(connection) as context:
        response = (client.post if post else client.get)(url, data, **kwargs)
    assert response.status_code in (200, 302), (url, response.status_code)
    return len(context)


@pytest.fixture
def owner(db) -> Owner:
    return Owner.objects.create()


@pytest.fixture
def visitor(owner):
    client = client_of(owner)
    client.get(reverse("home"))  # the first request of the day renews the session
    return client


def imported(owner: Owner, count: int, now: datetime) -> None:
    exchange.save_matches(owner, exchange.check_documents(history_documents(count, now)))


def cabanga_match(owner: Owner, rounds: int):
    return build_match(
        owner,
        "cabanga",
        ["Ana", "Ben", "Chloé"],
        [{"hands": {"Ana": 0, "Ben": n % 2, "Chloé": (n + 1) % 2}} for n in range(rounds)],
        options={"threshold": 200},
    )


def test_the_lists_cost_the_same_queries_for_10_or_200_matches(owner, visitor):
    pages = {
        "home": reverse("home"),
        "history": reverse("records:history"),
        "players": reverse("records:players"),
        "player": reverse("records:player", args=["Ana"]),
    }
    imported(owner, 10, datetime(2026, 1, 1, tzinfo=UTC))
    few = {name: queries(visitor, url) for name, url in pages.items()}
    imported(owner, 190, datetime(2025, 1, 1, tzinfo=UTC))
    many = {name: queries(visitor, url) for name, url in pages.items()}
    assert many == few
    assert all(few[name] <= QUERIES[name] for name in pages), few


def test_a_match_costs_the_same_queries_at_1_or_200_rounds(owner, visitor):
    def costs(match) -> dict[str, int]:
        pk = match.pk
        return {
            "scoreboard": queries(visitor, reverse("matches:match", args=[pk])),
            "scoreboard, kept": queries(visitor, reverse("matches:match", args=[pk])),
            "scoreboard fragment": queries(
                visitor, reverse("matches:match", args=[pk]), headers=HTMX
            ),
            "scoresheet": queries(visitor, reverse("matches:scoresheet", args=[pk])),
            "correction page": queries(visitor, reverse("matches:edit_round", args=[pk, 1])),
            "why this score": queries(visitor, reverse("matches:round_why", args=[pk, 1])),
            "chart": queries(visitor, reverse("records:chart", args=[pk])),
            "round POST": queries(
                visitor,
                reverse("matches:add_round", args=[pk]),
                data=round_post(match.round_count + 1, points_0="0", points_1="3", points_2="5"),
                post=True,
                headers=HTMX,
            ),
        }

    short_match, long_match = cabanga_match(owner, 1), cabanga_match(owner, 200)
    short, long = costs(short_match), costs(long_match)
    for match, rounds in ((short_match, 2), (long_match, 201)):  # the POSTs were recorded
        match.refresh_from_db()
        assert match.round_count == rounds
    assert long == short
    assert {name: count for name, count in short.items() if count > QUERIES[name]} == {}


def test_every_other_page_costs_a_fixed_number_of_queries(owner, visitor, client):
    build_match(owner, "cabo", ["Ana", "Ben"])
    pages = {
        "pick game": reverse("matches:pick_game"),
        "set-up": reverse("matches:new", args=["cabo"]),
        "house rules": reverse("records:house_rules"),
        "rules index": reverse("guide:index"),
        "rules page": reverse("guide:rules", args=["cabo"]),
        "quick reference": reverse("guide:quick", args=["escoba"]),
        "questions": reverse("guide:faq", args=["cabo"]),
        "walkthrough": reverse("guide:walkthrough", args=["cabanga", 2]),
        "card lookup": reverse("guide:cabo_cards"),
        "practice": reverse("guide:practice"),
    }
    costs = {name: queries(visitor, url) for name, url in pages.items()}
    assert all(costs[name] <= QUERIES[name] for name in pages), costs
    # A first visit (no session) costs no more.
    assert queries(client, reverse("home")) <= QUERIES["home"]


def first_load(client, url: str) -> int:
    """The bytes of a page and of the assets it names, compressed as a browser gets them."""
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    page = gzip.decompress(response.content).decode()
    total = len(response.content)
    for asset in set(re.findall(r'(?:href|src)="/static/([^"]+)"', page)):
        total += len(gzip.compress(Path(finders.find(asset)).read_bytes()))
    return total


def test_a_scoreboard_first_load_fits_the_budget_at_10_and_200_rounds(owner, visitor):
    ten, two_hundred = cabanga_match(owner, 10), cabanga_match(owner, 200)
    assert first_load(visitor, reverse("matches:match", args=[ten.pk])) <= 60_000
    assert first_load(visitor, reverse("matches:match", args=[two_hundred.pk])) <= 80_000


def test_pages_are_compressed_with_a_fresh_csrf_mask_each_time(visitor):
    """BREACH: a compressed page's only secret, the CSRF token, differs on every answer."""
    url = reverse("matches:new", args=["cabo"])
    tokens = set()
    for _ in range(2):
        response = visitor.get(url, headers={"Accept-Encoding": "gzip"})
        assert response["Content-Encoding"] == "gzip"
        page = gzip.decompress(response.content).decode()
        tokens.add(re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1))
    assert len(tokens) == 2


@pytest.mark.parametrize("rounds", [10, 200])
def test_a_round_posted_answers_within_10_kb_at_10_and_200_rounds(owner, visitor, rounds):
    """What changed (the new row among the last ones, the standing, a fresh form...),
    not the whole board: within 10 KB compressed as sent, and about as big at 200
    rounds as at 10."""
    match = cabanga_match(owner, rounds)
    url = reverse("matches:add_round", args=[match.pk])
    data = round_post(rounds + 1, points_0="0", points_1="3", points_2="5")
    response = visitor.post(url, data, headers={**HTMX, "Accept-Encoding": "gzip"})
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.round_count == rounds + 1
    assert response["Content-Encoding"] == "gzip"
    assert len(response.content) <= 10_000
    assert len(gzip.decompress(response.content)) <= 20_000
