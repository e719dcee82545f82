"""Every input of the scorekeeping pages goes through one of these forms.

The forms turn what a person typed or tapped into the rules engine's round shape (the
round shape of the match file format) and hand the engine's faults back to the field
they concern. No rule is checked here that the engine already checks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import ClassVar

from django import forms
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scorepad.core.forms import HiddenJSONField, listed_faults
from scorepad.core.wording import engine_text, number_text, of_name, preset_changes
from scorepad.guide.cards import french_card
from scorepad.rules import get_game
from scorepad.rules.base import (
    MAX_NAME_LENGTH,
    FieldError,
    MatchState,
    Option,
    Preset,
    RoundInvalid,
    SetupInvalid,
    Text,
    clean_name,
    name_faults,
    player_key,
    typed_name,
)

from .models import HouseRule, board_of, options_key


def engine_message(error: FieldError) -> str:
    """The engine's words for a fault, as a sentence beside its field; a card by its
    name in the reader's language ("roi de cœur"), as the card picker shows it, not by
    its code in the match file ("KH")."""
    message = error.message
    if isinstance(message.params.get("card"), str):
        message = replace(
            message, params={**message.params, "card": _card_name(message.params["card"])}
        )
    text = engine_text(message, sentence=True)
    if gettext(message.template).startswith("{card}"):  # a card's name, not a player's
        text = text[:1].upper() + text[1:]
    # A sentence ends as the form's other messages do ("Enter a number."): the engine's
    # words are written to follow "round 2: " in an import's list, without one (QA23).
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def _card_name(code: str) -> str:
    try:
        return french_card(code).name
    except (KeyError, IndexError):  # not a card of the deck: as it was given
        return code


def has_forged_fields(form: forms.Form, hidden: set[str]) -> bool:
    """Faults only a broken client makes: the page's own hidden fields, a value that
    none of the offered choices (radio buttons, lists) could have sent, or two values for
    one of them (two callers: the last one would have been taken)."""
    if not form.is_bound:
        return False
    getlist = getattr(form.data, "getlist", None)
    if getlist is not None and any(
        len(getlist(form.add_prefix(name))) > 1
        for name, field in form.fields.items()
        if isinstance(field, forms.ChoiceField) and not field.widget.allow_multiple_selected
    ):
        return True
    for name, errors in form.errors.as_data().items():
        if name in hidden or any(error.code == "invalid_choice" for error in errors):
            return True
    return False


# Beside a number field on a phone, its limit says enough: Django's "Ensure this value is
# less than or equal to 200." is the same fault in four times the words.
LIMIT_MESSAGES = {
    "min_value": _("At least %(limit_value)s."),
    "max_value": _("At most %(limit_value)s."),
}


class LimitedIntegerField(forms.IntegerField):
    """A whole number between limits, a limit it passes said as the pages write numbers
    ("At least −2.", a minus sign); the input's own min and max stay numbers."""

    default_error_messages = LIMIT_MESSAGES

    def run_validators(self, value) -> None:
        try:
            super().run_validators(value)
        except forms.ValidationError as error:
            for fault in error.error_list:
                if fault.code in LIMIT_MESSAGES and isinstance(fault.params, dict):
                    limit = fault.params["limit_value"]
                    fault.params = {
                        **fault.params,
                        "limit_value": number_text(limit),
                        "unsigned": number_text(abs(value)),
                        "typed": number_text(value),
                    }
            raise


def option_field(option: Option) -> forms.Field:
    label = gettext(option.label)
    help_text = gettext(option.help)
    if option.kind == "bool":
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    if option.kind == "int":
        return LimitedIntegerField(
            label=label,
            help_text=help_text,
            min_value=option.minimum,
            max_value=option.maximum,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )
    return forms.ChoiceField(
        label=label,
        help_text=help_text,
        choices=[(choice.value, gettext(choice.label)) for choice in option.choices],
    )


class DealerSelect(forms.RadioSelect):
    """Each seat's "deals first" radio, named after its chip and its seat: the chip says
    the same for every seat."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["attrs"]["aria-label"] = label
        return option


class PresetSelect(forms.RadioSelect):
    """The presets' radios; the checked one is described by the note listing the options
    shown otherwise than it has them (`new_match.html#preset-changes`)."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if selected:
            option["attrs"]["aria-describedby"] = "preset-changes"
        return option


# The player the page offered to deal is no longer beside the chip (the set-up's page
# says it too, as the names are typed: `new_match.html`).
DEALER_GONE = _(
    "%(name)s is no longer player %(number)s: tap “Deals first” beside whoever deals first."
)


