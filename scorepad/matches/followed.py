"""The live links this browser opened, offered back on its home page (QA46).

A phone that follows a table, or scores it too, through a shared link has no match of
its own: tapping the logo or going Back leaves it on the home page with no way back but
the link in the chat. Its session (this browser's alone) remembers the last links it
opened, as one string of tokens (a plain value, kept decoded: `sessions`); the home page
offers those that still work, read in one query however many are remembered.
"""

from __future__ import annotations

from django.http import HttpRequest

from .access import current_owner, known_owner
from .models import Owner, ShareLink

SESSION_KEY = "scorepad_followed"
# Remembered: more than offered, so that a stopped link does not push a working one out.
REMEMBERED = 6
OFFERED = 3
_FOUND = "_scorepad_followed"


def remember(request: HttpRequest, link: ShareLink) -> None:
    """`link`, just opened, comes first; the session is written only when it was not."""
    owner = known_owner(request)
    if owner is not None and owner.pk == link.match.owner_id:
        return  # the scorer's own match: the home page offers it to continue already
    tokens = remembered(request)
    if tokens[:1] == [link.token]:
        return
    tokens = [link.token, *(token for token in tokens if token != link.token)]
    request.session[SESSION_KEY] = " ".join(tokens[:REMEMBERED])


def remembered(request: HttpRequest) -> list[str]:
    kept = request.session.get(SESSION_KEY)
    return kept.split() if isinstance(kept, str) else []


def offered(request: HttpRequest) -> list[ShareLink]:
    """The remembered links that still work (not stopped, their match not deleted), with
    their match, the last opened first: one query, none when nothing is remembered.
    Looked up once per request (the page's stamp, then the page)."""
    found = getattr(request, _FOUND, None)
    if found is None:
        found = _working(remembered(request), current_owner(request))
        setattr(request, _FOUND, found)
    return found


def _working(tokens: list[str], owner: Owner | None) -> list[ShareLink]:
    if not tokens:
        return []
    links = ShareLink.objects.filter(
        token__in=tokens, revoked_at__isnull=True, match__deleted_at__isnull=True
    ).select_related("match")
    if owner is not None:  # a match the browser scores itself is offered to continue
        links = links.exclude(match__owner=owner)
    found = sorted(links, key=lambda link: tokens.index(link.token))
    return found[:OFFERED]


def stamp(request: HttpRequest) -> tuple:
    """What the offers show depends on (`core.pagecache`): each link and its match's
    version, which moves on with every round, correction or change of players."""
    return tuple(
        (link.token, link.kind, link.match_id, link.match.version) for link in offered(request)
    )
