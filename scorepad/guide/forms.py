from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scorepad.rules.cabo import DECK_NUMBERS, JOKER, RANKS, SUITS
from scorepad.rules.escoba import ESCOBA_DECK

CABO_LOOKUP_CARDS = (
    *(rank + suit for suit in SUITS for rank in RANKS),
    JOKER,
    *DECK_NUMBERS,
)

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