class MatchSetupForm(forms.Form):
    """A new match: preset, options, players in seat order and who deals first.

    The option fields show the values in `options_shown`: those of the preset named in
    `options_for`, or of the last match or a house rule, which may differ from it (the
    page then says so, `preset_changes`). The match gets the options as the fields
    show them, unless the scorer picked another preset without the fields showing its
    values (no JavaScript): then the picked preset sets every option, and only the
    options they changed from those shown stay as they set them.
    """

    preset = forms.ChoiceField(label=_("House rules"), widget=PresetSelect)
    options_for = forms.CharField(widget=forms.HiddenInput)
    # The option values the page showed (absent: the values of `options_for`).
    options_shown = HiddenJSONField(required=False)
    # Never rendered as an input: it carries the faults of the player list as a whole.
    players = forms.CharField(required=False, widget=forms.HiddenInput)
    dealer = forms.TypedChoiceField(
        label=_("Deals first"),
        coerce=int,
        widget=DealerSelect,
        initial=0,
        error_messages={"required": _("Tap “Deals first” beside whoever deals first.")},
    )
    # Who the page ticked to deal without being asked (the last match's next dealer), as
    # {"seat": 1, "name": "Ben"}: the chip stands for that player, not for the seat.
    dealer_offered = HiddenJSONField(required=False)

    def __init__(self, *args, game_key: str, **kwargs) -> None:
        self.game = get_game(game_key)
        # The names seat by seat ("" for an empty seat), once the form has read them.
        self.seat_names: list[str] = []
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = [
            (preset.key, gettext(preset.label)) for preset in self.game.presets
        ]
        # The preset of the rule sheet in the visitor's language (QA27: a Dutch phone
        # was offered the French rules).
        first = self.game.preset_for(get_language())
        self.fields["preset"].initial = first
        self.fields["options_for"].initial = first
        seats = range(self.game.max_players)
        self.fields["dealer"].choices = dealer_choices(seats)
        for seat in seats:
            self.fields[f"player_{seat}"] = seat_name_field(seat + 1)
        for option in self.game.options:
            self.fields[f"option_{option.name}"] = option_field(option)
        self.set_option_initials(self.initial.get("options_for") or first)

    def set_option_initials(self, preset_key: str) -> None:
        values = self.game.preset(preset_key).values
        self.fields["options_for"].initial = preset_key
        for option in self.game.options:
            self.fields[f"option_{option.name}"].initial = values[option.name]
        shown = {
            option.name: self.initial.get(f"option_{option.name}", values[option.name])
            for option in self.game.options
        }
        self.fields["options_shown"].initial = shown

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.game.max_players)]

    def seats(self) -> list[tuple[forms.BoundField, forms.boundfield.BoundWidget]]:
        return seats_of(self)

    def preset_choices(self) -> list[tuple[forms.boundfield.BoundWidget, object]]:
        """Each preset's radio button beside the preset, for its help text."""
        return list(zip(self["preset"], self.game.presets, strict=True))

    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"option_{option.name}"] for option in self.game.options]

    def presets(self):
        return self.game.presets

    def checked_preset(self) -> Preset | None:
        key = self["preset"].value()
        return next((preset for preset in self.game.presets if preset.key == key), None)

    def _options_shown(self) -> tuple[dict[str, object], bool]:
        """The options as the fields show them, each cleaned or, refused, as typed; and
        whether every one is valid."""
        shown, valid = {}, True
        for option in self.game.options:
            field = self[f"option_{option.name}"]
            try:
                shown[option.name] = field.field.clean(field.value())
            except forms.ValidationError:  # shown as typed, beside its fault
                shown[option.name], valid = field.value(), False
        return shown, valid

    def preset_changes(self) -> list[tuple[str, str]]:
        """Each option whose field shows another value than the checked preset gives it,
        as (label, value as shown). The page lists them beside the preset: its name
        alone would say the match is played by the preset as it is, when the fields
        hold the last match's options, a house rule's or the scorer's own changes."""
        preset = self.checked_preset()
        if preset is None:
            return []
        shown = self._options_shown()[0]
        if self._errors is not None:  # a set-up refused: a value refused is told beside
            # its field, not listed among the changes the match would be played with
            shown = {
                name: value for name, value in shown.items() if f"option_{name}" not in self._errors
            }
        return preset_changes(self.game, preset, shown)

    def house_rule_shown(self, house_rules: list[HouseRule]) -> HouseRule | None:
        """The house rule (of `house_rules`) whose preset and options the fields show, all
        of them as saved; None for none, or while an option's value is not valid."""
        preset = self.checked_preset()
        if preset is None or not house_rules:
            return None
        shown, valid = self._options_shown()
        key = options_key(preset.key, shown) if valid else None
        return next((rule for rule in house_rules if rule.key == key), None)

    def clean_options_for(self) -> str:
        key = self.cleaned_data["options_for"]
        if key not in {preset.key for preset in self.game.presets}:
            raise forms.ValidationError(gettext("Unknown house rules."), code="invalid_choice")
        return key

    def clean_options_shown(self) -> dict | None:
        shown = self.cleaned_data["options_shown"]
        if shown is None:
            return None
        # Only a broken client sends anything but the complete set the page rendered.
        if not isinstance(shown, dict) or set(shown) != {o.name for o in self.game.options}:
            raise forms.ValidationError("not the shown options", code="invalid_choice")
        try:
            return self.game.resolve_options(self.game.presets[0].key, shown)
        except SetupInvalid:
            raise forms.ValidationError("not the shown options", code="invalid_choice") from None

    def clean_dealer_offered(self) -> dict | None:
        offered = self.cleaned_data["dealer_offered"]
        if not offered:
            return None
        # Only a broken client sends anything but the seat and name the page rendered.
        if (
            not isinstance(offered, dict)
            or set(offered) != {"seat", "name"}
            or offered["seat"] not in range(self.game.max_players)
            or not isinstance(offered["name"], str)
        ):
            raise forms.ValidationError("not the dealer offered", code="invalid_choice")
        return offered

    def has_forged_fields(self) -> bool:
        return has_forged_fields(self, {"options_for", "options_shown", "dealer_offered"})

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            self.say_dealer_gone(data)
            self.show_player_faults(data)  # every fault in one pass, the players' too
            return data
        # The match gets the options as the fields have them, unless another preset was
        # picked over the options shown for the one before (no JavaScript): then that
        # preset's values, and of the fields only what the scorer changed in them.
        in_fields = {option.name: data[f"option_{option.name}"] for option in self.game.options}
        if data["preset"] != data["options_for"]:
            shown = data["options_shown"] or self.game.preset(data["options_for"]).values
            in_fields = {name: value for name, value in in_fields.items() if value != shown[name]}
        try:
            options = self.game.resolve_options(data["preset"], in_fields)
        except SetupInvalid as invalid:
            self.show_setup_errors(invalid)
            return data
        self.show_options(data["preset"], options)
        seats = [(data[f"player_{seat}"] or "").strip() for seat in range(self.game.max_players)]
        self.seat_names = seats
        players = [name for name in seats if name]
        dealer_name = seats[data["dealer"]] if data["dealer"] < len(seats) else ""
        if not dealer_name and len(players) >= self.game.min_players:
            self.add_error(
                "dealer",
                gettext("Nobody sits in seat %(number)s: tap “Deals first” beside a player.")
                % {"number": data["dealer"] + 1},
            )
            return data
        if self.offered_elsewhere(data, dealer_name):
            return data
        # Too few players: that is the fault to tell, not where the dealer's chip is.
        dealer_name = dealer_name or next(iter(players), "")
        try:
            self.setup = self.game.make_setup(
                players, options, dealer_name, self.teams_for(players)
            )
        except SetupInvalid as invalid:
            self.show_setup_errors(invalid)
        return data

    def with_seats_emptied(self) -> MatchSetupForm:
        """The set-up as this form was sent, its seats emptied and the chip on the first:
        "Empty the seats" without JavaScript sends the whole form, so that what was
        typed beside the seats (options, preset) stays as typed."""
        seats = {"players", "dealer", "dealer_offered"} | {f.name for f in self.seat_fields()}
        typed = {name: self[name].data for name in self.fields if name not in seats}
        shown = self.fields["options_shown"].to_python(typed["options_shown"])
        typed["options_shown"] = shown or dict(self.game.preset(typed["options_for"]).values)
        return MatchSetupForm(initial=typed, game_key=self.game.key)

    def say_dealer_gone(self, data: Mapping) -> None:
        """No chip ticked because the page let go of the one it offered, someone else now
        sitting in that player's seat (`new_match.html` says so as the names are typed):
        the form sent back says the same, not only the help line's "tap Deals first"
        again (QA31)."""
        offered = data.get("dealer_offered")
        if not offered or self.data.get("dealer") or "dealer" not in self.errors:
            return
        there = (data.get(f"player_{offered['seat']}") or "").strip()
        if not there or player_key(there) == player_key(offered["name"]):
            return
        del self.errors["dealer"]  # said anew, as the page said it (the ids of its message)
        self.add_error("dealer", self.let_go_of(offered))

    def offered_elsewhere(self, data: Mapping, dealer_name: str) -> bool:
        """Whether the chip is still where the page ticked it for a player (without
        JavaScript it stays on its seat as names are typed) and someone else now sits
        there: asked again, rather than that newcomer dealing unasked. The form sent
        back no longer offers anyone: the chip is then where the scorer left it."""
        offered = data["dealer_offered"]
        if not offered or not dealer_name or data["dealer"] != offered["seat"]:
            return False
        if player_key(dealer_name) == player_key(offered["name"]):  # "Zoe" typed for Zoë
            return False
        self.add_error("dealer", self.let_go_of(offered))
        return True

    def let_go_of(self, offered: Mapping) -> str:
        """The form sent back offers nobody (the fault says who is gone, once): what it
        says of the player `offered`."""
        self.data = self.data.copy()
        self.data["dealer_offered"] = ""
        return DEALER_GONE % {"name": offered["name"], "number": offered["seat"] + 1}

    def show_options(self, preset_key: str, options: Mapping[str, object]) -> None:
        """A form sent back shows the options the match would get, as if freshly shown:
        the picked preset's values with the scorer's own changes."""
        data = self.data.copy()
        data["options_for"] = preset_key
        data["options_shown"] = json.dumps(options)
        for option in self.game.options:
            name = f"option_{option.name}"
            value = options[option.name]
            if option.kind == "bool":
                data.pop(name, None)
                if value:
                    data[name] = "on"
            else:
                data[name] = str(value)
        self.data = data

    def show_setup_errors(self, invalid: SetupInvalid) -> None:
        said: set[tuple[str, str]] = set()
        for error in invalid.errors:
            field = error.field.replace("options.", "option_")
            if error.field == "players" and (seats := self.seats_at_fault(error)):
                # Beside the seat it is about, not on every seat: a name given twice
                # beside its repeat; given three times ("Ana", "ana", "ANA": two faults
                # of the engine), once beside each repeat, as typed there.
                for seat in seats:
                    _add_once(self, said, f"player_{seat}", engine_message(error))
                continue
            if error.field == "first_dealer" and self.seat_names and not any(self.seat_names):
                continue  # no names at all: that is the fault told, not who deals
            if field in {"players", "teams"}:
                field = "players"
            elif field == "first_dealer":
                field = "dealer"
            elif field not in self.fields:
                field = None
            self.add_error(field, engine_message(error))

    def seats_at_fault(self, error: FieldError) -> list[int]:
        """`seats_at_fault` for the seats as typed: the engine was given the names of the
        seats taken only."""
        taken = [seat for seat, name in enumerate(self.seat_names) if name]
        names = [self.seat_names[seat] for seat in taken]
        return [taken[seat] for seat in seats_at_fault(names, error)]

    def listed_faults(self) -> list[tuple[str, str]]:
        """Each fault as (the id of its field, what to say), listed at the top of the
        set-up sent back (QA42: "At most 200." sat beside the threshold, far below where
        the page opens). A seat's or an option's fault names its field; one of the whole
        line-up links to the first seat still empty, the next to fill."""
        named = {field.name for field in [*self.seat_fields(), *self.option_fields()]}
        seats = self.seat_fields()
        empty = next((seat for seat in seats if not (seat.value() or "").strip()), seats[0])

        def said(field: forms.BoundField, fault: str) -> str:
            if field.name not in named:
                return fault
            return gettext("%(name)s: %(fault)s") % {"name": field.label, "fault": fault}

        return listed_faults(self, said, hidden={"players": empty.id_for_label})

    def teams_for(self, players: Sequence[str]):
        return self.game.make_teams(players)

    def show_player_faults(self, data: Mapping) -> None:
        """The players' own faults (too few, a name twice), when other fields have faults
        that keep the whole set-up from being checked."""
        fields = [f"player_{seat}" for seat in range(self.game.max_players)]
        if any(name in self.errors for name in [*fields, "players"]):
            return
        self.seat_names = [(data.get(name) or "").strip() for name in fields]
        faults = self.game.player_faults([name for name in self.seat_names if name])
        if faults:
            self.show_setup_errors(SetupInvalid(faults))


