from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scorepad.matches.models import GAME_CHOICES, Match, Owner

from . import exchange
from .models import HouseRule

MAX_IMPORT_BYTES = 2 * 1024 * 1024


class HistoryFilterForm(forms.Form):
    """The history and statistics filters; every field may stay empty."""

    STATUS_CHOICES = [
        ("", _("Any status")),
        ("in_progress", _("In progress")),
        ("finished", _("Finished")),
    ]

    game = forms.ChoiceField(
        label=_("Game"), required=False, choices=[("", _("Every game")), *GAME_CHOICES]
    )
    player = forms.CharField(label=_("Player"), required=False, max_length=40)
    status = forms.ChoiceField(label=_("Status"), required=False, choices=STATUS_CHOICES)
    house_rule = forms.TypedChoiceField(
        label=_("House rule"), required=False, coerce=int, empty_value=None
    )

    def __init__(self, *args, house_rules: list[HouseRule], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.house_rules = {rule.pk: rule for rule in house_rules}
        self.fields["house_rule"].choices = [("", _("Any rules"))] + [
            (rule.pk, str(rule)) for rule in house_rules
        ]

    def keep(self, match: Match) -> bool:
        """Whether `match` passes the filters (the form must be valid)."""
        data = self.cleaned_data
        rule = self.house_rules.get(data["house_rule"])
        return (
            (not data["game"] or match.game == data["game"])
            and (not data["player"] or data["player"].strip() in match.players)
            and (not data["status"] or match.finished == (data["status"] == "finished"))
            and (rule is None or rule.used_by(match))
        )


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("Match file (JSON)"),
        help_text=_("A scorepad.match/1 file: one match or a list, at most 2 MB."),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        try:
            self.checked = exchange.check_documents(exchange.read_documents(upload.read()))
        except exchange.ImportRefused as refused:
            raise forms.ValidationError(refused.shown) from None
        return upload


class HouseRuleForm(forms.Form):
    name = forms.CharField(label=_("Name of the house rule"), max_length=40)

    def __init__(self, *args, owner: Owner | None, match: Match, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.owner = owner
        self.match = match

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Give the house rule a name."))
        taken = HouseRule.objects.filter(owner=self.owner, game=self.match.game, name__iexact=name)
        if self.owner is not None and taken.exists():
            raise forms.ValidationError(
                _("You already have house rules called “%(name)s” for this game.") % {"name": name}
            )
        return name
