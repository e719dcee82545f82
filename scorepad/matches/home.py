"""The home page: the games, and the matches of this browser that are still going."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from scorepad.core.pagecache import kept_page
from scorepad.rules import GAMES

from . import followed
from .access import current_owner, owner_stamp
from .forms import JustDeletedForm
from .models import Match, Owner, Round
from .services import back_already

# The home page offers to continue a few matches; the history lists them all.
CONTINUE_AT_MOST = 3


def _set_up_again() -> Q:
    """A match never played (not a round, even one deleted since) that the same players
    set up again since, for the same game: Back to the set-up then "Start the match" with
    the dealer or an option changed, or "Play again" then a set-up of their own (QA: the
    one never played stayed in "Continue"). The table plays the newer one; the other is
    not deleted, and the history still lists it."""
    newer = Match.objects.listed().filter(
        owner=OuterRef("owner"),
        game=OuterRef("game"),
        players=OuterRef("players"),
        created__gt=OuterRef("created"),
    )
    return Q(~Exists(Round.objects.filter(match=OuterRef("pk"))), Exists(newer))


def _in_progress(owner: Owner | None) -> tuple[list[Match], bool]:
    """The owner's matches in progress, the last played first, and whether there are more;
    not those set up again since (`_set_up_again`)."""
    if owner is None:
        return [], False
    in_progress = (
        Match.objects.in_progress()
        .filter(owner=owner)
        .exclude(_set_up_again())
        .order_by("-updated", "-id")
    )
    found = list(in_progress[: CONTINUE_AT_MOST + 1])
    return found[:CONTINUE_AT_MOST], len(found) > CONTINUE_AT_MOST


def _just_deleted(owner: Owner | None, request: HttpRequest) -> tuple[Match | None, bool]:
    """The match this browser just deleted (`?deleted=`), and whether to offer its undo:
    not once the same match is listed again (a match file brought it back, or its twin
    was there all along): restored, it would be listed twice (QA28). The deletion is said
    all the same (QA39: nothing at all was)."""
    form = JustDeletedForm(request.GET)
    if owner is None or not form.is_valid():
        return None, False
    match_id = form.cleaned_data["deleted"]
    deleted = Match.objects.filter(owner=owner, pk=match_id, deleted_at__isnull=False).first()
    return deleted, deleted is not None and back_already(deleted) is None


def home_stamp(request: HttpRequest) -> tuple:
    """The owner's matches, and the live links this browser opened (`followed`)."""
    return owner_stamp(request), followed.stamp(request)


@require_safe
@kept_page(stamp=home_stamp)
def home(request: HttpRequest) -> HttpResponse:
    owner = current_owner(request)
    in_progress, more = _in_progress(owner)
    deleted, undo = _just_deleted(owner, request)
    shared = followed.offered(request)
    context = {
        "games": GAMES.values(),
        "in_progress": in_progress,
        "more_in_progress": more,
        "shared": shared,
        "going_on": bool(in_progress or shared),
        "deleted": deleted,
        "undo": undo,
    }
    response = render(request, "home.html", context)
    if "deleted" in request.GET:
        # Its undo may be withdrawn meanwhile (a match file brought the match back): Back
        # must ask again, not show the copy the browser kept (QA28).
        patch_cache_control(response, private=True, no_store=True)
    return response