def seats_at_fault(names: Sequence[str], error: FieldError) -> list[int]:
    """The seats (indices of `names`, the players the engine was given) a fault of the
    engine's on the players is about: the one it names (the repeat of a name given
    twice, QA41), or each name the name rules refuse (a control character, said once for
    all by the engine). None for a fault of the whole line-up (too few)."""
    if error.seat is not None:
        return [error.seat]
    kept = [clean_name(name) for name in names]  # "é" as one code point or two is one name
    return [
        seat for seat, name in enumerate(kept) if name and error in name_faults(name, error.field)
    ]


def _add_once(form: forms.Form, said: set[tuple[str, str]], field: str, message) -> None:
    """`message` beside `field`, unless `said` has it there already."""
    if (field, str(message)) not in said:
        said.add((field, str(message)))
        form.add_error(field, message)


class NameField(forms.CharField):
    """A player's name as the match keeps it (`typed_name`): "Jean  Luc" is "Jean Luc"."""

    def to_python(self, value) -> str:
        return typed_name(super().to_python(value))


def seat_name_field(number: int) -> forms.CharField:
    # Named as it reads, "Player 1" (WCAG 2.5.3: a voice-control user says what they
    # see), the placeholder being the only text the seat shows before a name is typed.
    player = _("Player %(number)s") % {"number": number}
    return NameField(
        label=player,
        max_length=MAX_NAME_LENGTH,
        required=False,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "list": "known-players",
                "autocapitalize": "words",
                "placeholder": player,
            }
        ),
    )


def dealer_choices(seats: range) -> list[tuple[int, str]]:
    """Each seat's radio named by its chip's words first (WCAG 2.5.3), then by the
    player the seat's name field is named after."""
    return [(seat, _("Deals first, player %(number)s") % {"number": seat + 1}) for seat in seats]


def seats_of(form: forms.Form) -> list[tuple[forms.BoundField, forms.boundfield.BoundWidget]]:
    """Each seat's name field beside its "deals first" radio button: the dealer is a
    seat, so the choice stays with the name typed beside it. A fault of the whole
    line-up (too few players) is said above the seats and read out with each of them,
    as a seat's own fault is (QA34: focus lands on a seat, which said nothing of it)."""
    seats = form.seat_fields()
    if form.is_bound and "players" in form.errors:
        said = f"{form['players'].auto_id}_error"
        for seat in seats:
            own = seat.aria_describedby  # the seat's own fault, if any, read first
            attrs = seat.field.widget.attrs
            attrs["aria-invalid"] = "true"
            attrs["aria-describedby"] = f"{own} {said}" if own else said
    return list(zip(seats, form["dealer"], strict=True))


