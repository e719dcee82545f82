from __future__ import annotations

import re

from axes.helpers import get_failure_limit
from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scorepad.matches.models import Match

from . import lockout
from .models import Claim

# Django's, in the field's own words: its French says "adresse de courriel" beside a
# field labelled "Adresse e-mail".
INVALID_EMAIL = _("Enter a valid email address.")


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's, its field named as on the sign-up form (Django's French says "Courriel")."""

    email = forms.EmailField(
        label=_("Email address"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        error_messages={"invalid": INVALID_EMAIL},
    )


# Django's help is a list of the validators' rules, which a field's one-line help
# paragraph cannot hold (and its Dutch says "u" where the app says "je"): in a sentence.
NEW_PASSWORD_HELP = _(
    "At least 8 characters, not only digits, not a common password and not close "
    "to your name or email address."
)


class MinimumLengthValidator(password_validation.MinimumLengthValidator):
    """Django's, with its fault in our words: Django's Dutch catalogue has no sentence
    for the one Django 6.1 says, so a Dutch page showed it in English."""

    def get_error_message(self) -> str:
        return ngettext(
            "This password is too short: it needs at least %(count)d character.",
            "This password is too short: it needs at least %(count)d characters.",
            self.min_length,
        ) % {"count": self.min_length}


class UserAttributeSimilarityValidator(password_validation.UserAttributeSimilarityValidator):
    """Django's, saying which of the account's details the password is close to in a
    whole sentence: Django glues the field's name into its own, and Dutch then read
    "lijkt te veel op de e-mailadres" (het e-mailadres, QA46)."""

    TOO_CLOSE = {
        "username": _("This password is too close to your name."),
        "email": _("This password is too close to your email address."),
    }

    def validate(self, password: str, user=None) -> None:
        # Django's own comparison, one detail at a time, to know which one it was.
        for attribute in self.user_attributes:
            one = password_validation.UserAttributeSimilarityValidator(
                (attribute,), self.max_similarity
            )
            try:
                one.validate(password, user)
            except forms.ValidationError as fault:
                if attribute not in self.TOO_CLOSE:
                    raise
                raise forms.ValidationError(self.TOO_CLOSE[attribute], code=fault.code) from None


class NewPasswordBesideItsField:
    """What is wrong with a new password said beside it, where it was typed, and not
    beside its confirmation as Django's forms say it; nothing more when the two differ."""

    def validate_password_for_user(self, user, password_field_name: str = "password2") -> None:
        if password_field_name not in self.errors:
            first = password_field_name.removesuffix("2") + "1"
            super().validate_password_for_user(user, password_field_name=first)


def accounts_named(field: str, typed: str) -> list:
    """The accounts whose `field` (username, email) is `typed` whatever its capitals,
    accented ones too ("élodie" finds Élodie). SQLite folds only A to Z (Django's
    `iexact`), PostgreSQL's regular expressions depend on the database's locale: the
    database narrows by the other letters, Python compares the few rows found."""
    pattern = "".join(re.escape(char) if char.isascii() else "." for char in typed)
    found = get_user_model().objects.filter(**{f"{field}__iregex": f"^{pattern}$"})
    wanted = typed.casefold()
    return [user for user in found[:20] if getattr(user, field).casefold() == wanted]


class LogInForm(auth_forms.AuthenticationForm):
    """Django's, with the name found whatever its capitals (a phone's keyboard often
    starts a word with one; sign-up refuses a name that differs only by them) or given
    as the account's email address. The password stays exact."""

    error_messages = {
        **auth_forms.AuthenticationForm.error_messages,
        "invalid_login": _(
            "No account has this name and this password. Mind the capitals in the password."
        ),
    }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Username or email address")

    def clean_username(self) -> str:
        """The stored name this one means, or it as typed when none (or two) match:
        django-axes then counts failed attempts by that one name, whatever the capitals.

        An address is looked up as an address first: a name may hold an "@", and one
        that is another account's address (signed up before sign-up refused it) must
        not keep that address's owner out (QA)."""
        typed = self.cleaned_data["username"]
        fields = ("email", "username") if "@" in typed else ("username", "email")
        found = accounts_named(fields[0], typed) or accounts_named(fields[1], typed)
        names = [user.username for user in found]
        if typed in names or len(names) != 1:
            return typed
        return names[0]

    def clean(self) -> dict:
        try:
            return super().clean()
        except forms.ValidationError:
            # Said before the pause, beside the field to mind, while a reset is still a tap
            # away on this page.
            if self.one_try_left():
                self.add_error(
                    "password",
                    _(
                        "One try left: after one more wrong password, signing in with this"
                        " name from this network is paused for 15 minutes."
                    ),
                )
            raise

    def one_try_left(self) -> bool:
        """Whether django-axes, which just counted this wrong password, pauses signing in
        at the next one."""
        failures = getattr(self.request, "axes_failures_since_start", None)
        credentials = {"username": self.cleaned_data.get("username")}
        return failures is not None and failures == get_failure_limit(self.request, credentials) - 1


class NewPasswordLiftsThePause:
    """A new password saved lifts the pause of signing in with the account's name after
    wrong passwords (`lockout.lift_pause`): whoever set it proved the account is theirs,
    by the emailed link or by the old password. A link asked for and not used, or no
    longer working, saves nothing and lifts nothing."""

    def save(self, commit: bool = True):
        with transaction.atomic():
            user = super().save(commit=commit)
            if commit:
                lockout.lift_pause(user.get_username())
        return user


