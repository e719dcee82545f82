"""An account's claimed seats and the statistics they add up to, across every scorer."""

from __future__ import annotations

from django.db import transaction
from django.db.models import Count, Exists, F, IntegerField, OuterRef, Q, QuerySet, Sum
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from scorepad.matches.models import Match, Owner, Seat
from scorepad.records import stats
from scorepad.records.names import spelling_of, spellings_among
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


def shown_name(owner: Owner | None, name: str) -> str:
    """`name`'s player as the statistics show them: the spelling typed in most of
    `owner`'s counted matches (`records.names.spelling_of`), else in most of its
    matches, else `name` as typed. One grouped query for each."""
    for matches in (Match.objects.counted(), Match.objects.listed()):
        seated = Seat.objects.filter(match__in=matches.filter(owner=owner)).values_list("name")
        counts = dict(seated.annotate(matches=Count("pk")).order_by())
        spellings = {spelling: counts[spelling] for spelling in spellings_among(counts, name)}
        if spellings:
            return spelling_of(spellings)
    return name


def same_player_unclaimed(user, owner: Owner | None, name: str) -> QuerySet[Seat]:
    """The seats of `name` in `owner`'s matches where the account has not said who it
    is, and no other account holds the seat. `name` is the player the statistics count:
    whatever its capitals and accents (`records.names.player_key`). Compared here, as
    SQLite folds only A to Z: the database gives the few distinct names and is asked for
    the exact spellings."""
    held = Claim.objects.filter(match=OuterRef("match"), position=OuterRef("position"))
    matches = Match.objects.listed().filter(owner=owner).exclude(claims__user=user)
    seats = Seat.objects.filter(match__in=matches).exclude(Exists(held))
    names = seats.values_list("name", flat=True).distinct().order_by()
    return seats.filter(name__in=spellings_among(names, name))


def claim_everywhere(user, owner: Owner | None, name: str) -> int:
    """Say the account is `name` in each of `owner`'s matches that seats that player and
    where it said nothing yet (`same_player_unclaimed`), all at once or none: how many.
    A seat another account takes meanwhile stays theirs (the constraint skips it)."""
    with transaction.atomic():
        seats = same_player_unclaimed(user, owner, name).values_list("match_id", "position")
        # A match never seats a name twice (`Game.make_setup`): one claim per match anyway.
        found = dict(reversed(list(seats)))
        Claim.objects.bulk_create(
            [Claim(user=user, match_id=match, position=seat) for match, seat in found.items()],
            ignore_conflicts=True,
        )
        return Claim.objects.filter(user=user, match_id__in=found).count() if found else 0


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
