"""Escoba's own guide pages: the fifteens practice (which cards of the table a played card
takes), and every fifteen for the quick reference."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy
from django.views.decorators.http import require_safe

from scorepad.core.htmx import render_page_or_partial, wants_fragment
from scorepad.core.pagecache import kept_page
from scorepad.guide.cards import Card, spanish_card, stripped_french_card
from scorepad.guide.tools.base import Tool
from scorepad.rules.escoba import ESCOBA_DECK, GAME, NUMBERS, SUITS, common_fifteens, fifteens

CARD_CHOICES = [(code, code) for code in ESCOBA_DECK]
# Only a hand-made address names a card the page does not show: say so in cards.
UNKNOWN_CARD = _("That card is not in a 40-card deck: pick the cards shown on this page.")
# A real table rarely holds more than ten cards; this page's own limit keeps the search
# for fifteens small whatever address someone crafts. It is not a rule of the game.
MOST_TABLE_CARDS = 12
# The same 40 cards, drawn as the Spanish deck or as a French deck stripped of its 8s, 9s
# and 10s (seed escoba-fr: "40 cartes espagnoles, ou un jeu de 52 privé des huit, neuf
# et dix").
DECKS = (("spanish", _("Spanish deck")), ("french", _("French deck, 8s to 10s removed")))


class PracticeForm(forms.Form):
    """The cards on the table, the card played from the hand, and the deck they show."""

    deck = forms.ChoiceField(
        choices=DECKS,
        required=False,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choose the Spanish or the French deck.")},
    )

    table = forms.MultipleChoiceField(
        choices=CARD_CHOICES,
        required=False,
        error_messages={"invalid_choice": UNKNOWN_CARD},
    )
    played = forms.ChoiceField(
        choices=CARD_CHOICES,
        error_messages={
            "invalid_choice": UNKNOWN_CARD,
            "required": _("Pick the card you play from your hand."),
        },
    )

    def clean_table(self) -> list[str]:
        table = self.cleaned_data["table"]
        if len(set(table)) != len(table):
            raise forms.ValidationError(
                _("Each card can be on the table only once."), code="duplicate"
            )
        if len(table) > MOST_TABLE_CARDS:
            raise forms.ValidationError(
                ngettext_lazy(
                    "This page looks for fifteens among at most %(most)d table cards; "
                    "you picked %(count)d.",
                    "This page looks for fifteens among at most %(most)d table cards; "
                    "you picked %(count)d.",
                    "count",
                ),
                code="too_many",
                params={"most": MOST_TABLE_CARDS, "count": len(table)},
            )
        return table

    def clean(self) -> dict:
        cleaned = super().clean()
        played, table = cleaned.get("played"), cleaned.get("table") or []
        if played and played in table:
            self.add_error("played", _("The card you play cannot also be on the table."))
        return cleaned


@require_safe
@kept_page()
def practice(request: HttpRequest) -> HttpResponse:
    # Only the deck chosen, no card yet: a fresh page in that deck, not a missing card.
    asked = "played" in request.GET or "table" in request.GET
    form = PracticeForm(request.GET if asked else None)
    captures = None
    if form.is_valid():
        captures = fifteens(form.cleaned_data["table"], form.cleaned_data["played"])
    elif (
        "show" not in request.GET
        and "played" not in request.GET
        and list(form.errors) == ["played"]
    ):
        # A table card tapped, as the page says to do first: no fault for the card to
        # play yet, which comes next; nor when that address is loaded again (a Reload,
        # Back after a language switch: QA). Its button, tapped, says it (the page
        # without JavaScript).
        del form.errors["played"]
    french = request.GET.get("deck") == "french"
    card = stripped_french_card if french else spanish_card
    context = {
        "game": GAME,
        "form": form,
        "deck": "french" if french else "spanish",
        "captures": [
            ([card(code) for code in capture.cards], capture.escoba) for capture in captures or ()
        ],
        "checked": captures is not None,
        "suits": [[card(f"{number}{suit}") for number in NUMBERS] for suit in SUITS],
        "played": card(form.cleaned_data["played"]) if captures is not None else None,
        "fragment": wants_fragment(request),  # the results alone: the deck links come along
    }
    return render_page_or_partial(request, "guide/practice.html", "results", context)


def every_fifteen() -> list[tuple[list[Card], str]]:
    """Every fifteen of Escoba (two or three cards), each value drawn as the card the
    value table shows for it, with the sum of their values: a rey's corner says 12, its
    value is 10 ("10 + 5"). A value played twice or three times is drawn in another suit
    each time, as the cards are (QA: three 5 of oros)."""
    card_of = {line.points: line.cards[0] for line in GAME.value_lines(GAME.presets[0].values)}

    def drawn(values: tuple[int, ...]) -> list[Card]:
        suit = {value: iter(SUITS) for value in values}
        return [spanish_card(card_of[value][:-1] + next(suit[value])) for value in values]

    return [
        (drawn(values), " + ".join(str(value) for value in values)) for values in common_fifteens()
    ]


TOOL = Tool(GAME.key, "practice", "practice", practice, _("Find the fifteens"), offered=True)
