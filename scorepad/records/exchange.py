"""The match file, `scorepad.match/1` (docs/match-format.md): export and import.

Export writes what was entered, plus what the rules engine computes from it. Import
reads what was entered, ignores the computed fields, checks every match with the
rules engine before anything is saved, and saves all of them or none.
"""

from __future__ import annotations

import csv
import json
import uuid
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorepad.core.wording import engine_text
from scorepad.limits import MAX_MATCHES_PER_FILE, MAX_ROUNDS_PER_FILE, MAX_ROUNDS_PER_MATCH
from scorepad.matches.models import Match, Owner, Round, match_identity
from scorepad.matches.services import create_played_matches, first_submission
from scorepad.rules import GAMES
from scorepad.rules.base import (
    FieldError,
    MatchState,
    RoundInvalid,
    Setup,
    SetupInvalid,
    name_faults,
)

FORMAT = "scorepad.match/1"
ENTERED = ("format", "game", "preset", "options", "players", "teams", "first_dealer", "rounds")
COMPUTED = ("round_points", "totals", "finished", "winners", "needs_tiebreak")
KNOWN_FIELDS = frozenset((*ENTERED, "created", *COMPUTED))
CSV_HEADER = (
    "match",
    "game",
    "created",
    "status",
    "round",
    "tiebreak",
    "side",
    "points",
    "total",
    "won",
)
EXPORT_CHUNK = 200
MAX_FAULTS_SHOWN = 20
# The earliest date a match of a file may have (`created`).
EARLIEST_CREATED = datetime(1900, 1, 1, tzinfo=UTC)


def timestamp(moment: datetime) -> str:
    # isoformat, not strftime: "%Y" drops the leading zeros of a year before 1000.
    return moment.astimezone(UTC).replace(microsecond=0, tzinfo=None).isoformat() + "Z"


# Export ---------------------------------------------------------------------------


def match_document(match: Match, state: MatchState | None = None) -> dict:
    """One match in the file format, computed fields included."""
    state = state or match.state()
    return {
        "format": FORMAT,
        "game": match.game,
        "preset": match.preset,
        "options": dict(match.options),
        "players": list(match.players),
        "teams": match.teams or None,
        "first_dealer": match.first_dealer,
        "rounds": [round_.data for round_ in match.active_rounds()],
        "created": timestamp(match.created),
        **computed_fields(state),
    }


def computed_fields(state: MatchState) -> dict:
    """What the app computed of a match (`COMPUTED`), as the file writes it."""
    return {
        "round_points": [dict(result.points) for result in state.rounds],
        "totals": dict(state.totals),
        "finished": state.finished,
        "winners": list(state.winners),
        "needs_tiebreak": list(state.needs_tiebreak),
    }


def _written_otherwise(document: dict, state: MatchState) -> bool:
    """Whether the file writes results (`COMPUTED`) other than those its rounds give:
    they are computed anew, as FORMAT.md says, and the import says so (QA: a total
    edited by hand was taken without a word)."""
    computed = json.loads(json.dumps(computed_fields(state)))
    return any(name in document and document[name] != computed[name] for name in COMPUTED)


def oldest_first(matches) -> Iterator[Match]:
    """Matches with their rounds, fetched a chunk at a time however many there are."""
    return (
        # Ids are random: among matches of the same second (a file's, once imported),
        # the one saved first is the one changed first.
        matches.order_by("created", "updated", "id")
        .prefetch_related("rounds")
        .iterator(chunk_size=EXPORT_CHUNK)
    )


def json_list(matches: Iterable[Match]) -> Iterator[str]:
    """A JSON list of match documents, written one match at a time."""
    yield "["
    for index, match in enumerate(matches):
        yield ("\n" if index == 0 else ",\n") + json.dumps(
            match_document(match), ensure_ascii=False
        )
    yield "\n]\n"


# A cell starting with one of these is a formula to a spreadsheet (OWASP, CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A name as a spreadsheet shows it, never runs it: a leading quote makes it text."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_status(match: Match) -> str:
    """The match's status as the history's filter names it, in the file's own words."""
    if match.abandoned_at is not None:
        return "abandoned"
    return "finished" if match.finished else "in_progress"


