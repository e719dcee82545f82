"""Budgets: every page costs a fixed number of SQL queries whatever the data, and the
bytes a phone downloads stay within what issue 11 allows."""

from __future__ import annotations

import gzip
import re
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver, resolve, reverse

from scorepad.accounts.models import Claim
from scorepad.bench.data import history_documents
from scorepad.core.staticfiles import served
from scorepad.matches import sharing
from scorepad.matches.models import HouseRule, Owner
from scorepad.records import exchange
from tests.matches.helpers import round_post
from tests.records.conftest import build_match, client_of

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}

# The most queries each page may make (the session, read with its owner, is one of them).
QUERIES = {
    "home": 2,
    "home after a deletion": 3,
    "health": 2,
    "manifest": 1,
    "service worker": 1,
    "offline": 1,
    "pick game": 1,
    "set-up": 4,
    "set-up from a house rule": 4,
    "set-up options": 4,
    "scoreboard": 6,  # with its share panel's links and its last change
    "scoreboard, kept": 1,  # the session with its owner (the match's version is kept)
    "scoreboard fragment": 5,
    "scoresheet": 4,
    "why this score": 3,
    "why this score, walked": 3,
    "round POST": 11,  # 2 of them the test transaction's savepoint, 1 the owner's version
    # The board's last rounds read again for the answer, and what changed before the round
    # (a correction the board did not show yet).
    "round POST, board behind": 13,
    "correction page": 3,
    "players' names": 2,
    "chart": 3,
    "history": 5,
    "history, filtered": 5,
    "history, older page": 5,
    "history by house rule": 4,
    "export (JSON)": 3,
    "export (CSV)": 3,
    "match export (JSON)": 3,
    "match export (CSV)": 3,
    "players": 3,
    "players by game": 4,  # and the spellings of the whole history: a filter renames no one
    "player": 5,  # the spellings of the name seated (any capitals), then its figures
    "player by house rule": 4,
    "save house rule": 2,
    "house rules": 2,
    "live page": 5,
    "live board": 5,
    "live correction page": 3,
    "live why this score": 4,
    "rules index": 1,
    "rules page": 1,
    "quick reference": 1,
    "questions": 1,
    "walkthrough": 1,
    "walkthrough step": 1,
    "card lookup": 1,
    "practice": 1,
}
# A page kept rendered (`core.pagecache`) and asked again: the session, read with its owner.
KEPT_QUERIES = 1
# The most queries each account page may make (session, user and owner among them).
ACCOUNT_QUERIES = {
    "account": 5,
    "sign-up": 1,
    "sign-in": 1,
    "password": 3,
    "password changed": 3,
    "password reset": 3,
    "password reset sent": 3,
    "password reset link": 3,
    "password reset done": 3,
    "delete account": 3,
    "email": 3,
    "my statistics": 5,
    "my seats": 6,
    "claim a seat": 5,
    "claim a followed seat": 6,
    "claimed seats": 5,
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
            # From the board as it is (its version), then from one left behind.
            "round POST": queries(
                visitor,
                reverse("matches:add_round", args=[pk]),
                data=round_post(match.round_count + 1, seen=str(match.version), **points),
                post=True,
                headers=HTMX,
            ),
            "round POST, board behind": queries(
                visitor,
                reverse("matches:add_round", args=[pk]),
                data=round_post(match.round_count + 2, seen=str(match.version), **points),
                post=True,
                headers=HTMX,
            ),
        }

    points = {"points_0": "0", "points_1": "3", "points_2": "5"}

    short_match, long_match = cabanga_match(owner, 1), cabanga_match(owner, 200)
    short, long = costs(short_match), costs(long_match)
    for match, rounds in ((short_match, 3), (long_match, 202)):  # the POSTs were recorded
        match.refresh_from_db()
        assert match.round_count == rounds
    assert long == short
    assert {name: count for name, count in short.items() if count > QUERIES[name]} == {}


def test_a_first_visit_costs_no_query_and_a_kept_page_one(owner, visitor, client):
    assert queries(client, reverse("home")) == 0
    assert queries(client, reverse("guide:rules", args=["cabo"])) == 0
    imported(owner, 30, datetime(2026, 1, 1, tzinfo=UTC))
    for url in (reverse("home"), reverse("records:history"), reverse("records:players")):
        visitor.get(url)
        assert queries(visitor, url) == KEPT_QUERIES


