"""Hand-built matches (rounds as the app stores them) for the statistics and charts."""

from __future__ import annotations

from scorepad.rules import get_game
from scorepad.rules.base import MatchState


def cabo_round(caller: str, **hands: object) -> dict:
    return {"caller": caller, "hands": hands}


def escoba_deal(winner: str, loser: str) -> dict:
    """The worked example of RULES.md: 4 points to `winner`, 2 to `loser`."""
    return {
        "sides": {
            winner: {"cards": 21, "oros": 5, "sevens": 1, "velo": True, "escobas": 2},
            loser: {"cards": 19, "oros": 5, "sevens": 3, "velo": False, "escobas": 1},
        }
    }


def cabanga_round(**hands: object) -> dict:
    return {"hands": hands}


# Cabo fr to 50: Ana calls twice and succeeds, Ben calls once and fails; Ana wins.
CABO_FR = {
    "game": "cabo",
    "preset": "fr",
    "options": {"target": 50},
    "players": ["Ana", "Ben"],
    "rounds": [
        cabo_round("Ana", Ana=2, Ben=9),
        cabo_round("Ben", Ana=3, Ben=5),
        cabo_round("Ana", Ana=1, Ben=["KS", "QC", "JD"]),
    ],
}
# Cabo official: Ben's kamikaze hand, typed as a number.
CABO_KAMIKAZE = {
    "game": "cabo",
    "preset": "official",
    "options": {},
    "players": ["Ana", "Ben"],
    "rounds": [{"caller": "Ana", "hands": {"Ana": 5, "Ben": 50}, "kamikaze": "Ben"}],
}
# Cabo official: Ben reaches exactly 100 in round 2 and goes back to 50 (once). Rounds
# only: for `build_match`.
CABO_RESET = [
    {"caller": "Ana", "hands": {"Ana": 0, "Ben": 50}},
    {"caller": "Ana", "hands": {"Ana": 0, "Ben": 50}},
]
# Cabo nl with the zero call: Ana calls with exactly 0.
CABO_ZERO_CALL = {
    "game": "cabo",
    "preset": "nl",
    "options": {"kamikaze": "zero_call"},
    "players": ["Ana", "Ben"],
    "rounds": [cabo_round("Ana", Ana=["KH", "AS"], Ben=5)],
}
# Cabo nl to 10: Ana and Ben tie at 5 while Chloé passes 10, so they play a tiebreak.
CABO_TIEBREAK = {
    "game": "cabo",
    "preset": "nl",
    "options": {"target": 10},
    "players": ["Ana", "Ben", "Chloé"],
    "rounds": [
        cabo_round("Chloé", Ana=5, Ben=5, Chloé=12),
        {"caller": "Ben", "hands": {"Ana": 7, "Ben": 2}, "tiebreak": True},
    ],
}
# Escoba to 21: You win six deals of the worked example, 24 to 12.
ESCOBA = {
    "game": "escoba",
    "preset": "classic",
    "options": {},
    "players": ["You", "Ada"],
    "rounds": [escoba_deal("You", "Ada")] * 6,
}
ESCOBA_TEAMS = {
    "game": "escoba",
    "preset": "classic",
    "options": {"target": 30},
    "players": ["Ana", "Ben", "Chloé", "Dan"],
    "teams": [
        {"name": "Us", "players": ["Ana", "Chloé"]},
        {"name": "Them", "players": ["Ben", "Dan"]},
    ],
    "rounds": [escoba_deal("Them", "Us"), escoba_deal("Us", "Them"), escoba_deal("Us", "Them")],
}
# The same four to 21: Us win six deals, 24 to 12, a team match that counts.
ESCOBA_TEAMS_WON = {**ESCOBA_TEAMS, "options": {}, "rounds": [escoba_deal("Us", "Them")] * 6}
# Cabanga! worked example 9: B, C and D share the victory on 12.
CABANGA_SHARED = {
    "game": "cabanga",
    "preset": "classic",
    "options": {},
    "players": ["A", "B", "C", "D"],
    "rounds": [
        cabanga_round(A=8, B=0, C=9, D=9),
        cabanga_round(A=9, B=12, C=0, D=0),
        cabanga_round(A=2, B=0, C={"1": 1, "2": 1}, D=3),
    ],
}
ALL = [CABO_FR, CABO_KAMIKAZE, CABO_ZERO_CALL, CABO_TIEBREAK, ESCOBA, ESCOBA_TEAMS, CABANGA_SHARED]


def state_of(spec: dict) -> MatchState:
    game = get_game(spec["game"])
    options = game.resolve_options(spec["preset"], spec["options"])
    setup = game.make_setup(spec["players"], options, spec["players"][0], spec.get("teams"))
    return game.score(setup, spec["rounds"])
