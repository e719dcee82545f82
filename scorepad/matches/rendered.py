"""Rendered scoreboards kept in Django's cache, so that showing one again costs a lookup.

A board is what its match's kept version says (every change of a match bumps it), seen
in one language, from one release, as its owner or read-only, by one account (or none),
as a page or an htmx fragment, with all its rounds or the last ones. The key says all
of that, so a kept board is never stale and nothing needs removing: each process may
keep its own.

What differs on every answer is never kept: the forms' CSRF token and the one-time keys
of the round form and of "Play again" are rendered as slots, filled in afresh for each
answer (so a compressed page still carries a freshly masked token: BREACH).
"""

from __future__ import annotations

import copy
import hashlib
import uuid

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

from scorepad.core.htmx import VARY, render_page_or_partial, wants_fragment
from scorepad.core.pagecache import CSRF_SLOT, ONCE_SLOT, fill_slots, keep_answer, kept_answer

from .access import own_match_version, shared_version
from .forms import round_form_class
from .scoreboard import card_picker, fresh_round_form

# The kept pages' slots (`scorepad.core.pagecache`): each one-time key in a board (the
# round form's, "Play again"'s) is filled with a key of its own.
ENTRY_KEY_SLOT = ONCE_KEY_SLOT = uuid.UUID(ONCE_SLOT)
# The next round's number and the match's id in a kept entry form: a number no match
# reaches, and the largest id (`models.random_id`: one chance in 2**52 to be a real one,
# which the slot then stands for rightly).
NUMBER_SLOT = 987_654_321
# The match's version in a kept entry form: another number no match reaches.
VERSION_SLOT = 987_654_329
MATCH_SLOT = 2**52 - 1
# The match's board (`models.board_of`) in a kept entry form: 16 hexadecimal digits.
BOARD_SLOT = "b0a2d5107b0a2d51"
# The queries a kept board may answer: none, or all the rounds (an undo offer is shown once).
KEPT_QUERIES = ("", "rounds=all")
TEMPLATE = "matches/match.html"


def board_key(request: HttpRequest, match_id: int, version: int, *, read_only: bool) -> str | None:
    """The cache key of this board as `request` asks for it; None for one never kept."""
    if not keepable(request):
        return None
    parts = (
        "board",
        match_id,
        version,
        get_language(),
        settings.SCOREPAD_RELEASE,
        "read-only" if read_only else "owner",
        # The page's frame may greet a signed-in person: kept apart per account.
        request.user.pk if request.user.is_authenticated else "-",
        "fragment" if wants_fragment(request) else "page",
        request.META.get("QUERY_STRING", ""),
    )
    return ":".join(map(str, parts))


def keepable(request: HttpRequest) -> bool:
    """Whether a kept board may answer `request`: a plain look, with no flash message
    (shown once; counting them keeps them) and no undo offer in the query."""
    return (
        request.method in ("GET", "HEAD")
        and request.META.get("QUERY_STRING", "") in KEPT_QUERIES
        and not len(get_messages(request))
    )


def kept_board(
    request: HttpRequest, match_id: int, *, read_only: bool = False
) -> HttpResponse | None:
    """The kept board of the asker's match, its slots filled in; None when there is none
    (or the match is not the asker's: the view then answers 404)."""
    if not keepable(request):
        return None
    version = getattr(request, "own_match_version", None)
    if version is None:
        version = own_match_version(request, match_id)
    if version is None:
        return None
    key = board_key(request, match_id, version, read_only=read_only)
    kept = cache.get(key) if key else None
    if kept is None:
        return None
    response = kept_answer(request, kept)
    patch_vary_headers(response, VARY)
    return response


