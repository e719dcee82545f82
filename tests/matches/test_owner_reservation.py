"""A new visitor's set-up reserves the owner their first match will make."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from scorepad.matches.access import SESSION_KEY
from scorepad.matches.models import Match, Owner

from .helpers import default_option_fields, setup_data

pytestmark = pytest.mark.django_db


def test_showing_the_set_up_reserves_a_token_but_makes_no_owner(client):
    client.get(reverse("matches:new", args=["cabo"]))
    assert uuid.UUID(client.session[SESSION_KEY])
    assert not Owner.objects.exists()


def test_the_first_match_is_made_for_the_reserved_owner_and_a_repeat_finds_it(client):
    client.get(reverse("matches:new", args=["cabo"]))
    reserved = client.session[SESSION_KEY]
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    data["key"] = str(uuid.uuid4())
    first = client.post(reverse("matches:new", args=["cabo"]), data)
    again = client.post(reverse("matches:new", args=["cabo"]), data)
    assert first["Location"] == again["Location"]
    assert [str(owner.token) for owner in Owner.objects.all()] == [reserved]
    assert Match.objects.get().owner.token == uuid.UUID(reserved)


def test_a_garbled_token_in_the_session_is_replaced_not_a_500(client):
    session = client.session
    session[SESSION_KEY] = "not a token"
    session.save()
    assert client.get(reverse("matches:new", args=["cabo"])).status_code == 200
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    assert client.post(reverse("matches:new", args=["cabo"]), data).status_code == 302
    assert Match.objects.count() == 1