def csv_lines(matches: Iterable[Match]) -> Iterator[str]:
    """One CSV row per round and scoring side (a tiebreak round: its players only), each
    saying the match's status and, once it is over, whether that side won it."""
    writer = csv.writer(_Echo())
    # A byte order mark first: without it a spreadsheet on Windows reads UTF-8 as its
    # own code page ("ZoÃ«" for Zoë); spreadsheets and Python's "utf-8-sig" skip it.
    yield "\ufeff" + writer.writerow(CSV_HEADER)
    for match in matches:
        state = match.state()
        created, status = timestamp(match.created), csv_status(match)
        for result in state.rounds:
            for side in state.setup.sides:
                if side in result.points:
                    won = int(side in state.winners) if state.finished else ""
                    yield writer.writerow(
                        (
                            match.pk,
                            match.game,
                            created,
                            status,
                            result.number,
                            int(result.tiebreak),
                            spreadsheet_text(side),
                            result.points[side],
                            result.totals[side],
                            won,
                        )
                    )


# Import ---------------------------------------------------------------------------


class ImportRefused(Exception):
    """Every fault found in a file, each naming the match, the round and the field."""

    def __init__(self, faults: list[str]) -> None:
        super().__init__("\n".join(faults))
        self.faults = faults

    @property
    def shown(self) -> list[str]:
        if len(self.faults) <= MAX_FAULTS_SHOWN:
            return self.faults
        more = len(self.faults) - MAX_FAULTS_SHOWN
        return [*self.faults[:MAX_FAULTS_SHOWN], _("… and %(count)s more faults") % {"count": more}]


@dataclass(frozen=True)
class CheckedMatch:
    preset: str
    setup: Setup
    rounds: list
    created: datetime | None
    state: MatchState
    # The file writes other results than its rounds give (`_written_otherwise`).
    written_otherwise: bool = False