def render_board(request: HttpRequest, context: dict, *, keep: bool = True) -> HttpResponse:
    """The board as a page or as the `scoreboard` fragment, from a context made with
    `entry_key=ENTRY_KEY_SLOT`; kept for the next asker when `keep` and its request is
    one a kept board may answer."""
    match = context["match"]
    slots = {"csrf_token": CSRF_SLOT, "once_key_slot": ONCE_KEY_SLOT}
    if not wants_fragment(request):  # the page's one card grid, outside the board
        slots["card_buttons"] = card_picker(match.rules, match.options)
    response = render_page_or_partial(request, TEMPLATE, "scoreboard", {**context, **slots})
    key = board_key(request, match.pk, match.version, read_only=context["read_only"])
    if keep and key is not None:  # kept deflated: answers are put together compressed
        cache.set(key, keep_answer(response))
    response.content = fill_slots(request, response.content.decode())
    return response


def entry_html(request: HttpRequest, context: dict) -> str:
    """The board's entry region (`match.html#entry`). A fresh form shows the same for
    every round of every match of one game, line-up and options but for the match (in
    its address), the round's number and its one-time key, as long as its shape
    (`RoundForm.shape_of`) stays: it is kept under those, with slots for the others.
    A form sent back with its faults is rendered as it is."""
    state, match = context["state"], context["match"]
    if not context["fresh_form"]:
        return render_to_string(f"{TEMPLATE}#entry", context, request)
    shape = repr(
        (
            match.game,
            match.players,
            match.teams,
            sorted(match.options.items()),
            round_form_class(match.game).shape_of(state),
        )
    )
    live = context.get("live")
    parts = (
        "entry",
        # A co-scorer's form posts to their link, not to the owner's page.
        live.token if live else "-",
        hashlib.blake2b(shape.encode(), digest_size=12).hexdigest(),
        get_language(),
        settings.SCOREPAD_RELEASE,
    )
    key = ":".join(map(str, parts))
    html = cache.get(key)
    if html is None:
        slotted_match = copy.copy(match)
        slotted_match.pk = MATCH_SLOT
        slotted = {
            **context,
            "match": slotted_match,
            "csrf_token": CSRF_SLOT,
            "next_number": NUMBER_SLOT,
            "board_of": BOARD_SLOT,
            "form": fresh_round_form(state, ENTRY_KEY_SLOT, number=NUMBER_SLOT, seen=VERSION_SLOT),
        }
        html = render_to_string(f"{TEMPLATE}#entry", slotted, request)
        cache.set(key, html)
    return (
        fill_slots(request, html)
        .replace(str(NUMBER_SLOT), str(context["next_number"]))
        .replace(str(VERSION_SLOT), str(match.version))
        .replace(str(MATCH_SLOT), str(match.pk))
        .replace(BOARD_SLOT, context["board_of"])
    )


def live_board_key(request: HttpRequest, kind: str, match_id: int, version: int) -> str | None:
    """The cache key of the board a live link shows (`live.board`): every phone following
    a table asks for the same board after each round, rendered once. None for one never
    kept (`keepable`)."""
    if not keepable(request):
        return None
    parts = (
        "live-board",
        match_id,
        version,
        kind,
        get_language(),
        settings.SCOREPAD_RELEASE,
        request.META.get("QUERY_STRING", ""),
    )
    return ":".join(map(str, parts))


def kept_live_board(request: HttpRequest, token: str) -> HttpResponse | None:
    """The kept board behind live link `token`, its slots filled in; None when there is
    none, or the link does not work (the view then says so)."""
    # As the ETag read it (`etags.live_board_etag`), or read now.
    found = request.shared_version if hasattr(request, "shared_version") else shared_version(token)
    key = live_board_key(request, *found) if found else None
    kept = cache.get(key) if key else None
    return None if kept is None else kept_answer(request, kept)


def render_live_board(request: HttpRequest, context: dict) -> HttpResponse:
    """The board of a live link from a context made with `entry_key=ENTRY_KEY_SLOT`,
    kept for the next phone that asks."""
    match, live = context["match"], context["live"]
    slots = {"csrf_token": CSRF_SLOT, "once_key_slot": ONCE_KEY_SLOT}
    response = render(request, "matches/live.html#board_answer", {**context, **slots})
    key = live_board_key(request, live.kind, match.pk, match.version)
    if key is not None:
        cache.set(key, keep_answer(response))
    response.content = fill_slots(request, response.content.decode())
    return response
