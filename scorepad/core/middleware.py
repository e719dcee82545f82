"""Response headers and session upkeep that every page shares."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime
from functools import cache

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import patch_cache_control

RENEWED_KEY = "scorepad_renewed"
# Written by static/js/app.js: the phone's own IANA zone, e.g. "Europe/Brussels".
ZONE_COOKIE = "scorepad_zone"


class PrivatePagesMiddleware:
    """Every page is someone's (matches, history, a CSRF token in each form): no shared
    cache may keep one. Browsers may, but ask again each time (an ETag makes that a
    304); a downloaded export is not kept at all."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Cache-Control" in response:
            return response
        if response.get("Content-Disposition", "").startswith("attachment"):
            patch_cache_control(response, private=True, no_store=True)
        else:
            patch_cache_control(response, private=True, no_cache=True)
        return response


class SessionRenewalMiddleware:
    """Keep a visitor's year-long session alive with one write a day at most: the first
    request of each day marks it, which saves it with a fresh expiry."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 304:  # a poll of an unchanged page reads no session
            return response
        session = request.session
        # Only a session that holds something (an owner, messages): none is made here.
        if session.session_key and session.keys():
            today = timezone.now().date().isoformat()
            if session.get(RENEWED_KEY) != today:
                session[RENEWED_KEY] = today
        return response


@cache
def _known_zones() -> frozenset[str]:
    # The list, not ZoneInfo(name) on whatever the cookie says: an unknown or crafted
    # name is never looked up on disk, and a known one costs a set lookup per request.
    return frozenset(zoneinfo.available_timezones())


class PhoneTimeZoneMiddleware:
    """Dates and times are shown in the phone's own zone, which its browser tells in a
    cookie (static/js/app.js). Without it (no JavaScript, the very first page) or with a
    name that is no zone, the product's default, settings.TIME_ZONE. Stored times stay
    UTC; only what is shown changes."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = request.COOKIES.get(ZONE_COOKIE, "")
        if name in _known_zones():
            timezone.activate(zoneinfo.ZoneInfo(name))
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            # Nothing after this request (another test, a command in this thread) sees it.
            timezone.deactivate()


def phone_time(moment: datetime) -> datetime:
    """`moment` in the zone the page is shown in (`PhoneTimeZoneMiddleware`). One that
    the zone pushes out of the calendar (a match of year 1 or 9999, imported before the
    match file refused them) stays as UTC says it, rather than failing the whole page:
    naive, so that a template's `date` converts it no further."""
    try:
        return timezone.localtime(moment)
    except OverflowError:
        return timezone.make_naive(moment, UTC)