class PlayersForm(forms.Form):
    """The players' names seat by seat and who dealt first, corrected after the start.
    The rules engine checks the names as it checks a new match's."""

    dealer = forms.TypedChoiceField(label=_("Deals first"), coerce=int, widget=DealerSelect)

    def __init__(self, *args, setup, game, **kwargs) -> None:
        self.current = setup
        self.game = game
        initial = {f"player_{seat}": name for seat, name in enumerate(setup.players)}
        initial["dealer"] = setup.players.index(setup.first_dealer)
        super().__init__(*args, initial=initial, **kwargs)
        seats = range(len(setup.players))
        self.fields["dealer"].choices = dealer_choices(seats)
        for seat in seats:
            self.fields[f"player_{seat}"] = seat_name_field(seat + 1)

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(len(self.current.players))]

    def seats(self) -> list[tuple[forms.BoundField, forms.boundfield.BoundWidget]]:
        return seats_of(self)

    def has_forged_fields(self) -> bool:
        return has_forged_fields(self, set())

    def clean(self) -> dict:
        data = super().clean()
        if self.errors:
            return data
        self.names = [data[f"player_{seat}"] for seat in range(len(self.current.players))]
        self.first_dealer = self.names[data["dealer"]]
        try:
            self.game.renamed(self.current, self.names, self.first_dealer)
        except SetupInvalid as invalid:
            self.show_engine_errors(invalid.errors)
        return data

    def show_engine_errors(self, errors: Sequence[FieldError]) -> None:
        """Each fault beside the seat it concerns: an empty one, a name given twice."""
        said: set[tuple[str, str]] = set()
        for error in errors:
            seats: list[int] = []
            if error.field == "first_dealer":
                self.add_error("dealer", engine_message(error))
                continue
            if error.field == "players":
                seats = seats_at_fault(self.names, error)
                if not seats and "player" not in error.message.params:  # a seat left empty
                    seats = [seat for seat, name in enumerate(self.names) if not name]
            message = engine_message(error)
            if not seats:
                self.add_error(None, message)
            for seat in seats:
                # A name given three times is two faults of the engine, one beside its seat.
                _add_once(self, said, f"player_{seat}", message)


class RoundForm(forms.Form):
    """One round's entry. Each game adds its fields by line and builds the engine's round.

    A game's form is the subclass that names the game's key in `for_game`: declaring it
    registers it (`RoundForm.registry`, the one dispatch, as healthchecks' TRANSPORTS),
    and `round_form_for` finds it from the match's game. A game whose round is simply
    each player's points (`{"points": {name: points}}`) needs no form of its own: it
    gets `PointsRoundForm`. Each form is rendered by its game's own template partial,
    `matches/entry/<key>.html` (`entry_template`); the lines it holds are the engine's
    answer to who plays the round (`Game.entry_names`).
    """

    registry: ClassVar[dict[str, type[RoundForm]]] = {}
    for_game: ClassVar[str | None] = None

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    # Made anew in the browser each time the page is shown (static/js/app.js).
    entry_key = forms.UUIDField(widget=forms.HiddenInput(attrs={"data-once": ""}))
    # The match's version the form was shown with: its board then needs only what the
    # round changes (`match.html#round_added`). Absent from a correction.
    seen = forms.IntegerField(widget=forms.HiddenInput, min_value=0, required=False)
    # Which match the board the form was typed on showed (`scoreboard.board_of`): a
    # co-scorer's link goes on to the match played again, at the same address. Absent
    # from what clients of before it send.
    board = forms.RegexField(regex=r"\A[0-9a-f]{16}\Z", required=False, widget=forms.HiddenInput)
    # The round a correction showed (`Round.fingerprint`): absent from an entry.
    shown = forms.CharField(widget=forms.HiddenInput, max_length=16, required=False)
    # A correction's button that deletes the later rounds in its way, naming them
    # (`services.LaterRoundsInTheWay.offer`): absent from an entry.
    delete_later = forms.RegexField(
        regex=r"\A\d{1,6}-\d{1,6}-[0-9a-f]{16}\Z", required=False, widget=forms.HiddenInput
    )

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("for_game"):
            RoundForm.registry[cls.for_game] = cls

    def __init__(self, *args, match_state: MatchState, players: Sequence[str], **kwargs) -> None:
        self.state = match_state
        self.setup = match_state.setup
        self.game = get_game(self.setup.game)
        self.players = list(players)
        super().__init__(*args, **kwargs)
        self.add_game_fields()

    @property
    def entry_template(self) -> str:
        return f"matches/entry/{self.game.key}.html"

    # Subclasses --------------------------------------------------------------------
    def add_game_fields(self) -> None:
        raise NotImplementedError

    def build_round(self, data: Mapping) -> dict:
        raise NotImplementedError

    def field_for(self, path: str) -> str | None:
        raise NotImplementedError

    def rows(self) -> list[dict]:
        raise NotImplementedError

    # Shared ------------------------------------------------------------------------
    @classmethod
    def shape_of(cls, state: MatchState) -> tuple:
        """What the next round's form, unbound, shows beyond the match's set-up, the
        round's number and its one-time key: who has a line, and whether it is a
        tiebreak (a game's form that reads more of the match state adds it). Forms of
        one shape render alike, so the page keeps one (`matches.rendered.entry_html`)."""
        return (get_game(state.setup.game).entry_names(state), state.needs_tiebreak)

    def has_forged_fields(self) -> bool:
        return has_forged_fields(
            self, {"number", "entry_key", "seen", "shown", "delete_later", "board"}
        )

    def typed_for_another_match(self, match_id: int) -> bool:
        """Whether the form was typed on a board of another match than `match_id` (its
        link went on to the match played again meanwhile)."""
        board = self.cleaned_data.get("board") if hasattr(self, "cleaned_data") else None
        return bool(board) and board != board_of(match_id)

    def has_entry(self) -> bool:
        """Whether the round's number and one-time key came through, whatever its
        fields hold (after `is_valid`)."""
        return {"number", "entry_key"} <= self.cleaned_data.keys()

    def listed_faults(self) -> list[tuple[str, str]]:
        """Each fault of a field as (its id, what to say), listed at the top of a round
        sent back without JavaScript (`core.forms.listed_faults`). A fault on a player's
        line says whose line it is (`fault_on_line`)."""
        whose = {field.name: row["name"] for row in self.rows() for field in _fields_in(row)}

        def said(field: forms.BoundField, fault: str) -> str:
            line = whose.get(field.name)
            return fault if line is None else self.fault_on_line(line, field, fault)

        return listed_faults(self, said)

    def fault_on_line(self, line: str, field: forms.BoundField, fault: str) -> str:
        """A fault on `line`'s field, said in a list of the form's faults: as beside it."""
        return gettext("%(name)s: %(fault)s") % {"name": line, "fault": fault}

    def clean(self) -> dict:
        # Every fault in one pass: the engine checks what the fields let through, and
        # a field that already has its own message gets no second one from the engine.
        data = super().clean()
        if self.has_forged_fields():
            return data
        self.round = self.build_round(data)
        try:
            self.game.parse_round(self.setup, self.round, self.state)
        except RoundInvalid as invalid:
            self.show_engine_errors(invalid.errors)
        return data

    # Fields whose fault is said beside other fields (an Escoba side left blank because
    # the others' counts are missing): the engine's words on them are not repeated.
    said_elsewhere: frozenset[str] = frozenset()

    def show_engine_errors(self, errors: Sequence[FieldError]) -> None:
        for error in errors:
            field = self.field_for(error.field)
            field = field if field in self.fields else None
            if field in self.said_elsewhere:
                continue
            if field is None or field not in self.errors:
                self.add_error(field, self.engine_said(error, field))

    def engine_said(self, error: FieldError, field: str | None) -> str:
        """The engine's fault `error` as said beside `field`."""
        return engine_message(error)

    def missing(self, name: str, data: Mapping) -> bool:
        """Left blank, as opposed to refused by the field (which says why itself)."""
        return data.get(name) is None and name not in self.errors

    def index_of(self, name: str) -> int | None:
        return self.players.index(name) if name in self.players else None

    @staticmethod
    def count_field(label: str = "", minimum: int = 0, maximum: int = 200, **attrs) -> forms.Field:
        return LimitedIntegerField(
            label=label,
            required=False,
            min_value=minimum,
            max_value=maximum,
            widget=forms.NumberInput(
                attrs={
                    "inputmode": "numeric",
                    "pattern": "-?[0-9]*",
                    "class": "count-input",
                    **attrs,
                }
            ),
        )


