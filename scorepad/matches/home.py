"""The home page: the games, and the matches of this browser that are still going."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from scorepad.core.pagecache import kept_page
from scorepad.rules import GAMES

from .access import current_owner, owner_stamp
from .models import Match, Owner
from .services import back_already

# The home page offers to continue a few matches; the history lists them all.
CONTINUE_AT_MOST = 3


def _in_progress(owner: Owner | None) -> tuple[list[Match], bool]:
    """The owner's matches in progress, the last played first, and whether there are more."""
    if owner is None:
        return [], False
    in_progress = Match.objects.in_progress().filter(owner=owner).order_by("-updated", "-id")
    found = list(in_progress[: CONTINUE_AT_MOST + 1])
    return found[:CONTINUE_AT_MOST], len(found) > CONTINUE_AT_MOST


def _just_deleted(owner: Owner | None, match_id: str | None) -> Match | None:
    """The match this browser just deleted (`?deleted=`), to offer the undo; not once it
    is back (restored, or a match file brought it back: Back to this page after the
    import offered to undo what was already undone)."""
    if owner is None or not match_id or not (match_id.isascii() and match_id.isdigit()):
        return None
    deleted = Match.objects.filter(owner=owner, pk=int(match_id), deleted_at__isnull=False).first()
    return None if deleted is None or back_already(deleted) else deleted


@require_safe
@kept_page(stamp=owner_stamp)
def home(request: HttpRequest) -> HttpResponse:
    owner = current_owner(request)
    in_progress, more = _in_progress(owner)
    context = {
        "games": GAMES.values(),
        "in_progress": in_progress,
        "more_in_progress": more,
        "deleted": _just_deleted(owner, request.GET.get("deleted")),
    }
    response = render(request, "home.html", context)
    if "deleted" in request.GET:
        # Its undo may be withdrawn meanwhile (a match file brought the match back): Back
        # must ask again, not show the copy the browser kept (QA28).
        patch_cache_control(response, private=True, no_store=True)
    return response
