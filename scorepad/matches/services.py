"""Changes to a match's rounds. Each one replays the match through the rules engine
before anything is saved, journals what changed, and keeps what the engine derived
(`kept.keep`), all in one transaction: a change is saved whole or not at all."""

from __future__ import annotations

import copy
import hashlib
import json
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Protocol

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorepad.core.wording import later_rounds_text, round_text
from scorepad.limits import MAX_MATCHES_PER_DAY, MAX_ROUNDS_PER_MATCH
from scorepad.rules.base import MatchOver, MatchState, RoundInvalid, Setup
from scorepad.rules.kept import result_from_json, result_to_json

from . import kept, sharing
from .changes import owner_changed
from .models import (
    JUST_STARTED,
    Match,
    Owner,
    Round,
    RoundChange,
    Seat,
    Submission,
    plain_insert,
)

# "Play again" tapped again on a finished match looks for its replay among this many of
# the owner's newest matches set up alike.
REPLAYS_LOOKED_AT = 5


class Played(Protocol):
    """A match played elsewhere and checked: its entered rounds and their replay."""

    preset: str
    setup: Setup
    rounds: list
    created: datetime | None
    state: MatchState


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
    # An imported match counts from its import, not from the date its file gives it.
    recent = owner.matches.filter(Q(updated__gte=since) | Q(imported__gte=since))
    if recent.count() + adding > MAX_MATCHES_PER_DAY:
        raise TooManyMatches


def _locked(match: Match) -> Match:
    """The match row, locked for the rest of the transaction where the database can."""
    return Match.objects.select_for_update().get(pk=match.pk)


def _live_rounds(match: Match) -> QuerySet[Round]:
    return match.rounds.filter(deleted_at__isnull=True).order_by("number")


def _journal(match, round_, action, before, after, owner, points=None) -> None:
    entry = RoundChange(
        match=match,
        round=round_,
        action=action,
        before=before,
        after=after,
        points=points,
        owner=owner,
        user_id=owner.user_id if owner else None,
    )
    plain_insert([entry])


class DeletedMeanwhile(RoundConflict):
    """The round to correct was deleted since its correction form was shown."""


class ChangedMeanwhile(RoundConflict):
    """The round to correct was changed since its correction form was shown (corrected,
    or deleted and entered again, on another phone); `fingerprint`: the round as it now
    is, for the correction sent again to replace it knowingly."""

    def __init__(self, message: str, fingerprint: str) -> None:
        super().__init__(message)
        self.fingerprint = fingerprint


class AlreadyRecorded(RoundConflict):
    """This very entry (its one-time key) was recorded before: a retry, not a conflict."""


class NothingToCorrect(Exception):
    """A correction that leaves the round as it is: nothing saved, journaled or offered
    to undo (QA50: "Round 1 corrected. The points did not change.", with an Undo)."""


