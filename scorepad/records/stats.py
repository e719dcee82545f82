"""A player's record, read off replayed matches: pure functions, no database.

Every figure is derived from the rules engine's match states, so the statistics can
never disagree with the scoreboards: one match's figures are kept per player when the
match changes (`scorepad.matches.kept`), and the pages sum them (`from_tallies`). In
Escoba a player in a team shares the team's figures: the deal is scored per side, not
per player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields

from scorepad.rules.base import MatchState


@dataclass
class CaboFigures:
    rounds: int = 0
    hand_sum: int = 0
    calls: int = 0
    successful_calls: int = 0
    kamikazes: int = 0

    @property
    def average_hand(self) -> float | None:
        return self.hand_sum / self.rounds if self.rounds else None

    @property
    def call_success_rate(self) -> float | None:
        return self.successful_calls / self.calls if self.calls else None


@dataclass
class EscobaFigures:
    deals: int = 0
    points: int = 0
    escobas: int = 0
    velos: int = 0

    @property
    def points_per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None

    @property
    def escobas_per_deal(self) -> float | None:
        return self.escobas / self.deals if self.deals else None

    @property
    def velo_rate(self) -> float | None:
        return self.velos / self.deals if self.deals else None


@dataclass
class CabangaFigures:
    rounds: int = 0
    points: int = 0
    went_out: int = 0

    @property
    def average_points(self) -> float | None:
        return self.points / self.rounds if self.rounds else None


@dataclass
class GameRecord:
    game: str
    played: int = 0
    finished: int = 0
    wins: int = 0
    shared_wins: int = 0
    figures: CaboFigures | EscobaFigures | CabangaFigures | None = None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.finished if self.finished else None


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


_FIGURES = {"cabo": CaboFigures, "escoba": EscobaFigures, "cabanga": CabangaFigures}


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
            game = record.games[state.setup.game] = GameRecord(
                state.setup.game, figures=_FIGURES[state.setup.game]()
            )
        side = side_of(state, name)
        won = state.finished and side in state.winners
        shared = won and len(state.winners) > 1
        for tally in (record, game):
            tally.played += 1
            tally.finished += state.finished
            tally.wins += won
            tally.shared_wins += shared
        _add_rounds(game.figures, state, name, side)
    return record


def everyone(states: Iterable[MatchState]) -> list[PlayerRecord]:
    """Every player's record, the most matches first."""
    states = list(states)
    names = dict.fromkeys(name for state in states for name in state.setup.players)
    records = [player_record(name, states) for name in names]
    return sorted(records, key=lambda record: (-record.played, record.name.casefold()))


def _add_rounds(figures, state: MatchState, player: str, side: str) -> None:
    if isinstance(figures, CaboFigures):
        _add_cabo(figures, state, player)
    elif isinstance(figures, EscobaFigures):
        for result in state.rounds:
            pile = result.detail.sides[side]
            figures.deals += 1
            figures.points += result.points[side]
            figures.escobas += pile.escobas
            figures.velos += pile.velo
    elif isinstance(figures, CabangaFigures):
        for result in state.rounds:
            figures.rounds += 1
            figures.points += result.points[player]
            # The engine's "went-out" (its explanation: "had no card left") is a round of
            # 0 points; a round does not record who went out *first*, so this counts every
            # round the player ended with no card, and the page says so.
            figures.went_out += result.points[player] == 0


def _add_cabo(figures: CaboFigures, state: MatchState, player: str) -> None:
    # Only the engine's verdict counts: its topics say whether the call held ("call") or
    # failed ("failed-call") and whether either kamikaze rule applied ("kamikaze"); the
    # entered round (`detail`) says who called and whose hand was the kamikaze one.
    for result in state.rounds:
        entry = result.detail
        if player not in result.points:
            continue  # a tiebreak round they did not play
        figures.rounds += 1
        figures.hand_sum += entry.hands[player]
        if "kamikaze" in result.topics and player == (entry.kamikaze or entry.caller):
            figures.kamikazes += 1  # a kamikaze hand, or the zero call
        if player != entry.caller:
            continue
        # A kamikaze hand replaces the call: the engine then reports neither outcome.
        figures.calls += "call" in result.topics or "failed-call" in result.topics
        figures.successful_calls += "call" in result.topics


FIGURE_NAMES = tuple(sorted({figure.name for kind in _FIGURES.values() for figure in fields(kind)}))


def from_tallies(tallies: Iterable[Mapping]) -> list[PlayerRecord]:
    """Players' records from kept figures summed per player and game (finished matches
    only): rows of `name`, `game`, `played`, `wins`, `shared_wins` and each figure's sum.
    The most matches first."""
    records: dict[str, PlayerRecord] = {}
    for row in tallies:
        record = records.setdefault(row["name"], PlayerRecord(row["name"]))
        kind = _FIGURES[row["game"]]
        figures = kind(**{figure.name: row.get(figure.name) or 0 for figure in fields(kind)})
        game = record.games[row["game"]] = GameRecord(row["game"], figures=figures)
        for tally in (record, game):
            tally.played += row["played"]
            tally.finished += row["played"]
            tally.wins += row["wins"]
            tally.shared_wins += row["shared_wins"]
    return sorted(records.values(), key=lambda record: (-record.played, record.name.casefold()))
