from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence

import pytest
from django.test import Client

from scorepad.matches import services
from scorepad.matches.access import SESSION_KEY
from scorepad.matches.models import Match, Owner
from scorepad.rules import get_game


def build_match(
    owner: Owner,
    game_key: str,
    players: Sequence[str],
    rounds: Sequence[Mapping] = (),
    *,
    preset: str | None = None,
    options: Mapping | None = None,
    teams: list | None = None,
    first_dealer: str | None = None,
) -> Match:
    """A match saved through the services the app uses: set up, then round by round."""
    game = get_game(game_key)
    preset = preset or game.presets[0].key
    setup = game.make_setup(
        players, game.resolve_options(preset, options or {}), first_dealer or players[0], teams
    )
    match = services.create_match(owner, preset, setup)
    for number, data in enumerate(rounds, start=1):
        services.record_round(match, data, number=number, entry_key=uuid.uuid4(), owner=owner)
    match.refresh_from_db()
    return match


def build(owner: Owner, spec: Mapping) -> Match:
    """A match of `tests/records/matches.py`, saved for `owner`."""
    return build_match(
        owner,
        spec["game"],
        spec["players"],
        spec["rounds"],
        preset=spec["preset"],
        options=spec["options"],
        teams=spec.get("teams"),
    )


def client_of(owner: Owner) -> Client:
    """A test client whose browser session belongs to `owner`."""
    client = Client()
    session = client.session
    session[SESSION_KEY] = str(owner.token)
    session.save()
    return client


@pytest.fixture
def owner(db) -> Owner:
    return Owner.objects.create()


@pytest.fixture
def stranger(db) -> Owner:
    return Owner.objects.create()


@pytest.fixture
def visitor(owner) -> Client:
    return client_of(owner)


@pytest.fixture
def other_visitor(stranger) -> Client:
    return client_of(stranger)