class PasswordChangeForm(
    NewPasswordBesideItsField, NewPasswordLiftsThePause, auth_forms.PasswordChangeForm
):
    error_messages = {
        **auth_forms.PasswordChangeForm.error_messages,
        "password_incorrect": _("This is not your password."),
    }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["new_password1"].help_text = NEW_PASSWORD_HELP


class SetPasswordForm(
    NewPasswordBesideItsField, NewPasswordLiftsThePause, auth_forms.SetPasswordForm
):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["new_password1"].help_text = NEW_PASSWORD_HELP


class SignUpForm(NewPasswordBesideItsField, UserCreationForm):
    """A name, an email address (to reset a forgotten password) and the password twice."""

    email = forms.EmailField(
        label=_("Email address"),
        help_text=_("Needed, and used only to send you a link when you forget your password."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        error_messages={"invalid": INVALID_EMAIL},
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["password1"].help_text = NEW_PASSWORD_HELP
        # Django's own, in our words: its Dutch catalogue lists a comma for the full stop.
        self.fields["username"].help_text = _(
            "At most 150 characters: letters, digits and the signs @ . + - _ only."
        )

    def clean_username(self) -> str | None:
        """Django's refuses a name taken in other capitals, A to Z only on SQLite: "élodie"
        beside Élodie too."""
        username = super().clean_username()
        # Another account's email address is taken as a name too: signing in takes
        # either, and one text must mean one account (QA).
        if username and (accounts_named("username", username) or accounts_named("email", username)):
            self.add_error(
                "username", self.instance.unique_error_message(self._meta.model, ["username"])
            )
            return None
        return username

    def _post_clean(self) -> None:
        """A name taken is said once, in the app's words: Django's speak of a "user"
        (QA26), and three checks of its own and ours may each find it."""
        super()._post_clean()
        if "username" not in self._errors:
            return
        faults, taken = [], False
        for fault in self._errors["username"].as_data():
            if fault.code == "unique":
                if taken:
                    continue
                taken = True
                fault = forms.ValidationError(_("An account already has this name."), "unique")
            faults.append(fault)
        self._errors["username"].data[:] = faults  # the list keeps its field's id

    def clean_email(self) -> str:
        email = self.cleaned_data["email"]
        # An account named as this address would be found by it too (signing in).
        if accounts_named("email", email) or accounts_named("username", email):
            # Only our own words and address in the markup: nothing typed is marked safe.
            raise forms.ValidationError(
                format_html(
                    '{} <a href="{}">{}</a>',
                    _("An account already uses this email address."),
                    reverse("accounts:password_reset"),
                    _("Forgot your password?"),
                ),
                code="taken",
            )
        return email


class PasswordConfirmedForm(forms.Form):
    """A change to the account that asks for its password: a phone left signed in does
    not let whoever picks it up make it."""

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."))
        return password


class EmailChangeForm(PasswordConfirmedForm):
    """A new address for the reset links (sending them elsewhere takes the password)."""

    field_order = ["email", "password"]
    email = forms.EmailField(
        label=_("New email address"),
        help_text=_("Needed, and used only to send you a link when you forget your password."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
        error_messages={"invalid": INVALID_EMAIL},
    )

    def clean_email(self) -> str:
        """Another account's address, or its name, stays its own: signing in takes either,
        and one text means one account (as at sign-up)."""
        email = self.cleaned_data["email"]
        others = accounts_named("email", email) + accounts_named("username", email)
        if any(other.pk != self.user.pk for other in others):
            raise forms.ValidationError(
                _("An account already uses this email address."), code="taken"
            )
        return email

    def save(self) -> None:
        self.user.email = self.cleaned_data["email"]
        self.user.save(update_fields=["email"])


class DeleteAccountForm(PasswordConfirmedForm):
    """The account and all its data go, after its password."""


class ClaimForm(forms.Form):
    """Which seat of `match` the account's player sat in."""

    seat = forms.TypedChoiceField(
        label=_("Players"),
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose a player.")},
    )

    def __init__(self, *args, match: Match, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        self.user = user
        # A seat another account said was theirs is told as such before it is tapped.
        taken = set(
            Claim.objects.filter(match=match).exclude(user=user).values_list("position", flat=True)
        )
        self.fields["seat"].choices = [
            (
                seat,
                _("%(name)s · taken by another account") % {"name": name}
                if seat in taken
                else name,
            )
            for seat, name in enumerate(match.players)
        ]

    @property
    def client_fault(self) -> bool:
        """A seat the form never offered: only a broken client sends one."""
        return any(error.code == "invalid_choice" for error in self.seat_errors)

    @property
    def seat_errors(self) -> list[forms.ValidationError]:
        return self.errors.as_data().get("seat", [])

    def clean_seat(self) -> int:
        seat = self.cleaned_data["seat"]
        others = Claim.objects.filter(match=self.match, position=seat).exclude(user=self.user)
        if others.exists():
            raise self.seat_taken(seat)
        return seat

    def seat_taken(self, seat: int) -> forms.ValidationError:
        return forms.ValidationError(
            _("Another account already said it is %(name)s in this match.")
            % {"name": self.match.players[seat]},
            code="taken",
        )


class ClaimEverywhereForm(forms.Form):
    """The player the account says it is in every other match that seats them: a
    hidden field of the offer, so a missing or too long name is a broken client."""

    name = forms.CharField(max_length=40)
