"""Response headers and session upkeep that every page shares."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import patch_cache_control

RENEWED_KEY = "scorepad_renewed"


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
