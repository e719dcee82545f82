"""The rules pages' tables, read from the engine so that no rule is written twice."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorepad.guide.cards import french_card, spanish_card
from scorepad.rules import Game
from scorepad.rules.cabanga import hand_points
from scorepad.rules.cabo import card_value as cabo_value
from scorepad.rules.escoba import NUMBERS
from scorepad.rules.escoba import card_value as escoba_value

FRENCH_ROWS = (
    ("AS",), ("2S",), ("3S",), ("4S",), ("5S",), ("6S",), ("7S",), ("8S",), ("9S",), ("10S",),
    ("JS", "JH"), ("QS", "QH"), ("KS", "KC"), ("KH", "KD"),
)  # fmt: skip


def chosen_preset(game: Game, key: str) -> str:
    """The preset asked for in the address, else the game's first one."""
    return key if key in {preset.key for preset in game.presets} else game.presets[0].key


def card_values(game: Game, preset: str) -> list[tuple[list, str]]:
    """Rows of (cards, points) for the value table under that preset."""
    options = game.resolve_options(preset, {})
    if game.key == "cabo":
        if options["values"] == "deck":
            return [([french_card(str(n))], str(n)) for n in range(14)]
        return [
            ([french_card(code) for code in codes], str(cabo_value(codes[0], options)))
            for codes in FRENCH_ROWS
        ]
    if game.key == "escoba":
        return [
            ([spanish_card(f"{number}O")], str(escoba_value(f"{number}O"))) for number in NUMBERS
        ]
    counts = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    labels = (_("1 symbol"), _("2 symbols"), _("3 symbols"))
    return [
        ([], f"{label}: −{hand_points(*count)}")
        for label, count in zip(labels, counts, strict=True)
    ]


def _shown(option, value: object) -> str:
    if option.kind == "bool":
        return gettext("on") if value else gettext("off")
    if option.kind == "choice":
        for choice in option.choices:
            if choice.value == value:
                return gettext(choice.label)
    return str(value)


def presets(game: Game) -> dict[str, object]:
    """Every option's value under every preset, labelled as the match set-up shows them."""
    return {
        "columns": [gettext(preset.label) for preset in game.presets],
        "rows": [
            (
                gettext(option.label),
                gettext(option.help),
                [_shown(option, preset.values[option.name]) for preset in game.presets],
            )
            for option in game.options
        ],
    }
