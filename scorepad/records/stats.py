"""A player's record: pure functions, no database.

Every figure is derived from the rules engine's match states, so the statistics can
never disagree with the scoreboards: each game says what a round counts for a player
(`Game.round_events`, summed over a match by `Game.match_events`) and which figures it
shows (`Game.figures`). What a match counted is kept per player when the match changes
(`scorepad.matches.kept`), and the pages sum it in the database (`from_tallies`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from scorepad.core.wording import folded
from scorepad.rules import GAMES, Game, get_game
from scorepad.rules.base import MatchState, side_of

from .names import player_key, spelling_of


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

    @property
    def note(self) -> str:
        """The game's note under its figures (`Game.figures_note`), unless it speaks of
        an event these figures never counted."""
        event = self.rules.figures_note_event
        return "" if event and not self.events[event] else self.rules.figures_note

    def figures(self) -> list[dict]:
        """The game's figures in its order: label, kind ("count", "average", "percent")
        and value; an optional one (`Figure.optional`) only once it happened."""
        return [
            {"label": f.label, "kind": f.kind, "value": value}
            for f in self.rules.figures
            if (value := f.value(self.events)) or not f.optional
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


def player_record(name: str, states: Iterable[MatchState]) -> PlayerRecord:
    """`name`'s record over the matches they sat in; other matches are ignored."""
    record = PlayerRecord(name)
    for state in states:
        if name not in state.setup.players:
            continue
        game = record.games.get(state.setup.game)
        if game is None:
            game = record.games[state.setup.game] = GameRecord(state.setup.game)
        side = side_of(state.setup, name)
        won = state.finished and side in state.winners
        shared = won and len(state.winners) > 1
        for tally in (record, game):
            tally.played += 1
            tally.finished += state.finished
            tally.wins += won
            tally.shared_wins += shared
        game.events.update(get_game(state.setup.game).match_events(state, name))
    return record


def everyone(states: Iterable[MatchState]) -> list[PlayerRecord]:
    """Every player's record, the most matches first."""
    states = list(states)
    names = dict.fromkeys(name for state in states for name in state.setup.players)
    records = [player_record(name, states) for name in names]
    return sorted(records, key=by_matches_then_name)


def by_matches_then_name(record: PlayerRecord) -> tuple[int, str, str]:
    """The most matches first, then by name as a reader sorts it: Élodie among the E's,
    not after Zoé (accents and capitals set aside, `folded`)."""
    return -record.played, folded(record.name), record.name


def event_names() -> tuple[str, ...]:
    """Every event some game's figures, or the note under them, read: what the pages
    sum from the kept seats."""
    names = {
        name
        for game in GAMES.values()
        for figure in game.figures
        for name in (figure.count, figure.per)
        if name
    }
    notes = {game.figures_note_event for game in GAMES.values() if game.figures_note_event}
    return tuple(sorted(names | notes))


def from_tallies(
    tallies: Iterable[Mapping], usual: Mapping[str, int] | None = None
) -> list[PlayerRecord]:
    """Players' records from kept seats summed per player and game (finished matches
    only): rows of `name`, `game`, `played`, `wins`, `shared_wins` and each event's sum
    (`event_names`). One player whatever the case and accents their name was typed
    with, under one spelling (`names.player_key`, `names.spelling_of`): of the spellings
    of `usual` (spelling: matches, the whole history's) when the tallies are of some
    matches only, so that a filter does not rename a player. The most matches first."""
    records: dict[str, PlayerRecord] = {}
    spellings: dict[str, Counter[str]] = {}
    for row in tallies:
        key = player_key(row["name"])
        record = records.setdefault(key, PlayerRecord(row["name"]))
        spellings.setdefault(key, Counter())[row["name"]] += row["played"]
        game = record.games.setdefault(row["game"], GameRecord(row["game"]))
        game.events.update({name: row[name] for name in event_names() if row.get(name)})
        for tally in (record, game):
            tally.played += row["played"]
            tally.finished += row["played"]
            tally.wins += row["wins"]
            tally.shared_wins += row["shared_wins"]
    overall: dict[str, Counter[str]] = {}
    for name, count in (usual or {}).items():
        overall.setdefault(player_key(name), Counter())[name] += count
    spellings |= {key: overall[key] for key in records.keys() & overall.keys()}
    for key, record in records.items():
        record.name = spelling_of(spellings[key])
    return sorted(records.values(), key=by_matches_then_name)