class CaboRoundForm(RoundForm):
    """Who called, and every hand as a number or as the cards picked on the card grid."""

    for_game = "cabo"

    def add_game_fields(self) -> None:
        options = self.setup.options
        self.fields["caller"] = forms.TypedChoiceField(
            label=_("Who called Cabo?"),
            choices=[(i, name) for i, name in enumerate(self.players)],
            coerce=int,
            widget=forms.RadioSelect,
            error_messages={"required": _("Tick who called Cabo.")},
        )
        self.negative_hands = self.game.lowest_hand(options) < 0
        for i, name in enumerate(self.players):
            self.fields[f"hand_{i}"] = self.count_field(
                of_name("points", name),
                minimum=self.game.lowest_hand(options),
                maximum=self.game.highest_hand,
                **{"class": "points-input"},
            )
            self.fields[f"cards_{i}"] = forms.CharField(
                label=_("Cards (numbers such as 0 7 13)")
                if self.game.numbered_deck(options)
                else _("Cards (codes such as KH 7S 10D)"),
                required=False,
                max_length=200,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "autocapitalize": "characters",
                        "class": "card-codes",
                        # The points field the picked cards add up into.
                        "data-target": self.auto_id % self.add_prefix(f"hand_{i}"),
                    }
                ),
            )
        self.kamikaze_on = self.game.kamikaze_applies(options, bool(self.state.needs_tiebreak))
        if self.kamikaze_on:
            self.fields["kamikaze"] = forms.TypedChoiceField(
                label=_("Kamikaze hand (two 12s and two 13s)"),
                choices=[("", gettext("nobody"))] + [(i, n) for i, n in enumerate(self.players)],
                coerce=int,
                empty_value=None,
                required=False,
                # The page's script ticks it for a hand picked as cards that makes one
                # (QA27: left on "nobody", though the cards counted as kamikaze).
                widget=forms.Select(
                    attrs={
                        "data-kamikaze-values": " ".join(map(str, self.game.kamikaze_values)),
                        # What the page fills in for the hand of the player chosen here.
                        "data-kamikaze-hand": str(self.game.kamikaze_hand),
                    }
                ),
            )

    def build_round(self, data: Mapping) -> dict:
        hands: dict[str, object] = {}
        for i, name in enumerate(self.players):
            codes = self.game.parse_cards(data.get(f"cards_{i}") or "")
            if codes:
                unknown = self.game.unknown_cards(codes, self.setup.options)
                typed = data.get(f"hand_{i}")
                if unknown:
                    self.add_error(
                        f"cards_{i}",
                        gettext("Unknown card: %(card)s") % {"card": ", ".join(unknown)},
                    )
                elif not self.game.cards_match_points(codes, typed, self.setup.options):
                    # The page adds the picked cards up into the points; a total typed
                    # over them afterwards contradicts them: the player says which holds.
                    counted = self.game.hand_value(codes, self.setup.options)
                    self.add_error(
                        f"hand_{i}",
                        ngettext(
                            "The cards picked make %(counted)s point, not %(points)s: "
                            "correct the cards or the points.",
                            "The cards picked make %(counted)s points, not %(points)s: "
                            "correct the cards or the points.",
                            counted,
                        )
                        % {"counted": number_text(counted), "points": number_text(typed)},
                    )
                hands[name] = codes
            elif data.get(f"hand_{i}") is not None:
                hands[name] = data[f"hand_{i}"]
            elif self.kamikaze_on and data.get("kamikaze") == i and self.missing(f"hand_{i}", data):
                # Said by the kamikaze list, the hand is known: two 12s and two 13s (QA50:
                # the scorer had to type it too).
                hands[name] = self.game.kamikaze_hand
            elif self.missing(f"hand_{i}", data):
                # A blank hand is refused, not taken as 0: it is more often forgotten.
                self.add_error(
                    f"hand_{i}", gettext("Enter the points of this hand, or pick its cards.")
                )
        built: dict[str, object] = {"hands": hands}
        if data.get("caller") is not None:
            built["caller"] = self.players[data["caller"]]
        if self.state.needs_tiebreak:
            built["tiebreak"] = True
        if self.kamikaze_on and data.get("kamikaze") is not None:
            built["kamikaze"] = self.players[data["kamikaze"]]
        return built

    def field_for(self, path: str) -> str | None:
        if path.startswith("hands."):
            i = self.index_of(path.removeprefix("hands."))
            if i is None:
                return None
            # A hand of cards the form refused already (an unknown card): the engine's
            # fault on the same cards is said there, once. Nor is it lost behind the
            # points' own fault, when the cards added up past the lowest hand (QA: "KH
            # KD KH" on the Dutch deck said "At least −2", not the king picked twice).
            cards, points = f"cards_{i}", f"hand_{i}"
            as_cards = isinstance(self.round["hands"].get(self.players[i]), list)
            return cards if cards in self.errors or (as_cards and points in self.errors) else points
        return path if path in {"caller", "kamikaze"} else None

    def rows(self) -> list[dict]:
        return [
            {
                "name": name,
                "index": i,
                "caller": self["caller"].subwidgets[i],
                "hand": self[f"hand_{i}"],
                "cards": self[f"cards_{i}"],
            }
            for i, name in enumerate(self.players)
        ]

    @classmethod
    def initial_from(cls, data: Mapping, players: Sequence[str]) -> dict:
        initial: dict[str, object] = {"caller": players.index(data["caller"])}
        for i, name in enumerate(players):
            hand = data["hands"].get(name)
            if isinstance(hand, list):
                initial[f"cards_{i}"] = " ".join(hand)
            else:
                initial[f"hand_{i}"] = hand
        if data.get("kamikaze"):
            initial["kamikaze"] = players.index(data["kamikaze"])
        return initial


