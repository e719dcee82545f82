"""An account's claimed seats and the statistics they add up to, across every scorer."""

from __future__ import annotations

from django.db.models import Count, Exists, F, IntegerField, OuterRef, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from scorepad.matches.models import Match, Seat
from scorepad.records import stats
from scorepad.records.stats import PlayerRecord

from .models import Claim


def of(user) -> QuerySet[Claim]:
    """The account's claims on matches not deleted, the newest match first (as the
    matches are listed everywhere, QA39), with their match."""
    return (
        Claim.objects.filter(user=user, match__deleted_at__isnull=True)
        .select_related("match")
        .order_by("-match__created", "-match_id")
    )


def claimed_seats(user) -> QuerySet[Seat]:
    """The kept seats the account claimed, in matches the statistics count (finished,
    neither abandoned nor deleted), whoever keeps the match."""
    mine = Claim.objects.filter(user=user, match=OuterRef("match"), position=OuterRef("position"))
    return Seat.objects.filter(Exists(mine), match__in=Match.objects.counted())


def record_of(user) -> PlayerRecord:
    """The account's record, summed by the database over its claimed seats: one query,
    per game, whatever name each scorer wrote."""
    name = user.get_username()
    sums = {
        event: Sum(Cast(KT(f"figures__{event}"), IntegerField())) for event in stats.event_names()
    }
    rows = (
        claimed_seats(user)
        .values(game=F("match__game"))
        .annotate(
            played=Count("pk"),
            wins=Count("pk", filter=Q(won=True)),
            shared_wins=Count("pk", filter=Q(shared=True)),
            **sums,
        )
        .order_by("game")
    )
    records = stats.from_tallies({**row, "name": name} for row in rows)
    return records[0] if records else PlayerRecord(name)
