"""Cabo's own guide page: "what does this card do?", a card's points under each preset
that plays its deck, its power and the cards it snaps on, read from the engine."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from scorepad.core.htmx import render_page_or_partial
from scorepad.core.pagecache import kept_page
from scorepad.guide.cards import Card, french_card
from scorepad.guide.tables import power_text
from scorepad.guide.tools.base import Tool
from scorepad.rules.cabo import (
    DECK_NUMBERS,
    GAME,
    JOKER,
    RANKS,
    SUITS,
    card_power,
    card_value,
    numbered_deck,
)

CABO_LOOKUP_CARDS = (
    *(rank + suit for suit in SUITS for rank in RANKS),
    JOKER,
    *DECK_NUMBERS,
)
# Each deck's grid, under the name the page gives it: the 52-card deck, then the branded one.
DECK_TITLES = {False: _("52-card deck"), True: _("Cabo deck")}


class CardLookupForm(forms.Form):
    """The card asked about on the Cabo card page: a 52-card deck card, a joker, or a
    card of the branded deck."""

    card = forms.ChoiceField(
        choices=[(code, code) for code in CABO_LOOKUP_CARDS],
        error_messages={
            "invalid_choice": _("That card is not in the game: tap one of the cards below."),
            "required": _("Tap a card to see what it does."),
        },
    )

    def __init__(self, data=None, **kwargs) -> None:
        if data is not None and "card" in data:  # "kh", typed in an address, is KH
            data = data.copy()
            data["card"] = data["card"].strip().upper()
        super().__init__(data, **kwargs)


def presets_of(numbered: bool) -> list[str]:
    """The presets that play the branded deck (numbered), or the 52-card deck."""
    return [
        preset.key
        for preset in GAME.presets
        if numbered_deck(GAME.resolve_options(preset.key, {})) == numbered
    ]


def grid(numbered: bool) -> tuple[str, ...]:
    """One card per line of that deck's value table, to tap."""
    options = GAME.resolve_options(presets_of(numbered)[0], {})
    return tuple(line.cards[0] for line in GAME.value_lines(options))


def card_grids() -> list[tuple[str, list[Card]]]:
    return [
        (gettext(title), [french_card(code) for code in grid(numbered)])
        for numbered, title in DECK_TITLES.items()
    ]


def card_answer(code: str) -> dict[str, object]:
    """Everything the Cabo card page says about one card, read from the engine."""
    numbered = code in DECK_NUMBERS
    presets = presets_of(numbered)
    lines = []
    for key in presets:
        options = {**GAME.resolve_options(key, {}), "jokers": True}
        points = card_value(code, options)
        # Seed cabo-fr: a snap needs "une carte de même valeur", whatever its rank.
        same = [
            french_card(other) for other in grid(numbered) if card_value(other, options) == points
        ]
        lines.append(
            {
                "preset": gettext(GAME.preset(key).label),
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
        "power": power_text(GAME, card_power(code, GAME.resolve_options(presets[0], {}))),
        "joker": code == JOKER,
    }


@require_safe
@kept_page()
def cabo_cards(request: HttpRequest) -> HttpResponse:
    """What does this card do? Its points under each preset, its power, what it snaps on."""
    form = CardLookupForm(request.GET if "card" in request.GET else None)
    context = {
        "game": GAME,
        "form": form,
        "answer": card_answer(form.cleaned_data["card"]) if form.is_valid() else None,
        "grids": card_grids(),
    }
    return render_page_or_partial(request, "guide/cabo_cards.html", "answer", context)


TOOL = Tool(GAME.key, "cards", "cabo_cards", cabo_cards, _("What does this card do?"))
