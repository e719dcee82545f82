"""Rendered pages kept in Django's cache, so that a page whose output has not changed is
not rendered again.

A kept page is stored under everything its output depends on: the address with its
query, the language, the release (`SCOREPAD_RELEASE`), whole page or htmx fragment, who
is signed in, and what the view adds (for someone's own pages, the owner's version,
which grows with every change of their data). A key therefore never names a stale page
and nothing is ever forgotten by hand; the default local-memory cache drops the pages
nobody asks for, and starts empty after each restart (a deploy).

No per-answer secret is kept: the page is rendered with a slot in place of the CSRF
token and of each one-time form key, and every answer fills the slots afresh (the token
masked anew, a new key for each form), as a fresh render would. A page that shows a
flash message is neither kept nor taken from the cache (it is shown once). Only a 200
that sets no cookie is kept.

A kept page's answer carries an ETag made of its key and the CSRF cookie its forms'
token comes from: asked again unchanged, it is a 304.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Callable, Hashable
from functools import wraps

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.translation import get_language

from .htmx import VARY, wants_fragment

# Neither can be a real value: a CSRF token is 64 letters and digits, a form's key a
# random UUID (this one is not version 4).
CSRF_SLOT = "csrf-token-slot-5f0c2a"
ONCE_SLOT = "00000000-0000-0000-0000-0000000005f0"
# Pages are keyed on what they are made of, so they never go stale: the timeout only
# frees the memory of pages nobody asked for in a day.
KEPT_SECONDS = 60 * 60 * 24
_KEEPING = "_scorepad_keeping_page"


def token_slot(request: HttpRequest) -> dict:
    """Context processor: while a page is rendered to be kept, its CSRF token is a slot."""
    return {"csrf_token": CSRF_SLOT} if getattr(request, _KEEPING, False) else {}


def kept_page(stamp: Callable[[HttpRequest], Hashable] | None = None):
    """Decorate a view whose 200 answer depends only on the request's address, language,
    htmx headers and signed-in user, and on what `stamp(request)` returns (e.g. the
    owner's version): that answer is kept and served again (see the module's docstring).
    The view renders a form's one-time key as `ONCE_SLOT`."""

    def decorate(view):
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            def make() -> HttpResponse:
                return view(request, *args, **kwargs)

            if request.method not in ("GET", "HEAD") or len(get_messages(request)):
                return _filled(request, make())
            return _kept(request, make, stamp(request) if stamp else None)

        return wrapper

    return decorate


def _key(request: HttpRequest, stamp: Hashable) -> str:
    user = getattr(request, "user", None)
    parts = (
        settings.SCOREPAD_RELEASE,
        get_language(),
        request.get_full_path(),
        wants_fragment(request),
        user.pk if user is not None and user.is_authenticated else None,
        stamp,
    )
    return "page:" + hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def _kept(request: HttpRequest, make: Callable[[], HttpResponse], stamp: Hashable) -> HttpResponse:
    key = _key(request, stamp)
    answer = get_conditional_response(request, etag=_etag(request, key))
    if answer is None:
        answer = _page(request, key, make)
        if answer.status_code == 200:
            # After the slots are filled: a new browser's forms use the cookie it gets now.
            answer["ETag"] = _etag(request, key)
    patch_vary_headers(answer, VARY)
    return answer


def _etag(request: HttpRequest, key: str) -> str:
    secret = request.META.get("CSRF_COOKIE", "")  # the secret behind the page's CSRF token
    return '"' + hashlib.blake2b(f"{key}:{secret}".encode(), digest_size=12).hexdigest() + '"'


def _page(request: HttpRequest, key: str, make: Callable[[], HttpResponse]) -> HttpResponse:
    found = cache.get(key)
    if found is not None:
        content, headers = found
        page = HttpResponse(content)
        for name, value in headers:
            page[name] = value
        return _filled(request, page)
    setattr(request, _KEEPING, True)
    try:
        page = make()
    finally:
        setattr(request, _KEEPING, False)
    if page.status_code == 200 and not page.streaming and not page.cookies:
        cache.set(key, (page.content, list(page.items())), KEPT_SECONDS)
    return _filled(request, page)


_CSRF_SLOT = CSRF_SLOT.encode()
_ONCE_SLOT = re.compile(re.escape(ONCE_SLOT.encode()))


def _filled(request: HttpRequest, page: HttpResponse) -> HttpResponse:
    """The page with this answer's CSRF token and a fresh key for each one-time form."""
    if page.streaming:
        return page
    content = page.content
    if _CSRF_SLOT in content:
        content = content.replace(_CSRF_SLOT, get_token(request).encode())
    content = _ONCE_SLOT.sub(lambda _: str(uuid.uuid4()).encode(), content)
    page.content = content
    return page