def record_round(
    match: Match,
    data: Mapping,
    *,
    number: int,
    entry_key: uuid.UUID,
    owner: Owner,
    state: MatchState | None = None,
) -> Round:
    """Add round `number`; refuse a second submission of the same entry or number.

    `state` is the match's state as the caller read it with `match` (the kept one): the
    round is played after it before the match is locked, so that the lock is held only
    to write; when the match changed since (its version), or without it, the match is
    replayed instead. The new round's `match` is the match as saved, its `live_state`
    what the engine derived."""
    played = seats = None
    if state is not None and match.standing is not None and number == match.round_count + 1:
        try:
            played = match.rules.play_next(match.setup(), state, dict(data))
        except RoundInvalid:  # checked again below against the match as it is now
            played = None
        else:
            seats = kept.seats_after(match, played)
    if (
        played is not None
        and not match.finished
        and match.abandoned_at is None
        and number <= MAX_ROUNDS_PER_MATCH
    ):
        try:
            with transaction.atomic():
                new = _add_after(match, played, seats, data, number, entry_key, owner)
        except IntegrityError:  # this entry, or this number, was recorded meanwhile
            new = None
        if new is not None:
            return new
    with transaction.atomic():
        locked = _locked(match)
        _refuse_if_abandoned(locked)
        _refuse_after_the_end(locked, entry_key, data, number)
        game = locked.rules
        if number > MAX_ROUNDS_PER_MATCH:
            raise RoundConflict(round_text(game, "at_most", count=MAX_ROUNDS_PER_MATCH))
        if played is None or locked.version != match.version:
            entries = list(_live_rounds(locked).values_list("data", flat=True))
            if number != len(entries) + 1:
                _refuse_a_second_entry(locked, entry_key, data, number)
                # Past the next round: one before it was deleted, not this one recorded
                # (QA: "Round 3 was already recorded" over a board of round 1 alone).
                said = "already_recorded" if number <= len(entries) else "gone_before"
                raise RoundConflict(round_text(game, said, number=number, next=len(entries) + 1))
            played, seats = game.score(locked.setup(), [*entries, dict(data)]), None
        new = _entered(locked, number, data, entry_key, played)
        try:
            with transaction.atomic():
                new.save(force_insert=True)
        except IntegrityError:
            _refuse_a_second_entry(locked, entry_key, data, number)
            raise RoundConflict(round_text(game, "already_recorded", number=number)) from None
        _journal(locked, new, RoundChange.Action.ADD, None, new.data, owner)
        kept.keep(locked, played, [new], seats=seats)
    return new


def _add_after(
    match: Match,
    played: MatchState,
    seats: list[Seat],
    data: Mapping,
    number: int,
    entry_key: uuid.UUID,
    owner: Owner,
) -> Round | None:
    """The common case of `record_round`, in its transaction: the round `played` after
    the kept state of `match` as read, saved in a few statements if the match is still
    as read (its version; the update locks its row until the end). None, with nothing
    written, if it changed meanwhile; IntegrityError if this entry or this number was
    recorded meanwhile (the caller rolls back)."""
    saved = copy.copy(match)
    kept.fill(saved, played, [])
    if not kept.update_if_unchanged(saved, since=match.version):
        return None
    new = _entered(saved, number, data, entry_key, played)
    plain_insert([new])
    _journal(saved, new, RoundChange.Action.ADD, None, new.data, owner)
    kept.keep_seats(seats)
    # Last: other changes of this owner's matches wait on its row only until the commit.
    owner_changed(saved.owner_id)
    saved.live_state = played
    return new


def _entered(
    match: Match, number: int, data: Mapping, entry_key: uuid.UUID, played: MatchState
) -> Round:
    """Round `number` as entered, with what the engine derived for it (`played` ends
    with it): not saved yet."""
    return Round(
        match=match,
        number=number,
        data=dict(data),
        entry_key=entry_key,
        result=result_to_json(played.rounds[-1]),
    )


def _refuse_after_the_end(match: Match, entry_key: uuid.UUID, data: Mapping, number: int) -> None:
    """A round sent to a match that ended since its form was shown (another phone's
    round or correction) is not recorded: a conflict, unless it is this very round,
    sent again after it ended the match. A round sent after the one that ended it (kept
    on this phone behind it, with no connection) is told which round that was."""
    if match.finished:
        _refuse_a_second_entry(match, entry_key, data, number)
        if match.round_count < number:
            raise RoundConflict(
                round_text(match.rules, "over_before", number=number, last=match.round_count)
            )
        raise RoundConflict(round_text(match.rules, "over_meanwhile", number=number))


def _refuse_a_second_entry(match: Match, entry_key: uuid.UUID, data: Mapping, number: int) -> None:
    """AlreadyRecorded if this very entry was recorded before: its one-time key, with the
    same round in it; or if round `number` holds this same round, sent first by another
    phone of the table (both scorers typed it). Asked only once the round is refused, so
    that a round that goes through costs no query. A key that comes back with another
    round is not a retry (two tabs showing one page, a page from the browser's history),
    nor is another round under the number taken: refused as a conflict, never reported
    as kept."""
    sent = json.loads(json.dumps(dict(data)))
    earlier = match.rounds.filter(entry_key=entry_key).first()
    if earlier is not None and earlier.data == sent:
        raise AlreadyRecorded(round_text(match.rules, "recorded_once", number=earlier.number))
    there = match.rounds.filter(number=number, deleted_at__isnull=True).first()
    if there is not None and there.data == sent:
        raise AlreadyRecorded(round_text(match.rules, "recorded_same", number=number))


