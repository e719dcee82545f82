"""Who is asking: the one place that decides which matches a request may see or change."""

from __future__ import annotations

import uuid

from django.http import Http404, HttpRequest

from .models import Match, Owner

SESSION_KEY = "scorepad_owner"


def current_owner(request: HttpRequest, *, create: bool = False) -> Owner | None:
    """The owner behind this browser (or account); made on first need when `create`.
    Looked up once per request."""
    owner = getattr(request, "_scorepad_owner", None) or _find_owner(request, create=create)
    if owner is not None:
        request._scorepad_owner = owner  # type: ignore[attr-defined]
    return owner


def _find_owner(request: HttpRequest, *, create: bool) -> Owner | None:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        owner, _ = Owner.objects.get_or_create(user=user)
        return owner
    token = request.session.get(SESSION_KEY)
    if token:
        try:
            owner = Owner.objects.filter(token=uuid.UUID(token)).first()
        except ValueError:
            owner = None
        if owner is not None:
            return owner
    if not create:
        return None
    owner = Owner.objects.create()
    request.session[SESSION_KEY] = str(owner.token)
    return owner


def own_match_version(request: HttpRequest, match_id: int) -> int | None:
    """The version of the asker's match (not deleted) in one query, for its pages' ETag;
    None for a missing or someone else's match."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        mine = Match.objects.filter(owner__user=user)
    else:
        try:
            mine = Match.objects.filter(owner__token=uuid.UUID(request.session[SESSION_KEY]))
        except (KeyError, ValueError):
            return None
    found = mine.filter(pk=match_id, deleted_at__isnull=True).values_list("version", flat=True)
    return found.first()


def get_own_match(
    request: HttpRequest, match_id: int, *, rounds: bool = True, deleted: bool = False
) -> Match:
    """The asker's match, with its rounds prefetched; 404 for a missing or someone else's,
    and for a deleted one unless `deleted` (only undoing the deletion asks for it)."""
    owner = current_owner(request)
    if owner is None:
        raise Http404
    matches = Match.objects.filter(owner=owner, deleted_at__isnull=not deleted)
    if rounds:
        matches = matches.prefetch_related("rounds")
    match = matches.filter(pk=match_id).first()
    if match is None:
        raise Http404
    return match
