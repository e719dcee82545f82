"""The statistics are read off the rules engine's states: no database, no HTTP."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorepad.records import stats

from .matches import (
    ALL,
    CABANGA_SHARED,
    CABO_FR,
    CABO_KAMIKAZE,
    CABO_TIEBREAK,
    CABO_ZERO_CALL,
    ESCOBA,
    ESCOBA_TEAMS,
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
    assert (ana.figures.calls, ana.figures.successful_calls) == (3, 3)
    assert ana.figures.call_success_rate == 1
    # Hands: 2, 3, 1 (fr); 5 (official); 0 (nl K♥ A♠); 5 and 7 (tiebreak match).
    assert ana.figures.rounds == 7
    assert ana.figures.average_hand == pytest.approx(23 / 7)
    assert ana.figures.kamikazes == 1  # the zero call
    ben = stats.player_record("Ben", states).games["cabo"]
    # Ben failed his call in the fr match and won the tiebreak round with his call.
    assert (ben.figures.calls, ben.figures.successful_calls) == (2, 1)
    assert ben.figures.call_success_rate == 0.5
    assert ben.figures.kamikazes == 1
    assert (ben.played, ben.wins) == (4, 1)


def with_topics(state, number: int, topics: tuple[str, ...]):
    """`state` with round `number` given other topics: what the engine said, not the hands."""
    rounds = list(state.rounds)
    rounds[number - 1] = replace(rounds[number - 1], topics=topics)
    return replace(state, rounds=tuple(rounds))


def test_cabo_calls_follow_the_engines_verdict_not_a_second_copy_of_the_rules():
    # Ana's first call in the fr match succeeded; say the engine had ruled it failed.
    state = with_topics(state_of(CABO_FR), 1, ("failed-call",))
    ana = stats.player_record("Ana", [state]).games["cabo"].figures
    assert (ana.calls, ana.successful_calls) == (2, 1)


def test_a_zero_call_is_a_kamikaze_only_when_the_engine_says_so():
    assert stats.player_record("Ana", [state_of(CABO_ZERO_CALL)]).games["cabo"].figures.kamikazes
    state = with_topics(state_of(CABO_ZERO_CALL), 1, ("call",))
    assert stats.player_record("Ana", [state]).games["cabo"].figures.kamikazes == 0


def test_a_kamikaze_hand_counts_for_its_holder_not_the_caller():
    states = [state_of(CABO_KAMIKAZE)]
    assert stats.player_record("Ben", states).games["cabo"].figures.kamikazes == 1
    ana = stats.player_record("Ana", states).games["cabo"].figures
    assert (ana.kamikazes, ana.calls) == (0, 0)


def test_a_tiebreak_round_counts_only_for_its_players():
    chloe = stats.player_record("Chloé", [state_of(CABO_TIEBREAK)]).games["cabo"]
    assert chloe.figures.rounds == 1
    assert chloe.figures.calls == 1
    assert chloe.figures.successful_calls == 0


def test_escoba_points_escobas_and_velo_per_deal():
    states = [state_of(ESCOBA)]
    you = stats.player_record("You", states).games["escoba"].figures
    ada = stats.player_record("Ada", states).games["escoba"].figures
    assert (you.deals, you.points_per_deal, you.escobas_per_deal, you.velo_rate) == (6, 4, 2, 1)
    assert (ada.points_per_deal, ada.escobas_per_deal, ada.velo_rate) == (2, 1, 0)


def test_a_team_player_shares_the_team_figures():
    states = [state_of(ESCOBA_TEAMS)]
    ana = stats.player_record("Ana", states).games["escoba"].figures
    chloe = stats.player_record("Chloé", states).games["escoba"].figures
    assert ana == chloe
    assert ana.points_per_deal == pytest.approx(10 / 3)
    assert ana.velo_rate == pytest.approx(2 / 3)


def test_cabanga_minus_points_and_rounds_gone_out():
    states = [state_of(CABANGA_SHARED)]
    b = stats.player_record("B", states).games["cabanga"].figures
    c = stats.player_record("C", states).games["cabanga"].figures
    assert (b.rounds, b.average_points, b.went_out) == (3, 4, 2)
    assert (c.average_points, c.went_out) == (4, 1)


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