# Each count's column, as its fields are labelled.
COUNT_LABELS = {
    "cards": _("Cards"),
    "oros": _("Oros"),
    "sevens": _("Sevens"),
    "escobas": _("Escobas"),
}


# An Escoba count as said of a side's line filled in from the others' (`engine_said`).
WORKED_OUT = {
    "cards": lambda count: ngettext("%(count)s card", "%(count)s cards", count) % {"count": count},
    "oros": lambda count: ngettext("%(count)s oro", "%(count)s oros", count) % {"count": count},
    "sevens": lambda count: (
        ngettext("%(count)s seven", "%(count)s sevens", count) % {"count": count}
    ),
}


class EscobaRoundForm(RoundForm):
    """Per side: cards, oros, sevens, escobas; who holds the velo; the opening-table escoba."""

    for_game = "escoba"
    # The side whose escobas count the opening table's (`build_round`), if any.
    escobas_of_opening: int | None = None
    # The last side's counts left blank, as `build_round` filled them in, and whether a
    # fault said so already (`engine_said`).
    worked_out: Mapping[str, int] = {}
    worked_out_said = False

    def add_game_fields(self) -> None:
        self.sides = self.players
        self.column_faults: dict[str, str] = {}  # a count's column: its sum's fault
        # A fault of some of a column's fields, said once under the row of the last of
        # them (`took_too_many`): by that row's index, (the count, what to say).
        self.row_faults: dict[int, list[tuple[str, str]]] = {}
        self.listed_first: list[tuple[str, str]] = []  # (its first field's id, its words)
        self.marked: set[str] = set()  # the fields of all those faults
        last = len(self.sides) - 1
        for i, _side in enumerate(self.sides):
            # The last side's counts that the sides share (the deal's totals) may be
            # left blank: build_round fills them in. Escobas left blank are none.
            auto = {"placeholder": gettext("auto")} if i == last else {}
            for key in self.game.counts:
                self.fields[f"{key}_{i}"] = self.count_field(
                    COUNT_LABELS[key],
                    maximum=self.game.most_in_a_deal[key],
                    **(auto if key in self.game.deal_totals else {"placeholder": "0"}),
                )
        self.fields["velo"] = forms.TypedChoiceField(
            label=_("Who took the velo (7 of oros)?"),
            choices=[(i, side) for i, side in enumerate(self.sides)],
            coerce=int,
            widget=forms.RadioSelect,
            error_messages={"required": _("Tick who took the velo.")},
        )
        self.fields["opening"] = forms.TypedChoiceField(
            label=_("Opening table for the dealer"),
            choices=[(escobas, gettext(label)) for escobas, label in self.game.opening_tables],
            coerce=int,
            initial=0,
            required=False,
            empty_value=0,
            widget=forms.RadioSelect,
        )

    def build_round(self, data: Mapping) -> dict:
        # The last side may be left blank: the engine says what it took.
        last = len(self.sides) - 1
        totals = self.game.deal_totals
        entered = [{key: data.get(f"{key}_{i}") for key in totals} for i in range(len(self.sides))]
        # The others took more than a deal holds: said at their counts, where they were
        # typed, not at the blank one (QA: beside an empty field).
        too_many = [
            error
            for error in self.game.took_too_many(self.sides, entered)
            if self.missing(f"{error.field.rsplit('.', 1)[1]}_{last}", data)
        ]
        self.show_fault_of_fields(too_many)
        over = {error.field.rsplit(".", 1)[1] for error in too_many}
        filled = self.game.fill_last_side(entered).items()
        self.worked_out = {
            key: value for key, value in filled if self.missing(f"{key}_{last}", data)
        }
        for key, value in self.worked_out.items():
            data[f"{key}_{last}"] = value
        # A count the others left blank: said beside theirs, not beside the last side's,
        # which is blank only because there is nothing yet to work it out from.
        untold = over | {
            key for key in totals if any(data.get(f"{key}_{i}") is None for i in range(last))
        }
        number = len(self.state.rounds) + 1
        sides: dict[str, dict] = {}
        for i, side in enumerate(self.sides):
            counts = {}
            for key in totals:
                value = data.get(f"{key}_{i}")
                if not self.missing(f"{key}_{i}", data):
                    pass
                elif i == last and key in untold:
                    self.said_elsewhere |= {f"{key}_{i}"}
                else:
                    self.add_error(f"{key}_{i}", gettext("Enter a number."))
                counts[key] = value
            swept = data.get(f"escobas_{i}") or 0
            counts["escobas"] = self.game.escobas_with_opening(
                self.setup, number, side, swept, data.get("opening") or 0
            )
            if counts["escobas"] != swept:
                # Its escobas count the opening table's: a fault of them is said there,
                # not beside a box that reads 0, or 1 of 2 cards (QA50, QA53).
                self.escobas_of_opening = i
            # No velo ticked: the field says so; the engine need not say it again.
            counts["velo"] = None if data.get("velo") is None else data["velo"] == i
            sides[side] = counts
        return {"sides": sides}

    def show_engine_errors(self, errors: Sequence[FieldError]) -> None:
        # Counts that do not add up to the deck's: said under their column, whose fields
        # are marked, rather than above the form (QA22).
        columns = {template: key for key, template in self.game.sum_faults.items()}
        for error in errors:
            key = columns.get(error.message.template) if error.field == "round" else None
            if key is None:
                super().show_engine_errors([error])
                continue
            self.column_faults[key] = said = engine_message(error)
            self.add_error(None, said)  # the round is refused: shown in its column only
            for i in range(len(self.sides)):
                self._mark(f"{key}_{i}", key)

    def engine_said(self, error: FieldError, field: str | None) -> str:
        """A fault of the last side's counts left blank says what they were worked out
        to be (QA: "Ben & Dirk · Oros: no more oros than cards" beside a box reading
        "auto", the 2 cards and 10 oros it was given unsaid)."""
        said = super().engine_said(error, field)
        last = len(self.sides) - 1
        own = field is not None and field.endswith(f"_{last}")
        velo = field == "velo" and error.field == f"sides.{self.sides[last]}.velo"
        if not self.worked_out or self.worked_out_said or not (own or velo):
            return said  # said once, beside the first of its faults
        self.worked_out_said = True
        counts = ", ".join(WORKED_OUT[key](value) for key, value in self.worked_out.items())
        left = gettext("What the others leave to %(side)s: %(counts)s.")
        return f"{said} {left % {'side': self.sides[last], 'counts': counts}}"

    def show_fault_of_fields(self, errors: Sequence[FieldError]) -> None:
        """The engine's faults that name several fields with one message: said once,
        under the row of the last of them, each of them marked (and let go of together
        once one is edited, as a column's: static/js/scorepad.js)."""
        messages: list[Text] = []
        for error in errors:
            if error.message not in messages:
                messages.append(error.message)
        for message in messages:
            faulty = [error for error in errors if error.message == message]
            fields = [self.field_for(error.field) for error in faulty]
            key = fields[0].rsplit("_", 1)[0]  # the count: "cards" of "cards_1"
            said = engine_message(faulty[0])
            self.add_error(None, said)  # the round is refused: said in its row only
            row = max(int(field.rsplit("_", 1)[1]) for field in fields)  # "cards_1": 1
            self.row_faults.setdefault(row, []).append((key, said))
            self.listed_first.append((self[fields[0]].id_for_label, said))
            for field in fields:
                self._mark(field, key)

    def _mark(self, field: str, key: str) -> None:
        """`field` is one of those a fault of several fields (`fault-<key>`) is about."""
        self.marked.add(field)
        attrs = self.fields[field].widget.attrs
        attrs["aria-invalid"] = "true"
        attrs["aria-describedby"] = f"fault-{key}"

    def listed_faults(self) -> list[tuple[str, str]]:
        # The columns' sums too, each linking to its column's first field, and the faults
        # of several fields, each to the first of them. The opening table's fault names
        # it, as a side's count's does (QA53: it read as the line's above it).
        sums = [(self[f"{key}_0"].id_for_label, fault) for key, fault in self.column_faults.items()]
        opening = self["opening"]
        at_opening = {opening.auto_id, f"{opening.auto_id}_0"}  # a list of choices links its first
        listed = [
            (target, gettext("%(name)s: %(fault)s") % {"name": opening.label, "fault": said})
            if target in at_opening
            else (target, said)
            for target, said in super().listed_faults()
        ]
        return listed + sums + self.listed_first

    def fault_on_line(self, line: str, field: forms.BoundField, fault: str) -> str:
        # A side's line holds a count of each kind: which one, as beside it.
        said = {"name": line, "label": field.label, "fault": fault}
        return gettext("%(name)s · %(label)s: %(fault)s") % said

    def non_field_errors(self):
        """The form's faults above it: not the columns' sums, said under them, nor the
        faults of several fields, said under their rows."""
        said = {*self.column_faults.values(), *(said for _, said in self.listed_first)}
        return self.error_class(
            [fault for fault in super().non_field_errors() if fault not in said],
            error_class="nonfield",
            renderer=self.renderer,
        )

    def field_for(self, path: str) -> str | None:
        if path.startswith("sides."):
            named = path.removeprefix("sides.")
            # A side's name may hold a dot ("Ana B."): the longest name the path names.
            for i, side in sorted(enumerate(self.sides), key=lambda seat: -len(seat[1])):
                if named == side or named.startswith(f"{side}."):
                    key = named.removeprefix(side).removeprefix(".") or "cards"
                    if key == "escobas" and i == self.escobas_of_opening:
                        return "opening"
                    return "velo" if key == "velo" else f"{key}_{i}"
            return None
        return "velo" if "velo" in path else None

    def rows(self) -> list[dict]:
        return [
            {
                "name": side,
                "index": i,
                "fields": [
                    (self[f"{key}_{i}"], f"{key}_{i}" in self.marked) for key in self.game.counts
                ],
                # Said under this row: the faults of several fields, this row's the last.
                "faults": self.row_faults.get(i, []),
            }
            for i, side in enumerate(self.sides)
        ]

    @property
    def opening_typed(self) -> bool:
        """Whether this entry says the opening table gave escobas. A recorded deal keeps
        them in its dealer's escobas (RULES.md): its correction shows them there and
        offers no opening table, whose "no escoba" read as lost, and ticked again counted
        them twice (QA). Values sent with one (a kept round put in the correction) keep it."""
        return self.is_bound and self.data.get(self.add_prefix("opening")) not in (None, "", "0")

    @classmethod
    def initial_from(cls, data: Mapping, sides: Sequence[str]) -> dict:
        initial: dict[str, object] = {}
        game = get_game(cls.for_game)
        for i, side in enumerate(sides):
            counts = data["sides"][side]
            for key in game.counts:
                initial[f"{key}_{i}"] = counts[key]
            if counts["velo"]:
                initial["velo"] = i
        return initial