class LaterRoundsInTheWay(RoundInvalid):
    """A correction that holds for its own round but not for the rounds after it: from
    round `first` on (to the last, `last`) they no longer fit the match, either one of
    them no longer holds (`ends` False: `errors` say why) or the match is over before
    them (`ends`). `offer` names them for a correction that deletes them as well
    (`correct_round`'s `delete_later`); the message says what to do."""

    def __init__(self, invalid: RoundInvalid, game, number: int, rounds: Sequence[Round]):
        super().__init__(invalid.errors, invalid.number)
        self.first, self.last = invalid.number, len(rounds)
        self.ends = isinstance(invalid.__cause__, MatchOver)
        self.offer = _later_offer(rounds[self.first - 1 :])
        self.message = later_rounds_text(
            game, "ends" if self.ends else "fails", number=number, first=self.first, last=self.last
        )


def _later_offer(later: Sequence[Round]) -> str:
    """The rounds `later` (the last ones, in order) as a correction deleting them names
    them: their numbers, and what they hold (`Round.fingerprint`), so that rounds
    changed meanwhile are never deleted unseen."""
    seen = hashlib.sha256(":".join(r.fingerprint for r in later).encode()).hexdigest()[:16]
    return f"{later[0].number}-{later[-1].number}-{seen}"


def correct_round(
    match: Match,
    number: int,
    data: Mapping,
    *,
    owner: Owner,
    shown: str | None = None,
    delete_later: str | None = None,
) -> Round:
    """Replace round `number`'s entry; every later round must still hold under the rules
    (LaterRoundsInTheWay if some no longer do). `shown`: the round as the correction
    form showed it (`Round.fingerprint`); refused if it changed since (corrected, or
    deleted and entered again, on another phone). `delete_later`: the offer of such a
    refusal (`LaterRoundsInTheWay.offer`), to delete the rounds in the way with the
    correction, as deletions are (journaled, restorable); refused as changed meanwhile
    if those rounds are no longer the last ones as they were. A correction that leaves
    other rounds in the way is refused with its own offer; one that leaves none deletes
    nothing. NothingToCorrect, with nothing saved, if the round would stay as it is."""
    with transaction.atomic():
        match = _locked(match)
        rounds = list(_live_rounds(match))
        target = next((r for r in rounds if r.number == number), None)
        if target is None:  # deleted since the correction form was shown
            raise DeletedMeanwhile(round_text(match.rules, "deleted_meanwhile", number=number))
        if shown and shown != target.fingerprint:
            text = round_text(match.rules, "changed_meanwhile", number=number)
            raise ChangedMeanwhile(text, target.fingerprint)
        if _as_stored(data) == target.data:
            raise NothingToCorrect(round_text(match.rules, "unchanged", number=number))
        if delete_later and not _still_offered(delete_later, rounds, number):
            raise RoundConflict(round_text(match.rules, "later_changed", number=number))
        entries = [dict(data) if r.number == number else r.data for r in rounds]
        try:
            state = match.rules.score(match.setup(), entries)  # RoundInvalid names the round
        except RoundInvalid as invalid:
            if invalid.number is None or invalid.number <= number:
                raise
            in_the_way = LaterRoundsInTheWay(invalid, match.rules, number, rounds)
            if delete_later != in_the_way.offer:
                raise in_the_way from invalid
            dropped, rounds = rounds[in_the_way.first - 1 :], rounds[: in_the_way.first - 1]
            state = match.rules.score(match.setup(), entries[: len(rounds)])
        else:
            dropped = []
        before = target.data
        target.data = dict(data)
        target.save(update_fields=["data"])
        points = _points_changed(target, state)
        ended_before = _end_of(match)
        _delete(match, dropped, owner)
        kept.keep(match, state, rounds)
        if points is not None and (end := _end_changed(ended_before, _end_of(match))):
            points["end"] = end
        if dropped:  # told with the correction, which its undo reads (`undo_correction`)
            points = {**(points or {}), "deleted": [dropped[0].number, dropped[-1].number]}
        _journal(match, target, RoundChange.Action.EDIT, before, target.data, owner, points)
    return target


