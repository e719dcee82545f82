"""The owner's version: a number that grows with every change of their matches or
house rules, in the transaction that makes the change.

The owner's pages (home, history, statistics) are kept rendered under it
(`scorepad.core.pagecache`): reading it costs nothing more than finding the owner, which
each of those pages does anyway, whatever the number of matches (a `MAX(updated)` over
the owner's matches would grow with them, and would miss what does not touch `updated`:
abandoning, deleting, house rules). A save or a deletion of a match or a house rule
(the services, the admin) bumps it through the signals below; the services' bulk and
`update()` writes, which send no signal, call `owner_changed` themselves. Code that moves
matches from one owner to another must call it for both. A match's own version never
moves without its owner's: the version of each of the owner's matches is kept under the
owner's (`access.own_match_version`).
"""

from __future__ import annotations

from django.db import connection
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from .models import HouseRule, Match, Owner

# Plain SQL, as a round's other writes (`models.plain_insert`): every change makes it.
_BUMP = f"UPDATE {Owner._meta.db_table} SET version = version + 1 WHERE id = %s"


def owner_changed(owner_id: int | None) -> None:
    """Bump the owner's version (inside the caller's transaction, after its writes)."""
    if owner_id is not None:
        with connection.cursor() as cursor:
            cursor.execute(_BUMP, [owner_id])


@receiver(post_save, sender=Match, dispatch_uid="match-saved")
@receiver(post_delete, sender=Match, dispatch_uid="match-deleted")
@receiver(post_save, sender=HouseRule, dispatch_uid="house-rule-saved")
@receiver(post_delete, sender=HouseRule, dispatch_uid="house-rule-deleted")
def _owned_row_changed(sender, instance, raw: bool = False, **kwargs) -> None:
    if not raw:
        owner_changed(instance.owner_id)
