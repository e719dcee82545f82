"""Opening a match to the table: a link (and its QR code) to follow the scoreboard, and a
separate one to score it too. Sharing or stopping changes the owner's page (its share
panel), so it moves the match's version on, like any change of the match."""

from __future__ import annotations

import segno
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from . import kept
from .changes import owner_changed
from .models import Match, ShareLink


def _moved_on(match: Match) -> None:
    """In the caller's transaction; its owner's version with it, as for any change of a
    match (`changes`: a match's version is kept under its owner's)."""
    Match.objects.filter(pk=match.pk).update(version=kept.NEXT_VERSION)
    owner_changed(match.owner_id)


def share(match: Match, kind: str) -> ShareLink:
    """The match's working link of `kind`, made when there is none (a fresh secret after
    a link was stopped). Two taps at once make one link: the database allows one."""
    return make_link(match, kind)[0]


def make_link(match: Match, kind: str) -> tuple[ShareLink, bool]:
    """`share`, and whether this call made the link (and so moved the version on)."""
    link = match.share_links.filter(kind=kind, revoked_at__isnull=True).first()
    if link is not None:
        return link, False
    try:
        with transaction.atomic():
            link = ShareLink.objects.create(match=match, kind=kind)
            _moved_on(match)
    except IntegrityError:  # the other tap made it
        return match.share_links.get(kind=kind, revoked_at__isnull=True), False
    return link, True


def stop_sharing(match: Match, kind: str) -> ShareLink | None:
    """The link of `kind` stops working at once; sharing again makes a new one. The link
    stopped, if there was one (the version then moved on): its Undo is `share_again`."""
    with transaction.atomic():
        working = match.share_links.select_for_update().filter(kind=kind, revoked_at__isnull=True)
        link = working.first()
        if link is None:
            return None
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
        _moved_on(match)
    return link


def share_again(match: Match, kind: str, link_id: int) -> str:
    """The Undo of a Stop sharing (a tap beside "Copy the link" ends every follower's
    board, QA): link `link_id` of `match`, stopped, works again, the same address, and
    the phones that followed it come back by themselves (their "no longer works" page
    asks now and then). "again", or "working" when it already works (a second tap),
    "newer" when another link of its kind was made since (it stays stopped: the phones
    were given the new one), "unknown" when the match has no such link."""
    with transaction.atomic():
        link = match.share_links.select_for_update().filter(pk=link_id, kind=kind).first()
        if link is None:
            return "unknown"
        if link.revoked_at is None:
            return "working"
        if match.share_links.filter(kind=kind, revoked_at__isnull=True).exists():
            return "newer"
        try:
            with transaction.atomic():
                ShareLink.objects.filter(pk=link.pk).update(revoked_at=None)
        except IntegrityError:  # a new link made by a tap at the same moment
            return "newer"
        _moved_on(match)
    return "again"


def move_links(match: Match, to: Match) -> None:
    """The working links of `match` go on to `to`, its match played again, in the
    caller's transaction: the phones that follow the table (or score it too) follow the
    next match without a new link; each notices its link's match changed and reloads
    (static/js/live.js)."""
    if ShareLink.objects.filter(match=match, revoked_at__isnull=True).update(match=to):
        _moved_on(match)
        _moved_on(to)


def qr_code(url: str, title: str) -> SafeString:
    """The QR code of `url` as inline SVG, drawn on the server (no script, no image
    request; dark on light whatever the page's colours, so every phone can read it)."""
    svg = segno.make(url, error="m").svg_inline(
        dark="#000", light="#fff", title=title, svgclass="qr-code", omitsize=True
    )
    return mark_safe(svg)  # segno escapes the title; the rest is its own markup


def share_panel(
    request: HttpRequest,
    match: Match,
    *,
    opened: bool = False,
    stopped: ShareLink | None = None,
    again: tuple[str, str] | None = None,
) -> dict:
    """What the owner's share panel shows: each kind of link, working or not; `opened`
    after a change of the links (or `?share=open`, where a plain form post lands).
    Just after a Stop sharing, the link `stopped` with its Undo; after that Undo,
    `again` (its kind, and what `share_again` answered) said beside that kind's link."""
    links = {link.kind: link for link in match.share_links.filter(revoked_at__isnull=True)}
    kinds = []
    for kind in ShareLink.Kind:
        link = links.get(kind.value)
        url = request.build_absolute_uri(reverse("live:page", args=[link.token])) if link else ""
        kinds.append(
            {
                "kind": kind.value,
                "link": link,
                "url": url,
                "qr": qr_code(url, _("QR code of the link")) if link else "",
                "stopped": stopped if stopped and stopped.kind == kind.value else None,
                "again": again[1] if again and again[0] == kind.value else "",
            }
        )
    opened = opened or request.GET.get("share") == "open"
    # A match in play has a round form that says which board it was typed over (`seen`);
    # one over or set aside has none to include (htmx: "returned no matches", QA).
    in_play = not match.finished and match.abandoned_at is None
    return {
        "match": match,
        "kinds": kinds,
        "scoring": "score" in links,
        "opened": opened,
        "in_play": in_play,
    }
