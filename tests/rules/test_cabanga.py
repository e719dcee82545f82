from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules.base import RoundInvalid, SetupInvalid
from scorepad.rules.cabanga import GAME, hand_points

FOUR = ("A", "B", "C", "D")


def setup_for(players=FOUR, **overrides):
    return GAME.make_setup(players, GAME.resolve_options("classic", overrides), players[0])


def hands(*points, players=FOUR):
    return {"hands": dict(zip(players, points, strict=True))}


def faults(setup, raw, rounds=()):
    state = GAME.score(setup, list(rounds))
    with pytest.raises(RoundInvalid) as caught:
        GAME.parse_round(setup, raw, state)
    return [(error.field, str(error.message)) for error in caught.value.errors]


def test_example_9_cabanga_three_players_on_12_share_the_victory():
    setup = setup_for()
    before = [hands(17, 12, 9, 0), hands(0, 0, 0, 9)]
    state = GAME.score(setup, before)
    assert state.totals == {"A": 17, "B": 12, "C": 9, "D": 9}
    assert not state.finished
    last = {"hands": {"A": {"1": 2}, "B": 0, "C": {"1": 1, "2": 1, "3": 0}, "D": {"3": 1}}}
    state = GAME.score(setup, [*before, last])
    assert state.rounds[-1].points == {"A": 2, "B": 0, "C": 3, "D": 3}
    assert state.totals == {"A": 19, "B": 12, "C": 12, "D": 12}
    assert state.finished
    assert state.winners == ("B", "C", "D")
    assert state.shared
    assert str(state.status) == "B, C and D share the victory"
    sentences = [str(text) for text in state.rounds[-1].explanation]
    assert sentences == [
        "A: 2 × 1 symbol = 2",
        "B had no card left",
        "C: 1 × 1 symbol + 1 × 2 symbols = 3",
        "D: 1 × 3 symbols = 3",
        "A reached 18: the match ends",
        "B, C and D tie for the lowest total, 12: a shared victory",
    ]
    assert "shared-victory" in state.rounds[-1].topics


def test_each_card_costs_its_symbols():
    assert hand_points(1, 0, 0) == 1
    assert hand_points(2, 3, 4) == 2 + 6 + 12
    state = GAME.score(
        setup_for(), [{"hands": {"A": 0, "B": {"1": 2, "2": 3, "3": 4}, "C": 5, "D": 0}}]
    )
    assert state.totals == {"A": 0, "B": 20, "C": 5, "D": 0}
    assert state.rounds[0].detail.counts == {"B": (2, 3, 4)}


def test_end_threshold_ends_the_match_when_a_total_reaches_it():
    setup = setup_for(threshold=10)
    assert not GAME.score(setup, [hands(9, 0, 3, 4)]).finished
    state = GAME.score(setup, [hands(10, 0, 3, 4)])
    assert state.finished
    assert state.winners == ("B",)
    assert str(state.status) == "B wins"
    assert state.distance == {"A": 0, "B": 10, "C": 7, "D": 6}
    assert state.rounds_left is None
    assert "end-threshold" in state.rounds[-1].topics
    # A total on the threshold has reached it: the To go row never says "on the line".
    assert GAME.ends_on_the_line(setup.options)


def test_end_rounds_ends_after_the_agreed_round_whatever_the_totals():
    setup = setup_for(end="rounds", rounds=2, threshold=10)
    first = GAME.score(setup, [hands(30, 0, 3, 4)])
    assert not first.finished
    assert first.distance is None
    assert first.rounds_left == 1
    state = GAME.score(setup, [hands(30, 0, 3, 4), hands(0, 5, 3, 4)])
    assert state.finished
    assert state.rounds_left == 0
    assert state.winners == ("B",)
    assert "Round 2 of 2: the match ends" in [str(text) for text in state.rounds[-1].explanation]
    assert "end-rounds" in state.rounds[-1].topics


def test_the_classic_preset_ends_at_18():
    assert GAME.preset("classic").values == {"end": "threshold", "threshold": 18, "rounds": 5}
    setup = setup_for()
    assert not GAME.score(setup, [hands(17, 0, 0, 0)]).finished
    assert GAME.score(setup, [hands(18, 0, 0, 0)]).finished


def test_a_finished_match_refuses_another_round():
    setup = setup_for()
    assert faults(setup, hands(1, 0, 1, 1), [hands(18, 0, 0, 0)]) == [
        ("round", "the match is over")
    ]


def test_at_least_one_player_must_have_no_card_left():
    assert faults(setup_for(), hands(1, 2, 3, 4)) == [
        ("hands", "at least one player must have no card left")
    ]
    counts = {"hands": {"A": {"1": 1}, "B": {"2": 1}, "C": 3, "D": {"1": 0, "2": 0, "3": 0}}}
    assert GAME.score(setup_for(), [counts]).totals == {"A": 1, "B": 2, "C": 3, "D": 0}


