"""How often one network or one email address may make an account or ask for a reset
link: enough for a table of friends on one Wi-Fi, too few to flood someone's inbox with
reset emails or to fill the database with accounts. And what an account did lately that
another part of the app asks about (`note`, `noted`: a new password, `lockout`).

Each attempt is a row (`Attempt`), shared by every process (the cache is per process),
kept under a keyed hash: the table holds no email address, network address or name.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from .models import Attempt

HOUR = timedelta(hours=1)


def spend(scope: str, limits: Iterable[tuple[str, int]], period: timedelta = HOUR) -> bool:
    """One more attempt of `scope` for each of the keys of `limits` (a key and how many
    attempts it may make in `period`): False, with nothing counted, when a key has made
    all of its own already."""
    now = timezone.now()
    limits = {_hashed(key): limit for key, limit in limits}
    with transaction.atomic():
        Attempt.objects.filter(scope=scope, at__lt=now - period).delete()
        made = Attempt.objects.filter(scope=scope, key__in=limits, at__gte=now - period)
        counts: dict[str, int] = {}
        for key in made.values_list("key", flat=True):
            counts[key] = counts.get(key, 0) + 1
        if any(counts.get(key, 0) >= limit for key, limit in limits.items()):
            return False
        Attempt.objects.bulk_create(Attempt(scope=scope, key=key, at=now) for key in limits)
    return True


def note(scope: str, key: str, period: timedelta = HOUR) -> None:
    """That `key` did `scope` now, to be asked about (`noted`) for `period`."""
    now = timezone.now()
    with transaction.atomic():
        Attempt.objects.filter(scope=scope, at__lt=now - period).delete()
        Attempt.objects.create(scope=scope, key=_hashed(key), at=now)


def noted(scope: str, key: str, period: timedelta = HOUR) -> bool:
    """Whether `key` did `scope` in the last `period`."""
    since = timezone.now() - period
    return Attempt.objects.filter(scope=scope, key=_hashed(key), at__gte=since).exists()


def _hashed(key: str) -> str:
    return salted_hmac("scorepad.accounts.throttle", key, algorithm="sha256").hexdigest()
