"""Who is asking: the one place that decides which matches a request may see or change."""

from __future__ import annotations

import uuid

from django.core.cache import cache
from django.db import connection
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpRequest

from scorepad.core.pagecache import KEPT_SECONDS

from .models import Match, Owner, ShareLink, plain_rows

SESSION_KEY = "scorepad_owner"
# Where a request keeps the owner it found (`current_owner`), once looked up.
_FOUND = "_scorepad_owner"


def current_owner(request: HttpRequest, *, create: bool = False) -> Owner | None:
    """The owner behind this browser (or account); made on first need when `create`.
    Looked up once per request."""
    owner = getattr(request, _FOUND, None) or _find_owner(request, create=create)
    if owner is not None:
        setattr(request, _FOUND, owner)
    return owner


def known_owner(request: HttpRequest) -> Owner | None:
    """The owner this request already knows (looked up, or read with the session), with
    no query: for a page that only leaves something out for them."""
    return getattr(request, _FOUND, None) or _session_owner(request)


def _find_owner(request: HttpRequest, *, create: bool) -> Owner | None:
    found = _session_owner(request)
    if found is not None:
        return found
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        owner, _ = Owner.objects.get_or_create(user=user)
        return _remembered(request, owner)
    token = session_token(request)
    if token is not None:
        owner = _owner_with_token(token)
        if owner is not None:
            return _remembered(request, owner)
        if create:  # the token reserved when the set-up was shown (`reserve_owner`)
            return _remembered(request, Owner.objects.get_or_create(token=token)[0])
    if not create:
        return None
    owner = Owner.objects.create()
    request.session[SESSION_KEY] = str(owner.token)
    return _remembered(request, owner)


def _session_owner(request: HttpRequest) -> Owner | None:
    """The owner read with the session (`sessions.SessionStore`) if it is the one the
    session holds: its signed-in user's, or the owner of its token. No query."""
    session = getattr(request, "session", None)
    user = getattr(request, "user", None)
    if session is None:
        return None
    if user is not None and user.is_authenticated:
        owner = getattr(session, "owner", None)  # read after the user: it loads the session
        return owner if owner is not None and owner.user_id == user.pk else None
    token = session_token(request)
    owner = getattr(session, "owner", None)
    return owner if token is not None and owner is not None and owner.token == token else None


def _remembered(request: HttpRequest, owner: Owner) -> Owner:
    """`owner`, found for this session by a query: the session names it from now on
    (saved once), so that its next requests read it with the session."""
    session = getattr(request, "session", None)
    if session is not None and hasattr(session, "owner") and session.owner != owner:
        session.owner = owner
        session.modified = True
    return owner


def forget_owner(request: HttpRequest) -> None:
    """After the owner this request found changed hands (a sign-in took it over, and may
    have deleted it): it is looked up again, and the session names the new one."""
    request.__dict__.pop(_FOUND, None)
    session = getattr(request, "session", None)
    if getattr(session, "owner", None) is not None:
        session.owner = None
        session.modified = True


def owner_stamp(request: HttpRequest) -> tuple[uuid.UUID, int] | None:
    """What the asker's own pages are kept rendered under (`core.pagecache`): their owner
    and its version, which grows with every change of their matches or house rules."""
    owner = current_owner(request)
    return None if owner is None else (owner.token, owner.version)


def _owner_with_token(token: uuid.UUID) -> Owner | None:
    """One row by a unique index, read without the ORM's query building (every returning
    visitor's page asks it; building the query cost ten times running it)."""
    prepared = Owner._meta.get_field("token").get_db_prep_value(token, connection)
    found = Owner.objects.raw(f"SELECT * FROM {Owner._meta.db_table} WHERE token = %s", [prepared])
    return next(iter(found), None)


def reserve_owner(request: HttpRequest) -> None:
    """Give a new visitor's session the token of the owner their first match will make.

    Two posts of the set-up at once (a double tap, before the browser holds any owner)
    then make one owner and, through the form's one-time key, one match, instead of two
    owners each with a match. No owner row is made until a match is."""
    user = getattr(request, "user", None)
    if (user is None or not user.is_authenticated) and session_token(request) is None:
        request.session[SESSION_KEY] = str(uuid.uuid4())


def session_token(request: HttpRequest) -> uuid.UUID | None:
    """The token of the anonymous owner this browser holds (or reserved), if any."""
    token = request.session.get(SESSION_KEY)
    try:
        return uuid.UUID(token) if token else None
    except (ValueError, TypeError, AttributeError):
        return None


