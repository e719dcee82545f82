from __future__ import annotations

from collections.abc import Iterable

from django import forms
from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext_lazy as _

from scorepad.core.forms import OnceForm
from scorepad.limits import MAX_IMPORT_BYTES
from scorepad.matches.models import GAME_CHOICES, HouseRule, Match, Owner, Seat, options_key
from scorepad.rules.base import typed_name

from . import exchange
from .names import same_player


class ForgivingChoiceField(forms.ChoiceField):
    """A choice of a GET filter that an old bookmark or an edited address may name
    although the list no longer offers it (a game gone, a typo): it counts as no choice,
    and the page shows as if unfiltered by it, rather than refusing the whole request."""

    def to_python(self, value: object) -> str:
        value = super().to_python(value)
        return value if self.valid_value(value) else ""


class HistoryFilterForm(forms.Form):
    """The history and statistics filters; every field may stay empty."""

    STATUS_CHOICES = [
        ("", _("Any status")),
        ("in_progress", _("In progress")),
        ("finished", _("Finished")),
        ("abandoned", _("Abandoned")),
    ]

    game = ForgivingChoiceField(
        label=_("Game"), required=False, choices=[("", _("Every game")), *GAME_CHOICES]
    )
    player = forms.CharField(label=_("Player"), required=False, max_length=40)
    status = ForgivingChoiceField(label=_("Status"), required=False, choices=STATUS_CHOICES)
    house_rule = forms.TypedChoiceField(
        label=_("House rule"),
        required=False,
        coerce=int,
        empty_value=None,
        error_messages={"invalid_choice": _("These house rules no longer exist; choose others.")},
    )

    def __init__(self, *args, house_rules: list[HouseRule], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.house_rules = {rule.pk: rule for rule in house_rules}
        self.fields["house_rule"].choices = [("", _("Any rules"))] + [
            (rule.pk, str(rule)) for rule in house_rules
        ]

    def full_clean(self) -> None:
        super().full_clean()
        # A select in error points to its message, as the hand-written inputs do.
        for name in self.errors:
            if name in self.fields:
                self.fields[name].widget.attrs["aria-describedby"] = f"{name}-errors"

    @property
    def chosen_rule(self) -> HouseRule | None:
        return self.house_rules.get(self.cleaned_data.get("house_rule"))

    @property
    def typed_player(self) -> str:
        """The player's name as typed ("" for none, or one too long to be any name)."""
        return self.cleaned_data.get("player", "")

    def narrow(self, matches: QuerySet[Match]) -> QuerySet[Match]:
        """The filters SQL applies alike on SQLite and PostgreSQL; a field in error is left
        out, and so is the player, who is found among the names these matches seat
        (`narrow_to_player`)."""
        data = self.cleaned_data
        if data.get("game"):
            matches = matches.filter(game=data["game"])
        if data.get("status") == "finished":
            matches = matches.filter(finished=True)
        elif data.get("status") == "in_progress":
            matches = matches.filter(finished=False, abandoned_at__isnull=True)
        elif data.get("status") == "abandoned":
            matches = matches.filter(abandoned_at__isnull=False)
        if self.chosen_rule is not None:
            matches = matches.filter(game=self.chosen_rule.game, preset=self.chosen_rule.preset)
        return matches

    def narrow_to_player(self, matches: QuerySet[Match], names: Iterable[str]) -> QuerySet[Match]:
        """The matches that seat the typed player, whatever the case and accents typed, or
        every player whose name holds the part typed (`names.same_player`).

        `names` are the names seated in `matches`. Neither database folds accents alike
        (SQLite's LIKE folds only ASCII letters), so the typed name is compared with them
        here and the database asked for the exact spellings it matches, through the kept
        seats (JSON containment is not portable); EXISTS, not a join, lists a match that
        seats two of the spellings once.
        """
        if not self.typed_player:
            return matches
        spellings = same_player(self.typed_player, names)
        seated = Seat.objects.filter(match=OuterRef("pk"), name__in=spellings)
        return matches.filter(Exists(seated))

    @property
    def needs_keep(self) -> bool:
        return self.chosen_rule is not None

    def keep(self, match: Match) -> bool:
        """Whether `match` passes what `narrow` left out: the complete options of a house rule."""
        return self.chosen_rule is None or self.chosen_rule.used_by(match)


class ImportForm(OnceForm):
    file = forms.FileField(
        label=_("Match file (JSON)"),
        help_text=_(
            "A file exported from Scorepad (JSON, not CSV): one match or a whole history,"
            " at most 2 MB."
        ),
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
    name = forms.CharField(
        label=_("Name of the house rule"),
        max_length=40,
        error_messages={"required": _("Give the house rule a name.")},
    )

    def __init__(self, *args, owner: Owner | None, match: Match, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.owner = owner
        self.match = match

    def clean_name(self) -> str:
        # As a player's name is kept: without what shows nothing (a zero-width space: a
        # rule named that alone was a blank button), composed, its spaces one each.
        name = " ".join(typed_name(self.cleaned_data["name"]).split())
        if not name:
            raise forms.ValidationError(_("Give the house rule a name."))
        if self.owner is None:
            return name
        called, holding = HouseRule.clashes(
            self.owner, self.match.game, name, options_key(self.match.preset, self.match.options)
        )
        if called:
            raise self.name_taken(called)
        if holding:
            raise forms.ValidationError(
                _("These rules are already saved, as “%(name)s”.") % {"name": holding}
            )
        return name

    def name_taken(self, name: str) -> forms.ValidationError:
        return forms.ValidationError(
            _("You already have house rules called “%(name)s” for this game.") % {"name": name}
        )
