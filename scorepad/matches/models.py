"""What a match stores: what was entered, never a score.

Totals, results and explanations are derived by the rules engine (`scorepad.rules`)
from the stored rounds. What it derived is *kept* beside them (`Round.result`,
`Match.standing`, `Seat`) so that reading a page never replays a match: written by
the services in the same transaction as the rounds, never edited, and rebuilt from
the rounds by `manage.py rebuild_results` (see `scorepad.matches.kept`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import connection, models
from django.db.models.functions import Lower
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from scorepad.core.wording import preset_changes
from scorepad.rules import GAMES, get_game, kept
from scorepad.rules.base import LastRounds, MatchState, Setup, Team

GAME_CHOICES = [(key, game.name) for key, game in GAMES.items()]


def random_id() -> int:
    """A primary key that tells nothing (sequential ids in URLs would tell anyone how
    many matches the site keeps): 52 random bits, a whole number JavaScript holds exactly."""
    return secrets.randbits(52) or 1


def plain_rows(sql: str, params: Sequence, fields: Sequence[models.Field]) -> list[tuple]:
    """The rows of a plain SQL read, each column as its model field (`fields`, in order)
    reads it: JSON decoded. For the reads each round's POST makes, where building the
    ORM's query cost several times running it (measured: ~0.35 ms against ~0.05 ms)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    readers = [getattr(field, "from_db_value", None) for field in fields]
    return [
        tuple(
            value if read is None else read(value, None, connection)
            for read, value in zip(readers, row, strict=True)
        )
        for row in rows
    ]


