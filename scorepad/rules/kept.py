"""What the engine derived, as plain JSON and back: so that it can be kept beside the
rounds and read without replaying the match.

A kept round result is everything the pages and the next round need (points, totals,
the explanation, the topics, what the game carries forward); the entered round as the
game parsed it (`RoundResult.detail`) is not kept: only the statistics read it, and
they are kept on their own. Pure Python, like the rest of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import LastRounds, MatchState, RoundResult, Setup, Text

# Tags of the values JSON has no word for: a mapping with exactly these keys.
_TEXT, _SET = "~text", "~set"


def encode(value: Any) -> Any:
    """A Text, a set, a mapping, a sequence or a scalar, as JSON-ready values."""
    if isinstance(value, Text):
        return {_TEXT: value.template, "params": encode(dict(value.params))}
    if isinstance(value, frozenset | set):
        return {_SET: sorted(encode(item) for item in value)}
    if isinstance(value, Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [encode(item) for item in value]
    return value


def decode(value: Any) -> Any:
    """The values `encode` took apart; JSON lists come back as tuples."""
    if isinstance(value, Mapping):
        if value.keys() == {_TEXT, "params"}:
            return Text(value[_TEXT], decode(value["params"]))
        if value.keys() == {_SET}:
            return frozenset(decode(item) for item in value[_SET])
        return {key: decode(item) for key, item in value.items()}
    if isinstance(value, list):
        return tuple(decode(item) for item in value)
    return value


def result_to_json(result: RoundResult) -> dict:
    return {
        "number": result.number,
        "points": dict(result.points),
        "totals": dict(result.totals),
        "explanation": encode(result.explanation),
        "topics": list(result.topics),
        "tiebreak": result.tiebreak,
        "dealer": result.dealer,
        "first_player": result.first_player,
        "adjusted": sorted(result.adjusted),
        "carried": encode(result.carried),
    }


def result_from_json(kept: Mapping) -> RoundResult:
    return RoundResult(
        number=kept["number"],
        points=dict(kept["points"]),
        totals=dict(kept["totals"]),
        explanation=decode(kept["explanation"]),
        topics=tuple(kept["topics"]),
        tiebreak=kept["tiebreak"],
        dealer=kept["dealer"],
        first_player=kept["first_player"],
        detail=None,
        # Kept before the engine said it: none (`rebuild_results` writes it).
        adjusted=frozenset(kept.get("adjusted", ())),
        carried=decode(kept["carried"]),
    )


def state_to_json(state: MatchState) -> dict:
    """The match's standing after its rounds (the rounds themselves are kept one by one)."""
    return {
        "totals": dict(state.totals),
        "finished": state.finished,
        "winners": list(state.winners),
        "needs_tiebreak": list(state.needs_tiebreak),
        "leaders": list(state.leaders),
        "lower_is_better": state.lower_is_better,
        "next_dealer": state.next_dealer,
        "next_first_player": state.next_first_player,
        "status": encode(state.status),
        "distance": None if state.distance is None else dict(state.distance),
        "rounds_left": state.rounds_left,
    }


def state_from_json(setup: Setup, kept: Mapping, rounds: Sequence[RoundResult]) -> MatchState:
    """The match state `state_to_json` kept, with its kept round results."""
    return MatchState(
        setup=setup,
        rounds=rounds if isinstance(rounds, LastRounds) else tuple(rounds),
        totals=dict(kept["totals"]),
        finished=kept["finished"],
        winners=tuple(kept["winners"]),
        needs_tiebreak=tuple(kept["needs_tiebreak"]),
        leaders=tuple(kept["leaders"]),
        lower_is_better=kept["lower_is_better"],
        next_dealer=kept["next_dealer"],
        next_first_player=kept["next_first_player"],
        status=decode(kept["status"]),
        distance=None if kept["distance"] is None else dict(kept["distance"]),
        rounds_left=kept["rounds_left"],
    )