def own_match_version(request: HttpRequest, match_id: int) -> int | None:
    """The version of the asker's match (not deleted), for its pages' ETag; None for a
    missing or someone else's match.

    Kept in the cache under the owner's version: every change of a match moves its
    owner's version on in the same transaction (`changes`), so while the owner's version
    is the same, so is each of their matches' (a board looked at again then costs the
    session's query alone). Else one plain SQL query (`plain_rows`): building it cost
    more than running it."""
    owner = current_owner(request)
    if owner is None:
        return None
    key = f"own-match-version:{owner.pk}:{owner.version}:{match_id}"
    version = cache.get(key)
    if version is None:
        found = plain_rows(
            f"SELECT version FROM {Match._meta.db_table}"
            " WHERE id = %s AND owner_id = %s AND deleted_at IS NULL",
            [match_id, owner.pk],
            [Match._meta.get_field("version")],
        )
        if not found:
            return None
        [(version,)] = found
        cache.set(key, version, KEPT_SECONDS)
    return version


def get_own_match(
    request: HttpRequest, match_id: int, *, rounds: bool = True, deleted: bool = False
) -> Match:
    """The asker's match, with its rounds prefetched; 404 for a missing or someone else's,
    and for a deleted one unless `deleted` (only undoing the deletion asks for it). The
    asker's owner comes with it, in the same query, when neither looked up yet nor read
    with the session."""
    owner = known_owner(request)
    user = getattr(request, "user", None)
    if owner is not None:
        match = _owners_match(owner, match_id, deleted=deleted)
    else:
        matches = Match.objects.filter(pk=match_id, deleted_at__isnull=not deleted)
        if user is not None and user.is_authenticated:
            matches = matches.filter(owner__user=user)
        elif (token := session_token(request)) is not None:
            matches = matches.filter(owner__token=token)
        else:
            raise Http404
        match = matches.select_related("owner").first()
    if match is None:
        raise Http404
    if owner is None:
        owner = _remembered(request, match.owner)
    setattr(request, _FOUND, owner)
    match.owner = owner
    if rounds:
        prefetch_related_objects([match], "rounds")
    return match


def _owners_match(owner: Owner, match_id: int, *, deleted: bool) -> Match | None:
    """`owner`'s match `match_id` (deleted or not, as asked), read without the ORM's
    query building: every page and change of a match asks it, and building the query
    cost three times running it."""
    found = Match.objects.raw(
        f"SELECT * FROM {Match._meta.db_table} WHERE id = %s AND owner_id = %s"
        f" AND deleted_at IS {'NOT ' if deleted else ''}NULL",
        [match_id, owner.pk],
    )
    return next(iter(found), None)


def _live_links(token: str, kinds: tuple[str, ...]):
    """Links of `kinds` behind `token` that still work: not revoked, their match not
    deleted (a deleted match's links answer as revoked until it is restored)."""
    return ShareLink.objects.filter(
        token=token, kind__in=kinds, revoked_at__isnull=True, match__deleted_at__isnull=True
    )


def shared_link(token: str, kinds: tuple[str, ...], *, rounds: bool = False) -> ShareLink | None:
    """The working link of one of `kinds` behind `token`, with its match (and all its
    rounds if `rounds`: a page that shows the last ones reads them itself); None for an
    unknown or revoked link, or one of another kind: a link holder reaches its match
    only through it (never through `/matches/<id>/`)."""
    link = _live_links(token, kinds).select_related("match").first()
    if link is not None and rounds:
        prefetch_related_objects([link.match], "rounds")
    return link


def shared_version(token: str) -> tuple[str, int, int] | None:
    """The kind of the working link behind `token`, its match and the match's version, in
    one query, for the live board's ETag (a link moves to the match played again next:
    `services.play_again`); None for a link that does not work. Every follower's phone
    asks it every second, mostly for a 304: it is read as plain SQL (`plain_rows`), the
    same conditions as `_live_links`, because building the ORM's query cost twice
    running it."""
    link, match = ShareLink._meta, Match._meta
    found = plain_rows(
        f"SELECT l.kind, l.match_id, m.version FROM {link.db_table} l"
        f" JOIN {match.db_table} m ON m.id = l.match_id"
        " WHERE l.token = %s AND l.revoked_at IS NULL AND m.deleted_at IS NULL",
        [token],
        [link.get_field("kind"), link.get_field("match"), match.get_field("version")],
    )
    return found[0] if found else None