def plain_insert(
    rows: Sequence[models.Model], *, on_conflict: tuple[str, ...] = (), update: tuple[str, ...] = ()
) -> None:
    """Insert `rows` (unsaved, of one model) in one plain SQL statement, each value as
    `save()` writes it (`pre_save`: `auto_now_add`; the primary key when the model makes
    it, not when the database does), without `save()`'s signals. With `on_conflict`
    (fields), a row that already holds those fields' values gets `update`'s fields
    instead (an upsert, SQLite and PostgreSQL alike). For the writes each round's POST
    makes, as `plain_rows` for its reads: measured, the ORM took several times as long
    to build each statement as the database took to run it."""
    meta = rows[0]._meta
    fields = [field for field in meta.concrete_fields if not field.db_returning]
    sql = _insert_sql(meta.model, len(rows), on_conflict, update)
    params = [
        field.get_db_prep_save(field.pre_save(row, True), connection)
        for row in rows
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
    for row in rows:
        row._state.adding, row._state.db = False, connection.alias


@functools.cache
def _insert_sql(
    model: type[models.Model], count: int, on_conflict: tuple[str, ...], update: tuple[str, ...]
) -> str:
    meta, quote = model._meta, connection.ops.quote_name
    columns = [quote(f.column) for f in meta.concrete_fields if not f.db_returning]
    row = "(" + ", ".join(["%s"] * len(columns)) + ")"
    sql = f"INSERT INTO {quote(meta.db_table)} ({', '.join(columns)}) VALUES "
    sql += ", ".join([row] * count)
    if on_conflict:
        keys = [quote(meta.get_field(name).column) for name in on_conflict]
        changed = [quote(meta.get_field(name).column) for name in update]
        sql += f" ON CONFLICT ({', '.join(keys)}) DO UPDATE SET "
        sql += ", ".join(f"{column} = EXCLUDED.{column}" for column in changed)
    return sql


def plain_update(model: type[models.Model], values: Mapping, where: Mapping) -> int:
    """Set `values` (by field name, each value as the field saves it) on the rows of
    `model` whose fields equal `where`'s, in one plain SQL statement (see
    `plain_insert`); the number of rows updated."""
    meta, quote = model._meta, connection.ops.quote_name
    sets, params = [], []
    for name, value in (*values.items(), *where.items()):
        field = meta.get_field(name)
        sets.append(f"{quote(field.column)} = %s")
        params.append(field.get_db_prep_save(value, connection))
    assignments, tests = sets[: len(values)], sets[len(values) :]
    sql = f"UPDATE {quote(meta.db_table)} SET {', '.join(assignments)} WHERE {' AND '.join(tests)}"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount


def random_id_field() -> models.BigIntegerField:
    return models.BigIntegerField(primary_key=True, default=random_id, editable=False)


class Owner(models.Model):
    """Whoever keeps a set of matches.

    A visitor without an account is identified by a random token kept in their browser's
    session; an account takes the matches over by linking its user to the owner (or by
    moving the matches to the account's owner), without touching any match.
    """

    token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created = models.DateTimeField(auto_now_add=True)
    # A number that grows with every change of the owner's matches or house rules, in
    # the same transaction (`scorepad.matches.changes`): their pages are kept rendered
    # under it, so they are never stale and never need forgetting.
    version = models.PositiveBigIntegerField(_("version"), default=0, editable=False)

    class Meta:
        verbose_name = _("owner")
        verbose_name_plural = _("owners")

    def __str__(self) -> str:
        return str(self.user) if self.user_id else f"visitor {str(self.token)[:8]}"


class BrowserSession(AbstractBaseSession):
    """A browser's session (Django's database session), which also names the owner of
    the matches it reaches, so that a returning visitor's owner is read with their
    session in one query (`scorepad.matches.sessions`).

    `owner` is only a shortcut, never a key: the session's owner is still the one its
    data says (its token, or its signed-in user), and `access.current_owner` checks
    the two agree before taking it."""

    owner = models.ForeignKey(
        Owner, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    @classmethod
    def get_session_store_class(cls):
        from .sessions import SessionStore

        return SessionStore


# A match set up this recently and still played is named on its set-up page shown again
# by Back (`scoreboard.just_started`), and, with no round yet, is the match that set-up
# sent again starts (`services.start_match`).
JUST_STARTED = timedelta(hours=1)


def match_identity(game: str, preset: str, options: Mapping, seats: int, created: datetime) -> str:
    """What makes two matches one (a match and its copy brought back by a match file):
    their game, rules and number of seats, and their date to the second (as a match
    file keeps it), whatever each holds since (an export taken before a match was played
    on, or its players renamed, is that match)."""
    second = created.astimezone(UTC).replace(microsecond=0, tzinfo=None)
    return json.dumps(
        [game, preset, dict(options), seats, second.isoformat() + "Z"],
        sort_keys=True,
        ensure_ascii=False,
    )


class MatchQuerySet(models.QuerySet):
    def listed(self) -> MatchQuerySet:
        """Matches not deleted: a deleted match is kept only so that it can be restored."""
        return self.filter(deleted_at__isnull=True)

    def in_progress(self) -> MatchQuerySet:
        """Matches still being played: neither finished, nor abandoned, nor deleted."""
        return self.listed().filter(finished=False, abandoned_at__isnull=True)

    def counted(self) -> MatchQuerySet:
        """Matches that count in the statistics: played to the end and not deleted."""
        return self.listed().filter(finished=True, abandoned_at__isnull=True)


def board_of(match_id: int) -> str:
    """Which match a board shows, for a page to notice its shared link went on to another
    (`static/js/live.js`) and a round typed for the match before it is not recorded in
    the next (`RoundForm.typed_for_another_match`), without showing the link's holder
    the match's id."""
    return salted_hmac("scorepad.board", str(match_id), algorithm="sha256").hexdigest()[:16]


class Match(models.Model):
    id = random_id_field()
    owner = models.ForeignKey(Owner, on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(_("game"), max_length=16, choices=GAME_CHOICES)
    preset = models.CharField(_("preset"), max_length=32)
    # The complete option values in force (preset plus the scorer's changes).
    options = models.JSONField(_("options"), default=dict)
    # Names in seat order; a round refers to its players by these names.
    players = models.JSONField(_("players"), default=list)
    # Escoba partnerships: [{"name": ..., "players": [..., ...]}] or null.
    teams = models.JSONField(_("teams"), null=True, blank=True)
    first_dealer = models.CharField(_("first dealer"), max_length=40)
    created = models.DateTimeField(_("created"), auto_now_add=True, db_index=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)
    # When an import added the match (null for one set up here): it keeps the file's
    # `created` and `updated`, yet counts in the day's quota from the day it came.
    imported = models.DateTimeField(_("imported"), null=True, blank=True, editable=False)
    # A summary for lists and filters, rewritten from the engine's result in the same
    # transaction as every change of rounds (see `scorepad.matches.kept`); never edited.
    finished = models.BooleanField(_("finished"), default=False)
    winners = models.JSONField(_("winners"), default=list, blank=True)
    # The rest of the engine's match state after the live rounds (kept, see the module's
    # docstring), how many live rounds there are, and a number that grows with every
    # change of the match (its pages' ETag).
    standing = models.JSONField(_("standing"), null=True, blank=True, editable=False)
    round_count = models.PositiveIntegerField(_("rounds"), default=0, editable=False)
    version = models.PositiveIntegerField(_("version"), default=0, editable=False)
    # An abandoned match stays in the history and can be resumed; a deleted one leaves
    # every list but is kept until it is restored (the undo of "Delete the match").
    abandoned_at = models.DateTimeField(_("abandoned"), null=True, blank=True)
    deleted_at = models.DateTimeField(_("deleted"), null=True, blank=True)
    # When it was last resumed: its board tells no change of its rounds made before (the
    # players left the table since; `scoreboard.last_round_change`).
    resumed_at = models.DateTimeField(_("resumed"), null=True, blank=True, editable=False)

    objects = MatchQuerySet.as_manager()

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["owner", "-created"])]

    def __str__(self) -> str:
        return f"{self.get_game_display()} #{self.pk} ({', '.join(self.players)})"

    @property
    def rules(self):
        return get_game(self.game)

    @property
    def identity(self) -> str:
        """What makes this match and a copy of it one (`match_identity`)."""
        return match_identity(self.game, self.preset, self.options, len(self.players), self.created)

    def setup(self) -> Setup:
        teams = None
        if self.teams:
            teams = tuple(Team(team["name"], tuple(team["players"])) for team in self.teams)
        return Setup(
            game=self.game,
            players=tuple(self.players),
            options=dict(self.options),
            first_dealer=self.first_dealer,
            teams=teams,
        )

    def active_rounds(self) -> list[Round]:
        """Rounds in order, from the prefetch cache when there is one."""
        rounds = [r for r in self.rounds.all() if r.deleted_at is None]
        return sorted(rounds, key=lambda r: r.number)

    def state(self, rounds: list[Round] | None = None) -> MatchState:
        """The match state as kept by the last change (no replay)."""
        rounds = self.active_rounds() if rounds is None else rounds
        if self.standing is None:  # kept by no service yet: see `rebuild_results`
            return self.replayed(rounds)
        return kept.state_from_json(
            self.setup(), self.standing, [kept.result_from_json(r.result) for r in rounds]
        )

    def kept_state(self, last: int) -> MatchState:
        """The state as kept, reading only the kept results of the `last` live rounds (one
        query, no entries, no rounds made, whatever the match's length): for a page that
        checks the next round and shows the last ones. Its rounds are `LastRounds`."""
        if self.standing is None:
            return self.replayed()
        live = self.rounds.filter(deleted_at__isnull=True)
        found = plain_rows(
            f"SELECT number, result FROM {Round._meta.db_table}"
            " WHERE match_id = %s AND deleted_at IS NULL ORDER BY number DESC LIMIT %s",
            [self.pk, last],
            [Round._meta.get_field("number"), Round._meta.get_field("result")],
        )
        count = self.round_count
        if [number for number, _ in found] != list(range(count, count - min(last, count), -1)):
            # The rounds moved on since this match was read (another phone): all of them,
            # as they are now. The change that follows sees the match's version moved.
            whole = live.order_by("number").values_list("result", flat=True)
            results = [kept.result_from_json(result) for result in whole]
            return kept.state_from_json(self.setup(), self.standing, results)
        results = [kept.result_from_json(result) for _, result in reversed(found)]
        return kept.state_from_json(self.setup(), self.standing, LastRounds(count, results))

    def replayed(self, rounds: list[Round] | None = None) -> MatchState:
        """The match state replayed by the rules engine from the entered rounds."""
        rounds = self.active_rounds() if rounds is None else rounds
        return self.rules.score(self.setup(), [r.data for r in rounds])


class Round(models.Model):
    """One round (deal) exactly as entered, in the round shape of the match file format."""

    id = random_id_field()
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(_("number"))
    data = models.JSONField(_("entry"))
    # What the engine derived for this live round (kept; null once deleted).
    result = models.JSONField(_("result"), null=True, blank=True, editable=False)
    # The entry form's one-time key: a retried or double-tapped submission carries the
    # same key and is refused by the unique constraint instead of recorded twice.
    entry_key = models.UUIDField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # A deleted round is kept (and can be restored) instead of being lost.
    deleted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        # By the match's column: by `match`, every query would join the match to sort
        # by its own ordering.
        ordering = ["match_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"],
                condition=models.Q(deleted_at__isnull=True),
                name="one_live_round_per_number",
            ),
            models.UniqueConstraint(fields=["match", "entry_key"], name="one_round_per_entry"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} round {self.number}"

    @property
    def fingerprint(self) -> str:
        """This round as entered, in a few characters: a correction form carries the one
        it showed, so that a round corrected or replaced meanwhile (another phone) is not
        overwritten unseen."""
        entry = json.dumps(self.data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(f"{self.pk}:{entry}".encode()).hexdigest()[:16]


class Seat(models.Model):
    """A player's part in one match, kept for the statistics (see the module's docstring):
    whether their side won, and the game's figures of their rounds."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    name = models.CharField(_("name"), max_length=40)
    position = models.PositiveSmallIntegerField(_("seat"))
    won = models.BooleanField(_("won"), default=False)
    shared = models.BooleanField(_("shared victory"), default=False)
    # The figures of `scorepad.records.stats` for this player in this match.
    figures = models.JSONField(_("figures"), default=dict)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        # By the match's column: by `match`, every query would join the match to sort
        # by its own ordering.
        ordering = ["match_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_player_per_seat")
        ]
        indexes = [models.Index(fields=["name", "match"])]

    def __str__(self) -> str:
        return f"{self.name} in {self.match_id}"


class RoundChange(models.Model):
    """The journal of every change to a match's rounds: who, when, before and after."""

    class Action(models.TextChoices):
        ADD = "add", _("added")
        EDIT = "edit", _("corrected")
        DELETE = "delete", _("deleted")
        RESTORE = "restore", _("restored")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=8, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # A correction's points of the round, before and after, one a side in seat order
    # ({"before": [...], "after": [...]}): what the other phones of the table are told.
    points = models.JSONField(null=True, blank=True)
    owner = models.ForeignKey(Owner, null=True, on_delete=models.SET_NULL, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("round change")
        verbose_name_plural = _("round changes")
        ordering = ["at", "id"]
        # A board reads its match's last change (`scoreboard.last_round_change`).
        indexes = [models.Index(fields=["match", "id"], name="change_of_match")]

    def __str__(self) -> str:
        return f"{self.get_action_display()} round {self.round_id} of match {self.match_id}"


class Submission(models.Model):
    """A state-changing form's one-time key ("play again", an import): the form carries a
    fresh key, and a repeated post with it (a double tap, a retry) does the work once."""

    owner = models.ForeignKey(Owner, on_delete=models.CASCADE, related_name="+")
    key = models.UUIDField()
    # What the first post made, for the answer to the repeated one.
    match = models.ForeignKey(Match, null=True, on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["owner", "key"], name="one_submission_per_key")
        ]

    def __str__(self) -> str:
        return f"{self.key} of {self.owner}"


def options_key(preset: str, options: Mapping[str, object]) -> str:
    """One canonical string for a preset and its options, equal whatever the key order."""
    return json.dumps([preset, dict(options)], sort_keys=True, separators=(",", ":"))


class LiveHouseRules(models.Manager):
    """The house rules not deleted. A deleted one is kept only for its Undo, until its owner
    deletes another (`HouseRule.with_deleted` reads it)."""

    def get_queryset(self) -> models.QuerySet:
        return super().get_queryset().filter(deleted_at__isnull=True)


class HouseRule(models.Model):
    """A preset and its option values kept under a name ("Chez Marie"), offered by the set-up.

    A match is not linked to a house rule by a foreign key: it *uses* one when its game,
    preset and complete options are the ones saved, so a match never needs changing when
    a house rule is saved, renamed or deleted. (The history, in `records`, names the
    house rule a match used and lets a person save, list and delete them.)
    """

    id = random_id_field()
    owner = models.ForeignKey(Owner, on_delete=models.CASCADE, related_name="house_rules")
    game = models.CharField(_("game"), max_length=16, choices=GAME_CHOICES)
    name = models.CharField(_("name"), max_length=40)
    preset = models.CharField(_("preset"), max_length=32)
    # The complete option values, as a match stores them.
    options = models.JSONField(_("options"), default=dict)
    # `options_key(preset, options)`, so a match's rules are found by one comparison.
    key = models.CharField(max_length=2000, editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)

    with_deleted = models.Manager()
    objects = LiveHouseRules()

    class Meta:
        # The table kept its name when the model moved here from `records`.
        db_table = "records_houserule"
        default_manager_name = "objects"
        base_manager_name = "with_deleted"
        verbose_name = _("house rule")
        verbose_name_plural = _("house rules")
        ordering = ["game", "name"]
        constraints = [
            # "Chez Marie" and "chez marie" are one name, for the database as for the form.
            # A deleted one aside: its name is free again, its Undo checks it still is.
            models.UniqueConstraint(
                "owner",
                "game",
                Lower("name"),
                name="one_live_house_rule_name_per_game",
                condition=models.Q(deleted_at__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_game_display()})"

    def save(self, *args, **kwargs) -> None:
        """Keep the comparison key in step with the options it stands for."""
        self.key = options_key(self.preset, self.options)
        super().save(*args, **kwargs)

    @property
    def preset_label(self):
        """The preset's name for a reader ("Classic"), not its key in the match file."""
        try:
            return get_game(self.game).preset(self.preset).label
        except KeyError:
            return self.preset

    @classmethod
    def clashes(cls, owner: Owner, game: str, name: str, key: str) -> tuple[str, str]:
        """Among the owner's live house rules of `game`: the name of the one called `name`,
        and the name of the one holding the rules `key`, each "" where there is none. An
        owner keeps one name for one set of rules, so that the set-up names the rule its
        options are. Names are compared here, not by the database: SQLite's `iexact` folds
        ASCII letters only, and "École" and "école" are one name too (an owner keeps a
        few rules a game)."""
        called = holding = ""
        for rule in cls.objects.filter(owner=owner, game=game).only("name", "key"):
            if not called and rule.name.casefold() == name.casefold():
                called = rule.name
            if not holding and rule.key == key:
                holding = rule.name
        return called, holding

    def used_by(self, match: Match) -> bool:
        return match.game == self.game and options_key(match.preset, match.options) == self.key

    def changes(self) -> list[tuple[str, str]]:
        """What this house rule changes from its preset: (option's name, value) as the
        set-up shows them ("Target score", "10")."""
        try:
            game = get_game(self.game)
            preset = game.preset(self.preset)
        except KeyError:
            return []
        return preset_changes(game, preset, self.options)


def share_token() -> str:
    """A link's secret: 192 random bits, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


class ShareLink(models.Model):
    """A link that opens a match to whoever holds it: to follow its scoreboard, or to
    score it too (record and correct rounds). A match has at most one live link of each
    kind; stopping it keeps the row (revoked), and sharing again makes a new secret."""

    class Kind(models.TextChoices):
        FOLLOW = "follow", _("follow")
        SCORE = "score", _("score")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="share_links")
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    token = models.CharField(max_length=64, unique=True, default=share_token, editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("share link")
        verbose_name_plural = _("share links")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "kind"],
                condition=models.Q(revoked_at__isnull=True),
                name="one_live_link_per_kind",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} link of match {self.match_id}"
