"""The session store reads a session with its owner in one plain statement
(`scorepad.matches.sessions`) and behaves as Django's database backend."""

from __future__ import annotations

import re
from datetime import timedelta
from importlib import import_module

import pytest
from django.contrib.sessions.models import Session as DjangoSession
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scorepad.matches.models import BrowserSession as Session
from scorepad.matches.models import Owner
from scorepad.matches.sessions import SessionStore
from tests.records.conftest import build_match, client_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db) -> Owner:
    return Owner.objects.create()


@pytest.fixture
def visitor(owner):
    return client_of(owner)


def saved(**data) -> str:
    session = SessionStore()
    session.update(data)
    session.save()
    return session.session_key


def test_a_saved_session_is_read_back_in_one_query():
    key = saved(scorepad_owner="abc", count=3)
    with CaptureQueriesContext(connection) as context:
        assert dict(SessionStore(key).items()) == {"scorepad_owner": "abc", "count": 3}
    assert len(context) == 1


def test_an_expired_session_reads_empty_and_saves_under_a_new_key():
    key = saved(scorepad_owner="abc")
    Session.objects.filter(pk=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    session = SessionStore(key)
    assert dict(session.items()) == {}
    session["again"] = True
    session.save()
    assert session.session_key != key


def test_an_unknown_or_tampered_session_reads_empty():
    assert dict(SessionStore("x" * 32).items()) == {}
    key = saved(scorepad_owner="abc")
    Session.objects.filter(pk=key).update(session_data="forged")
    assert dict(SessionStore(key).items()) == {}


def test_the_app_uses_it(client, settings):
    assert settings.SESSION_ENGINE == "scorepad.matches.sessions"
    assert isinstance(client.session, SessionStore)


def test_a_session_is_read_with_the_owner_it_names_in_the_same_query():
    owner = Owner.objects.create()
    key = saved(scorepad_owner=str(owner.token))
    Session.objects.filter(pk=key).update(owner=owner)
    Owner.objects.filter(pk=owner.pk).update(version=7)
    session = SessionStore(key)
    with CaptureQueriesContext(connection) as context:
        assert session["scorepad_owner"] == str(owner.token)
    assert len(context) == 1
    assert (session.owner.pk, session.owner.token, session.owner.version) == (
        owner.pk,
        owner.token,
        7,
    )


def test_the_first_request_names_the_sessions_owner_and_the_next_ones_read_it(owner, visitor):
    key = visitor.session.session_key
    assert Session.objects.get(pk=key).owner is None
    visitor.get(reverse("records:history"))
    assert Session.objects.get(pk=key).owner == owner
    with CaptureQueriesContext(connection) as context:
        assert visitor.get(reverse("records:history")).status_code == 200
    owner_reads = [q["sql"] for q in context if re.search(r'FROM "?matches_owner\b', q["sql"])]
    assert owner_reads == []


def test_a_session_naming_another_owner_than_its_token_is_not_believed(owner, visitor):
    """The owner a session's row names is a shortcut, never a key: a row naming someone
    else (a bug, a row edited by hand) reaches the owner of the session's token."""
    mine = build_match(owner, "cabanga", ["Ana", "Ben", "Eva"], [])
    someone = Owner.objects.create()
    theirs = build_match(someone, "cabanga", ["Chloé", "Daan", "Eva"], [])
    Session.objects.filter(pk=visitor.session.session_key).update(owner=someone)
    assert visitor.get(reverse("matches:match", args=[theirs.pk])).status_code == 404
    assert visitor.get(reverse("matches:match", args=[mine.pk])).status_code == 200
    assert Session.objects.get(pk=visitor.session.session_key).owner == owner


def test_signing_out_forgets_the_owner(owner, visitor):
    visitor.get(reverse("home"))
    session = SessionStore(visitor.session.session_key)
    session.load()
    assert session.owner == owner
    session.flush()
    assert session.owner is None


def test_the_move_to_the_new_table_keeps_every_live_session(db):
    """Migration 0008: the sessions in Django's table move to `BrowserSession`, the
    expired ones aside, and back again when it is undone."""
    moved = import_module("scorepad.matches.migrations.0008_browser_sessions")
    now = timezone.now()
    DjangoSession.objects.create(
        session_key="a" * 32, session_data="alive", expire_date=now + timedelta(days=300)
    )
    DjangoSession.objects.create(
        session_key="b" * 32, session_data="gone", expire_date=now - timedelta(days=1)
    )
    moved.move(DjangoSession, Session)
    assert list(Session.objects.values_list("session_key", "session_data", "owner")) == [
        ("a" * 32, "alive", None)
    ]
    assert not DjangoSession.objects.exists()
    moved.move(Session, DjangoSession)
    assert list(DjangoSession.objects.values_list("session_key", "session_data")) == [
        ("a" * 32, "alive")
    ]


def test_a_decoded_session_is_each_requests_own_copy():
    """Decoding is kept per process by the signed string: what one request changes in
    its copy is not in the next one's."""
    key = saved(scorepad_owner="abc", count=3)
    first = SessionStore(key)
    first["count"] = 4  # changed, not saved
    first["extra"] = "x"
    assert dict(SessionStore(key).items()) == {"scorepad_owner": "abc", "count": 3}


def test_a_session_of_mutable_values_is_decoded_each_time():
    key = saved(names=["Ana"])
    SessionStore(key)["names"].append("Ben")
    assert SessionStore(key)["names"] == ["Ana"]


def test_a_tampered_copy_of_a_decoded_session_reads_empty():
    key = saved(scorepad_owner="abc")
    data = Session.objects.get(pk=key).session_data
    assert dict(SessionStore(key).items()) == {"scorepad_owner": "abc"}  # decoded, kept
    forged = data[:-1] + ("B" if data.endswith("A") else "A")
    assert SessionStore().decode(forged) == {}


def test_a_session_decoded_once_is_not_verified_again(monkeypatch):
    key = saved(scorepad_owner="abc")
    SessionStore(key).load()

    def unsigned(*args, **kwargs):
        raise AssertionError("decoded again")

    monkeypatch.setattr("django.contrib.sessions.backends.base.signing.loads", unsigned)
    assert dict(SessionStore(key).items()) == {"scorepad_owner": "abc"}
