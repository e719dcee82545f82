"""Changes to a match's rounds. Each one replays the match through the rules engine
before anything is saved, journals what changed, and refreshes the list summary, all
in one transaction: a change is saved whole or not at all."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import replace
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorepad.limits import MAX_MATCHES_PER_DAY, MAX_ROUNDS_PER_MATCH
from scorepad.rules.base import RoundInvalid

from .models import Match, Owner, Round, RoundChange, Submission


class RoundConflict(Exception):
    """The round was already recorded (double tap, a second phone, a retried request)."""


class TooManyMatches(Exception):
    """The owner set up, imported or played more matches in a day than any table does."""

    def __init__(self) -> None:
        super().__init__(
            ngettext(
                "You reached %(count)s match in a day: set up more tomorrow.",
                "You reached %(count)s matches in a day: set up more tomorrow.",
                MAX_MATCHES_PER_DAY,
            )
            % {"count": MAX_MATCHES_PER_DAY}
        )


def check_match_quota(owner: Owner, adding: int = 1) -> None:
    """TooManyMatches if `adding` more matches would pass the day's limit."""
    since = timezone.now() - timedelta(days=1)
    if owner.matches.filter(updated__gte=since).count() + adding > MAX_MATCHES_PER_DAY:
        raise TooManyMatches


def _locked(match: Match) -> Match:
    """The match row, locked for the rest of the transaction where the database can."""
    return Match.objects.select_for_update().get(pk=match.pk)


def _live_rounds(match: Match) -> list[Round]:
    return list(match.rounds.filter(deleted_at__isnull=True).order_by("number"))


def _journal(match, round_, action, before, after, owner) -> None:
    RoundChange.objects.create(
        match=match,
        round=round_,
        action=action,
        before=before,
        after=after,
        owner=owner,
        user=owner.user if owner and owner.user_id else None,
    )


def record_round(
    match: Match, data: Mapping, *, number: int, entry_key: uuid.UUID, owner: Owner
) -> Round:
    """Add round `number`; refuse a second submission of the same entry or number."""
    with transaction.atomic():
        match = _locked(match)
        rounds = _live_rounds(match)
        if match.rounds.filter(entry_key=entry_key).exists():
            raise RoundConflict(_("This round was already recorded."))
        if number > MAX_ROUNDS_PER_MATCH:
            raise RoundConflict(
                _("A match has at most %(count)s rounds.") % {"count": MAX_ROUNDS_PER_MATCH}
            )
        if number != len(rounds) + 1:
            raise RoundConflict(
                _("Round %(number)s was already recorded, maybe from another phone.")
                % {"number": number}
            )
        state = match.rules.score(match.setup(), [r.data for r in rounds] + [dict(data)])
        try:
            with transaction.atomic():
                new = Round.objects.create(
                    match=match, number=number, data=dict(data), entry_key=entry_key
                )
        except IntegrityError:
            raise RoundConflict(
                _("Round %(number)s was already recorded, maybe from another phone.")
                % {"number": number}
            ) from None
        _journal(match, new, RoundChange.Action.ADD, None, new.data, owner)
        match.refresh_summary(state)
    return new


def correct_round(match: Match, number: int, data: Mapping, *, owner: Owner) -> Round:
    """Replace round `number`'s entry; every later round must still hold under the rules."""
    with transaction.atomic():
        match = _locked(match)
        rounds = _live_rounds(match)
        target = next((r for r in rounds if r.number == number), None)
        if target is None:  # deleted since the correction form was shown
            raise RoundConflict(
                _("Round %(number)s was deleted meanwhile: it was not corrected.")
                % {"number": number}
            )
        entries = [dict(data) if r.number == number else r.data for r in rounds]
        state = match.rules.score(match.setup(), entries)  # RoundInvalid names the round
        before = target.data
        target.data = dict(data)
        target.save(update_fields=["data"])
        _journal(match, target, RoundChange.Action.EDIT, before, target.data, owner)
        match.refresh_summary(state)
    return target


def delete_last_round(match: Match, *, owner: Owner) -> Round | None:
    with transaction.atomic():
        match = _locked(match)
        rounds = _live_rounds(match)
        if not rounds:
            return None
        last = rounds[-1]
        last.deleted_at = timezone.now()
        last.save(update_fields=["deleted_at"])
        _journal(match, last, RoundChange.Action.DELETE, last.data, None, owner)
        match.refresh_summary(match.rules.score(match.setup(), [r.data for r in rounds[:-1]]))
    return last


def restore_round(match: Match, round_id: int, *, owner: Owner) -> Round:
    """Undo a deletion: only while the deleted round would again be the last one."""
    with transaction.atomic():
        match = _locked(match)
        rounds = _live_rounds(match)
        deleted = match.rounds.filter(pk=round_id, deleted_at__isnull=False).first()
        if deleted is None or deleted.number != len(rounds) + 1:
            raise RoundConflict(_("This round can no longer be restored."))
        try:
            state = match.rules.score(match.setup(), [r.data for r in rounds] + [deleted.data])
        except RoundInvalid:
            raise RoundConflict(_("This round can no longer be restored.")) from None
        deleted.deleted_at = None
        deleted.save(update_fields=["deleted_at"])
        _journal(match, deleted, RoundChange.Action.RESTORE, None, deleted.data, owner)
        match.refresh_summary(state)
    return deleted


def first_submission(owner: Owner, key: uuid.UUID | None) -> Submission | None:
    """Inside the caller's transaction: record `key` and return it, or None when an
    earlier post with the same key already did the work (no key: always the first)."""
    if key is None:
        return Submission(owner=owner, key=uuid.uuid4())
    try:
        with transaction.atomic():
            return Submission.objects.create(owner=owner, key=key)
    except IntegrityError:
        return None


def play_again(match: Match, *, owner: Owner, key: uuid.UUID | None = None) -> Match | None:
    """A new match with the same players and options; the first deal moves one seat on.
    The same form posted twice makes one match: the second answer is the first one's
    match (None if it was deleted since)."""
    setup = match.setup()
    with transaction.atomic():
        submission = first_submission(owner, key)
        if submission is None:
            return Submission.objects.get(owner=owner, key=key).match
        new = create_match(owner, match.preset, replace(setup, first_dealer=setup.dealer_of(2)))
        if submission.pk is not None:
            submission.match = new
            submission.save(update_fields=["match"])
    return new


def create_match(owner: Owner, preset: str, setup) -> Match:
    """A new match; TooManyMatches past the day's limit."""
    check_match_quota(owner)
    teams = None
    if setup.teams:
        teams = [{"name": team.name, "players": list(team.players)} for team in setup.teams]
    return Match.objects.create(
        owner=owner,
        game=setup.game,
        preset=preset,
        options=dict(setup.options),
        players=list(setup.players),
        teams=teams,
        first_dealer=setup.first_dealer,
    )
