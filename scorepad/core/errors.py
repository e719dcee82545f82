"""The pages a request gets when it cannot be served: 400, 403, 404, 405, 500 and 503.

None of them reads the request's form data, the session or the database (the 404 page
alone asks whether the asker is signed in: `_signed_in`): Django's own handlers check
the CSRF token again (and so read the body that was the fault in the first place), and
a page shown because the database is down cannot ask it anything.
"""

from __future__ import annotations

import logging
import sys

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

logger = logging.getLogger(__name__)

# How long a client should wait before trying again while the database is away.
RETRY_AFTER_SECONDS = 30
DATABASE_DOWN = (OperationalError, InterfaceError)


# Each error page: its title and what the visitor can do.
PAGES = {
    400: (
        _("Request not understood"),
        _("Your browser sent something this page cannot read. Go back and try again."),
    ),
    403: (
        _("Not allowed"),
        _("This page cannot be used from here. Reload the page you came from and try again."),
    ),
    # A CSRF failure: most often a form left open in an old tab.
    "csrf": (_("This form has expired"), _("Reload the page and send the form again.")),
    404: (
        _("Page not found"),
        _("There is nothing here, or it belongs to another browser."),
    ),
    # An address a form is sent to, opened as a page (a link copied from the bar after a
    # form's answer, an old bookmark).
    405: (
        _("This page cannot be opened like this"),
        _(
            "This address receives a form; it is not a page of its own. Go back to the page"
            " you came from."
        ),
    ),
    429: (
        _("Too many attempts"),
        # django-axes counts wrong passwords per name on one network
        # (scorepad.accounts.lockout): the friends on the same Wi-Fi still sign in.
        _(
            "After five wrong passwords, signing in with this name from this network is paused"
            " for 15 minutes."
        ),
    ),
    # Many wrong passwords from one network, whatever the names.
    "network paused": (
        _("Too many attempts"),
        _(
            "After many wrong passwords from this network, signing in from it is paused for"
            " 15 minutes."
        ),
    ),
    500: (
        _("Something went wrong"),
        _("The scorepad failed to show this page. It has been noted; try again later."),
    ),
    503: (
        _("Back in a moment"),
        _("The scorepad cannot reach its records right now. Nothing was lost: try again soon."),
    ),
}


def error_page(
    request: HttpRequest, status: int, page: int | str | None = None, **context
) -> HttpResponse:
    title, explanation = PAGES[page or status]
    context = {"title": title, "explanation": explanation, **context}
    response = render(request, "error.html", context, status=status)
    response["Cache-Control"] = "no-store"
    return response


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return error_page(request, 403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return error_page(request, 403, "csrf")


# The pages of someone's own matches: one not found may be an account's, signed out of.
OWN_PAGES = ("/matches/", "/history/", "/account/matches/")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 404 page (a shared link's address that is none of its pages has its own,
    `matches.live.page_not_found`, which hands every other address to this one).
    Someone signed in keeps the bar's link to their account, and is not asked to sign
    in (QA: "Sign in" led a signed-in player back to the home page, saying nothing)."""
    signed_in = _signed_in(request)
    if request.path.startswith(OWN_PAGES) and not signed_in:
        # Not back to this address: a page of a match not found shows nothing of it, its
        # number neither (the account's home page, once signed in, lists its matches).
        return error_page(request, 404, sign_in_url=reverse("accounts:log_in"))
    return error_page(request, 404, account_link=signed_in)


def _signed_in(request: HttpRequest) -> bool:
    """Whether the asker is signed in to an account. The one error page that reads the
    session: a page not found was looked for, so the database answered; if it no
    longer does, the page goes without the account's link."""
    user = getattr(request, "user", None)  # None: not found before the middleware ran
    try:
        return user is not None and user.is_authenticated
    except DATABASE_DOWN:
        return False


def unavailable(request: HttpRequest) -> HttpResponse:
    """503 while the database cannot be reached: the client may simply try again."""
    response = error_page(request, 503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    # Called while the exception is being handled: a database that went away anywhere
    # (a view, the session saved on the way out) is a 503, not a fault of the app.
    if isinstance(sys.exception(), DATABASE_DOWN):
        return unavailable(request)
    return error_page(request, 500)


class DatabaseUnavailableMiddleware:
    """A view that finds the database down answers 503 with `Retry-After`."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DATABASE_DOWN):
            logger.warning("database unavailable: %s", exception)
            return unavailable(request)
        return None


class MethodNotAllowedPageMiddleware:
    """Django's 405 is an empty answer (a blank page in a browser): a page opened with
    the wrong method gets the error page that says so, in the visitor's language (after
    LocaleMiddleware), its `Allow` header kept. htmx and HEAD keep the bare answer."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code != 405
            or response.content
            or request.method == "HEAD"
            or "HX-Request" in request.headers
        ):
            return response
        page = error_page(request, 405)
        page["Allow"] = response["Allow"]
        return page


def client_address(request: HttpRequest) -> str:
    """The visitor's address: behind the proxy, the last one it added to X-Forwarded-For
    (the earlier ones are whatever the client claimed)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.BEHIND_PROXY and forwarded.strip():
        return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "")
