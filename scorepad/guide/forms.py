from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scorepad.rules.escoba import ESCOBA_DECK

CARD_CHOICES = [(code, code) for code in ESCOBA_DECK]
UNKNOWN_CARD = _("%(value)s is not a card of the 40-card Spanish deck.")
# A real table rarely holds more than ten cards; the limit also keeps the search for
# fifteens small whatever address someone crafts.
MOST_TABLE_CARDS = 12


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

    def clean_table(self) -> list[str]:
        table = self.cleaned_data["table"]
        if len(set(table)) != len(table):
            raise forms.ValidationError(
                _("Each card can be on the table only once."), code="duplicate"
            )
        if len(table) > MOST_TABLE_CARDS:
            raise forms.ValidationError(
                _("A table holds at most %(most)d cards; you picked %(count)d."),
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