def read_documents(content: bytes | str) -> list:
    """The match documents of a file: one match, or a list of them."""
    try:
        text = content.decode("utf-8-sig") if isinstance(content, bytes) else content
    except UnicodeDecodeError:
        raise ImportRefused([_("The file is not UTF-8 text.")]) from None
    try:
        documents = json.loads(text)
    except json.JSONDecodeError as error:
        if text.startswith(",".join(CSV_HEADER[:3])):  # ours, of any version
            # The history offers both exports side by side: the other one was picked.
            raise ImportRefused(
                [
                    _(
                        "This is a CSV export, made for spreadsheets: only a JSON export"
                        " can be imported."
                    )
                ]
            ) from None
        # Where, not what: Python's own words ("Expecting value") are English in any language.
        raise ImportRefused(
            [
                _("The file is not valid JSON (line %(line)s, column %(column)s).")
                % {"line": error.lineno, "column": error.colno}
            ]
        ) from None
    except RecursionError:
        raise ImportRefused(
            [_("The file is not a valid match file: its lists or objects nest too deeply.")]
        ) from None
    except ValueError:
        # Python refuses to read an integer of more than a few thousand digits.
        raise ImportRefused(
            [_("The file is not a valid match file: it holds a number too long to read.")]
        ) from None
    if isinstance(documents, dict):
        documents = [documents]
    if not isinstance(documents, list):
        raise ImportRefused([_("The file must hold one match or a list of matches.")])
    if not documents:
        raise ImportRefused([_("The file holds no match.")])
    if not any(_looks_like_a_match(document) for document in documents):
        # Some other JSON file picked by mistake: said so, not field by field (QA34).
        raise ImportRefused(
            [
                _(
                    "This is not a Scorepad match file. Export one from a match's page or"
                    " from the history, then import that file."
                )
            ]
        )
    if len(documents) > MAX_MATCHES_PER_FILE:
        raise ImportRefused(
            [
                _("A file holds at most %(count)s matches; this one holds %(matches)s.")
                % {"count": MAX_MATCHES_PER_FILE, "matches": len(documents)}
            ]
        )
    try:
        # A lone surrogate ("\ud800" in the JSON) is no text at all: nothing could show it.
        json.dumps(documents, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ImportRefused(
            [_("The file is not a valid match file: it holds a broken character.")]
        ) from None
    return documents


def _looks_like_a_match(document: object) -> bool:
    """A match of a match file, however broken: it names the format (any version), or
    gives the players and rounds a match has."""
    if not isinstance(document, dict):
        return False
    tag = document.get("format")
    if isinstance(tag, str) and tag.startswith(FORMAT.split("/")[0] + "/"):
        return True
    return "players" in document and "rounds" in document


def _where(index: int, document: object) -> str:
    players = document.get("players") if isinstance(document, dict) else None
    if (
        isinstance(players, list)
        and players
        and all(isinstance(p, str) and not name_faults(p, "players") for p in players)
    ):
        return _("Match %(index)s (%(players)s)") % {"index": index, "players": ", ".join(players)}
    return _("Match %(index)s") % {"index": index}


def _faults(
    where: str, errors: Iterable[FieldError], number: int | None = None, *, game=None
) -> list[str]:
    place = where
    if number is not None:  # "round 3", or Escoba's "deal 3"
        if game is not None and game.round_noun == "deal":
            text = pgettext("a deal of cards", "%(match)s, deal %(number)s")
        else:
            text = _("%(match)s, round %(number)s")
        place = text % {"match": where, "number": number}
    return [_at(place, error.field, engine_text(error.message)) for error in errors]


def _at(place: str, field: str, fault: str) -> str:
    """A fault in words, and where it is in the file: its key, in the file's own words
    ("sides.Ada.oros"), unless the fault is the whole round's."""
    if field not in ("", "round"):
        fault = _("%(fault)s (in the file: %(field)s)") % {"fault": fault, "field": field}
    return _("%(place)s: %(fault)s") % {"place": place, "fault": fault}


def check_document(index: int, document: object) -> CheckedMatch:
    """The match checked by the rules engine, or ImportRefused with all its faults."""
    where = _where(index, document)
    if not isinstance(document, dict):
        raise ImportRefused([_("%(match)s: a match must be a JSON object.") % {"match": where}])
    rounds = document.get("rounds")
    fault = _format_fault(document)
    if fault:
        place = _("%(place)s: %(fault)s") % {"place": where, "fault": fault}
        # A newer app's file is nothing to mend: its rounds are not promised a check.
        newer = _newer_format(document.get("format"))
        unchecked = [] if newer else _rounds_unchecked(where, rounds)
        raise ImportRefused([place, *unchecked])
    game = GAMES[document["game"]]
    faults = [_at(where, name, _("unknown field")) for name in document if name not in KNOWN_FIELDS]
    created, created_fault = _created(document.get("created"))
    if created_fault:
        faults.append(_at(where, "created", created_fault))
    setup, setup_faults = _setup_of(where, game, document)
    faults.extend(setup_faults)
    if not isinstance(rounds, list):
        faults.append(_at(where, "rounds", _("rounds must be a list")))
    elif len(rounds) > MAX_ROUNDS_PER_MATCH:
        faults.append(
            _at(
                where,
                "rounds",
                _("a match has at most %(count)s rounds; this one has %(rounds)s")
                % {"count": MAX_ROUNDS_PER_MATCH, "rounds": len(rounds)},
            )
        )
    elif setup is None:
        # Rounds read by wrong players or rules would be faulted wrongly (or passed): the
        # person is told, so that faults found once the set-up is mended do not surprise.
        faults.extend(_rounds_unchecked(where, rounds, game))
    else:
        try:
            rounds = _with_names_kept(game, rounds)
            state = game.score(setup, rounds)
        except RoundInvalid as invalid:
            # The replay wraps each fault as "round n: …"; its cause keeps the fields.
            cause = invalid.__cause__
            errors = cause.errors if isinstance(cause, RoundInvalid) else invalid.errors
            faults.extend(_faults(where, errors, invalid.number, game=game))
    if faults:
        raise ImportRefused(faults)
    preset = document.get("preset", game.presets[0].key)
    otherwise = _written_otherwise(document, state)
    return CheckedMatch(preset, setup, rounds, created, state, written_otherwise=otherwise)


def _with_names_kept(game, rounds: list) -> list:
    """The rounds with their names as the setup keeps the players' (as the app's own
    exports write them): RoundInvalid, numbered, when two of a round's names are one."""
    kept = []
    for number, raw in enumerate(rounds, start=1):
        try:
            kept.append(game.round_with_names_kept(raw))
        except RoundInvalid as invalid:
            raise RoundInvalid(invalid.errors, number) from None
    return kept


def _setup_of(where: str, game, document: dict) -> tuple[Setup | None, list[str]]:
    """The match's players and rules as the engine sets them up, or None and the faults."""
    preset = document.get("preset", game.presets[0].key)
    overrides = document.get("options", {})
    teams = document.get("teams")
    players = document.get("players")
    faults = []
    if not isinstance(overrides, dict):
        faults.append(_at(where, "options", _("options must be a JSON object")))
    if teams is not None and not isinstance(teams, list):
        faults.append(_at(where, "teams", _("teams must be null or a list")))
    if not isinstance(players, list):
        faults.append(_at(where, "players", _("players must be a list of names")))
    if faults:
        return None, faults
    try:
        options = game.resolve_options(preset if isinstance(preset, str) else "", overrides)
        dealer = document.get("first_dealer", players[0] if players else "")
        return game.make_setup(players, options, dealer, teams), []
    except SetupInvalid as invalid:
        return None, _faults(where, invalid.errors)


def _rounds_unchecked(where: str, rounds: object, game=None) -> list[str]:
    """Said of a match refused before its rounds could be checked, if it has any."""
    if not isinstance(rounds, list) or not rounds:
        return []
    if game is not None and game.round_noun == "deal":
        text = pgettext(
            "deals of cards",
            "%(match)s: its deals are checked once the faults above are mended;"
            " more faults may show then.",
        )
    else:
        text = _(
            "%(match)s: its rounds are checked once the faults above are mended;"
            " more faults may show then."
        )
    return [text % {"match": where}]


def _format_fault(document: dict) -> str | None:
    if "format" not in document:  # not "got null": the file never said
        return _("format is missing; each match of a match file gives “%(expected)s”") % {
            "expected": FORMAT
        }
    tag = document["format"]
    if _newer_format(tag):
        # QA: "format must be …/1; got …/2" invited the player to edit the file.
        return _(
            "this file was written by a newer version of Scorepad (format %(got)s), which"
            " this one cannot read yet: it reads “%(expected)s”"
        ) % {"expected": FORMAT, "got": _as_written(tag)}
    if tag != FORMAT:
        return _("format must be “%(expected)s”; got %(got)s") % {
            "expected": FORMAT,
            "got": _as_written(tag),
        }
    game = document.get("game")
    # A list or an object cannot even be looked up among the games (unhashable).
    if not isinstance(game, str) or game not in GAMES:
        return _("unknown game %(game)s") % {"game": _as_written(game)}
    return None


def _newer_format(tag: object) -> bool:
    """Whether `tag` names a later version of this format ("scorepad.match/2")."""
    family, version = FORMAT.rsplit("/", 1)
    if not isinstance(tag, str) or not tag.startswith(family + "/"):
        return False
    number = tag.removeprefix(family + "/")
    return number.isascii() and number.isdigit() and int(number) > int(version)


def _as_written(value: object) -> str:
    """A value of the file in a fault: a text between the quotes the fault's own words
    use (QA39: JSON's straight ones beside a translation's typographic ones), anything
    else as JSON writes it (a number, a list, null)."""
    if isinstance(value, str):
        text = pgettext("a text of the match file, quoted in a fault", "“%(text)s”")
        return text % {"text": value}
    return json.dumps(value, ensure_ascii=False)


def _created(value: object) -> tuple[datetime | None, str | None]:
    if value is None:
        return None, None
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        moment = None
    if moment is None:
        return None, _("created must be a date and time like 2026-11-29T20:15:00Z")
    try:
        # Stored in UTC: a time zone can push the first or the last day out of the calendar.
        moment = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except OverflowError:
        moment = None
    # A match of year 1 broke every page that showed its date west of UTC (the phone's
    # zone pushed it out of the calendar), and one dated later than now is a broken file
    # that would head the history for ever. A day's slack: a phone's clock a little ahead.
    if moment is None or not EARLIEST_CREATED <= moment <= timezone.now() + timedelta(days=1):
        return None, _("created must fall between the year 1900 and today")
    return moment, None


def check_documents(documents: list) -> list[CheckedMatch]:
    """Every match checked; ImportRefused lists the faults of all of them."""
    rounds = sum(
        len(document["rounds"])
        for document in documents
        if isinstance(document, dict) and isinstance(document.get("rounds"), list)
    )
    if rounds > MAX_ROUNDS_PER_FILE:
        raise ImportRefused(
            [
                _("A file holds at most %(count)s rounds in all; this one holds %(rounds)s.")
                % {"count": MAX_ROUNDS_PER_FILE, "rounds": rounds}
            ]
        )
    checked: list[CheckedMatch] = []
    faults: list[str] = []
    for index, document in enumerate(documents, start=1):
        try:
            checked.append(check_document(index, document))
        except ImportRefused as refused:
            faults.extend(refused.faults)
    if faults:
        raise ImportRefused(faults)
    return checked


class AlreadyImported(Exception):
    """The same import form was posted again (a double tap, a retry): nothing more saved."""


def save_matches(
    owner: Owner,
    checked: Iterable[CheckedMatch],
    *,
    key: uuid.UUID | None = None,
    new_only: bool = False,
) -> list[Match]:
    """Create the checked matches, all in one transaction, in the file's order; once per
    form `key`. `new_only`: not those the owner's history already holds (the same file
    imported again, a backup brought back to the phone it came from)."""
    return [match for _entry, match in save_entries(owner, checked, key=key, new_only=new_only)]


def save_entries(
    owner: Owner,
    checked: Iterable[CheckedMatch],
    *,
    key: uuid.UUID | None = None,
    new_only: bool = False,
) -> list[tuple[CheckedMatch, Match]]:
    """`save_matches`, each match created beside the file's entry it was made from."""
    checked = list(checked)
    with transaction.atomic():
        if first_submission(owner, key) is None:
            raise AlreadyImported
        if new_only:
            met = _met(owner, checked)
            checked = [entry for entry, held in zip(checked, met, strict=True) if held is None]
        return list(zip(checked, create_played_matches(owner, checked), strict=True))


@dataclass(frozen=True)
class HeldOtherwise:
    """A match of the file that the owner's history holds otherwise, as the history holds
    it (`held`); `further_on`: with every round of the file and rounds played since (an
    export taken before the last rounds), nothing of the file's missing from it."""

    held: Match | CheckedMatch
    further_on: bool


def held_changed_since(owner: Owner, checked: Iterable[CheckedMatch]) -> list[HeldOtherwise]:
    """The matches of the file the owner's history holds changed since (an older or newer
    export of a match played on, corrected or renamed): `save_matches` leaves them out
    too. A match the file holds twice, its copies told apart, is its first copy, which the
    import keeps."""
    checked = list(checked)
    met = _met(owner, checked)
    return [
        HeldOtherwise(
            held.source,
            further_on=len(held.rounds) > len(entry.rounds)
            and _version(held.source, held.rounds[: len(entry.rounds)]) == _version(entry),
        )
        for entry, held in zip(checked, met, strict=True)
        if held is not None and held.version != _version(entry)
    ]


@dataclass(frozen=True)
class _Held:
    """What the history (or the file, earlier on) holds of a match (`_version`), and
    where: the history's match, or the file's first copy of it, with its rounds' entries."""

    version: str
    source: Match | CheckedMatch
    rounds: list


def _met(owner: Owner, checked: list[CheckedMatch]) -> list[_Held | None]:
    """For each match of the file, what the history holds of it, or None when it is new.
    A match met earlier in the file counts as held: the file's first copy is imported, so
    a second would count that match twice in the statistics (QA39)."""
    held = _held(owner, checked)
    met = []
    for entry in checked:
        identity = _identity(entry)
        found = held.get(identity) if identity is not None else None
        if identity is not None and found is None:
            held[identity] = _Held(_version(entry), entry, entry.rounds)
        met.append(found)
    return met


def _identity(entry: CheckedMatch | Match) -> str | None:
    """What makes a match of the file and one of the history one (`match_identity`);
    None for a match of the file without a date."""
    if isinstance(entry, Match):
        return entry.identity
    if entry.created is None:
        return None
    setup = entry.setup
    return match_identity(
        setup.game, entry.preset, setup.options, len(setup.players), entry.created
    )


def _version(entry: CheckedMatch | Match, rounds: list | None = None) -> str:
    """What a match holds as entered: its players, teams, first dealer and rounds."""
    setup = _parts(entry)[2]
    teams = [[team.name, list(team.players)] for team in setup.teams or ()]
    rounds = entry.rounds if rounds is None else rounds
    return json.dumps(
        [list(setup.players), teams, setup.first_dealer, rounds],
        sort_keys=True,
        ensure_ascii=False,
    )


def _parts(entry: CheckedMatch | Match) -> tuple:
    if isinstance(entry, Match):
        return entry.game, entry.preset, entry.setup(), entry.created
    return entry.setup.game, entry.preset, entry.setup, entry.created


def _held(owner: Owner, checked: list[CheckedMatch]) -> dict[str, _Held]:
    """The identities of the owner's matches (not deleted) that a match of the file may
    be, with what each holds. Two queries."""
    dates = [entry.created for entry in checked if entry.created]
    held = _held_among(owner, dates, {entry.setup.game for entry in checked})
    return {
        identity: _Held(_version(match, rounds), match, rounds)
        for identity, (match, rounds) in held.items()
    }


def _held_among(
    owner: Owner, dates: list[datetime], games: set[str]
) -> dict[str, tuple[Match, list]]:
    """The identities of the owner's matches (not deleted) of `games` dated to the second
    as one of `dates`, with each match and its entries. Two queries."""
    if not dates or owner.pk is None:
        return {}
    seconds = {timestamp(moment) for moment in dates}
    candidates = [
        match
        for match in owner.matches.filter(
            deleted_at__isnull=True,
            game__in=games,
            created__gte=min(dates).replace(microsecond=0),
            created__lte=max(dates).replace(microsecond=999_999),
        )
        if timestamp(match.created) in seconds
    ]
    rounds = _entries(candidates)
    return {_identity(match): (match, rounds[match.pk]) for match in candidates}


def _entries(matches: list[Match]) -> dict[int, list]:
    """The live rounds' entries of each of `matches`, in order. One query."""
    rounds: dict[int, list] = defaultdict(list)
    entered = Round.objects.filter(match__in=matches, deleted_at__isnull=True)
    for match_id, data in entered.order_by("match_id", "number").values_list("match_id", "data"):
        rounds[match_id].append(data)
    return rounds


def copies_held(owner: Owner, matches: list[Match]) -> list[Match]:
    """Those of `matches` (another owner's) that `owner`'s history holds as they are, or
    further on: the same match (`match_identity`) with the same entries, or with them
    and rounds played since, as a match file imported on one phone makes of a match
    played on another (QA28: an export taken before the last rounds). A copy changed
    otherwise (corrected, renamed, played on itself) is not one. Three queries."""
    held = _held_among(owner, [match.created for match in matches], {m.game for m in matches})
    if not held:
        return []
    rounds = _entries(matches)
    copies = []
    for match in matches:
        theirs, their_rounds = held.get(match.identity, (None, []))
        mine = rounds[match.pk]
        if theirs is not None and _version(match, mine) == _version(
            theirs, their_rounds[: len(mine)]
        ):
            copies.append(match)
    return copies