class CabangaRoundForm(RoundForm):
    """Per player: cards left by number of symbols (or the points), or "went out"."""

    for_game = "cabanga"

    def add_game_fields(self) -> None:
        # Each line's controls are read out with its player's name (QA42: every line
        # said "2 symbols", "went out"), the short labels shown beside them. A count
        # says what it counts: "Ana: 1 symbol" read aloud sounded like Ana's one symbol.
        for i, name in enumerate(self.players):
            for symbols in self.game.symbols:
                # The page adds up the points as the counts change, at the engine's price.
                self.fields[f"n{symbols}_{i}"] = self.count_field(
                    _(self.game.symbol_kinds[symbols]),
                    maximum=self.game.most_of_a_kind,
                    placeholder="0",
                    **{
                        "data-points": self.game.symbol_points[symbols],
                        "aria-label": ngettext(
                            "%(name)s: cards with %(symbols)s symbol",
                            "%(name)s: cards with %(symbols)s symbols",
                            int(symbols),
                        )
                        % {"name": name, "symbols": symbols},
                    },
                )
            points = self.count_field(
                _("Points"),
                maximum=self.game.highest_hand,
                **{"data-hand-points": "", "aria-label": of_name("points", name)},
            )
            # Cards left are minus points, typed as they are counted: "−3" for three is
            # a sign too many, not a count below zero (QA: "At least 0." puzzled).
            points.error_messages["min_value"] = _(
                "Without the minus sign: %(unsigned)s, not %(typed)s."
            )
            self.fields[f"points_{i}"] = points
            went_out = gettext("%(name)s went out") % {"name": name}
            self.fields[f"out_{i}"] = forms.BooleanField(
                label=_("Went out"),
                required=False,
                widget=forms.CheckboxInput(attrs={"aria-label": went_out}),
            )

    def count_keys(self) -> list[str]:
        """The names of a line's counts, one per kind of card ("n1" for 1 symbol), as
        its fields' names start."""
        return [f"n{symbols}" for symbols in self.game.symbols]

    def build_round(self, data: Mapping) -> dict:
        hands: dict[str, object] = {}
        for i, name in enumerate(self.players):
            counts = [data.get(f"{key}_{i}") for key in self.count_keys()]
            points = data.get(f"points_{i}")
            # A count refused (61: "At most 60.") is said beside it: the points the page
            # added up from it are no second fault ("At most 200." for a count of 70),
            # nor is the sum of the counts left without it ("make 0 points, not 61").
            count_refused = any(f"n{symbols}_{i}" in self.errors for symbols in self.game.symbols)
            if count_refused and self.added_up(i):
                self.errors.pop(f"points_{i}", None)
            counted = None
            if any(count is not None for count in counts):
                counted = self.game.hand_points(*(count or 0 for count in counts))
            if data.get(f"out_{i}"):
                if not self.game.agrees_with_going_out(counted, points):
                    # Contradictory: which one is true is for the player to say.
                    self.add_error(
                        f"out_{i}",
                        gettext(
                            "Someone who went out has no card left: untick “went out”, "
                            "or clear the cards and points."
                        ),
                    )
                hands[name] = self.game.went_out
            elif counted is not None:
                if points is not None and points != counted and not count_refused:
                    self.add_error(
                        f"points_{i}",
                        ngettext(
                            "The cards counted make %(counted)s point, not %(points)s.",
                            "The cards counted make %(counted)s points, not %(points)s.",
                            counted,
                        )
                        % {"counted": counted, "points": points},
                    )
                hands[name] = {
                    symbols: count or 0
                    for symbols, count in zip(self.game.symbols, counts, strict=True)
                }
            elif points is not None:
                hands[name] = points
            elif not any(f"{key}_{i}" in self.errors for key in [*self.count_keys(), "points"]):
                # An untouched row is a forgotten player, not one who went out.
                self.add_error(
                    f"{self.count_keys()[0]}_{i}",
                    gettext("Enter the cards left, or tick “went out”."),
                )
        return {"hands": hands}

    def added_up(self, i: int) -> bool:
        """Whether line `i`'s points are its counts added up, as typed (refused or not),
        at the engine's price: what the page puts in the points box (scorepad.js)."""
        typed = [self[f"n{symbols}_{i}"].data for symbols in self.game.symbols]
        try:
            counts = [int(count) if count not in (None, "") else 0 for count in typed]
            points = int(self[f"points_{i}"].data)
        except (TypeError, ValueError):
            return False
        return points == self.game.hand_points(*counts)

    def field_for(self, path: str) -> str | None:
        if path.startswith("hands."):
            i = self.index_of(path.removeprefix("hands."))
            if i is None:
                return None
            # A row whose field refused its value (-3 points) says so itself: the engine's
            # "has no hand" that follows is not said again beside it.
            keys = [*self.count_keys(), "points"]
            fields = (f"{key}_{i}" for key in keys)
            return next((name for name in fields if name in self.errors), f"{keys[0]}_{i}")
        return None

    def rows(self) -> list[dict]:
        return [
            {
                "name": name,
                "index": i,
                "counts": [self[f"{key}_{i}"] for key in self.count_keys()],
                "steppers": [
                    {"count": self[f"n{symbols}_{i}"], **_steps_of(name, int(symbols))}
                    for symbols in self.game.symbols
                ],
                "points": self[f"points_{i}"],
                "out": self[f"out_{i}"],
            }
            for i, name in enumerate(self.players)
        ]

    @classmethod
    def initial_from(cls, data: Mapping, players: Sequence[str]) -> dict:
        initial: dict[str, object] = {}
        game = get_game(cls.for_game)
        for i, name in enumerate(players):
            hand = data["hands"][name]
            if isinstance(hand, dict):
                for symbols in game.symbols:
                    initial[f"n{symbols}_{i}"] = hand.get(symbols, 0)
            elif hand == game.went_out:
                initial[f"out_{i}"] = True
            else:
                initial[f"points_{i}"] = hand
        return initial


