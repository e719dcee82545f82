"""The shape every walkthrough shares: steps that show the cards, the move and the reason.

Texts are lazy translations with named card parameters, so a card is named in the
reader's language only when the step is rendered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from django.utils.translation import gettext

from scorepad.guide.cards import Card
from scorepad.rules.base import Text, join_names


class Cards(tuple):
    """Card codes inside a sentence: rendered as their names with their articles ("the
    ace of spades", "l’as de pique", "de schoppenaas"), joined with "and"."""


class Listed(tuple):
    """Phrases (``Say``) inside a sentence, set apart by semicolons."""


@dataclass(frozen=True)
class Say:
    """A sentence and its parameters; ``count`` names the parameter that picks the plural
    form of an ``ngettext_lazy(singular, plural, "count")`` message."""

    message: str
    params: Mapping[str, object] = field(default_factory=dict)
    count: str | None = None

    def render(self, card: Callable[[str], Card]) -> str:
        message = self.message
        if self.count is not None:
            # A lazy plural picks its form from the mapping; it holds no % placeholder.
            message = message % {self.count: self.params[self.count]}
        values = {}
        for name, value in self.params.items():
            if isinstance(value, Cards):
                names = join_names([card(code).the for code in value])
                values[name] = names.render(gettext) if isinstance(names, Text) else names
            elif isinstance(value, Listed):
                # Each part may hold an "and" of its own: the parts are set apart by semicolons.
                parts = [part.render(card) for part in value]
                joined = parts[-1] if parts else ""
                for part in reversed(parts[:-1]):
                    joined = gettext("{first}; {rest}").format(first=part, rest=joined)
                values[name] = joined
            elif isinstance(value, Say):
                values[name] = value.render(card)
            else:
                values[name] = str(value)
        return str(message).format(**values)


@dataclass(frozen=True)
class Zone:
    """A place on the table: a hand, the table, a pile; ``count`` only shows a number."""

    label: Say
    cards: tuple[str | None, ...]  # None: the empty place a snapped card left in a row
    count_only: bool = False
    compact: bool = False
    # A pile whose order its name tells ("top card on the right"): its cards never wrap.
    in_a_row: bool = False


@dataclass(frozen=True)
class Move:
    text: Say
    reason: Say | None = None


@dataclass(frozen=True)
class Noted:
    """A figure with a short note under it, "16" over "(hand 6)": on a narrow phone the
    note keeps its words together instead of breaking the cell over three lines."""

    figure: object
    note: Say


@dataclass(frozen=True)
class Score:
    """A small table: a heading per column, a label and one value per column per row.

    ``spans`` head runs of columns from the left (a heading or None, how many columns):
    "Cards by number of symbols" over the short 1, 2, 3 fits a 320 px phone where three
    "2 symbolen" did not."""

    columns: tuple[object, ...]
    rows: tuple[tuple[Say, tuple[object, ...]], ...]
    notes: tuple[tuple[Say, tuple[Text, ...]], ...] = ()
    spans: tuple[tuple[Say | None, int], ...] = ()


@dataclass(frozen=True)
class Step:
    title: Say
    zones: tuple[Zone, ...]
    moves: tuple[Move, ...]
    moved: frozenset[str] = frozenset()
    score: Score | None = None


@dataclass(frozen=True)
class Walkthrough:
    game: str
    title: Say
    intro: Say
    card: Callable[[str], Card]
    steps: tuple[Step, ...]


def _text(value: object, card: Callable[[str], Card]) -> str:
    if isinstance(value, Say):
        return value.render(card)
    if isinstance(value, Text):
        return value.render(gettext)
    return str(value)


def _cell(value: object, card: Callable[[str], Card]) -> tuple[str, str]:
    """A score cell as its figure and its note ("" without one)."""
    if isinstance(value, Noted):
        return _text(value.figure, card), value.note.render(card)
    return _text(value, card), ""


def show(walkthrough: Walkthrough, step: Step) -> dict[str, object]:
    """Everything a template needs for one step, with names in the active language."""
    card = walkthrough.card
    zones = []
    for zone in step.zones:
        cards = [
            (card(code), code in step.moved) if code is not None else (None, False)
            for code in zone.cards
        ]
        zones.append(
            {
                "label": zone.label.render(card),
                "cards": cards,
                "count_only": zone.count_only,
                "compact": zone.compact,
                "in_a_row": zone.in_a_row,
                "count": sum(code is not None for code in zone.cards),
                "moved": not zone.count_only and any(moved for _, moved in cards),
            }
        )
    # On a phone the places where cards moved come first, under the moves that name them;
    # the others keep their order after them, drawn small (a stable sort).
    zones.sort(key=lambda zone: not zone["moved"])
    moves = [
        {"text": move.text.render(card), "reason": move.reason.render(card) if move.reason else ""}
        for move in step.moves
    ]
    score = None
    if step.score is not None:
        score = {
            "spans": [
                (_text(heading, card) if heading else "", width)
                for heading, width in step.score.spans
            ],
            "columns": [_text(column, card) for column in step.score.columns],
            "rows": [
                (_text(label, card), [_cell(value, card) for value in values])
                for label, values in step.score.rows
            ],
            "notes": [
                (_text(label, card), [_text(line, card) for line in lines])
                for label, lines in step.score.notes
            ],
        }
    return {"title": step.title.render(card), "zones": zones, "moves": moves, "score": score}
