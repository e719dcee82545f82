"""The statistics are read off the rules engine's states: no database, no HTTP."""

from __future__ import annotations

import pytest

from scorepad.records import stats
from scorepad.rules import get_game

from .matches import (
    ALL,
    CABANGA_SHARED,
    CABO_FR,
    CABO_KAMIKAZE,
    CABO_TIEBREAK,
    CABO_ZERO_CALL,
    ESCOBA,
    ESCOBA_TEAMS,
    escoba_deal,
    state_of,
)


@pytest.fixture(autouse=True)
def _fast_and_english() -> None:
    """No Django needed here."""


def test_the_hand_built_matches_end_as_the_rules_say():
    assert state_of(CABO_FR).winners == ("Ana",)
    assert state_of(CABO_TIEBREAK).winners == ("Ben",)
    assert state_of(ESCOBA).winners == ("You",)
    assert state_of(CABANGA_SHARED).winners == ("B", "C", "D")
    assert not state_of(ESCOBA_TEAMS).finished


def test_a_shared_victory_counts_as_a_win_for_each_sharer():
    states = [state_of(CABANGA_SHARED)]
    for name in ("B", "C", "D"):
        record = stats.player_record(name, states)
        assert (record.played, record.wins, record.shared_wins) == (1, 1, 1)
        assert record.win_rate == 1
    assert stats.player_record("A", states).wins == 0


def test_the_win_rate_counts_finished_matches_only():
    record = stats.player_record("Ana", [state_of(spec) for spec in ALL])
    # Ana sat in both Cabo matches of her own, the zero call, the tiebreak and the teams.
    assert record.played == 5
    assert record.finished == 2  # Cabo fr (won) and the tiebreak (lost)
    assert record.wins == 1
    assert record.win_rate == 0.5


def test_cabo_calls_hands_and_kamikazes():
    states = [state_of(spec) for spec in (CABO_FR, CABO_KAMIKAZE, CABO_ZERO_CALL, CABO_TIEBREAK)]
    ana = stats.player_record("Ana", states).games["cabo"]
    # The kamikaze round replaces the call: Ana's three real calls all succeeded.
    assert (ana.events["calls"], ana.events["calls_won"]) == (3, 3)
    assert ana.figure("call_success") == 1
    # Hands: 2, 3, 1 (fr); 5 (official); 0 (nl K♥ A♠); 5 and 7 (tiebreak match).
    assert ana.events["rounds"] == 7
    assert ana.figure("average_hand") == pytest.approx(23 / 7)
    assert ana.events["kamikazes"] == 1  # the zero call
    ben = stats.player_record("Ben", states).games["cabo"]
    # Ben failed his call in the fr match and won the tiebreak round with his call.
    assert (ben.events["calls"], ben.events["calls_won"]) == (2, 1)
    assert ben.figure("call_success") == 0.5
    assert ben.events["kamikazes"] == 1
    assert (ben.played, ben.wins) == (4, 1)


def test_the_statistics_count_what_the_engine_reports_and_nothing_else(monkeypatch):
    # Say the engine reported every round as a failed call: the figures follow it.
    def failed_call(self, setup, result, player, side):
        return {"rounds": 1, "hand": 9, "calls": 1, "calls_won": 0}

    monkeypatch.setattr(type(get_game("cabo")), "round_events", failed_call)
    ana = stats.player_record("Ana", [state_of(CABO_FR)]).games["cabo"]
    assert (ana.events["calls"], ana.figure("call_success"), ana.figure("average_hand")) == (
        3,
        0,
        9,
    )


def test_a_kamikaze_hand_counts_for_its_holder_not_the_caller():
    states = [state_of(CABO_KAMIKAZE)]
    assert stats.player_record("Ben", states).games["cabo"].events["kamikazes"] == 1
    ana = stats.player_record("Ana", states).games["cabo"].events
    assert (ana["kamikazes"], ana["calls"]) == (0, 0)


