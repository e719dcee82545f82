"""Correcting the players' names and the first dealer of a match under way."""

from __future__ import annotations

import pytest

from scorepad.rules.base import SetupInvalid
from scorepad.rules.cabanga import GAME as CABANGA
from scorepad.rules.cabo import GAME as CABO
from scorepad.rules.escoba import GAME as ESCOBA
from scorepad.rules.escoba import facing_teams


def cabo_setup(players=("Ana", "Ben", "Cai")):
    return CABO.make_setup(players, CABO.resolve_options("official", {}), players[0])


def test_a_renamed_cabo_round_keeps_its_hands_caller_and_kamikaze_under_the_new_names():
    setup, names = CABO.renamed(cabo_setup(), ["Anna", "Ben", "Kai"], "Kai")
    assert setup.players == ("Anna", "Ben", "Kai")
    assert setup.first_dealer == "Kai"
    raw = {"caller": "Ana", "hands": {"Ana": 2, "Ben": 9, "Cai": ["QS"]}, "kamikaze": "Cai"}
    assert CABO.rename_round(raw, names) == {
        "caller": "Anna",
        "hands": {"Anna": 2, "Ben": 9, "Kai": ["QS"]},
        "kamikaze": "Kai",
    }


def test_two_players_swapping_names_swap_their_hands():
    _, names = CABO.renamed(cabo_setup(), ["Ben", "Ana", "Cai"], "Ana")
    raw = {"caller": "Ana", "hands": {"Ana": 2, "Ben": 9, "Cai": 4}}
    assert CABO.rename_round(raw, names) == {
        "caller": "Ben",
        "hands": {"Ben": 2, "Ana": 9, "Cai": 4},
    }


def test_renaming_keeps_every_score():
    before = cabo_setup()
    rounds = [{"caller": "Ana", "hands": {"Ana": 2, "Ben": 9, "Cai": 4}}]
    setup, names = CABO.renamed(before, ["Anna", "Ben", "Kai"], "Anna")
    after = CABO.score(setup, [CABO.rename_round(raw, names) for raw in rounds])
    assert list(after.totals.values()) == list(CABO.score(before, rounds).totals.values())


def test_escoba_teams_named_after_their_players_take_the_new_names():
    players = ("Ana", "Ben", "Cai", "Dan")
    setup = ESCOBA.make_setup(
        players, ESCOBA.resolve_options("classic", {}), "Ana", facing_teams(players)
    )
    renamed, names = ESCOBA.renamed(setup, ["Ana", "Bea", "Cai", "Dan"], "Bea")
    assert [team.name for team in renamed.teams] == ["Ana & Cai", "Bea & Dan"]
    assert names["Ben & Dan"] == "Bea & Dan"
    raw = {"sides": {"Ana & Cai": {"cards": 20}, "Ben & Dan": {"cards": 20}}}
    assert ESCOBA.rename_round(raw, names) == {
        "sides": {"Ana & Cai": {"cards": 20}, "Bea & Dan": {"cards": 20}}
    }


def test_a_cabanga_round_is_renamed_by_its_hands():
    players = ("Ana", "Ben", "Cai")
    setup = CABANGA.make_setup(players, CABANGA.resolve_options("classic", {}), "Ana")
    _, names = CABANGA.renamed(setup, ["Ana", "Ben", "Chloé"], "Ana")
    assert CABANGA.rename_round({"hands": {"Ana": 0, "Ben": 3, "Cai": {"1": 2}}}, names) == {
        "hands": {"Ana": 0, "Ben": 3, "Chloé": {"1": 2}}
    }


@pytest.mark.parametrize(
    ("names", "dealer", "message"),
    [
        (["Ana", "ana", "Cai"], "Ana", "ana is the same name as Ana, capitals and accents aside"),
        (["Ana", " ", "Cai"], "Ana", "every player needs a name"),
        (["Ana", "Ben"], "Ana", "give one name for every seat"),
        (["Ana", "Ben", "Cai"], "Zoe", "the first dealer must be one of the players"),
    ],
)
def test_new_names_are_checked_as_a_new_match_s_are(names, dealer, message):
    with pytest.raises(SetupInvalid) as caught:
        CABO.renamed(cabo_setup(), names, dealer)
    assert message in [str(error.message) for error in caught.value.errors]
