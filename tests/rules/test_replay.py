"""A replay costs as much as its rounds, never their square.

Measured without a clock: the number of lines of the rules engine that run. Four times
the rounds must cost about four times the work; a replay that went back over the
earlier rounds on each round would cost sixteen times.
"""

from __future__ import annotations

import sys
from pathlib import Path

from scorepad.rules import cabo, escoba
from scorepad.rules.base import Played

ENGINE = str(Path(cabo.__file__).parent)


def work(game, setup, rounds) -> int:
    """Lines of the rules engine run by replaying `rounds`."""
    count = 0

    def trace(frame, event, arg):
        nonlocal count
        if not frame.f_code.co_filename.startswith(ENGINE):
            return None
        if event == "line":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        game.score(setup, rounds)
    finally:
        sys.settrace(None)
    return count


def grows_linearly(game, setup, make_rounds, short: int) -> bool:
    """Four times the rounds cost at most a little more than four times the work."""
    few = work(game, setup, make_rounds(short))
    many = work(game, setup, make_rounds(4 * short))
    return many <= 4.2 * few


def test_a_long_cabo_match_with_resets_replays_in_linear_work():
    setup = cabo.GAME.make_setup(
        ("A", "B", "C"),
        cabo.GAME.resolve_options(
            "fr", {"target": 1000, "end_at": "exceeded", "reset_at_100": "once"}
        ),
        "A",
    )

    def rounds(count):
        # A calls with nothing and wins; B and C gain a point a round, pass 100 once.
        return [{"caller": "A", "hands": {"A": 0, "B": 1, "C": 1}}] * count

    state = cabo.GAME.score(setup, rounds(1000))
    assert "reset-100" in state.rounds[99].topics
    assert not state.finished
    assert grows_linearly(cabo.GAME, setup, rounds, 250)


def test_a_long_cabo_tiebreak_replays_in_linear_work():
    setup = cabo.GAME.make_setup(
        ("A", "B", "C", "D"), cabo.GAME.resolve_options("official", {"final_tie": "tiebreak"}), "A"
    )
    opening = {"caller": "D", "hands": {"A": 104, "B": 61, "C": 61, "D": 67}}
    # B calls with nothing and C has nothing either: both score 0, tied again.
    tied_again = {"caller": "B", "hands": {"B": 0, "C": 0}, "tiebreak": True}

    def rounds(count):
        return [opening] + [tied_again] * count

    state = cabo.GAME.score(setup, rounds(400))
    assert state.needs_tiebreak == ("B", "C")
    assert grows_linearly(cabo.GAME, setup, rounds, 100)


def test_an_escoba_match_replays_in_linear_work():
    setup = escoba.GAME.make_setup(
        ("You", "Ada"), escoba.GAME.resolve_options("classic", {"target": 100}), "You"
    )

    def deal(velo_to: str) -> dict:
        other = "Ada" if velo_to == "You" else "You"
        pile = {"cards": 20, "oros": 5, "sevens": 2, "escobas": 0}
        return {"sides": {velo_to: {**pile, "velo": True}, other: {**pile, "velo": False}}}

    def rounds(count):
        return [deal("You" if n % 2 else "Ada") for n in range(count)]

    assert not escoba.GAME.score(setup, rounds(180)).finished
    assert grows_linearly(escoba.GAME, setup, rounds, 45)


def test_the_played_rounds_are_read_without_copying_and_end_as_a_tuple():
    results = ["first", "second", "third"]
    played = Played(results, 2)
    assert len(played) == 2
    assert played[-1] == "second"
    assert list(played) == ["first", "second"]
    assert played[0:5] == ("first", "second")
    assert played == ("first", "second")
    setup = cabo.GAME.make_setup(("A", "B"), cabo.GAME.resolve_options("fr", {}), "A")
    state = cabo.GAME.score(setup, [{"caller": "A", "hands": {"A": 0, "B": 3}}])
    assert isinstance(state.rounds, tuple)