def _as_stored(data: Mapping) -> object:
    """A round's entry as the database gives it back (JSON: a hand's cards a list, every
    key a string), to compare with one stored. The form wrote it as the engine reads it
    ("05" is 5, "ks" is KS); the cards stay in the order typed, as the round keeps them
    and its correction shows them."""
    return json.loads(json.dumps(data))


def _still_offered(offer: str, rounds: Sequence[Round], number: int) -> bool:
    """Whether the rounds a refusal offered to delete (`LaterRoundsInTheWay.offer`) are
    still the last ones, after round `number`, as they were."""
    first = offer.split("-", 1)[0]
    if not first.isdigit() or not number < int(first) <= len(rounds):
        return False
    return offer == _later_offer(rounds[int(first) - 1 :])


def _delete(match: Match, rounds: Sequence[Round], owner: Owner) -> None:
    """Delete `rounds`, the last ones, as deleting them one by one from the last does:
    each kept to be restored, and journaled."""
    when = timezone.now()
    for gone in reversed(rounds):
        gone.deleted_at, gone.result = when, None
        gone.save(update_fields=["deleted_at", "result"])
        _journal(match, gone, RoundChange.Action.DELETE, gone.data, None, owner)


def _end_of(match: Match) -> tuple[bool, list[str], object, object]:
    """What a board says of the match's end, as kept: finished, its winners, the sides
    tied for a tiebreak, and the status sentence (encoded)."""
    standing = match.standing or {}
    return (
        match.finished,
        list(match.winners),
        standing.get("needs_tiebreak"),
        standing.get("status"),
    )


def _end_changed(before: tuple, after: tuple) -> dict | None:
    """What a correction did to the match's end, which the player did not ask for and
    every board tells with its points: "tied" (a tiebreak called for), "reopened" (no
    longer over), "untied" (no tiebreak needed any more), "changed" (other winners),
    "ended"; with the status it left. None if nothing."""
    (was_over, was_won, was_tied, _status), (over, won, tied, status) = before, after
    if not over and tied and tied != was_tied:
        change = "tied"
    elif was_over and not over:
        change = "reopened"
    elif was_tied and not tied and not over:
        change = "untied"  # the tiebreak it called for is no longer needed
    elif not over or (was_over and was_won == won):
        return None
    else:
        change = "changed" if was_over else "ended"
    return {"change": change, "status": status}


def _points_changed(target: Round, state: MatchState) -> dict | None:
    """Round `target`'s points as kept (before its correction) and in `state` (after),
    one a side in seat order, as the journal keeps them; None if none were kept."""
    if target.result is None:
        return None
    sides = state.setup.sides
    was, now = result_from_json(target.result).points, state.rounds[target.number - 1].points
    return {"before": [was.get(s) for s in sides], "after": [now.get(s) for s in sides]}


def delete_last_round(match: Match, *, number: int, owner: Owner) -> Round:
    """Delete round `number`, which must still be the last one: a second request to delete
    the same round (a double tap, a second phone) deletes nothing and is told so."""
    with transaction.atomic():
        match = _locked(match)
        rounds = list(_live_rounds(match))
        if not rounds or rounds[-1].number != number:
            raise RoundConflict(round_text(match.rules, "not_last", number=number))
        last = rounds[-1]
        last.deleted_at = timezone.now()
        last.result = None
        last.save(update_fields=["deleted_at", "result"])
        _journal(match, last, RoundChange.Action.DELETE, last.data, None, owner)
        state = match.rules.score(match.setup(), [r.data for r in rounds[:-1]])
        kept.keep(match, state, [])
    return last


