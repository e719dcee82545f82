"""Rendered pages kept in Django's cache, so that a page whose output has not changed is
not rendered again.

A kept page is stored under everything its output depends on: the address with its
query, the language, the time zone, the deploy (`code_version`, `SCOREPAD_RELEASE`),
whole page or htmx fragment, who is signed in, and what the view adds (for someone's own pages, the
owner's version, which grows with every change of their data). A key therefore never
names a stale page and nothing is ever forgotten by hand; the default local-memory
cache drops the pages nobody asks for, and starts empty after each restart.

No per-answer secret is kept: the page is rendered with a slot in place of the CSRF
token and of each one-time form key, and every answer fills the slots afresh (the token
masked anew, a new key for each form), as a fresh render would. A page that shows a
flash message is neither kept nor taken from the cache (it is shown once). Only a 200
that sets no cookie is kept.

A kept page is also kept deflated: a compressed answer is put together from the
deflated pieces and the slots' values in stored blocks (see `_Kept`), instead of
compressing the whole page again on each answer (which cost as much as the rest of the
answer for a rules page).

A kept page's answer carries an ETag made of its key and the CSRF cookie its forms'
token comes from: asked again unchanged, it is a 304.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import struct
import uuid
import zlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache as cache_once
from functools import wraps
from pathlib import Path

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone
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

            if request.method not in ("GET", "HEAD"):
                return _filled(request, make())
            # The key reads who is signed in first: a session ended from another device
            # says so then (accounts.signout), and that page is rendered, not kept.
            key = _key(request, stamp(request) if stamp else None)
            if len(get_messages(request)):
                return _filled(request, make())
            return _kept(request, make, key)

        return wrapper

    return decorate


@cache_once
def code_version() -> str:
    """A digest of what a page is made from besides its data: the code, templates,
    catalogues and static files of this deploy. In the key and so in the ETag, so that
    a browser holding a page from an earlier deploy gets the new one, not a 304."""
    digest = hashlib.blake2b(digest_size=16)
    package = Path(__file__).resolve().parent.parent
    for root in (
        package,
        settings.BASE_DIR / "templates",
        settings.BASE_DIR / "static",
        settings.BASE_DIR / "locale",
    ):
        for path in sorted(Path(root).rglob("*")):
            if path.is_file() and path.suffix not in (".pyc", ".po"):
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _key(request: HttpRequest, stamp: Hashable) -> str:
    user = getattr(request, "user", None)
    parts = (
        code_version(),
        settings.SCOREPAD_RELEASE,
        get_language(),
        timezone.get_current_timezone_name(),  # the dates a page shows
        request.get_full_path(),
        wants_fragment(request),
        user.pk if user is not None and user.is_authenticated else None,
        stamp,
    )
    return "page:" + hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def _kept(request: HttpRequest, make: Callable[[], HttpResponse], key: str) -> HttpResponse:
    answer = get_conditional_response(request, etag=_etag(request, key))
    if answer is None:
        answer = _page(request, key, make)
        if answer.status_code == 200:
            # After the slots are filled: a new browser's forms use the cookie it gets now.
            # Weak: the same page goes compressed or not.
            answer["ETag"] = "W/" + _etag(request, key)
    patch_vary_headers(answer, VARY)
    return answer


def _etag(request: HttpRequest, key: str) -> str:
    secret = request.META.get("CSRF_COOKIE", "")  # the secret behind the page's CSRF token
    return '"' + hashlib.blake2b(f"{key}:{secret}".encode(), digest_size=12).hexdigest() + '"'


def _page(request: HttpRequest, key: str, make: Callable[[], HttpResponse]) -> HttpResponse:
    found = cache.get(key)
    if found is None:
        setattr(request, _KEEPING, True)
        try:
            page = make()
        finally:
            setattr(request, _KEEPING, False)
        # A flash message added while rendering is shown once, never kept for others.
        if page.status_code != 200 or page.streaming or page.cookies or len(get_messages(request)):
            return _filled(request, page)
        found = _Kept.of(page)
        cache.set(key, found, KEPT_SECONDS)
    return found.answer(request)


_SLOTS = re.compile(
    b"(" + re.escape(CSRF_SLOT.encode()) + b"|" + re.escape(ONCE_SLOT.encode()) + b")"
)
_ACCEPTS_GZIP = re.compile(r"\bgzip\b")
_LAST_BLOCK = b"\x03\x00"  # an empty final deflate block


@dataclass(frozen=True)
class _Kept:
    """A kept page: its text between the slots, plain and deflated once.

    Compressed answers are put together from the deflated pieces with each slot's value
    in a stored (uncompressed) block, which costs a checksum instead of compressing the
    page again on each answer; and no secret is ever compressed alongside the page, so
    its length tells nothing about the secret (BREACH). GZipMiddleware leaves an answer
    with a Content-Encoding alone."""

    texts: tuple[bytes, ...]
    slots: tuple[bytes, ...]
    deflated: tuple[bytes, ...]
    headers: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, page: HttpResponse) -> _Kept:
        parts = _SLOTS.split(page.content)
        texts = tuple(parts[::2])
        return cls(texts, tuple(parts[1::2]), tuple(map(_deflated, texts)), tuple(page.items()))

    def answer(self, request: HttpRequest) -> HttpResponse:
        values = _slot_values(request, self.slots)
        content = b"".join(_interleaved(self.texts, values))
        page = HttpResponse()
        for name, value in self.headers:
            page[name] = value
        patch_vary_headers(page, ("Accept-Encoding",))
        if _ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
            stored = [_stored_block(value) for value in values]
            deflate = b"".join(_interleaved(self.deflated, stored)) + _LAST_BLOCK
            size = struct.pack("<II", zlib.crc32(content), len(content) & 0xFFFFFFFF)
            page.content = _gzip_header() + deflate + size
            page["Content-Encoding"] = "gzip"
        else:
            page.content = content
        return page


def _deflated(text: bytes) -> bytes:
    """Raw deflate blocks of `text`, not final, ending on a byte boundary."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(text) + compressor.flush(zlib.Z_SYNC_FLUSH)