def _steps_of(name: str, symbols: int) -> dict[str, str]:
    """What a Cabanga! count's −/+ buttons are read out as: which cards, whose."""
    values = {"name": name, "symbols": symbols}
    return {
        "less": ngettext(
            "One fewer card with %(symbols)s symbol for %(name)s",
            "One fewer card with %(symbols)s symbols for %(name)s",
            symbols,
        )
        % values,
        "more": ngettext(
            "One more card with %(symbols)s symbol for %(name)s",
            "One more card with %(symbols)s symbols for %(name)s",
            symbols,
        )
        % values,
    }


class PointsRoundForm(RoundForm):
    """Each player's points: the entry of a game whose round is nothing more."""

    def add_game_fields(self) -> None:
        for i, name in enumerate(self.players):
            self.fields[f"points_{i}"] = self.count_field(
                of_name("points", name), minimum=-1000, maximum=1000
            )

    def build_round(self, data: Mapping) -> dict:
        points = {}
        for i, name in enumerate(self.players):
            if self.missing(f"points_{i}", data):
                self.add_error(f"points_{i}", gettext("Enter a number."))
            points[name] = data.get(f"points_{i}")
        return {"points": points}

    def field_for(self, path: str) -> str | None:
        i = self.index_of(path.removeprefix("points.")) if path.startswith("points.") else None
        return None if i is None else f"points_{i}"

    def rows(self) -> list[dict]:
        return [
            {"name": name, "index": i, "points": self[f"points_{i}"]}
            for i, name in enumerate(self.players)
        ]

    @classmethod
    def initial_from(cls, data: Mapping, players: Sequence[str]) -> dict:
        return {f"points_{i}": data["points"][name] for i, name in enumerate(players)}


def round_form_class(game_key: str) -> type[RoundForm]:
    return RoundForm.registry.get(game_key, PointsRoundForm)


def _fields_in(row: Mapping) -> list[forms.BoundField]:
    """The fields of a form's line (`RoundForm.rows`), however the game groups them."""
    found = []
    for value in row.values():
        if isinstance(value, forms.BoundField):
            found.append(value)
        elif isinstance(value, list | tuple):
            found.extend(_fields_in(dict(enumerate(value))))
    return found


def round_form_for(state: MatchState, *args, **kwargs) -> RoundForm:
    """The entry form for the next round, with a line for whoever plays it."""
    players = list(get_game(state.setup.game).entry_names(state))
    form_class = round_form_class(state.setup.game)
    return form_class(*args, match_state=state, players=players, **kwargs)


class JustDeletedForm(forms.Form):
    """A page's `?deleted=`: what this browser just deleted, named by its id, for its Undo
    (a match on the home page, a house rule on the house rules page). Anything else (a
    number of thousands of digits, which int() refuses) names none."""

    deleted = forms.IntegerField(min_value=1, max_value=2**63 - 1)


class DeleteRoundForm(forms.Form):
    """A deletion names its round ("Delete round 7"): sent twice, it deletes one round."""

    number = forms.IntegerField(min_value=1, widget=forms.HiddenInput)


class UndoCorrectionForm(forms.Form):
    """An Undo names the correction it undoes (its journal entry): sent twice, it undoes
    it once; sent after another change of the round, it undoes nothing unseen."""

    change = forms.IntegerField(min_value=1, max_value=2**63 - 1, widget=forms.HiddenInput)
