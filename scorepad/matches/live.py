"""The live table: a match's scoreboard on every phone at the table, through a link.

A follow link shows the board read-only and keeps it up to date: the page polls
`board`, whose ETag (one query) makes an unchanged board a bodiless 304. A score link
shows the board with the round form, posting to the owner's own round views' code.
Whoever holds a link reaches that match only, and only what its kind allows; an
unknown, stopped or deleted match's link answers one same page, which says nothing
about any match. The owner shares and stops sharing from the scoreboard.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django import forms
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.html import format_html
from django.utils.translation import gettext_lazy
from django.views.decorators.http import condition, require_http_methods, require_POST, require_safe

from scorepad.core import errors
from scorepad.core.htmx import VARY, wants_fragment

from . import etags, followed, rendered, sharing
from .access import get_own_match, shared_link
from .models import Match, ShareLink
from .scoreboard import RECENT_ROUNDS, card_picker, scoreboard_context
from .views import (
    Board,
    correct_round_from,
    record_round_from,
    round_checked_again,
    undo_correction_from,
    why_answer,
)

FOLLOW = (ShareLink.Kind.FOLLOW.value, ShareLink.Kind.SCORE.value)  # a co-scorer follows too
SCORE = (ShareLink.Kind.SCORE.value,)

GONE_TITLE = gettext_lazy("This link no longer works")
GONE_EXPLANATION = gettext_lazy(
    "The scorer stopped sharing this match, or the link is mistyped. Ask them for a new link."
)


def link_gone(request: HttpRequest) -> HttpResponse:
    """The one answer for a link that does not work, whatever the reason. On a live
    page it asks its board now and then, and goes back to it if the link works again (a
    deleted match brought back by Undo): asked of every link that does not work, it
    says nothing about any."""
    context = {"title": GONE_TITLE, "explanation": GONE_EXPLANATION}
    found = request.resolver_match
    if found and found.namespace == "live" and "token" in found.kwargs:
        context["revive"] = reverse("live:board", args=[found.kwargs["token"]])
    response = render(request, "error.html", context, status=404)
    if request.htmx:  # a polling board or a co-scorer's form: htmx reloads into this page
        response["HX-Refresh"] = "true"
    return response


# The pages of a shared link: an address that is none of them (a token mistyped, cut
# short) is a link that does not work, as an unknown or stopped one is.
LINK_PAGES = ("/live/", "/account/live/")


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The site's 404 (`handler404`): a shared link's address that matches none of its
    pages gets the live table's one answer, any other the core's 404 page."""
    if request.resolver_match is None and request.path.startswith(LINK_PAGES):
        return link_gone(request)
    return errors.page_not_found(request, exception)


