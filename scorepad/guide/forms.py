from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scorepad.rules.escoba import ESCOBA_DECK

CARD_CHOICES = [(code, code) for code in ESCOBA_DECK]
UNKNOWN_CARD = _("%(value)s is not a card of the 40-card Spanish deck.")


class PracticeForm(forms.Form):
    """The cards on the table and the card played from the hand."""

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

    def clean(self) -> dict:
        cleaned = super().clean()
        played, table = cleaned.get("played"), cleaned.get("table") or []
        if played and played in table:
            self.add_error("played", _("The card you play cannot also be on the table."))
        return cleaned
