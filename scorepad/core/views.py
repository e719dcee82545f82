from __future__ import annotations

from django.db import connection
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorepad.matches.access import current_owner
from scorepad.matches.models import Match, Owner
from scorepad.rules import GAMES

from .errors import DATABASE_DOWN, RETRY_AFTER_SECONDS

# The home page offers to continue a few matches; the history lists them all.
CONTINUE_AT_MOST = 3


def _in_progress(owner: Owner | None) -> tuple[list[Match], bool]:
    """The owner's matches in progress, the last played first, and whether there are more."""
    if owner is None:
        return [], False
    found = list(
        Match.objects.in_progress()
        .filter(owner=owner)
        .annotate(played=Count("rounds", filter=Q(rounds__deleted_at__isnull=True)))
        .order_by("-updated", "-id")[: CONTINUE_AT_MOST + 1]
    )
    return found[:CONTINUE_AT_MOST], len(found) > CONTINUE_AT_MOST


def _just_deleted(owner: Owner | None, match_id: str | None) -> Match | None:
    """The match this browser just deleted (`?deleted=`), to offer the undo."""
    if owner is None or not match_id or not (match_id.isascii() and match_id.isdigit()):
        return None
    return Match.objects.filter(owner=owner, pk=int(match_id), deleted_at__isnull=False).first()


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    owner = current_owner(request)
    in_progress, more = _in_progress(owner)
    context = {
        "games": GAMES.values(),
        "in_progress": in_progress,
        "more_in_progress": more,
        "deleted": _just_deleted(owner, request.GET.get("deleted")),
    }
    return render(request, "home.html", context)


@require_safe
def health(request: HttpRequest) -> HttpResponse:
    """For the proxy or orchestrator: 200 when the app can reach its database, else 503."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DATABASE_DOWN:
        response = HttpResponse("database unavailable\n", status=503, content_type="text/plain")
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    else:
        response = HttpResponse("ok\n", content_type="text/plain")
    response["Cache-Control"] = "no-store"
    return response
