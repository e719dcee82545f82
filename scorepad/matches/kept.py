"""What the engine derived, kept beside the rounds so that no page replays a match.

A cache, never a source: the services write it in the same transaction as the rounds
it comes from (`keep`), and `rebuild` (the `rebuild_results` command) writes it again
from the rounds alone. Kept are each live round's result (`Round.result`), the match's
standing, its live round count and its version (`Match`), and each player's part in
the match for the statistics (`Seat`).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from scorepad.rules import get_game, kept
from scorepad.rules.base import MatchState, side_of

from .models import Match, Round, Seat, plain_insert, plain_rows, plain_update

# What `fill` sets on a match.
KEPT_FIELDS = ("finished", "winners", "standing", "round_count", "abandoned_at", "version")


def keep(
    match: Match, state: MatchState, rounds: Sequence[Round], *, seats: list[Seat] | None = None
) -> None:
    """Keep `state`, derived from the live rounds, for `match`: inside the transaction
    that changed them, `match` read in it and locked (so its version is the latest).
    `rounds` are the last live rounds, in order, from the first whose result may have
    changed (all of them, or only a round just added; none after a deletion). `seats`:
    the players' parts when the caller made them (`seats_after`), else they are made
    from `state`."""
    Round.objects.bulk_update(fill(match, state, rounds), ["result"])
    match.save(update_fields=[*KEPT_FIELDS, "updated"])
    Seat.objects.filter(match=match).delete()
    Seat.objects.bulk_create(seats_of(match, state) if seats is None else seats)
    # What the change's answer shows, without reading or replaying the match again.
    match.live_state = state


def update_if_unchanged(match: Match, *, since: int) -> bool:
    """Save what `fill` set on `match` if its row is still at version `since` (and lock
    the row until the end of the transaction); False, with nothing saved, if not."""
    fields = {name: getattr(match, name) for name in KEPT_FIELDS}
    fields["updated"] = match.updated = timezone.now()
    return bool(plain_update(Match, fields, {"id": match.pk, "version": since}))


def keep_seats(seats: list[Seat]) -> None:
    """Write the players' parts `seats_after` made, over the match's same seats."""
    plain_insert(
        seats, on_conflict=("match", "position"), update=("name", "won", "shared", "figures")
    )


def fill(match: Match, state: MatchState, rounds: Sequence[Round]) -> list[Round]:
    """Set what `keep` keeps on `match` and its last live `rounds` (as `keep` takes
    them), unsaved; the rounds whose kept result changed. A match played to its end is
    no longer abandoned."""
    changed = []
    later = state.rounds[len(state.rounds) - len(rounds) :]
    for round_, result in zip(rounds, later, strict=True):
        derived = kept.result_to_json(result)
        if round_.result != derived:
            round_.result = derived
            changed.append(round_)
    match.finished = state.finished
    match.winners = list(state.winners)
    match.standing = kept.state_to_json(state)
    match.round_count = len(state.rounds)
    if state.finished:
        match.abandoned_at = None
    match.version += 1
    return changed


def seats_of(match: Match, state: MatchState) -> list[Seat]:
    """Each player's part in `state`, for the statistics."""
    return [Seat(match=match, **fields) for fields in seat_fields(state)]


def seat_fields(state: MatchState, *, figures: bool = True) -> list[dict]:
    """Each player's part in `state`, in seat order (their figures only if `figures`)."""
    game = get_game(state.setup.game)
    fields = []
    for position, name in enumerate(state.setup.players):
        won = state.finished and side_of(state.setup, name) in state.winners
        fields.append(
            {
                "name": name,
                "position": position,
                "won": won,
                "shared": won and len(state.winners) > 1,
                "figures": game.match_events(state, name) if figures else None,
            }
        )
    return fields


def seats_after(match: Match, state: MatchState) -> list[Seat]:
    """The players' parts once the last round of `state` is added to the ones kept for
    `match` (a match's figures are its rounds' summed: `Game.match_events`); for a round
    played after the kept state, whose rounds lack what the statistics read."""
    game, setup, last = get_game(state.setup.game), state.setup, state.rounds[-1]
    fields = [Seat._meta.get_field("position"), Seat._meta.get_field("figures")]
    sql = f"SELECT position, figures FROM {Seat._meta.db_table} WHERE match_id = %s"
    figures = dict(plain_rows(sql, [match.pk], fields))
    seats = []
    for fields in seat_fields(state, figures=False):
        fields["figures"] = figures[fields["position"]]
        game.add_round_events(fields["figures"], setup, last, fields["name"])
        seats.append(Seat(match=match, **fields))
    return seats


# For an update of what is not derived (abandoned, deleted): the pages' ETag changes too.
NEXT_VERSION = F("version") + 1


def rebuild(match: Match) -> None:
    """Replay `match` from its live rounds and keep the result again."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        rounds = list(match.rounds.filter(deleted_at__isnull=True).order_by("number"))
        Round.objects.filter(match=match, deleted_at__isnull=False).update(result=None)
        keep(match, match.replayed(rounds), rounds)
