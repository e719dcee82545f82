"""`make bench`: its reference views exist only for it, and its data set is what the app stores."""

from __future__ import annotations

import importlib.util
import sys
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from scorepad.bench import data
from scorepad.bench.views import ROWS
from scorepad.matches.models import Match, Owner
from scorepad.records.exchange import check_documents

from .test_settings import PRODUCTION, settings_value

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent


def test_the_reference_views_are_not_routed_by_the_app(client):
    assert client.get("/bench/ok/").status_code == 404
    assert client.get("/bench/template/").status_code == 404
    assert client.post("/bench/write/").status_code == 404


def test_only_the_bench_variable_selects_the_bench_urls():
    assert settings_value("ROOT_URLCONF", PRODUCTION).stdout.strip() == "'scorepad.urls'"
    bench = {**PRODUCTION, "SCOREPAD_BENCH": "1"}
    assert settings_value("ROOT_URLCONF", bench).stdout.strip() == "'scorepad.bench.urls'"


def test_the_bench_urls_serve_the_reference_views_beside_the_app(settings):
    settings.ROOT_URLCONF = "scorepad.bench.urls"
    client = Client()
    assert client.get("/bench/ok/").content == b"ok"
    page = client.get("/bench/template/")
    assert 4000 < len(page.content) < 8000
    assert page.content.count(b"<tr id=") == len(ROWS)
    assert client.get(reverse("home")).status_code == 200


def test_the_reference_write_saves_the_session_and_renders_the_template(settings):
    settings.ROOT_URLCONF = "scorepad.bench.urls"
    client = Client(enforce_csrf_checks=True)
    client.cookies["csrftoken"] = "x" * 32
    headers = {"X-CSRFToken": "x" * 32}
    assert client.get("/bench/write/").status_code == 405
    assert Client(enforce_csrf_checks=True).post("/bench/write/").status_code == 403
    for writes in (1, 2):
        page = client.post("/bench/write/", {"n": 1}, headers=headers)
        assert page.content.count(b"<tr id=") == len(ROWS)
        assert client.session["bench_writes"] == writes


def test_the_scoreboard_matches_go_on_for_200_rounds_and_more():
    short, long = data.board_documents(datetime.now(UTC))
    checked = check_documents([short, long])
    assert [len(entry.rounds) for entry in checked] == [10, 200]
    assert long["rounds"][:10] == short["rounds"]
    assert not checked[1].state.finished
    # The load test adds rounds where the caller holds 0 and the others 1: far from 1000.
    assert max(checked[1].state.totals.values()) < 800


def test_a_history_holds_the_three_games_mostly_played_to_the_end():
    documents = data.history_documents(60, datetime.now(UTC))
    checked = check_documents(documents)
    assert {document["game"] for document in documents} == {"cabo", "escoba", "cabanga"}
    assert all(1 <= len(entry.rounds) <= data.MAX_ROUNDS for entry in checked)
    assert sum(entry.state.finished for entry in checked) > 40
    assert any(document["teams"] for document in documents)


def test_a_history_of_more_matches_than_a_day_allows_is_saved_whole(monkeypatch):
    """The 5,000-match history passes the day's quota of matches: saved as played over
    months, not imported today (the quota counts an import from its day, F47)."""
    monkeypatch.setattr("scorepad.limits.MAX_MATCHES_PER_FILE", 4)
    monkeypatch.setattr("scorepad.matches.services.MAX_MATCHES_PER_DAY", 6)
    owner = Owner.objects.create()
    saved = data.save(owner, data.history_documents(12, datetime.now(UTC)))
    assert len(saved) == Match.objects.filter(owner=owner, imported=None).count() == 12


def test_a_session_cookie_opens_the_owners_history(client):
    owner = Owner.objects.create()
    data.save(owner, data.history_documents(3, datetime.now(UTC)))
    name, key = data.session_cookie(owner).split("=")
    client.cookies[name] = key
    page = client.get(reverse("records:history"))
    assert page.status_code == 200
    shown = Match.objects.filter(owner=owner).first()
    assert reverse("matches:scoresheet", args=[shown.pk]) in page.content.decode()


def test_the_round_posts_go_on_from_where_each_match_stands(client):
    """Every wrk run posts to the same matches, each at its next round and from the board
    of its last version, as `next` tells: a round recorded moves both on."""
    owner = Owner.objects.create()
    short, _long = data.board_documents(datetime.now(UTC))
    first, second = data.save(owner, [short, short])
    assert data.next_rounds([second.pk, first.pk]) == [
        (second.pk, 11, second.version),
        (first.pk, 11, first.version),
    ]
    name, key = data.session_cookie(owner).split("=")
    client.cookies[name] = key
    sent = {"number": 11, "entry_key": str(uuid.uuid4()), "caller": 0, "seen": first.version}
    sent.update({f"hand_{seat}": 0 if seat == 0 else 1 for seat in range(len(data.BOARD_PLAYERS))})
    assert client.post(reverse("matches:add_round", args=[first.pk]), sent).status_code == 302
    first.refresh_from_db()
    assert data.next_rounds([first.pk]) == [(first.pk, 12, first.version)]


def bench_script():
    """scripts/bench.py, loaded as a module (it runs only under `__main__`)."""
    spec = importlib.util.spec_from_file_location("bench_script", ROOT / "scripts" / "bench.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.django_db(databases=[])
def test_flatness_is_judged_on_the_two_pages_loaded_by_turns():
    bench = bench_script()
    pages = {page.key: page for page in bench.PAGES}

    def pair(flat):
        small = bench.Result("SQLite", pages["history10"], rps=1000.0, bare=2000.0)
        # Its own ratio is far under the small page's (a disturbed bare run): not judged.
        big = bench.Result("SQLite", pages["history5000"], rps=900.0, bare=3000.0, flat=flat)
        bench.judge([small, big])
        return big

    assert pair(0.9).faults == []
    assert "0.90× history, 10 matches" in pair(0.9).measured
    assert pair(0.7).faults == ["< 0.8× history, 10 matches"]
    assert pair(None).faults == ["no history, 10 matches to compare"]