def restorable(rounds: Iterable[Round]) -> Round | None:
    """The deleted round that undo brings back: the one that would again be the next round.

    Rounds deleted one after the other come back in the reverse order, each while it is
    next; a round recorded since its deletion took its place for good (so of several
    deleted rounds with that number, only the one deleted last can come back).
    """
    rounds = list(rounds)
    live = [r for r in rounds if r.deleted_at is None]
    deleted = [r for r in rounds if r.deleted_at is not None and r.number == len(live) + 1]
    latest = max(deleted, key=lambda r: (r.deleted_at, r.pk), default=None)
    if latest is None or any(r.created > latest.deleted_at for r in live):
        return None
    return latest


def restorable_now(match: Match, state: MatchState) -> Round | None:
    """The round undo brings back (`restorable`) if it still fits the match as it stands
    in `state` (a correction since may have left it wrong: a tiebreak round where no tie
    remains, a round after the match's end)."""
    deleted = restorable(match.rounds.all())
    if deleted is None:
        return None
    try:
        match.rules.play_next(match.setup(), state, deleted.data)
    except RoundInvalid:
        return None
    return deleted


def restore_round(match: Match, round_id: int, *, owner: Owner) -> Round:
    """Undo a deletion: only while the deleted round would again be the next one."""
    with transaction.atomic():
        match = _locked(match)
        _refuse_if_abandoned(match)
        deleted = restorable(match.rounds.all())
        if deleted is None or deleted.pk != round_id:
            raise RoundConflict(round_text(match.rules, "not_restorable"))
        rounds = list(_live_rounds(match))
        try:
            state = match.rules.score(match.setup(), [r.data for r in rounds] + [deleted.data])
        except RoundInvalid:
            text = round_text(match.rules, "no_longer_fits", number=deleted.number)
            raise RoundConflict(text) from None
        deleted.deleted_at = None
        deleted.save(update_fields=["deleted_at"])
        _journal(match, deleted, RoundChange.Action.RESTORE, None, deleted.data, owner)
        kept.keep(match, state, [deleted])
    return deleted


def undoable(action: str, points: Mapping | None, *, journaled_since: bool) -> bool:
    """Whether a journaled change of a match's rounds can be undone (`undo_correction`):
    a correction (journaled with the points it changed; not the players' names, nor an
    undo itself) after which nothing was journaled, the names corrected included. The
    board asks it of the change it tells (`journaled_since`), before offering the Undo."""
    if action != RoundChange.Action.EDIT or not points or journaled_since:
        return False
    return not is_undo(points)


def journaled_since() -> Exists:
    """For a query of a match's journal (`RoundChange`): whether anything was journaled
    after each entry (`undoable`)."""
    return Exists(RoundChange.objects.filter(match_id=OuterRef("match_id"), id__gt=OuterRef("id")))


def _undoable_correction(match: Match) -> RoundChange | None:
    """The match's last change of its rounds if Undo can put it back as it was
    (`undoable`). One query."""
    last = _last_change(match)
    if last is None or not undoable(last.action, last.points, journaled_since=False):
        return None
    return last


def _last_change(match: Match) -> RoundChange | None:
    return RoundChange.objects.filter(match_id=match.pk).order_by("-id").first()


def is_undo(points: Mapping) -> bool:
    """Whether a correction's journaled `points` are an undo's (`undo_correction`);
    "restored" alone: one from before undos named the correction they undid."""
    return "undid" in points or "restored" in points


class AlreadyUndone(RoundConflict):
    """This very correction was undone already: a second tap or a retry, not a conflict."""