# Every route of the app that answers a GET (the admin aside), and those that do not.
POST_ONLY = {
    "matches:add_round",
    "matches:delete_last",
    "matches:restore",
    "matches:undo_correction",
    "matches:again",
    "matches:abandon",
    "matches:resume",
    "matches:delete",
    "matches:restore_match",
    "records:import",
    "records:delete_house_rule",
    "records:restore_house_rule",
    "set_language",
    "matches:share",
    "matches:stop_sharing",
    "matches:share_again",
    "live:add_round",
    "live:undo_correction",
    "accounts:log_out",
    "accounts:release",
    "accounts:free_seat",
    "accounts:claim_everywhere",
}


def every_get_page(match, rule, links) -> dict[str, tuple[str, dict, dict]]:
    """(address, query, headers) of every GET page, about `match`, house rule `rule` and
    the match's follow and co-scorer links (`links.follow`, `links.score`)."""
    pk = match.pk
    return {
        "home": ("/", {}, {}),
        "home after a deletion": ("/", {"deleted": str(pk)}, {}),
        "health": (reverse("health"), {}, {}),
        "manifest": (reverse("manifest"), {}, {}),
        "service worker": (reverse("service_worker"), {}, {}),
        "offline": (reverse("offline"), {}, {}),
        "pick game": (reverse("matches:pick_game"), {}, {}),
        "set-up": (reverse("matches:new", args=["cabanga"]), {}, {}),
        "set-up from a house rule": (
            reverse("matches:new", args=["cabanga"]),
            {"house_rule": str(rule.pk)},
            {},
        ),
        "set-up options": (
            reverse("matches:new", args=["cabanga"]),
            {"preset": "classic"},
            {**HTMX, "HX-Target": "options"},
        ),
        "scoreboard": (reverse("matches:match", args=[pk]), {}, {}),
        "scoreboard fragment": (reverse("matches:match", args=[pk]), {}, HTMX),
        "scoresheet": (reverse("matches:scoresheet", args=[pk]), {}, {}),
        "correction page": (reverse("matches:edit_round", args=[pk, 1]), {}, {}),
        "why this score, walked": (reverse("matches:round_why", args=[pk, 1]), {}, HTMX),
        "players' names": (reverse("matches:players", args=[pk]), {}, {}),
        "rules index": (reverse("guide:index"), {}, {}),
        "practice": (reverse("guide:practice"), {"played": "7o", "table": "8c"}, {}),
        "card lookup": (reverse("guide:cabo_cards"), {"card": "K"}, {}),
        "quick reference": (reverse("guide:quick", args=["escoba"]), {}, {}),
        "questions": (reverse("guide:faq", args=["cabo"]), {}, {}),
        "rules page": (reverse("guide:rules", args=["cabo"]), {"preset": "official"}, {}),
        "walkthrough": (reverse("guide:walkthrough_start", args=["cabanga"]), {}, {}),
        "walkthrough step": (reverse("guide:walkthrough", args=["cabanga", 2]), {}, HTMX),
        "history": (reverse("records:history"), {}, {}),
        "history, filtered": (
            reverse("records:history"),
            {"game": "cabanga", "status": "in_progress", "player": "Ana"},
            {},
        ),
        "history, older page": (reverse("records:history"), {"page": "2"}, HTMX),
        "history by house rule": (reverse("records:history"), {"house_rule": rule.pk}, {}),
        "export (JSON)": (reverse("records:export_json"), {}, {}),
        "export (CSV)": (reverse("records:export_csv"), {}, {}),
        "players": (reverse("records:players"), {}, {}),
        "players by game": (reverse("records:players"), {"game": "cabanga"}, {}),
        "player": (reverse("records:player", args=["Ana"]), {}, {}),
        "player by house rule": (
            reverse("records:player", args=["Ana"]),
            {"house_rule": rule.pk},
            {},
        ),
        "chart": (reverse("records:chart", args=[pk]), {}, {}),
        "match export (JSON)": (reverse("records:match_json", args=[pk]), {}, {}),
        "match export (CSV)": (reverse("records:match_csv", args=[pk]), {}, {}),
        "save house rule": (reverse("records:save_house_rule", args=[pk]), {}, {}),
        "house rules": (reverse("records:house_rules"), {}, {}),
        "live page": (reverse("live:page", args=[links.follow]), {}, {}),
        "live board": (reverse("live:board", args=[links.follow]), {}, HTMX),
        "live correction page": (reverse("live:edit_round", args=[links.score, 1]), {}, {}),
        "live why this score": (reverse("live:round_why", args=[links.follow, 1]), {}, HTMX),
    }