def test_counts_and_points_must_be_real_whole_numbers_of_zero_or_more():
    setup = setup_for()
    for bad in (-1, 1.0, "2", True, None, [1]):
        assert [field for field, _ in faults(setup, hands(0, bad, 1, 1))] == ["hands.B"]
    for bad in (-1, 1.5, "2", False):
        raw = {"hands": {"A": 0, "B": {"1": bad}, "C": 1, "D": 1}}
        assert faults(setup, raw) == [
            ("hands.B", "B's card counts must be whole numbers, 0 or more")
        ]
    assert faults(setup, hands(0, 201, 1, 1)) == [
        ("hands.B", "B's points must be between 0 and 200")
    ]
    assert GAME.score(setup_for(threshold=200), [hands(0, 200, 1, 1)]).totals["B"] == 200


def test_unknown_card_kinds_players_and_fields_are_refused():
    setup = setup_for()
    raw = {"hands": {"A": 0, "B": {"4": 1}, "C": 1, "D": 1, "Zoe": 2}, "note": 1}
    assert faults(setup, raw) == [
        ("round", "unknown field note"),
        ("hands", "unknown player Zoe"),
        ("hands.B", "unknown card kind 4"),
    ]
    assert faults(setup, {"hands": {"A": 0, "B": 1, "C": 1}}) == [("hands.D", "D has no hand")]


def test_cabanga_is_for_three_to_six_players():
    options = GAME.resolve_options("classic", {})
    GAME.make_setup(["A", "B", "C"], options, "A")
    GAME.make_setup(list("ABCDEF"), options, "F")
    for players in (["A", "B"], list("ABCDEFG")):
        with pytest.raises(SetupInvalid):
            GAME.make_setup(players, options, "A")


def test_the_dealer_moves_one_seat_a_round():
    setup = GAME.make_setup(FOUR, {}, "D")
    state = GAME.score(setup, [hands(1, 0, 1, 1)] * 2)
    assert [result.dealer for result in state.rounds] == ["D", "A"]
    assert [result.first_player for result in state.rounds] == ["A", "B"]
    assert state.next_dealer == "B"


def test_the_turns_after_the_next_round_come_round_each_seat_until_the_last_round():
    """What a phone keeping rounds offline says of the rounds after the server's next:
    the turns the engine deals them (QA: offline, nothing said who deals)."""
    setup = GAME.make_setup(FOUR, {}, "D")
    state = GAME.score(setup, [hands(1, 0, 1, 1)] * 2)  # round 3 is B's to deal
    turns, most = state.turns_after_next()
    assert turns == (("C", "D"), ("D", "A"), ("A", "B"), ("B", "C"))
    assert most is None
    for played in range(1, 6):
        later = GAME.score(setup, [hands(1, 0, 1, 1)] * (2 + played))
        assert (later.next_dealer, later.next_first_player) == turns[(played - 1) % 4]
    # Two rounds agreed: after round 1, round 2 is the last; after it, nothing is dealt.
    two = setup_for(end="rounds", rounds=2)
    assert GAME.score(two, [hands(3, 0, 1, 1)]).turns_after_next() == (
        (("C", "D"), ("D", "A"), ("A", "B"), ("B", "C")),
        0,
    )
    assert GAME.score(two, [hands(3, 0, 1, 1)] * 2).turns_after_next() == ((), 0)


@st.composite
def valid_rounds(draw):
    points = draw(st.lists(st.integers(0, 12), min_size=4, max_size=4))
    points[draw(st.integers(0, 3))] = 0
    return hands(*points)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.lists(valid_rounds(), min_size=1, max_size=12), st.sampled_from(["threshold", "rounds"]))
def test_totals_are_the_sums_and_a_finished_match_takes_no_more(rounds, end):
    setup = setup_for(end=end)
    played = []
    for raw in rounds:
        state = GAME.score(setup, played)
        if state.finished:
            with pytest.raises(RoundInvalid):
                GAME.parse_round(setup, raw, state)
            break
        played.append(raw)
    state = GAME.score(setup, played)
    for player in FOUR:
        assert state.totals[player] == sum(result.points[player] for result in state.rounds)
    if state.finished:
        lowest = min(state.totals.values())
        assert state.winners == tuple(p for p in FOUR if state.totals[p] == lowest)


def test_the_why_of_a_round_explains_every_players_points_from_what_was_typed():
    """QA: "why this score?" named only who went out, not where the others' points came
    from."""
    setup = setup_for(("Hélène", "Ingrid", "Jan", "Karel"))
    typed = {
        "Hélène": 0,
        "Ingrid": {"1": 2, "2": 1, "3": 0},
        "Jan": 7,
        "Karel": {"1": 0, "2": 0, "3": 3},
    }
    state = GAME.score(setup, [{"hands": typed}])
    assert [str(text) for text in state.rounds[0].explanation] == [
        "Hélène had no card left",
        "Ingrid: 2 × 1 symbol + 1 × 2 symbols = 4",
        "Jan: 7, typed as points",
        "Karel: 3 × 3 symbols = 9",
    ]
    french = {
        "{players} had no card left": "{players} n’avait plus aucune carte",
        "{player}: {cards} = {points}": "{player} : {cards} = {points}",
        "{count} × {kind}": "{count} × {kind}",
        "{sum} + {term}": "{sum} + {term}",
        "1 symbol": "1 symbole",
        "2 symbols": "2 symboles",
    }
    line = state.rounds[0].explanation[1]
    assert line.render(lambda message: french.get(message, message)) == (
        "Ingrid : 2 × 1 symbole + 1 × 2 symboles = 4"
    )
