"""What every page says about itself: its content security policy, who may cache it,
that HEAD works; how often the session is written; that admin sign-in is throttled."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scorepad.matches.models import HouseRule
from tests.records.conftest import build, client_of
from tests.records.matches import CABO_FR

pytestmark = pytest.mark.django_db


@pytest.fixture
def pages(owner) -> list[str]:
    """One URL of every page a visitor can GET."""
    match = build(owner, CABO_FR)
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="Home", preset="fr")
    assert rule.pk
    return [
        reverse("home"),
        reverse("health"),
        reverse("matches:pick_game"),
        reverse("matches:new", args=["cabo"]),
        reverse("matches:match", args=[match.pk]),
        reverse("matches:scoresheet", args=[match.pk]),
        reverse("matches:edit_round", args=[match.pk, 1]),
        reverse("records:history"),
        reverse("records:players"),
        reverse("records:player", args=["Ana"]),
        reverse("records:chart", args=[match.pk]),
        reverse("records:house_rules"),
        reverse("records:save_house_rule", args=[match.pk]),
        reverse("records:match_json", args=[match.pk]),
        reverse("records:match_csv", args=[match.pk]),
        reverse("records:export_json"),
        reverse("records:export_csv"),
        reverse("guide:index"),
        reverse("guide:rules", args=["cabo"]),
        reverse("guide:walkthrough_start", args=["escoba"]),
        reverse("guide:walkthrough", args=["cabanga", 2]),
        reverse("guide:practice"),
    ]


@pytest.fixture
def owner(db):
    from scorepad.matches.models import Owner

    return Owner.objects.create()


@pytest.fixture
def visitor(owner):
    return client_of(owner)


def test_every_page_answers_head_as_it_answers_get(visitor, pages):
    for url in pages:
        assert visitor.get(url).status_code == 200, url
        head = visitor.head(url)
        assert head.status_code == 200, url
        body = b"".join(head.streaming_content) if head.streaming else head.content
        assert not body, url


def test_every_page_sends_the_content_security_policy_and_holds_nothing_inline(visitor, pages):
    for url in pages:
        response = visitor.get(url)
        policy = response["Content-Security-Policy"]
        assert "default-src 'self'" in policy, url
        assert "unsafe-inline" not in policy, url
        if response.get("Content-Type", "").startswith("text/html"):
            page = response.content.decode()
            assert "<style" not in page, url
            assert not re.search(r"\sstyle=", page), url
            assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", page), url


def test_pages_may_not_be_kept_by_shared_caches_and_exports_not_at_all(visitor, pages):
    for url in pages:
        response = visitor.get(url)
        cache_control = response["Cache-Control"]
        assert "private" in cache_control or "no-store" in cache_control, url
        if "attachment" in response.get("Content-Disposition", ""):
            assert "no-store" in cache_control, url


def session_writes(client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        client.get(url)
    return sum(
        1
        for query in context.captured_queries
        if "matches_browsersession" in query["sql"]
        and query["sql"].lstrip().startswith(("UPDATE", "INSERT"))
    )


def test_the_session_is_written_once_a_day_not_on_every_page(visitor):
    assert session_writes(visitor, reverse("records:history")) == 1
    assert session_writes(visitor, reverse("records:history")) == 0
    assert session_writes(visitor, reverse("home")) == 0
    tomorrow = timezone.now() + timedelta(days=1)
    with mock.patch("scorepad.core.middleware.timezone.now", return_value=tomorrow):
        assert session_writes(visitor, reverse("home")) == 1
        assert session_writes(visitor, reverse("home")) == 0


def test_a_browser_without_a_session_gets_none_made_by_the_renewal(client):
    client.get(reverse("home"))
    assert "sessionid" not in client.cookies


def test_admin_sign_in_stops_a_brute_force(client):
    get_user_model().objects.create_superuser("operator", "op@example.org", "right")
    login = reverse("admin:login")
    for attempt in range(4):
        response = client.post(login, {"username": "operator", "password": f"wrong{attempt}"})
        assert response.status_code == 200, attempt
    fifth = client.post(login, {"username": "operator", "password": "wrong5"})
    assert fifth.status_code == 429
    # Locked: even the right password is refused for now.
    locked = client.post(login, {"username": "operator", "password": "right"})
    assert locked.status_code == 429
    assert "Too many attempts" in locked.content.decode()
    assert "_auth_user_id" not in client.session


def test_admin_sign_in_works_with_the_right_password(client):
    get_user_model().objects.create_superuser("operator", "op@example.org", "right")
    client.post(reverse("admin:login"), {"username": "operator", "password": "wrong"})
    response = client.post(reverse("admin:login"), {"username": "operator", "password": "right"})
    assert response.status_code == 302