def undo_correction(
    match: Match, round_id: int, *, owner: Owner, change_id: int | None = None
) -> Round:
    """Undo a correction: round `round_id` as it was before, and the rounds it deleted
    (`correct_round`'s `delete_later`) back; only while it is the match's last change
    (`change_id`: that correction's journal entry, as the Undo shown named it).
    AlreadyUndone if that correction is undone already. Journaled as a correction (its
    points, what it did to the end, the correction it undid and which rounds came back),
    and as each round's restoring."""
    with transaction.atomic():
        match = _locked(match)
        _refuse_if_abandoned(match)
        change = _undoable_correction(match)
        if change is None or change.round_id != round_id or change_id not in (None, change.pk):
            _refuse_a_second_undo(match, change_id)
            raise RoundConflict(round_text(match.rules, "undo_changed"))
        first, last = change.points.get("deleted") or (0, 0)
        back = []
        if first:
            deletions = RoundChange.objects.filter(
                match_id=match.pk, action=RoundChange.Action.DELETE, id__lt=change.pk
            ).select_related("round")
            back = sorted(
                (d.round for d in deletions.order_by("-id")[: last - first + 1]), key=_number
            )
        rounds = list(_live_rounds(match))
        target = next((r for r in rounds if r.pk == round_id), None)
        if target is None or [r.number for r in back] != list(range(len(rounds) + 1, last + 1)):
            raise RoundConflict(round_text(match.rules, "not_restorable"))
        entries = [change.before if r is target else r.data for r in rounds]
        try:
            state = match.rules.score(match.setup(), [*entries, *(r.data for r in back)])
        except RoundInvalid:
            raise RoundConflict(round_text(match.rules, "not_restorable")) from None
        before, target.data = target.data, change.before
        target.save(update_fields=["data"])
        points = _points_changed(target, state) or {}
        ended_before = _end_of(match)
        for restored in back:
            restored.deleted_at = None
            restored.save(update_fields=["deleted_at"])
            _journal(match, restored, RoundChange.Action.RESTORE, None, restored.data, owner)
        kept.keep(match, state, [*rounds, *back])
        if end := _end_changed(ended_before, _end_of(match)):
            points["end"] = end
        if back:
            points["restored"] = [first, last]
        points["undid"] = change.pk
        _journal(match, target, RoundChange.Action.EDIT, before, target.data, owner, points)
    return target


def _refuse_a_second_undo(match: Match, change_id: int | None) -> None:
    """AlreadyUndone if the match's last change undid correction `change_id`: the same
    Undo sent twice (a double tap, a retry), which the board then tells as done."""
    last = _last_change(match) if change_id is not None else None
    if last is not None and last.points and last.points.get("undid") == change_id:
        raise AlreadyUndone(round_text(match.rules, "undone", number=last.round.number))


def _number(round_: Round) -> int:
    return round_.number


def _refuse_if_abandoned(match: Match) -> None:
    if match.abandoned_at is not None:
        raise RoundConflict(_("This match was abandoned: it goes on once its scorer resumes it."))


def _set_aside(match: Match, when: Q, **changes) -> None:
    """Update what is not derived (abandoned, deleted) on `match` when it is in the state
    `when` says; its pages and its owner's see the change."""
    with transaction.atomic():
        if Match.objects.filter(when, pk=match.pk).update(**changes, version=kept.NEXT_VERSION):
            owner_changed(match.owner_id)


def abandon_match(match: Match) -> None:
    """Set an unfinished match aside: it stays in the history and can be resumed."""
    unfinished = Q(finished=False, abandoned_at__isnull=True)
    _set_aside(match, unfinished, abandoned_at=timezone.now())


def resume_match(match: Match) -> None:
    """Take an abandoned match up again, from where it was left."""
    _set_aside(match, Q(abandoned_at__isnull=False), abandoned_at=None, resumed_at=timezone.now())


def delete_match(match: Match) -> None:
    """Take a match out of every list; it is kept so that "Undo" can bring it back."""
    _set_aside(match, Q(deleted_at__isnull=True), deleted_at=timezone.now())


class BackAlready(Exception):
    """The deleted match is in its owner's history again already: a match file holding
    it was imported since (`twin`, the copy it made)."""

    def __init__(self, twin: Match) -> None:
        super().__init__(twin.pk)
        self.twin = twin