def page_queries(client, url: str, data: dict, headers: dict) -> int:
    """Queries of one answer, rendered afresh (no page kept by `core.pagecache`)."""
    cache.clear()
    with CaptureQueriesContext(connection) as context:
        response = client.get(url, data, headers=headers)
        if response.streaming:
            b"".join(response.streaming_content)
    assert response.status_code == 200, (url, data, response.status_code)
    return len(context)


def test_every_get_route_is_walked():
    names = set()
    for route in get_resolver().url_patterns:
        if getattr(route, "namespace", None) == "admin":
            continue
        patterns = getattr(route, "url_patterns", [route])
        prefix = f"{route.namespace}:" if getattr(route, "namespace", None) else ""
        names |= {prefix + pattern.name for pattern in patterns}
    match, links = SimpleNamespace(pk=1), SimpleNamespace(follow="f" * 32, score="s" * 32)
    pages = [
        *every_get_page(match, SimpleNamespace(pk=1), links).values(),
        *every_account_page(match, links).values(),
    ]
    walked = {resolve(url).view_name for url, _, _ in pages}
    # /favicon.ico is a redirect to a static file, no page (tests/test_pwa.py).
    assert names - POST_ONLY - {"favicon"} == walked


def test_every_get_page_costs_the_same_queries_whatever_the_data(db):
    """Two owners' worlds: 2 matches, the one looked at of 1 round; 40 matches, the one
    looked at of 60 rounds. Each page, rendered afresh, makes as many queries in both."""

    def world(matches: int, rounds: int) -> dict[str, int]:
        owner = Owner.objects.create()
        imported(owner, matches - 1, datetime(2026, 1, 1, tzinfo=UTC))
        match = cabanga_match(owner, rounds)
        rule = HouseRule.objects.create(
            owner=owner, game="cabanga", name="Ours", preset=match.preset, options=match.options
        )
        links = SimpleNamespace(
            follow=sharing.share(match, "follow").token, score=sharing.share(match, "score").token
        )
        browser = client_of(owner)
        browser.get(reverse("home"))  # the first request of the day renews the session
        pages = every_get_page(match, rule, links)
        return {name: page_queries(browser, *page) for name, page in pages.items()}

    small, large = world(2, 1), world(40, 60)
    assert large == small
    over = {name: count for name, count in small.items() if count > QUERIES[name]}
    assert over == {}


def every_account_page(match, links) -> dict[str, tuple[str, dict, dict]]:
    """(address, query, headers) of every GET page of accounts, as its signed-in user."""
    reset = reverse("accounts:password_reset_confirm", args=["MQ", "set-password"])
    return {
        "account": (reverse("accounts:account"), {}, {}),
        "sign-up": (reverse("accounts:sign_up"), {}, {}),
        "sign-in": (reverse("accounts:log_in"), {}, {}),
        "password": (reverse("accounts:password_change"), {}, {}),
        "password changed": (reverse("accounts:password_changed"), {}, {}),
        "password reset": (reverse("accounts:password_reset"), {}, {}),
        "password reset sent": (reverse("accounts:password_reset_sent"), {}, {}),
        "password reset link": (reset, {}, {}),
        "password reset done": (reverse("accounts:password_reset_complete"), {}, {}),
        "delete account": (reverse("accounts:delete"), {}, {}),
        "email": (reverse("accounts:email_change"), {}, {}),
        "my statistics": (reverse("accounts:statistics"), {}, {}),
        "my seats": (reverse("accounts:seats"), {}, {}),
        "claim a seat": (reverse("accounts:claim", args=[match.pk]), {}, {}),
        "claim a followed seat": (reverse("accounts:claim_followed", args=[links.follow]), {}, {}),
        "claimed seats": (reverse("accounts:claimed_seats", args=[match.pk]), {}, {}),
    }