def through_link(kinds: tuple[str, ...], *, rounds: bool = False) -> Callable:
    """The view gets the working link of one of `kinds` behind the URL's token (its
    match's rounds all read if `rounds`), or the visitor gets the "no longer works" page."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def wrapped(request: HttpRequest, token: str, *args, **kwargs) -> HttpResponse:
            link = shared_link(token, kinds, rounds=rounds)
            if link is None:
                return link_gone(request)
            return view(request, link, *args, **kwargs)

        return wrapped

    return decorate


def link_board(link: ShareLink) -> Board:
    return Board("matches/live.html", reverse("live:page", args=[link.token]), live=link)


def _live_context(request: HttpRequest, link: ShareLink, **extra) -> dict:
    """The board through `link`: its last rounds (read alone, whatever the match's
    length), or all of them when asked."""
    read_only = link.kind == ShareLink.Kind.FOLLOW
    all_rounds = request.GET.get("rounds") == "all"
    match = link.match
    if all_rounds:
        prefetch_related_objects([match], "rounds")
        state = match.state()
    else:
        state = match.kept_state(last=RECENT_ROUNDS)
    return scoreboard_context(
        match, state=state, read_only=read_only, live=link, all_rounds=all_rounds, **extra
    )


@require_safe
@through_link(FOLLOW)
def page(request: HttpRequest, link: ShareLink) -> HttpResponse:
    if wants_fragment(request):
        # The board asked for again in place (rounds kept on this phone were just sent,
        # offline-rounds.js): the board alone, as the poll gets it, not a page within it.
        response = board(request, link.token)
        patch_vary_headers(response, VARY)
        return response
    followed.remember(request, link)  # offered back on this browser's home page
    context = _live_context(request, link)
    # The poll's first question already knows this board: an unchanged one is a 304.
    context["etag"] = etags.live_board_etag(request, link.token) or ""
    # A signed-in player who said which seat is theirs (scorepad.accounts) is told so.
    if request.user.is_authenticated:
        seat = link.match.claims.filter(user=request.user).values_list("position", flat=True)
        position = seat.first()
        players = link.match.players
        context["my_name"] = (
            players[position] if position is not None and position < len(players) else None
        )
    if not context["read_only"]:  # the round form's card picker, once for the page
        context["card_buttons"] = card_picker(link.match.rules, link.match.options)
    return render(request, "matches/live.html", context)


@require_safe
@condition(etag_func=etags.live_board_etag)
def board(request: HttpRequest, token: str) -> HttpResponse:
    """The board alone, polled by the live page (an htmx request or not): rendered once
    for all the phones of a table at each version of the match (`rendered`)."""
    kept = rendered.kept_live_board(request, token)
    if kept is not None:
        return kept
    link = shared_link(token, FOLLOW)
    if link is None:
        return link_gone(request)
    context = _live_context(request, link, entry_key=rendered.ENTRY_KEY_SLOT)
    return rendered.render_live_board(request, context)


@require_safe
@through_link(FOLLOW)
def round_why(request: HttpRequest, link: ShareLink, number: int) -> HttpResponse:
    return why_answer(request, link.match, number, link)


@require_http_methods(["GET", "HEAD", "POST"])
@through_link(SCORE)
def add_round(request: HttpRequest, link: ShareLink) -> HttpResponse:
    if request.method != "POST":
        return round_checked_again(request, link.match, link_board(link))
    return record_round_from(request, link.match, link_board(link))


@require_http_methods(["GET", "HEAD", "POST"])
@through_link(SCORE, rounds=True)  # a correction plays the match again from its round
def edit_round(request: HttpRequest, link: ShareLink, number: int) -> HttpResponse:
    return correct_round_from(request, link.match, number, link_board(link))


@require_POST
@through_link(SCORE)
def undo_correction(request: HttpRequest, link: ShareLink, round_id: int) -> HttpResponse:
    """A co-scorer corrects rounds, and may delete the ones after a correction with it:
    they may undo that too."""
    return undo_correction_from(request, link.match, round_id, link_board(link))


class ShareForm(forms.Form):
    kind = forms.ChoiceField(choices=ShareLink.Kind.choices)


def _share_answer(request: HttpRequest, match, *, moved: bool, **said) -> HttpResponse:
    """htmx swaps the share panel, and the standing out of band: it carries the match's
    version, which sharing moved on, so that the board's next poll finds nothing newer
    to swap over what the scorer opened meanwhile (a round's "why"). The round form's
    version goes on with it when the form showed the match just before this share
    (`moved`: it made or stopped a link, the one change since): the next round is then
    added to the board as it is, not taken for one from a board left behind, which
    tells the change before it again (QA: "Round 1 corrected" and its Undo, refused, came
    back above round 3). A plain form post goes back to the panel on the scoreboard."""
    if request.htmx:
        context = sharing.share_panel(request, match, opened=True, **said)
        panel = render_to_string("matches/_share.html", {"share": context}, request)
        moved_on = Match.objects.get(pk=match.pk)
        board = scoreboard_context(moved_on, state=moved_on.kept_state(last=1), last_rows=1)
        standing = render_to_string("matches/match.html#standing", {**board, "oob": True}, request)
        seen = request.POST.get("seen")
        caught_up = moved and seen == str(match.version) and moved_on.version == match.version + 1
        if caught_up:
            standing += format_html(
                '<input type="hidden" name="seen" value="{}" id="id_seen" hx-swap-oob="true">',
                moved_on.version,
            )
        return HttpResponse(panel + standing)
    return redirect(reverse("matches:match", args=[match.pk]) + "?share=open#share")


@require_POST
def share(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    form = ShareForm(request.POST)
    if not form.is_valid():  # the form offers only the kinds
        return HttpResponseBadRequest()
    _link, made = sharing.make_link(match, form.cleaned_data["kind"])
    return _share_answer(request, match, moved=made)


@require_POST
def stop_sharing(request: HttpRequest, match_id: int, kind: str) -> HttpResponse:
    match = get_own_match(request, match_id, rounds=False)
    if kind not in ShareLink.Kind.values:
        raise Http404
    stopped = sharing.stop_sharing(match, kind)
    return _share_answer(request, match, moved=stopped is not None, stopped=stopped)


class ShareAgainForm(forms.Form):
    link = forms.IntegerField(min_value=1)


@require_POST
def share_again(request: HttpRequest, match_id: int, kind: str) -> HttpResponse:
    """The Undo of a Stop sharing: the same link works again (`sharing.share_again`)."""
    match = get_own_match(request, match_id, rounds=False)
    form = ShareAgainForm(request.POST)
    if kind not in ShareLink.Kind.values:
        raise Http404
    if not form.is_valid():  # the page sends the link it stopped
        return HttpResponseBadRequest()
    again = sharing.share_again(match, kind, form.cleaned_data["link"])
    if again == "unknown":
        raise Http404
    return _share_answer(request, match, moved=again == "again", again=(kind, again))
