"""The rules pages' tables, read from the engine so that no rule is written twice."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorepad.core.wording import number_text, option_text
from scorepad.guide.cards import Card, french_card, spanish_card, stripped_french_card
from scorepad.rules import Game
from scorepad.rules.base import ValueLine

# How the pages draw a card of each deck a game names (`Game.card_decks`), and the
# heading of its column where a value table sets two decks side by side.
DECKS = {
    "french": (french_card, _("French deck")),
    "spanish": (spanish_card, _("Spanish deck")),
    "stripped-french": (stripped_french_card, _("French deck")),
}


def chosen_preset(game: Game, key: str, language: str) -> str:
    """The preset asked for in the address (a match's "Rules" link names its own), else
    the one a table speaking the reader's language plays, as the set-up offers first."""
    return key if key in {preset.key for preset in game.presets} else game.preset_for(language)


@dataclass(frozen=True)
class ValueRow:
    """One line of a value table: the cards, the same cards in the game's other deck
    (Escoba's French deck), the points and the power (Cabo's)."""

    cards: list[Card]
    points: str
    twins: list[Card] = field(default_factory=list)
    power: str = ""
    label: str = ""  # the cards in words, where none is drawn (Cabanga!'s symbols)
    changed: bool = False  # the same cards count or do otherwise under another preset
    first_changed: bool = False


@dataclass(frozen=True)
class ValueTable:
    rows: list[ValueRow]
    # Each preset and where its link lands: on the first row it changes, on a phone ten
    # rows below the table's top (QA47), else on the table.
    landings: list[tuple[object, str]] = field(default_factory=list)
    decks: tuple[str, ...] = ()

    @property
    def twins(self) -> bool:
        return any(row.twins for row in self.rows)

    @property
    def powers(self) -> bool:
        return any(row.power for row in self.rows)

    @property
    def headings(self) -> list[str]:
        """The cards' columns: "Card", or each deck's name where two stand side by side."""
        if not self.twins:
            return [gettext("Card")]
        return [str(DECKS[deck][1]) for deck in self.decks]


def power_text(game: Game, power: str | None) -> str:
    """ "Peek: look at one of your own cards", or "" for a card without a power."""
    if power is None:
        return ""
    label, help_text = game.powers[power]
    return gettext("{power}: {what}").format(power=gettext(label), what=gettext(help_text))


def card_values(game: Game, preset: str) -> ValueTable:
    """The value table under that preset, as the engine gives it (no rows for a game
    without card values); its rows that another preset counts otherwise are marked
    changed."""
    lines = {
        choice.key: game.value_lines(game.resolve_options(choice.key, {}))
        for choice in game.presets
    }
    changes = {key: _changed_lines(own, lines.values()) for key, own in lines.items()}
    landings = [
        (choice, "values-changed" if changes[choice.key] else "values") for choice in game.presets
    ]
    rows = [
        _value_row(game, line, changed=_line_key(line) in changes[preset]) for line in lines[preset]
    ]
    first = next((number for number, row in enumerate(rows) if row.changed), None)
    if first is not None:
        rows[first] = replace(rows[first], first_changed=True)
    return ValueTable(rows, landings, game.card_decks)


def _line_key(line: ValueLine) -> tuple[str, ...]:
    return line.cards or (line.label,)


def _changed_lines(own, others) -> set[tuple[str, ...]]:
    """The lines whose cards count or do otherwise under another preset (a deck of its
    own, the official Cabo deck, shares no line to compare)."""
    seen: dict[tuple[str, ...], set] = {}
    for lines in others:
        for line in lines:
            seen.setdefault(_line_key(line), set()).add((line.points, line.power))
    return {_line_key(line) for line in own if len(seen[_line_key(line)]) > 1}


def _value_row(game: Game, line: ValueLine, changed: bool) -> ValueRow:
    """One line drawn: its cards in each of the game's decks, its points as the boards
    write them (−1), its power in words."""
    faces = [[DECKS[deck][0](code) for code in line.cards] for deck in game.card_decks]
    return ValueRow(
        faces[0] if faces else [],
        number_text(line.points),
        twins=faces[1] if len(faces) > 1 else [],
        power=power_text(game, line.power),
        label=gettext(line.label) if line.label else "",
        changed=changed,
    )


def presets(game: Game) -> dict[str, object]:
    """Every option's value under every preset, labelled as the match set-up shows them."""
    return {
        "columns": [gettext(preset.label) for preset in game.presets],
        "rows": [
            (
                gettext(option.label),
                gettext(option.help),
                # A cell each: "On", "Off", "Call with exactly 0" alike.
                [
                    capfirst(option_text(option, preset.values[option.name]))
                    for preset in game.presets
                ],
            )
            for option in game.options
        ],
    }
