"""The session store reads Django's session table with one plain statement
(`scorepad.core.sessions`) and behaves as Django's database backend."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scorepad.core.sessions import SessionStore

pytestmark = pytest.mark.django_db


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
    assert settings.SESSION_ENGINE == "scorepad.core.sessions"
    assert isinstance(client.session, SessionStore)