def restore_match(match: Match) -> None:
    """Bring a deleted match back ("Undo"); BackAlready, with nothing changed, when a
    match file brought it back meanwhile: restored, it would be there twice."""
    if match.deleted_at is not None:
        twin = back_already(match)
        if twin is not None:
            raise BackAlready(twin)
    _set_aside(match, Q(deleted_at__isnull=False), deleted_at=None)


def back_already(match: Match) -> Match | None:
    """The copy of deleted `match` its owner's history holds again (a match file holding
    it was imported since), if any: restoring it would list it twice. One query."""
    second = match.created.replace(microsecond=0)
    twins = Match.objects.filter(
        owner_id=match.owner_id,
        deleted_at__isnull=True,
        game=match.game,
        created__gte=second,
        created__lt=second + timedelta(seconds=1),
    ).exclude(pk=match.pk)
    return next((other for other in twins if other.identity == match.identity), None)


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


def _once(
    owner: Owner,
    key: uuid.UUID | None,
    make: Callable[[], Match],
    same: Callable[[Match], bool] | None = None,
) -> Match | None:
    """Make a match once per key: a repeated post (double tap, retry, the page shown
    again) gets the first post's match (None if it was deleted since) instead of a
    second one; unless `same` says the post asks for another match than that one (a
    page shown again and changed), which is then made, the key staying the first's."""
    with transaction.atomic():
        submission = first_submission(owner, key)
        if submission is None:
            first = Submission.objects.get(owner=owner, key=key).match
            if first is None or same is None or same(first):
                return first
            return make()
        new = make()
        if submission.pk is not None:
            submission.match = new
            submission.save(update_fields=["match"])
    return new


def start_match(owner: Owner, preset: str, setup, *, key: uuid.UUID | None = None) -> Match | None:
    """The set-up's new match, made once per form key (another set-up sent under a key
    already used gets its own); TooManyMatches past the day's limit."""

    def same(first: Match) -> bool:
        return first.preset == preset and first.setup() == setup

    def make() -> Match:
        return _started_unplayed(owner, preset, setup) or create_match(owner, preset, setup)

    return _once(owner, key, make, same)


def _started_unplayed(owner: Owner, preset: str, setup: Setup) -> Match | None:
    """The owner's match set up as this one within the hour, in play and still without a
    round: the same set-up started again (Back to the set-up page, then Start, which
    sends a fresh key) lands on it instead of starting a second, empty, twin."""
    recent = (
        Match.objects.in_progress()
        .filter(
            owner=owner,
            game=setup.game,
            preset=preset,
            created__gte=timezone.now() - JUST_STARTED,
        )
        .exclude(Exists(Round.objects.filter(match=OuterRef("pk"), deleted_at__isnull=True)))
        .order_by("-created")
    )
    return next((match for match in recent[:5] if match.setup() == setup), None)


def play_again(match: Match, *, owner: Owner, key: uuid.UUID | None = None) -> Match | None:
    """A new match with the same players and options; the deal passes on from the last
    round's dealer, as at the table (none played: one seat on from the first).
    The same form posted twice makes one match, and so does "Play again" tapped again on
    the finished match shown again (Back): its replay still in play is the one. Once
    that replay is over (finished, abandoned or deleted), "Play again" makes another,
    even from the page the browser kept (the first tap's key)."""
    setup = match.setup()
    again = replace(setup, first_dealer=setup.dealer_of(max(match.round_count, 1) + 1))

    def make() -> Match:
        replay = _replay_in_play(match, owner, again)
        if replay is None:
            replay = create_match(owner, match.preset, again)
            sharing.move_links(match, replay)  # the table follows the next match
        return replay

    def in_play(first: Match) -> bool:
        return not (first.finished or first.abandoned_at or first.deleted_at)

    return _once(owner, key, make, same=in_play)


