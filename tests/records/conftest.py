from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from django.test import Client

from scorepad.matches.access import SESSION_KEY
from scorepad.matches.models import Match, Owner, Round
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
    """A match saved as the app saves one: checked by the engine, summary refreshed."""
    game = get_game(game_key)
    preset = preset or game.presets[0].key
    setup = game.make_setup(
        players, game.resolve_options(preset, options or {}), first_dealer or players[0], teams
    )
    state = game.score(setup, rounds)
    match = Match.objects.create(
        owner=owner,
        game=game_key,
        preset=preset,
        options=dict(setup.options),
        players=list(setup.players),
        teams=teams,
        first_dealer=setup.first_dealer,
    )
    Round.objects.bulk_create(
        Round(match=match, number=n, data=dict(data)) for n, data in enumerate(rounds, 1)
    )
    match.refresh_summary(state)
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
