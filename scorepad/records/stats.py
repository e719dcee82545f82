"""A player's record, read off replayed matches: pure functions, no database.

Every figure is derived from the rules engine's match states (`Match.state()`), so the
statistics can never disagree with the scoreboards: each game says what a round counts
for a player (`Game.round_events`) and which figures it shows (`Game.figures`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from scorepad.rules import Game, get_game
from scorepad.rules.base import MatchState


@dataclass
class GameRecord:
    game: str
    played: int = 0
    finished: int = 0
    wins: int = 0
    shared_wins: int = 0
    # What the game's rounds counted for the player (`Game.round_events`), summed.
    events: Counter[str] = field(default_factory=Counter)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None

    @property
    def rules(self) -> Game:
        return get_game(self.game)

    def figure(self, key: str) -> int | float | None:
        """One of the game's figures (`Game.figures`) over the player's rounds."""
        return next(f for f in self.rules.figures if f.key == key).value(self.events)

    def figures(self) -> list[dict]:
        """The game's figures in its order: label, kind ("count", "average", "percent")
        and value."""
        return [
            {"label": f.label, "kind": f.kind, "value": f.value(self.events)}
            for f in self.rules.figures
        ]


@dataclass
class PlayerRecord:
    """Wins count every victory, a shared one too (`shared_wins` says how many were shared);
    the win rate is over finished matches only."""

    name: str
    played: int = 0
    finished: int = 0
    wins: int = 0
    shared_wins: int = 0
    games: dict[str, GameRecord] = field(default_factory=dict)

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None


def side_of(state: MatchState, player: str) -> str:
    """The side that scores for `player`: their team, or themselves."""
    for team in state.setup.teams or ():
        if player in team.players:
            return team.name
    return player


def player_record(name: str, states: Iterable[MatchState]) -> PlayerRecord:
    """`name`'s record over the matches they sat in; other matches are ignored."""
    record = PlayerRecord(name)
    for state in states:
        if name not in state.setup.players:
            continue
        game = record.games.get(state.setup.game)
        if game is None:
            game = record.games[state.setup.game] = GameRecord(state.setup.game)
        side = side_of(state, name)
        won = state.finished and side in state.winners
        shared = won and len(state.winners) > 1
        for tally in (record, game):
            tally.played += 1
            tally.finished += state.finished
            tally.wins += won
            tally.shared_wins += shared
        rules = get_game(state.setup.game)
        for result in state.rounds:
            game.events.update(rules.round_events(state.setup, result, name, side))
    return record


def everyone(states: Iterable[MatchState]) -> list[PlayerRecord]:
    """Every player's record, the most matches first."""
    states = list(states)
    names = dict.fromkeys(name for state in states for name in state.setup.players)
    records = [player_record(name, states) for name in names]
    return sorted(records, key=lambda record: (-record.played, record.name.casefold()))