def _stored_block(data: bytes) -> bytes:
    return b"\x00" + struct.pack("<HH", len(data), len(data) ^ 0xFFFF) + data


def _gzip_header() -> bytes:
    """A gzip header naming a file of random length, as Django's GZipMiddleware pads."""
    name = secrets.token_urlsafe(secrets.randbelow(75) + 1).encode()
    return b"\x1f\x8b\x08\x08" + b"\x00" * 4 + b"\x00\xff" + name + b"\x00"


def _interleaved(texts, values) -> list[bytes]:
    pieces = [texts[0]]
    for value, text in zip(values, texts[1:], strict=True):
        pieces += (value, text)
    return pieces


def _slot_values(request: HttpRequest, slots: tuple[bytes, ...]) -> list[bytes]:
    """This answer's CSRF token (one, as a render masks it once) and a fresh key per form."""
    token = get_token(request).encode() if _CSRF_SLOT in slots else b""
    return [token if slot == _CSRF_SLOT else str(uuid.uuid4()).encode() for slot in slots]


_CSRF_SLOT = CSRF_SLOT.encode()


def _filled(request: HttpRequest, page: HttpResponse) -> HttpResponse:
    """A page not kept, its slots filled (GZipMiddleware compresses it as any page)."""
    if page.streaming:
        return page
    page.content = _fill(request, page.content)
    return page


def keep_answer(page: HttpResponse) -> _Kept:
    """What to keep of `page`, rendered with slots, for `kept_answer` (deflated once)."""
    return _Kept.of(page)


def kept_answer(request: HttpRequest, kept: _Kept) -> HttpResponse:
    """The answer a kept page (`keep_answer`) makes for `request`: its slots filled, put
    together compressed when the browser takes gzip."""
    return kept.answer(request)


def fill_slots(request: HttpRequest, html: str) -> str:
    """`html` rendered with slots (`CSRF_SLOT`, `ONCE_SLOT`), filled for this answer; for
    other kept pieces than whole pages (the scoreboard's, `scorepad.matches.rendered`)."""
    return _fill(request, html.encode()).decode()


def _fill(request: HttpRequest, content: bytes) -> bytes:
    parts = _SLOTS.split(content)
    return b"".join(_interleaved(parts[::2], _slot_values(request, tuple(parts[1::2]))))