def _replay_in_play(match: Match, owner: Owner, again) -> Match | None:
    """The newest match of `owner` set up as `match` played again (`again`) since, still
    in play: not finished, abandoned or deleted."""
    later = Match.objects.filter(
        owner=owner,
        game=match.game,
        preset=match.preset,
        first_dealer=again.first_dealer,
        created__gt=match.created,
        finished=False,
        abandoned_at__isnull=True,
        deleted_at__isnull=True,
    ).order_by("-created")
    return next((m for m in later[:REPLAYS_LOOKED_AT] if m.setup() == again), None)


def _teams_of(setup) -> list[dict] | None:
    if not setup.teams:
        return None
    return [{"name": team.name, "players": list(team.players)} for team in setup.teams]


def create_match(owner: Owner, preset: str, setup) -> Match:
    """A new match; TooManyMatches past the day's limit."""
    check_match_quota(owner)
    match = Match(owner=owner, game=setup.game, preset=preset)
    _set_up(match, setup)
    with transaction.atomic():
        match.save()
        kept.keep(match, match.replayed([]), [])
    return match


def create_played_matches(owner: Owner, played: Sequence[Played]) -> list[Match]:
    """Matches already played elsewhere (an import), their rounds replayed by the caller:
    saved with what the engine derived in a few statements whatever their number, inside
    the caller's transaction. TooManyMatches past the day's limit."""
    check_match_quota(owner, adding=len(played))
    matches, rounds, seats = [], [], []
    now = timezone.now()
    for entry in played:
        match = Match(owner=owner, game=entry.setup.game, preset=entry.preset, imported=now)
        _set_up(match, entry.setup)
        entered = [
            Round(match=match, number=number, data=data)
            for number, data in enumerate(entry.rounds, start=1)
        ]
        kept.fill(match, entry.state, entered)
        matches.append(match)
        rounds.extend(entered)
        seats.extend(kept.seats_of(match, entry.state))
    Match.objects.bulk_create(matches)
    # `created` and `updated` are set on insert; an imported match keeps its own date,
    # and its last change is then too (home lists the matches in progress played last
    # first), a microsecond apart in the file's order, which the export keeps for
    # matches of the same second (a file's dates are to the second).
    dated = [m for m, entry in zip(matches, played, strict=True) if entry.created]
    for index, (match, entry) in enumerate(zip(matches, played, strict=True)):
        if entry.created:
            match.created = entry.created
            match.updated = entry.created + timedelta(microseconds=index)
    Match.objects.bulk_update(dated, ["created", "updated"])
    Round.objects.bulk_create(rounds)
    Seat.objects.bulk_create(seats)
    owner_changed(owner.pk)
    return matches


def _set_up(match: Match, setup) -> None:
    match.options = dict(setup.options)
    match.players = list(setup.players)
    match.teams = _teams_of(setup)
    match.first_dealer = setup.first_dealer


def correct_players(
    match: Match, names: Sequence[str], first_dealer: str, *, owner: Owner
) -> Match:
    """Rename the players seat by seat and choose the first dealer again.

    The names change everywhere a round names them (deleted rounds too, so that they
    can still be restored) and in the teams; the rules engine checks the new names as
    a new match's and replays the match before anything is saved. Every round whose
    entry changed is journaled as corrected. Raises SetupInvalid for bad names."""
    with transaction.atomic():
        match = _locked(match)
        game = match.rules
        setup, renames = game.renamed(match.setup(), names, first_dealer)
        rounds = list(match.rounds.order_by("number", "pk"))
        entries = {r.pk: game.rename_round(r.data, renames) for r in rounds}
        live = [r for r in rounds if r.deleted_at is None]
        state = game.score(setup, [entries[r.pk] for r in live])
        for round_ in rounds:
            if entries[round_.pk] != round_.data:
                before, round_.data = round_.data, entries[round_.pk]
                round_.save(update_fields=["data"])
                _journal(match, round_, RoundChange.Action.EDIT, before, round_.data, owner)
        _set_up(match, setup)
        match.save(update_fields=["players", "teams", "first_dealer", "updated"])
        kept.keep(match, state, live)
    return match
