"""The rules pages' tables, read from the engine so that no rule is written twice."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorepad.core.wording import number_text, option_text
from scorepad.guide.cards import Card, french_card, spanish_card, stripped_french_card
from scorepad.rules import Game
from scorepad.rules.cabanga import hand_points
from scorepad.rules.cabo import GAME as CABO
from scorepad.rules.cabo import JOKER
from scorepad.rules.cabo import POWERS as CABO_POWERS
from scorepad.rules.cabo import card_power as cabo_power
from scorepad.rules.cabo import card_value as cabo_value
from scorepad.rules.escoba import NUMBERS, common_fifteens
from scorepad.rules.escoba import card_value as escoba_value

# The Spanish number of a card worth each value: 1–7 themselves, sota 8, caballo 9, rey 10.
ESCOBA_NUMBER_OF = {escoba_value(f"{number}O"): number for number in NUMBERS}

FRENCH_ROWS = (
    ("AS",), ("2S",), ("3S",), ("4S",), ("5S",), ("6S",), ("7S",), ("8S",), ("9S",), ("10S",),
    ("JS", "JH"), ("QS", "QH"), ("KS", "KC"), ("KH", "KD"),
)  # fmt: skip


def chosen_preset(game: Game, key: str, language: str) -> str:
    """The preset asked for in the address (a match's "Rules" link names its own), else
    the one a table speaking the reader's language plays, as the set-up offers first."""
    return key if key in {preset.key for preset in game.presets} else game.preset_for(language)


@dataclass(frozen=True)
class ValueRow:
    """One line of a value table: the cards, their twins in a French deck (Escoba), the
    points and the power (Cabo)."""

    cards: list[Card]
    points: str
    twins: list[Card] = field(default_factory=list)
    power: str = ""
    label: str = ""  # the cards in words, where none is drawn (Cabanga!'s symbols)
    changed: bool = False  # the same cards count or do otherwise under another preset
    first_changed: bool = False

    @property
    def key(self) -> tuple[str, ...]:
        return tuple(card.code for card in self.cards) or (self.label,)


@dataclass(frozen=True)
class ValueTable:
    rows: list[ValueRow]
    # Each preset and where its link lands: on the first row it changes, on a phone ten
    # rows below the table's top (QA47), else on the table.
    landings: list[tuple[object, str]] = field(default_factory=list)

    @property
    def twins(self) -> bool:
        return any(row.twins for row in self.rows)

    @property
    def powers(self) -> bool:
        return any(row.power for row in self.rows)


def power_text(code: str, options) -> str:
    """ "Peek: look at one of your own cards", or "" for a card without a power."""
    power = cabo_power(code, options)
    if power is None:
        return ""
    label, help_text = CABO_POWERS[power]
    return gettext("{power}: {what}").format(power=gettext(label), what=gettext(help_text))


def card_values(game: Game, preset: str) -> ValueTable:
    """The value table under that preset, read from the engine (each game's guide draws
    its own cards); its rows that another preset counts otherwise are marked changed."""
    tables = {
        choice.key: VALUE_TABLES[game.key](game.resolve_options(choice.key, {}))
        for choice in game.presets
    }
    changes = {key: _changed_rows(table, tables.values()) for key, table in tables.items()}
    landings = [
        (choice, "values-changed" if changes[choice.key] else "values") for choice in game.presets
    ]
    rows = [replace(row, changed=row.key in changes[preset]) for row in tables[preset].rows]
    first = next((number for number, row in enumerate(rows) if row.changed), None)
    if first is not None:
        rows[first] = replace(rows[first], first_changed=True)
    return ValueTable(rows, landings)


def _changed_rows(table: ValueTable, others) -> set[tuple[str, ...]]:
    """The rows whose cards count or do otherwise in another table (a deck of its own, the
    official Cabo deck, shares no row to compare)."""
    seen = {}
    for other in others:
        for row in other.rows:
            seen.setdefault(row.key, set()).add((row.points, row.power))
    return {row.key for row in table.rows if len(seen[row.key]) > 1}


def _cabo_values(options) -> ValueTable:
    with_jokers = {**options, "jokers": True}
    if options["values"] == "deck":
        groups = [(str(n),) for n in range(14)]
    else:
        groups = [*FRENCH_ROWS, (JOKER,)]
    return ValueTable(
        [
            ValueRow(
                [french_card(code) for code in codes],
                number_text(cabo_value(codes[0], with_jokers)),  # −1, as the boards write it
                power=power_text(codes[0], options) or "—",
            )
            for codes in groups
        ]
    )


def _escoba_values(options) -> ValueTable:
    return ValueTable(
        [
            ValueRow(
                [spanish_card(f"{number}O")],
                str(escoba_value(f"{number}O")),
                twins=[stripped_french_card(f"{number}O")],
            )
            for number in NUMBERS
        ]
    )


def _cabanga_values(options) -> ValueTable:
    counts = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    labels = (_("1 symbol"), _("2 symbols"), _("3 symbols"))
    return ValueTable(
        [
            # As the board counts them (a total climbs to the end threshold), not "−1":
            # a scorer would type it (QA23).
            ValueRow([], str(hand_points(*count)), label=str(label))
            for label, count in zip(labels, counts, strict=True)
        ]
    )


VALUE_TABLES = {"cabo": _cabo_values, "escoba": _escoba_values, "cabanga": _cabanga_values}


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


def fifteens() -> list[tuple[list[Card], str]]:
    """Every fifteen of Escoba (two or three cards), each value drawn as a card of oros,
    with the sum of their values: a rey's corner says 12, its value is 10 ("10 + 5")."""
    return [
        (
            [spanish_card(f"{ESCOBA_NUMBER_OF[value]}O") for value in values],
            " + ".join(str(value) for value in values),
        )
        for values in common_fifteens()
    ]


# One card per line of the Cabo value tables, to tap on the "what does this card do?" page.
CABO_GRID_52 = (*(codes[0] for codes in FRENCH_ROWS), JOKER)
CABO_GRID_DECK = tuple(str(number) for number in range(14))
CABO_LOOKUP_PRESETS = ("fr", "nl")


def cabo_card_grids() -> list[tuple[str, list[Card]]]:
    return [
        (gettext("52-card deck"), [french_card(code) for code in CABO_GRID_52]),
        (gettext("Cabo deck"), [french_card(code) for code in CABO_GRID_DECK]),
    ]


def cabo_card(code: str) -> dict[str, object]:
    """Everything the Cabo card page says about one card, read from the engine."""
    game = CABO
    presets = ("official",) if code.isdigit() else CABO_LOOKUP_PRESETS
    lines = []
    for key in presets:
        options = {**game.resolve_options(key, {}), "jokers": True}
        points = cabo_value(code, options)
        grid = CABO_GRID_DECK if code.isdigit() else CABO_GRID_52
        # Seed cabo-fr: a snap needs "une carte de même valeur", whatever its rank.
        same = [french_card(other) for other in grid if cabo_value(other, options) == points]
        lines.append(
            {
                "preset": gettext(game.preset(key).label),
                "points": points,
                # A minus sign, not a hyphen, as the set-up writes it; "−1 point".
                "shown": f"−{-points}" if points < 0 else str(points),
                "size": abs(points),
                "snaps_on": same,
            }
        )
    return {
        "card": french_card(code),
        "lines": lines,
        "power": power_text(code, game.resolve_options(presets[0], {})),
        "joker": code == JOKER,
    }
