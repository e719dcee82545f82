"""Accounts: sign up, the account page, its data (export, deletion) and its claimed seats.

Signing in, out and the passwords are Django's own views (`urls.py`); taking over the
browser's matches happens on every sign-in (`takeover.py`).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth
from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import formats
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorepad.core.errors import client_address
from scorepad.core.htmx import form_status
from scorepad.core.middleware import phone_time
from scorepad.core.wording import sentence_html, starts_with_vowel, whole_name
from scorepad.matches.access import current_owner, get_own_match, shared_link
from scorepad.matches.live import FOLLOW, link_gone
from scorepad.matches.models import Match, Owner

from . import claims, throttle
from .forms import (
    ClaimEverywhereForm,
    ClaimForm,
    DeleteAccountForm,
    EmailChangeForm,
    PasswordResetForm,
    SignUpForm,
)
from .models import Claim
from .signout import forget_on_this_phone

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"
# Accounts made from one network address in an hour (a table of friends on one Wi-Fi
# signs up well within it).
SIGN_UPS_PER_ADDRESS = 10
# Reset links asked for in an hour: for one email address, and from one network address.
RESETS_PER_EMAIL = 3
RESETS_PER_ADDRESS = 10
TOO_MANY = 429
MATCHES_PER_PAGE = 20


def _next_or(request: HttpRequest, default: str) -> str:
    """Where to go after signing up: the page that asked, if it is one of ours."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if safe else default


