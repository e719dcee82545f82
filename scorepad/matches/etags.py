"""ETags of the scoreboard, so that a page or fragment that has not changed costs a 304.

A scoreboard is what its match's kept version says, seen in one language, as its owner
or read-only, as a page or an htmx fragment, with the query that asked (an undo offer),
and with the forms' CSRF token (whose cookie can change). A page that carries a notice
(a flash message) gets no ETag: it is shown once.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.messages import get_messages
from django.http import HttpRequest
from django.utils.translation import get_language

from scorepad.core.htmx import wants_fragment

from .access import own_match_version, shared_version


def scoreboard_etag(request: HttpRequest, match_id: int, *, read_only: bool = False) -> str | None:
    if len(get_messages(request)):  # counting them does not mark them shown
        return None
    version = own_match_version(request, match_id)
    if version is None:
        return None  # the view answers 404
    request.own_match_version = version  # type: ignore[attr-defined]  # for its kept board
    fragment = wants_fragment(request)
    parts = (
        match_id,
        version,
        get_language(),
        "read-only" if read_only else "owner",
        "fragment" if fragment else "page",
        request.META.get("QUERY_STRING", ""),
        request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""),
    )
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
    return f'"{match_id}-{version}-{digest}"'


def scoresheet_etag(request: HttpRequest, match_id: int) -> str | None:
    return scoreboard_etag(request, match_id, read_only=True)


def live_board_etag(request: HttpRequest, token: str) -> str | None:
    """A shared board is its match (a link moves on to the match played again) at its
    version, seen in the visitor's language, through a link of one kind, in one release;
    a co-scorer's board holds forms, so its CSRF cookie too. One query
    (`shared_version`); None when the link does not work."""
    found = shared_version(token)
    request.shared_version = found  # type: ignore[attr-defined]  # for its kept board
    if found is None:
        return None
    kind, match_id, version = found
    csrf = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "") if kind == "score" else ""
    rounds = request.GET.get("rounds") == "all"  # the whole board, or its last rounds
    parts = (match_id, version, kind, get_language(), settings.SCOREPAD_RELEASE, csrf, rounds)
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest()
    return f'"live-{version}-{digest}"'
