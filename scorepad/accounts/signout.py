"""Signing out leaves nothing of the account on the phone, however the session ended.

Signing out and deleting the account here say so in their answer (`forget_on_this_phone`).
A session can also end from another device: the password changed there (Django's
`get_user` finds the session's hash stale and flushes it), or the account deleted or
disabled there (the session names a user that is no more). The phone then learns it on
its next request, which reads the user as Django's middleware does and, only then, says
the same to the browser.
"""

from __future__ import annotations

from django.contrib import auth, messages
from django.contrib.auth import middleware
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django_htmx.http import HttpResponseClientRedirect

# Set on a request whose signed-in session it found ended elsewhere.
_ENDED = "_scorepad_session_ended_elsewhere"


def forget_on_this_phone(response: HttpResponse) -> HttpResponse:
    """The browser drops what the app kept in it for the account just signed out of: the
    rounds typed or kept unsent (localStorage: names, hands, the matches' addresses) and
    the pages it holds. On a phone passed round the table, the next person neither sees
    them nor is told about rounds of matches they cannot open (QA30)."""
    response["Clear-Site-Data"] = '"cache", "storage"'
    # The browser applies that header and does not show it to the page's scripts: this
    # one tells offline-rounds.js to write nothing more (a round sent beside the request
    # that said it would be kept again, refused as anyone's: CI).
    response["Scorepad-Forget"] = "storage"
    return response


class AuthenticationMiddleware(middleware.AuthenticationMiddleware):
    """Django's, noticing a signed-in session ended from another device.

    The user is still read lazily, at most once, and with no query of its own: a request
    that never asks who it is finds out on the next one that does."""

    def process_request(self, request: HttpRequest) -> None:
        super().process_request(request)
        request.user = SimpleLazyObject(lambda: _user(request))

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        if not getattr(request, _ENDED, False):
            return response
        if response.status_code == 404:
            # A page of the account's (its match, a round sent there): no longer this
            # phone's. It lands on the home page instead, which says why (QA35: a Reload
            # showed "Page not found", and a round kept offline vanished unsaid). htmx,
            # and offline-rounds.js's fetch, follow HX-Redirect.
            home = reverse("home")
            found = response
            if request.headers.get("HX-Request"):
                response = HttpResponseClientRedirect(home)
            else:
                response = redirect(home)
            # Said there. The messages' middleware has kept what was not shown already
            # (its cookie, on the answer replaced); what the not-found page showed is
            # kept again.
            for name, cookie in found.cookies.items():
                response.cookies[name] = cookie
            said = getattr(request, "_messages", None)
            if said is not None and said.used:
                _say_ended(request)
            # A round or a change sent there is not saved, and the phone forgets it with
            # the rest: said (QA: a round typed went without a word). A round kept on the
            # phone is said by the page it is sent to (`Scorepad-Kept`, offline-rounds.js).
            unsaved = request.method == "POST" and "Scorepad-Kept" not in request.headers
            if unsaved:
                messages.info(
                    request,
                    _("What you had just sent from this phone was not saved."),
                    fail_silently=True,
                )
            if said is not None and (said.used or unsaved):
                said.update(response)
        return forget_on_this_phone(response)


def _user(request: HttpRequest):
    if not hasattr(request, "_cached_user"):  # where Django's middleware keeps it
        signed_in = auth.SESSION_KEY in request.session
        user = auth.get_user(request)
        if signed_in and not user.is_authenticated:
            _ended_elsewhere(request)
        request._cached_user = user
    return request._cached_user


def _ended_elsewhere(request: HttpRequest) -> None:
    # A deleted account's session still names it (Django flushes only a stale hash):
    # emptied, the phone is told once, and later requests look for no account.
    request.session.flush()
    setattr(request, _ENDED, True)
    _say_ended(request)


def _say_ended(request: HttpRequest) -> None:
    messages.info(
        request,
        _(
            "You were signed out on this phone: the account's password was changed, or "
            "the account deleted, on another device."
        ),
        fail_silently=True,
    )