@require_http_methods(["GET", "HEAD", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("accounts:account")
    form = SignUpForm(request.POST if request.method == "POST" else None)
    status = None
    if request.method == "POST" and form.is_valid():
        if throttle.spend("sign-up", [(client_address(request), SIGN_UPS_PER_ADDRESS)]):
            user = form.save()
            # The welcome first, then what signing in did (the browser's matches taken over).
            messages.success(request, _("Welcome, %(name)s.") % {"name": user.get_username()})
            login(request, user, backend=MODEL_BACKEND)  # takes over this browser's matches
            return redirect(_next_or(request, "accounts:account"))
        form.add_error(
            None,
            _("Many accounts were made from this network in the last hour: try again in an hour."),
        )
        status = TOO_MANY
    context = {"form": form, "next": _next_or(request, "")}
    status = status or form_status(request, form)
    return render(request, "accounts/sign_up.html", context, status=status)


@require_safe
@login_required
def account(request: HttpRequest) -> HttpResponse:
    owner = current_owner(request)
    context = {"matches": Match.objects.listed().filter(owner=owner).count()}
    return render(request, "accounts/account.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def change_email(request: HttpRequest) -> HttpResponse:
    """A new address for the reset links (QA: a player whose address changed had no way
    to give the new one). Reset links sent to the old one stop working: Django's tokens
    are made from the address too."""
    data = request.POST if request.method == "POST" else None
    form = EmailChangeForm(data, user=request.user, initial={"email": request.user.email})
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(
            request,
            _("Links for a forgotten password now go to %(email)s.")
            % {"email": form.cleaned_data["email"]},
        )
        return redirect("accounts:account")
    return render(
        request, "accounts/email_change.html", {"form": form}, status=form_status(request, form)
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    form = DeleteAccountForm(data, user=request.user)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            Owner.objects.filter(user=request.user).delete()  # its matches, house rules…
            request.user.delete()  # its claims
        logout(request)
        messages.success(request, _("Your account and all its matches are deleted."))
        return forget_on_this_phone(redirect("home"))
    return render(
        request, "accounts/delete.html", {"form": form}, status=form_status(request, form)
    )


@require_safe
@login_required
def statistics(request: HttpRequest) -> HttpResponse:
    page = Paginator(claims.of(request.user), MATCHES_PER_PAGE).get_page(request.GET.get("page"))
    context = {"record": claims.record_of(request.user), "claims": page}
    return render(request, "accounts/statistics.html", context)


@require_safe
@login_required
def seats(request: HttpRequest) -> HttpResponse:
    """The account's own matches, to say which seat was its player in each, and the
    player it said it was last, offered for every other match that seats them (QA39)."""
    owner = current_owner(request)
    matches = Match.objects.listed().filter(owner=owner)
    page = Paginator(matches, MATCHES_PER_PAGE).get_page(request.GET.get("page"))
    mine = dict(
        Claim.objects.filter(user=request.user, match__in=list(page)).values_list(
            "match_id", "position"
        )
    )
    rows = [{"match": match, "me": _seat_name(match, mine.get(match.pk))} for match in page]
    claimed = request.GET.get("claimed")
    claimed_row = next((row for row in rows if str(row["match"].pk) == claimed), None)
    # Offered in the row just claimed, in sight where the claim landed, and only then: a
    # match the player said "Not me" to is not offered back on every visit (QA40).
    offer = _offer(request, owner, claimed_row["match"], mine) if claimed_row else None
    context = {"page": page, "rows": rows, "offer": offer, "claimed_row": claimed_row}
    return render(request, "accounts/seats.html", context)


# The claim this browser just made ("match:seat"), whose landing offers its player's
# other matches: until the offer is taken or a "Not me" is said, which the offer would
# otherwise take back in one tap, unnamed (QA41: Back, Reload, the address revisited).
OFFER_AFTER = "claim_offer_after"


def _offer(request: HttpRequest, owner: Owner | None, match: Match, mine: dict) -> dict | None:
    seat = mine.get(match.pk)
    name = _seat_name(match, seat)
    if not name or request.session.get(OFFER_AFTER) != f"{match.pk}:{seat}":
        return None
    unclaimed = claims.same_player_unclaimed(request.user, owner, name)
    count = unclaimed.values("match").distinct().count()
    # Named as the statistics name the player, not as this one match spelt them (QA41).
    return {"name": claims.shown_name(owner, name), "count": count} if count else None


@require_POST
@login_required
def claim_everywhere(request: HttpRequest) -> HttpResponse:
    """One tap for what took three per match: the account is that player in every
    other match of its own that seats them (`claims.claim_everywhere`)."""
    form = ClaimEverywhereForm(request.POST)
    if not form.is_valid():
        raise BadRequest("the offer's name is missing")
    name = form.cleaned_data["name"]
    request.session.pop(OFFER_AFTER, None)
    made = claims.claim_everywhere(request.user, current_owner(request), name)
    if made:
        said = ngettext(
            "You are %(name)s in %(count)s more match. Not you there? Tap “Not me” beside"
            " it in My statistics.",
            "You are %(name)s in %(count)s more matches. Not you in one of them? Tap “Not me”"
            " beside it in My statistics.",
            made,
        )
    else:
        said = _("No other match of yours seats %(name)s without saying who you are.")
    messages.success(request, sentence_html(said, name=whole_name(name), count=made))
    return redirect("accounts:seats")


def _seats_row(match: Match, owner: Owner | None) -> str:
    """The seats page that lists `match`, scrolled to its row (no script needed)."""
    newer = Match.objects.listed().filter(owner=owner)
    newer = newer.filter(Q(created__gt=match.created) | Q(created=match.created, pk__gt=match.pk))
    number = newer.count() // MATCHES_PER_PAGE + 1
    query = f"page={number}&" if number > 1 else ""
    return f"{reverse('accounts:seats')}?{query}claimed={match.pk}#match-{match.pk}"


def _seat_name(match: Match, position: int | None) -> str | None:
    return (
        match.players[position] if position is not None and position < len(match.players) else None
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def claim_own(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    # Named as the page it leads to is titled (QA26: "Your matches").
    back = {"back_url": reverse("accounts:seats"), "back_label": _("Say which player you are")}
    # Back on the row just claimed, not the top of the list (QA39).
    landing = _seats_row(match, current_owner(request)) if request.method == "POST" else None
    return _claim(request, match, landing=landing, **back)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def claim_followed(request: HttpRequest, token: str) -> HttpResponse:
    """Someone else's match, reached through its live link: the follower says which seat
    was them. An unknown or stopped link gets the live table's one "no longer works" page."""
    link = shared_link(token, FOLLOW)
    if link is None:
        return link_gone(request)
    back = {"back_url": reverse("live:page", args=[token]), "back_label": _("Live scoreboard")}
    return _claim(request, link.match, **back)


def _claim(request: HttpRequest, match: Match, landing: str | None = None, **extra) -> HttpResponse:
    """The "which one is you?" form for `match`, which the asker may see; a claim made
    or moved on a valid post."""
    data = request.POST if request.method == "POST" else None
    form = ClaimForm(data, match=match, user=request.user)
    if request.method == "POST":
        if not form.is_valid() and form.client_fault:
            raise BadRequest("a seat the form did not offer")
        if form.is_valid() and _keep_claim(form):
            # Back where the player came from (the live board at the table, or their
            # matches), saying what the claim does.
            if match.finished:
                said = _("Your statistics now count this match.")
            else:
                name = match.players[form.cleaned_data["seat"]]
                said = sentence_html(
                    _(
                        "You are %(name)s in this match: it counts in your statistics once "
                        "it is finished."
                    ),
                    name=whole_name(name),
                )
            messages.success(request, said)
            if landing:
                request.session[OFFER_AFTER] = f"{match.pk}:{form.cleaned_data['seat']}"
            return redirect(landing or extra["back_url"])
    mine = Claim.objects.filter(user=request.user, match=match).first()
    context = {"form": form, "match": match, "mine": mine, "intro": _claim_intro(match), **extra}
    return render(request, "accounts/claim.html", context, status=form_status(request, form))


# French elides "de" before a game's name starting with a vowel: "Partie d’Escoba".
CLAIM_INTRO = (
    gettext_lazy(
        "%(game)s match of %(date)s. The player you choose counts in your statistics, and"
        " only in yours."
    ),
    pgettext_lazy(
        "before a game's name starting with a vowel",
        "%(game)s match of %(date)s. The player you choose counts in your statistics, and"
        " only in yours.",
    ),
)


def _claim_intro(match: Match) -> str:
    game = _(match.rules.name)
    plain, elided = CLAIM_INTRO
    date = formats.date_format(phone_time(match.created), "DATE_FORMAT")
    return (elided if starts_with_vowel(game) else plain) % {"game": game, "date": date}


def _keep_claim(form: ClaimForm) -> bool:
    """Save the account's seat in the match; False, with the form's error, when another
    account took the seat meanwhile (the constraint decides)."""
    seat = form.cleaned_data["seat"]
    try:
        with transaction.atomic():
            Claim.objects.update_or_create(
                user=form.user, match=form.match, defaults={"position": seat}
            )
    except IntegrityError:
        form.add_error("seat", form.seat_taken(seat))
        return False
    return True


@require_POST
@login_required
def release(request: HttpRequest, claim_id: int) -> HttpResponse:
    claim = get_object_or_404(Claim, pk=claim_id, user=request.user)
    claim.delete()
    request.session.pop(OFFER_AFTER, None)
    messages.success(request, _("That match no longer counts in your statistics."))
    return redirect(_next_or(request, "accounts:statistics"))


@require_safe
def claimed_seats(request: HttpRequest, match_id: int) -> HttpResponse:
    """The scorer's view of their match's claimed seats: which players an account said it
    was (never which account), each one the scorer may free if it was not that player."""
    match = get_own_match(request, match_id, rounds=False)
    taken = set(Claim.objects.filter(match=match).values_list("position", flat=True))
    seats = [{"position": seat, "name": name} for seat, name in enumerate(match.players)]
    context = {"match": match, "claimed": [seat for seat in seats if seat["position"] in taken]}
    return render(request, "accounts/claimed_seats.html", context)


@require_POST
def free_seat(request: HttpRequest, match_id: int, position: int) -> HttpResponse:
    """The scorer, who knows who sat where, takes back a claim that was wrong: the seat's
    player may then say it is theirs. Freeing a seat nobody claimed changes nothing."""
    match = get_own_match(request, match_id, rounds=False)
    if position >= len(match.players):
        raise Http404
    if Claim.objects.filter(match=match, position=position).delete()[0]:
        request.session.pop(OFFER_AFTER, None)  # as a "Not me" of the scorer's own
        said = _("%(name)s is free again: that player can now say it is them.")
        messages.success(request, sentence_html(said, name=whole_name(match.players[position])))
    return redirect("accounts:claimed_seats", match_id=match.pk)


class PasswordResetView(auth.PasswordResetView):
    """Django's, sending at most a few links an hour to one address and from one
    network. Refused or not, the answer says nothing of whether the address has an
    account: every address asked for is counted."""

    form_class = PasswordResetForm

    def form_valid(self, form):
        limits = [
            (f"email:{form.cleaned_data['email'].casefold()}", RESETS_PER_EMAIL),
            (f"address:{client_address(self.request)}", RESETS_PER_ADDRESS),
        ]
        if not throttle.spend("password-reset", limits):
            form.add_error(
                None,
                _(
                    "Several links were asked for in the last hour, for this address or "
                    "from this network: look for them in your inbox (and its spam "
                    "folder), or try again in an hour."
                ),
            )
            response = self.form_invalid(form)
            response.status_code = TOO_MANY
            return response
        return super().form_valid(form)


class LogInView(auth.LoginView):
    """Django's, saying who is signed in on the page it lands on (QA: with no match of
    the browser to bring along, the home page came without a word), before what signing
    in did with the browser's matches (`takeover`), as a sign-up's welcome does."""

    def form_valid(self, form):
        name = form.get_user().get_username()
        messages.success(self.request, _("Signed in as %(name)s.") % {"name": name})
        return super().form_valid(form)


class LogOutView(auth.LogoutView):
    """Django's, saying so on the page it lands on, and where the matches went."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        messages.info(
            request,
            _("You are signed out. Your matches stay in your account: sign in to see them again."),
        )
        return forget_on_this_phone(response)