def test_kamikazes_are_listed_once_a_player_had_one():
    """Only some options play kamikaze hands: a player who never had one is not shown
    "Kamikazes 0" as if it were a figure of every match."""
    states = [state_of(spec) for spec in (CABO_FR, CABO_KAMIKAZE)]
    labels = {
        name: [row["label"] for row in stats.player_record(name, states).games["cabo"].figures()]
        for name in ("Ana", "Ben")
    }
    assert "Kamikazes" not in labels["Ana"]
    assert labels["Ben"][-1] == "Kamikazes"
    assert labels["Ben"][:-1] == labels["Ana"]


def test_a_tiebreak_round_counts_only_for_its_players():
    chloe = stats.player_record("Chloé", [state_of(CABO_TIEBREAK)]).games["cabo"].events
    assert chloe["rounds"] == 1
    assert chloe["calls"] == 1
    assert chloe["calls_won"] == 0


def test_escoba_points_escobas_and_velo_per_deal():
    states = [state_of(ESCOBA)]
    you = stats.player_record("You", states).games["escoba"]
    ada = stats.player_record("Ada", states).games["escoba"]
    figures = ("points", "escobas", "velo")
    assert you.events["deals"] == 6
    assert [you.figure(key) for key in figures] == [4, 2, 1]
    assert [ada.figure(key) for key in figures] == [2, 1, 0]


def test_a_team_player_shares_the_team_figures():
    states = [state_of(ESCOBA_TEAMS)]
    ana = stats.player_record("Ana", states).games["escoba"]
    chloe = stats.player_record("Chloé", states).games["escoba"]
    assert ana.events == chloe.events
    assert ana.figure("points") == pytest.approx(10 / 3)
    assert ana.figure("velo") == pytest.approx(2 / 3)


def test_the_team_note_is_under_figures_that_counted_a_team_match_only():
    """Said to who played Escoba in a team, not to who only played it two-handed."""
    note = "In a team, the team's figures count for each partner."
    two_handed = {**ESCOBA, "players": ["Ana", "Ada"], "rounds": [escoba_deal("Ana", "Ada")]}
    alone = stats.player_record("Ana", [state_of(two_handed)]).games["escoba"]
    assert alone.note == ""
    both = stats.player_record("Ana", [state_of(two_handed), state_of(ESCOBA_TEAMS)])
    assert both.games["escoba"].note == note


def test_cabanga_minus_points_and_rounds_gone_out():
    states = [state_of(CABANGA_SHARED)]
    b = stats.player_record("B", states).games["cabanga"]
    c = stats.player_record("C", states).games["cabanga"]
    assert (b.events["rounds"], b.figure("points"), b.events["went_out"]) == (3, 4, 2)
    assert (c.figure("points"), c.events["went_out"]) == (4, 1)


def test_everyone_lists_the_players_with_the_most_matches_first():
    records = stats.everyone(state_of(spec) for spec in ALL)
    assert [record.name for record in records[:2]] == ["Ana", "Ben"]
    assert {record.name for record in records} == {
        "Ana",
        "Ben",
        "Chloé",
        "Dan",
        "You",
        "Ada",
        "A",
        "B",
        "C",
        "D",
    }


def test_a_player_without_matches_has_no_rates():
    record = stats.player_record("Nobody", [state_of(CABO_FR)])
    assert (record.played, record.win_rate) == (0, None)


def test_players_with_as_many_matches_are_listed_as_a_reader_sorts_names():
    """Élodie among the E's, not after Olaf and Zoé (accents and capitals aside)."""
    rows = [
        {"name": name, "game": "cabo", "played": 1, "wins": 0, "shared_wins": 0}
        for name in ("Olaf", "zoé", "Élodie", "Anna")
    ]
    rows.append({"name": "Yann", "game": "cabo", "played": 2, "wins": 1, "shared_wins": 0})
    order = [record.name for record in stats.from_tallies(rows)]
    assert order == ["Yann", "Anna", "Élodie", "Olaf", "zoé"]