def test_every_account_page_costs_the_same_queries_whatever_the_data(db):
    """An account with 2 matches and 1 claimed seat, and one with 40 matches and 30 claimed
    seats across scorers: each page makes as many queries for both. Sign-up and sign-in
    are asked by a visitor not signed in (a signed-in one is sent on)."""
    users = get_user_model().objects

    def world(matches: int, claims: int) -> dict[str, int]:
        user = users.create_user(f"player{matches}", f"p{matches}@example.org", "a pass phrase")
        owner = Owner.objects.create(user=user)
        imported(owner, matches - 1, datetime(2026, 1, 1, tzinfo=UTC))
        match = cabanga_match(owner, 3)
        scorer = Owner.objects.create()
        followed = [cabanga_match(scorer, 2) for _ in range(claims)]
        for other in followed:
            Claim.objects.create(user=user, match=other, position=0)
        links = SimpleNamespace(follow=sharing.share(followed[0], "follow").token, score="")
        browser = Client()
        browser.force_login(user)
        browser.get(reverse("home"))
        visitor = Client()
        counts = {}
        for name, page in every_account_page(match, links).items():
            who = visitor if name in ("sign-up", "sign-in") else browser
            counts[name] = page_queries(who, *page)
        return counts

    small, large = world(2, 1), world(40, 30)
    assert large == small
    over = {name: count for name, count in small.items() if count > ACCOUNT_QUERIES[name]}
    assert over == {}


def first_load(client, url: str) -> int:
    """The bytes of a page and of the assets it names, compressed as a browser gets them
    (each asset as production serves it, `staticfiles.served`)."""
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    page = gzip.decompress(response.content).decode()
    total = len(response.content)
    for asset in set(re.findall(r'(?:href|src)="/static/([^"]+)"', page)):
        total += len(gzip.compress(served(asset, Path(finders.find(asset)).read_bytes())))
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


def test_a_matchs_rounds_and_seats_are_read_without_joining_the_match(owner):
    """Their default order is by the match's column: by `match`, it would follow the
    match's own order, joining the match to every read of its rounds or seats."""
    match = cabanga_match(owner, 2)
    assert "JOIN" not in str(match.rounds.all().query)
    assert "JOIN" not in str(match.seats.all().query)


def test_a_followed_board_reads_its_last_rounds_alone(owner, client):
    """A follower's page and the board it polls read the rounds they show, whatever the
    match's length (all of them when asked: `?rounds=all`)."""
    match = cabanga_match(owner, 30)
    token = sharing.share(match, "follow").token

    def shown(name: str, **query) -> tuple[set[bytes], list[str]]:
        cache.clear()
        with CaptureQueriesContext(connection) as context:
            response = client.get(reverse(name, args=[token]), query, headers=HTMX)
        assert response.status_code == 200
        rows = set(re.findall(rb'id="round-(\d+)"', response.content))
        return rows, [q["sql"] for q in context if "matches_round" in q["sql"]]

    last = {str(n).encode() for n in range(21, 31)}
    for name in ("live:page", "live:board"):
        rows, reads = shown(name)
        assert rows == last
        assert reads and all("LIMIT" in sql for sql in reads), reads
    rows, _ = shown("live:board", rounds="all")
    assert len(rows) == 30


def test_the_home_page_of_a_phone_that_follows_tables_costs_the_same_for_1_or_6_links(owner):
    """The links a browser opened come back in one query with their matches (QA46)."""

    def home_queries(count: int) -> int:
        scorer = Owner.objects.create()
        browser = client_of(owner)
        browser.get(reverse("home"))  # the first request of the day renews the session
        for _ in range(count):
            link = sharing.share(cabanga_match(scorer, 2), "follow")
            browser.get(reverse("live:page", args=[link.token]))
        return page_queries(browser, "/", {}, {})

    one, six = home_queries(1), home_queries(6)
    assert one == six <= QUERIES["home"] + 1
