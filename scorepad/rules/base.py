"""What every game shares: texts, options, setups, round results and the match state.

The games (cabo.py, escoba.py, cabanga.py) hold every rule of their own; this module
only holds the vocabulary they all speak and the replay loop that turns a list of
entered rounds into a match state. Nothing here knows about Django: user-facing
texts are marked with ``gettext_noop`` and translated by whoever renders them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal, overload


def gettext_noop(message: str) -> str:
    """Mark a message for translation; makemessages finds the literal call sites."""
    return message


def _untranslated(message: str) -> str:
    return message


@dataclass(frozen=True)
class Text:
    """A message template and its named parameters, translated only when rendered."""

    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = _untranslated, *, sentence=False) -> str:
        """The text in the language of `translate`; as a `sentence`, its first letter a
        capital (the engine's texts start lower-case, to follow "round 2: "), unless it
        starts with a parameter (a player's name stays as it was given)."""
        # gettext("") returns the catalogue header, so an empty text stays empty.
        if not self.template:
            return ""
        template = translate(self.template)
        params = {
            name: _param_text(value, template, name, translate)
            for name, value in self.params.items()
        }
        if sentence:
            template = template[:1].upper() + template[1:]
        return template.format(**params)

    def render_within(self, outer: str, name: str, translate: Callable[[str], str]) -> str:
        """This text as parameter `name` of the translated template `outer`."""
        return self.render(translate)

    def __str__(self) -> str:
        return self.render()


def number_text(value: int) -> str:
    """A whole number as the pages write it: a minus sign, not a hyphen ("−1"), as the
    scoreboards write it."""
    return f"\u2212{-value}" if value < 0 else str(value)


def points_text(value: int) -> str:
    """A round's points as the scoreboards write them: signed always ("+3", "+0", "−2")."""
    return f"+{value}" if value >= 0 else number_text(value)


def _param_text(value: object, template: str, name: str, translate: Callable[[str], str]):
    """A parameter as a text shows it: a text rendered in place, a number below zero with
    a minus sign (`number_text`), anything else as it is."""
    if isinstance(value, Text):
        return value.render_within(template, name, translate)
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return number_text(value)
    return value


@dataclass(frozen=True)
class Label(Text):
    """An option's name inside a message: as written ("Target score") where the message
    starts with it, else with a small first letter ("unknown value 7 for target score",
    "valeur inconnue 7 pour score cible"), unless it starts with two capitals."""

    def render_within(self, outer: str, name: str, translate: Callable[[str], str]) -> str:
        text = self.render(translate)
        if outer.startswith("{" + name + "}") or text[1:2].isupper():
            return text
        return text[:1].lower() + text[1:]


NO_TEXT = Text("")


def join_names(names: Sequence[str]) -> Text | str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Chloé": each joint goes through translation."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return Text(gettext_noop("{first} and {last}"), {"first": names[0], "last": names[1]})
    return Text(gettext_noop("{first}, {rest}"), {"first": names[0], "rest": join_names(names[1:])})


# Options -------------------------------------------------------------------------


class OptionError(Exception):
    def __init__(self, message: Text) -> None:
        super().__init__(str(message))
        self.message = message


_TRUE_WORDS = frozenset({"true", "1", "on", "yes"})
_FALSE_WORDS = frozenset({"false", "0", "off", "no"})
_WHOLE_NUMBER = re.compile(r"[+-]?\d+")


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    help: str = ""


@dataclass(frozen=True)
class Option:
    name: str
    kind: Literal["bool", "int", "choice"]
    default: bool | int | str
    label: str
    help: str
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def clean(self, value: object) -> bool | int | str:
        """The option's value in its native type, or OptionError naming the fault."""
        label = Label(self.label)
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str):
                word = value.strip().lower()
                if word in _TRUE_WORDS:
                    return True
                if word in _FALSE_WORDS:
                    return False
            raise OptionError(Text(gettext_noop("{label} must be on or off"), {"label": label}))
        if self.kind == "int":
            # bool is an int to Python, but True is never a meant number of points.
            if isinstance(value, int) and not isinstance(value, bool):
                number = value
            elif isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()):
                number = int(value.strip())
            else:
                raise OptionError(
                    Text(gettext_noop("{label} must be a whole number"), {"label": label})
                )
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise OptionError(
                    Text(
                        gettext_noop("{label} must be between {minimum} and {maximum}"),
                        {"label": label, "minimum": self.minimum, "maximum": self.maximum},
                    )
                )
            return number
        if isinstance(value, str) and value in {choice.value for choice in self.choices}:
            return value
        raise OptionError(
            Text(
                gettext_noop("unknown value {value} for {label}"),
                {"value": str(value), "label": label},
            )
        )


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    help: str
    values: Mapping[str, object]
    # The language of the tables that play it (the rule sheet it comes from): a set-up
    # in that language offers it first (`Game.preset_for`).
    language: str | None = None


# Faults --------------------------------------------------------------------------


@dataclass(frozen=True)
class FieldError:
    """A fault and the input it belongs to ("caller", "hands.Ana", "sides.Ana.cards",
    "options.target", or "round" for the round as a whole); of the players, the seat
    it is about when it is one (the index in the players given), so that a page says it
    there: the later seat of a name given twice."""

    field: str
    message: Text
    seat: int | None = None


def fault(template: str, field_name: str, **params: object) -> FieldError:
    """A fault of one input: a marked message template and its parameters."""
    return FieldError(field_name, Text(template, params))


class _Invalid(Exception):
    def __init__(self, errors: Iterable[FieldError]) -> None:
        self.errors: tuple[FieldError, ...] = tuple(errors)
        super().__init__("; ".join(f"{error.field}: {error.message}" for error in self.errors))


class RoundInvalid(_Invalid):
    """Every fault of one entered round; ``number`` is set when replaying a match."""

    def __init__(self, errors: Iterable[FieldError], number: int | None = None) -> None:
        super().__init__(errors)
        self.number = number


class MatchOver(RoundInvalid):
    """A round played after the end of the match."""


class SetupInvalid(_Invalid):
    pass


# Setup, rounds and state ---------------------------------------------------------


@dataclass(frozen=True)
class SetupSuggestion:
    """An option value the set-up page offers once enough players sit down (RULES.md:
    Cabo suggests two decks for five or six players). The page shows `text` with a
    button (`action`) that sets `option` to `value`, then says `done`."""

    players: int  # from this many players on
    option: str
    value: object
    # The options that must hold one of these values for the suggestion to stand.
    when: Mapping[str, tuple[object, ...]]
    text: str
    action: str
    done: str

    def applies(self, players: int, options: Mapping[str, object]) -> bool:
        """Whether the set-up should offer it: enough players, the options it needs, and
        the option not already at its value."""
        return (
            players >= self.players
            and all(options.get(name) in values for name, values in self.when.items())
            and options.get(self.option) != self.value
        )


@dataclass(frozen=True)
class Team:
    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Setup:
    game: str
    players: tuple[str, ...]
    options: Mapping[str, object]
    first_dealer: str
    teams: tuple[Team, ...] | None = None

    @property
    def sides(self) -> tuple[str, ...]:
        """Who scores: the teams when there are teams, else the players."""
        if self.teams:
            return tuple(team.name for team in self.teams)
        return self.players

    def dealer_of(self, number: int) -> str:
        """The dealer of round ``number`` (1-based): one seat on per round, tiebreaks too."""
        start = self.players.index(self.first_dealer)
        return self.players[(start + number - 1) % len(self.players)]

    def seated_after(self, player: str, among: Iterable[str] | None = None) -> str:
        """The next player after ``player`` in seat order, skipping those not in ``among``."""
        playing = set(self.players if among is None else among)
        start = self.players.index(player)
        for step in range(1, len(self.players) + 1):
            candidate = self.players[(start + step) % len(self.players)]
            if candidate in playing:
                return candidate
        return self.players[(start + 1) % len(self.players)]


@dataclass(frozen=True)
class RoundResult:
    number: int
    points: Mapping[str, int]
    totals: Mapping[str, int]
    explanation: tuple[Text, ...]
    topics: tuple[str, ...]
    tiebreak: bool
    dealer: str
    first_player: str
    detail: object
    # Sides whose total a rule set after adding the round's points (Cabo's exactly 100
    # going back to 50): the board marks those totals and says why (`Game.adjusted_note`).
    adjusted: frozenset[str] = frozenset()
    # What the game carries from round to round (who was already reset, running counts),
    # so that the next round never looks back over the earlier ones. Not part of the
    # result itself: two results that say the same thing are equal whatever they carry.
    carried: Mapping[str, object] = field(default_factory=dict, compare=False, repr=False)


class _Results(Sequence[RoundResult]):
    """What the engine's views of a match's results share: a result by its place (or a
    slice, taken one place at a time), and equality with any sequence of the same
    results. A subclass says its length and gives the result at a place (`_at`)."""

    __slots__ = ()

    def _at(self, position: int) -> RoundResult:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> RoundResult: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[RoundResult, ...]: ...
    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self._at(position) for position in range(*index.indices(len(self))))
        return self._at(self._place(index))

    def _place(self, index: int) -> int:
        """`index` counted from the start; IndexError past either end."""
        place = index + len(self) if index < 0 else index
        if not 0 <= place < len(self):
            raise IndexError(index)
        return place

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


class Played(_Results):
    """The first ``length`` results of a replay in progress, without copying them: the
    replay hands one to every round, so a copy there would make it cost the square of
    the rounds."""

    __slots__ = ("_length", "_results")

    def __init__(self, results: list[RoundResult], length: int) -> None:
        self._results = results
        self._length = length

    def __len__(self) -> int:
        return self._length

    def _at(self, position: int) -> RoundResult:
        return self._results[position]


class NotAtHand(LookupError):
    """A round result asked of `LastRounds` that it does not hold: a bug, not a fault of
    the match (no round looks back further than the one before it)."""


class LastRounds(_Results):
    """The results of a match of `length` rounds, of which only the last ones are at
    hand: a kept state read without its earlier rounds, to play the next round and show
    the last ones. Its length and its last results are those of the whole match; asking
    for an earlier one (or going over them all) raises NotAtHand, never a silent gap."""

    __slots__ = ("_last", "_length")

    def __init__(self, length: int, last: Sequence[RoundResult]) -> None:
        if len(last) > length:
            raise ValueError("more last rounds than rounds")
        self._length = length
        self._last = tuple(last)

    def __len__(self) -> int:
        return self._length

    def _at(self, position: int) -> RoundResult:
        first = self._length - len(self._last)
        if position < first:
            raise NotAtHand(f"round {position + 1} of {self._length}: only the last are at hand")
        return self._last[position - first]

    def __iter__(self) -> Iterator[RoundResult]:
        if len(self._last) < self._length:
            raise NotAtHand(f"the {self._length} rounds: only the last are at hand")
        return iter(self._last)


class _Continued(_Results):
    """`before` and the results added after it, without copying `before` (it may be
    `LastRounds`): the list `Game._play` appends the next round's result to."""

    __slots__ = ("_added", "_before")

    def __init__(self, before: Sequence[RoundResult]) -> None:
        self._before = before
        self._added: list[RoundResult] = []

    def __len__(self) -> int:
        return len(self._before) + len(self._added)

    def _at(self, position: int) -> RoundResult:
        added = position - len(self._before)
        return self._before[position] if added < 0 else self._added[added]

    def __setitem__(self, index: int, result: RoundResult) -> None:
        added = self._place(index) - len(self._before)
        if added < 0:
            raise IndexError("only an added result can be replaced")
        self._added[added] = result

    def append(self, result: RoundResult) -> None:
        self._added.append(result)

    def __iter__(self) -> Iterator[RoundResult]:
        yield from self._before
        yield from self._added

    def done(self) -> Sequence[RoundResult]:
        """The results as a match state holds them: a tuple, or `LastRounds` again."""
        if isinstance(self._before, LastRounds):
            return LastRounds(len(self), (*self._before._last, *self._added))
        return (*self._before, *self._added)


@dataclass(frozen=True)
class MatchState:
    setup: Setup
    # A tuple of every round's result, or `LastRounds` (a kept state read with its last
    # rounds only): its length and its last results are always the whole match's.
    rounds: Sequence[RoundResult]
    totals: Mapping[str, int]
    finished: bool
    winners: tuple[str, ...]
    needs_tiebreak: tuple[str, ...]
    leaders: tuple[str, ...]
    lower_is_better: bool
    next_dealer: str
    next_first_player: str
    status: Text
    distance: Mapping[str, int] | None
    rounds_left: int | None

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1

    def turns_after_next(self) -> tuple[tuple[tuple[str, str], ...], int | None]:
        """Who deals and who plays first in the rounds after the next one, if the match
        goes on as usual, for a phone that keeps rounds without a connection and cannot
        ask: a seat on each round, so one turn a seat, coming round again; and how many
        rounds after the next the match has at most (None: no last round known ahead).
        No turn when the next round is a tiebreak (who deals after it depends on how it
        ends), or there is none."""
        if self.finished or self.needs_tiebreak:
            return (), 0
        turns = []
        for ahead in range(1, len(self.setup.players) + 1):
            dealer = self.setup.dealer_of(len(self.rounds) + 1 + ahead)
            turns.append((dealer, self.setup.seated_after(dealer)))
        after_next = None if self.rounds_left is None else max(self.rounds_left - 1, 0)
        return tuple(turns), after_next


def is_whole_number(value: object) -> bool:
    """A real int: the web form converts, so a bool, float or string here is a bug."""
    return isinstance(value, int) and not isinstance(value, bool)


def side_of(setup: Setup, player: str) -> str:
    """The side that scores for `player`: their team, or themselves."""
    for team in setup.teams or ():
        if player in team.players:
            return team.name
    return player


def in_seat_order(setup: Setup, names: Iterable[str]) -> tuple[str, ...]:
    wanted = set(names)
    return tuple(side for side in setup.sides if side in wanted)


def winner_status(winners: Sequence[str], teams: bool = False) -> Text:
    """ "Ana wins", but "Ana & Cai win": a team takes the plural, as shared victories do."""
    if len(winners) == 1 and teams:
        return Text(gettext_noop("{team} win"), {"team": winners[0]})
    if len(winners) == 1:
        return Text(gettext_noop("{side} wins"), {"side": winners[0]})
    return Text(gettext_noop("{sides} share the victory"), {"sides": join_names(winners)})


@dataclass(frozen=True)
class Standing:
    """One side's place at the end of a match; equal places are shared."""

    place: int
    side: str
    total: int
    winner: bool
    shared: bool
    note: Text = NO_TEXT


# Names ---------------------------------------------------------------------------

# What a scoreboard column holds; the web form and the match file share it.
MAX_NAME_LENGTH = 40
# A team's name is its two players' names joined ("Ana & Ben") at most.
MAX_TEAM_NAME_LENGTH = 2 * MAX_NAME_LENGTH + 3
# Control characters and lone surrogates: invisible in a name, and PostgreSQL refuses
# NUL and lone surrogates in JSON.
_REFUSED_IN_NAMES = frozenset(("Cc", "Cs"))

# Characters that show nothing (QA50: "Anne" and "Anne" with a zero-width space after it
# sat at one table, and a name of a zero-width space alone was a player): those Unicode
# says to draw as nothing (Default_Ignorable_Code_Point: the zero-width space and
# joiners, the word joiner, the byte order mark, the direction marks and embeddings, the
# variation selectors, the Hangul fillers, the tags...) and the other format characters
# that draw nothing of their own (Unicode's Cf but for the prepended signs that do,
# U+0600-0605 and the like); and the blank Braille pattern (U+2800), drawn as a space but
# not one. A name is kept without them, as without the spaces around it.
# `static/js/setup.js` has the same list (tests/rules/test_base.py holds them equal).
_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)
# Of those, what some names need between their visible characters: the joiners (ZWJ,
# ZWNJ) that make one emoji of several (a family: woman ZWJ woman ZWJ girl) or join
# letters as a script needs (Persian, Indic), the selectors that pick how the character
# before them looks (a red heart: U+2764 U+FE0F), and the tags that make the black flag
# before them a country's (Scotland's). Kept there and nowhere else; the joiners and the
# selectors never set two players apart (`player_key`).
_JOINERS = frozenset("\u200c\u200d")
_SELECTORS = re.compile("[\u180b-\u180d\u180f\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_FLAG = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")


def _visible(character: str) -> bool:
    return bool(character) and not character.isspace() and not _INVISIBLE.match(character)


def shown_name(name: str) -> str:
    """`name` without what shows nothing (`_INVISIBLE`), but for a joiner between two
    visible characters, a selector after one, and a flag's tags: what the players see."""
    if not _INVISIBLE.search(name):
        return name
    kept = []
    at = 0
    while at < len(name):
        character, after = name[at], name[at + 1 : at + 2]
        if flag := _FLAG.match(name, at):
            kept.append(flag.group())
            at = flag.end()
            continue
        before = kept[-1][-1] if kept else ""
        if not _INVISIBLE.match(character):
            kept.append(character)
        elif character in _JOINERS:
            if (_visible(before) or _SELECTORS.match(before)) and _visible(after):
                kept.append(character)
        elif _SELECTORS.match(character) and _visible(before):
            kept.append(character)
        at += 1
    return "".join(kept)


def clean_name(name: str) -> str:
    """A name as it is kept: composed (NFC), trimmed and without the characters that
    show nothing (`shown_name`), so that "é" typed as one or as two code points is one
    name, and a name of a zero-width space alone is no name."""
    return unicodedata.normalize("NFC", shown_name(name)).strip()


def typed_name(name: str) -> str:
    """A name typed on a page, as the match keeps it: clean, and each run of spaces
    inside it one space ("Jean  Luc" is kept "Jean Luc"), so that the suggestions never
    offer a spelling only its spaces set apart. A match file's names are kept as the
    file has them (`clean_name`): exporting and importing again gives the same match."""
    return _INNER_SPACES.sub(" ", clean_name(name))


# A run of spaces of any width; not control characters (a tab), which a name never holds
# and the name rules refuse rather than turn into a space.
_INNER_SPACES = re.compile(r"[^\S\x00-\x1f\x7f-\x9f]+")


def player_key(name: str) -> str:
    """When two typed names are one player: equal keys. Case (ß is ss) and accents (é is
    e) are set aside, spaces collapsed, and what shows nothing (a zero-width space, the
    joiner inside an emoji); any other difference is kept ("Seb" and "Sébastien" are
    two players). One table never seats two names of one key; the statistics, the
    history and the accounts group players by it."""
    decomposed = unicodedata.normalize("NFKD", shown_name(name).casefold())
    bare = "".join(
        char
        for char in decomposed
        if not unicodedata.combining(char) and char not in _JOINERS and not _SELECTORS.match(char)
    )
    return " ".join(bare.split())


def name_faults(name: str, field_name: str, maximum: int = MAX_NAME_LENGTH) -> list[FieldError]:
    """The one name rule, for the web form and the match file alike."""
    faults = []
    if any(unicodedata.category(character) in _REFUSED_IN_NAMES for character in name):
        faults.append(fault(gettext_noop("a name cannot hold control characters"), field_name))
    if len(name) > maximum:
        faults.append(
            fault(gettext_noop("a name has at most {count} characters"), field_name, count=maximum)
        )
    return faults


# What the pages ask a game ------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One line of a player's statistics in a game: how often an event happened
    (`count`), or one event's count over another's (`per`), shown as an average or a
    rate. The events are what `Game.round_events` reports for each round. An `optional`
    figure counts what only some options make possible (Cabo's kamikaze): it is shown
    once it happened, not as a 0 to players who never played with the option."""

    key: str
    label: str
    count: str
    per: str | None = None
    kind: Literal["count", "average", "percent"] = "count"
    optional: bool = False

    def value(self, events: Mapping[str, int]) -> int | float | None:
        """The figure over these events; None when there is nothing to divide by."""
        if self.per is None:
            return events.get(self.count, 0)
        over = events.get(self.per, 0)
        return events.get(self.count, 0) / over if over else None


@dataclass(frozen=True)
class CardGroup:
    """One button of a card grid: the cards of one rank that count the same, and how
    many copies of each the match's deck holds (None: no limit)."""

    rank: str
    value: int
    codes: tuple[str, ...]
    copies: int | None


@dataclass(frozen=True)
class ValueLine:
    """One line of a game's card values, as its rules pages list them: the cards it
    stands for (codes the game knows, drawn in its `card_decks`; none where the pages
    say them in words, `label`), what one of them counts, and its power (a key of
    `Game.powers`), if it has one."""

    cards: tuple[str, ...]
    points: int
    power: str | None = None
    label: str = ""


# The game ------------------------------------------------------------------------


class Game:
    """One card game: its options and presets, and how its rounds are checked and scored.

    A subclass supplies the class attributes, ``parse_round``, ``play_round`` (one
    round's result from the state before it) and ``conclude`` (the state after a
    list of results).
    """

    key: str
    name: str
    tagline: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    presets: tuple[Preset, ...]
    lower_is_better: bool
    topics: tuple[str, ...] = ()
    # What its players call one round: the pages say "deal" for Escoba.
    round_noun: Literal["round", "deal"] = "round"
    # Where an entered round names players or sides: fields holding one name, and
    # fields holding a mapping keyed by names (see `rename_round`).
    round_name_fields: tuple[str, ...] = ()
    round_named_maps: tuple[str, ...] = ()
    # One sentence the set-up page shows under the players, when the game needs one.
    setup_hint: str = ""
    # Option values the set-up offers as the players sit down (`SetupSuggestion`).
    setup_suggestions: tuple[SetupSuggestion, ...] = ()
    # What the end line of a match is called on its chart: a target to reach, or a
    # threshold not to pass (a match ended by a number of rounds has neither).
    end_kind: Literal["target", "threshold"] = "target"
    # True when a tie at the end is played off in rounds among the tied players only.
    tiebreak_rounds: bool = False
    # A player's statistics in this game (see `round_events`), and a note under them.
    figures: tuple[Figure, ...] = (
        Figure("rounds", gettext_noop("Rounds played"), "rounds"),
        Figure("points", gettext_noop("Points per round"), "points", per="rounds", kind="average"),
    )
    figures_note: str = ""
    # The event (`round_events`) the note speaks of: it is shown only under figures
    # that counted some, so that a note about teams is not read by who never played in
    # one (QA). Empty: the note is always shown.
    figures_note_event: str = ""
    # What the board's mark on a total a rule set (`RoundResult.adjusted`) means.
    adjusted_note: str = ""
    # The decks the cards of `value_lines` are drawn in, as the pages draw them: the
    # main one, then one that holds the same cards otherwise ("french": 52 cards, the
    # jokers and Cabo's numbered cards; "spanish": 40 cards; "stripped-french": the
    # Spanish cards as a French deck without its 8s, 9s and 10s plays them).
    card_decks: tuple[str, ...] = ()
    # What each power a card can have (`ValueLine.power`) is called, and what it does.
    powers: Mapping[str, tuple[str, str]] = MappingProxyType({})

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def preset(self, key: str) -> Preset:
        for preset in self.presets:
            if preset.key == key:
                return preset
        raise KeyError(key)

    def preset_for(self, language: str | None) -> str:
        """The preset a table speaking `language` most likely plays: the one of its rule
        sheet (`Preset.language`), else the first."""
        base = (language or "").split("-")[0]
        for preset in self.presets:
            if preset.language == base:
                return preset.key
        return self.presets[0].key

    def resolve_options(self, preset_key: str, overrides: Mapping[str, object]) -> dict:
        """The preset's values with the overrides applied, every one cleaned."""
        errors: list[FieldError] = []
        try:
            values = dict(self.preset(preset_key).values)
        except KeyError:
            errors.append(
                FieldError(
                    "preset",
                    Text(gettext_noop("unknown preset {preset}"), {"preset": str(preset_key)}),
                )
            )
            values = dict(self.presets[0].values)
        values.update(self._clean_options(overrides, errors))
        if errors:
            raise SetupInvalid(errors)
        return values

    def _clean_options(self, given: Mapping[str, object], errors: list[FieldError]) -> dict:
        cleaned = {}
        known = {option.name for option in self.options}
        for name, value in given.items():
            if name not in known:
                errors.append(
                    FieldError(
                        f"options.{name}",
                        Text(gettext_noop("unknown option {name}"), {"name": str(name)}),
                    )
                )
                continue
            try:
                cleaned[name] = self.option(name).clean(value)
            except OptionError as error:
                errors.append(FieldError(f"options.{name}", error.message))
        return cleaned

    def make_setup(
        self,
        players: Sequence[str],
        options: Mapping[str, object],
        first_dealer: str,
        teams: Sequence[Team | Mapping[str, object]] | None = None,
    ) -> Setup:
        """A checked setup; missing options take the default preset's value."""
        errors: list[FieldError] = []
        names = self._check_players(players, errors)
        dealer = clean_name(first_dealer) if isinstance(first_dealer, str) else ""
        if dealer not in names:
            errors.append(
                FieldError(
                    "first_dealer",
                    Text(gettext_noop("the first dealer must be one of the players")),
                )
            )
        complete = dict(self.presets[0].values)
        complete.update(self._clean_options(options or {}, errors))
        checked_teams = self.check_teams(names, teams, errors)
        if errors:
            raise SetupInvalid(errors)
        return Setup(self.key, names, complete, dealer, checked_teams)

    def player_faults(self, players: Sequence[str]) -> list[FieldError]:
        """What is wrong with these players alone (how many, their names), whatever the
        options: for a set-up sent back with other faults, to tell them all at once."""
        errors: list[FieldError] = []
        self._check_players(players, errors)
        return errors

    def _check_players(self, players: Sequence[str], errors: list[FieldError]) -> tuple[str, ...]:
        if isinstance(players, str) or not all(isinstance(name, str) for name in players):
            errors.append(
                FieldError("players", Text(gettext_noop("players must be a list of names")))
            )
            return ()
        names = tuple(clean_name(name) for name in players)
        for name in names:
            # Once per fault: ten players with a control character are one message.
            for error in name_faults(name, "players"):
                if error not in errors:
                    errors.append(error)
        if not self.min_players <= len(names) <= self.max_players:
            errors.append(
                FieldError(
                    "players",
                    Text(
                        gettext_noop("{game} is for {minimum} to {maximum} players; got {count}"),
                        {
                            "game": Text(self.name),
                            "minimum": self.min_players,
                            "maximum": self.max_players,
                            "count": len(names),
                        },
                    ),
                )
            )
        if any(not name for name in names):
            errors.append(FieldError("players", Text(gettext_noop("every player needs a name"))))
        # "Ana" and "ana", "Zoe" and "Zoë", at one table are one person to the players
        # reading the board, and to the statistics (`player_key`).
        seen: dict[str, str] = {}
        for seat, name in enumerate(names):
            earlier = seen.get(player_key(name)) if name else None
            if earlier == name:
                said = Text(gettext_noop("{player} appears twice"), {"player": name})
            elif earlier is not None:
                # Typed once each: the message says which other name it is taken for (QA43:
                # "Zoë appears twice" puzzled a player who typed Zoë once).
                said = Text(
                    gettext_noop(
                        "{player} is the same name as {earlier}, capitals and accents aside"
                    ),
                    {"player": name, "earlier": earlier},
                )
            if earlier is not None:
                errors.append(FieldError("players", said, seat))
            seen.setdefault(player_key(name), name)
        return names

    def renamed(
        self, setup: Setup, names: Sequence[str], first_dealer: str
    ) -> tuple[Setup, dict[str, str]]:
        """The setup with its players renamed seat by seat and its first dealer chosen
        again, checked as a new setup is; and every old player or side name mapped to
        its new one. A team named after its players takes their new names."""
        if (
            isinstance(names, str)
            or len(names) != len(setup.players)
            or not all(isinstance(name, str) for name in names)
        ):
            raise SetupInvalid(
                [FieldError("players", Text(gettext_noop("give one name for every seat")))]
            )
        # As the new setup keeps them (`clean_name`): the rounds are renamed to those.
        cleaned = [clean_name(name) for name in names]
        mapping = dict(zip(setup.players, cleaned, strict=True))
        teams = None
        if setup.teams:
            teams = []
            for team in setup.teams:
                members = tuple(mapping[player] for player in team.players)
                named_after = team.name == " & ".join(team.players)
                teams.append(Team(" & ".join(members) if named_after else team.name, members))
        renamed = self.make_setup(cleaned, setup.options, first_dealer, teams)
        for old, new in zip(setup.teams or (), renamed.teams or (), strict=True):
            mapping[old.name] = new.name
        return renamed, mapping

    def rename_round(self, raw: Mapping, names: Mapping[str, str]) -> dict:
        """One entered round with every player or side name replaced through `names`."""
        return self._round_named(raw, lambda name: names.get(name, name))

    def round_with_names_kept(self, raw: object) -> object:
        """A round as a match file writes it, its names as the setup keeps the players'
        (`clean_name`): a hand-written "Mathe\u0301o" or "Lieke " is then the player it
        was written for in `players` too. Two names that become one ("Ana" and "Ana ")
        are refused, not merged. Anything but a round is left for `parse_round` to fault."""
        if not isinstance(raw, Mapping):
            return raw
        errors: list[FieldError] = []
        for key in self.round_named_maps:
            named = raw.get(key)
            if not isinstance(named, Mapping):
                continue
            seen: set[str] = set()
            for name in named:
                kept = clean_name(name)
                if kept in seen:
                    said = Text(gettext_noop("{player} appears twice"), {"player": kept})
                    errors.append(FieldError(key, said))
                seen.add(kept)
        if errors:
            raise RoundInvalid(errors)
        return self._round_named(raw, clean_name)

    def _round_named(self, raw: Mapping, name_of: Callable[[str], str]) -> dict:
        renamed = dict(raw)
        for key in self.round_name_fields:
            if isinstance(raw.get(key), str):
                renamed[key] = name_of(raw[key])
        for key in self.round_named_maps:
            if isinstance(raw.get(key), Mapping):
                renamed[key] = {name_of(name): value for name, value in raw[key].items()}
        return renamed

    def check_teams(
        self,
        players: tuple[str, ...],
        teams: Sequence[Team | Mapping[str, object]] | None,
        errors: list[FieldError],
    ) -> tuple[Team, ...] | None:
        if teams:
            errors.append(
                FieldError("teams", Text(gettext_noop("this game is not played in teams")))
            )
        return None

    def make_teams(self, players: Sequence[str]) -> tuple[Team, ...] | None:
        """The teams these players form at set-up, in a game played in teams."""
        return None

    def entry_names(self, state: MatchState) -> tuple[str, ...]:
        """Who has a line in the next round's entry: every player, by default."""
        return state.setup.players

    def card_groups(self, options: Mapping[str, object]) -> tuple[CardGroup, ...]:
        """The card grid a hand can be picked from, when hands are entered as cards."""
        return ()

    def value_lines(self, options: Mapping[str, object]) -> tuple[ValueLine, ...]:
        """What each card counts (and does) under these options, a line per group of
        cards that count the same, for the rules pages: none in a game whose cards have
        no value to look up."""
        return ()

    def match_events(self, state: MatchState, player: str) -> dict[str, int]:
        """What a whole match counted for `player`'s statistics: its rounds' events summed."""
        events: dict[str, int] = {}
        for result in state.rounds:
            self.add_round_events(events, state.setup, result, player)
        return events

    def add_round_events(
        self, events: dict[str, int], setup: Setup, result: RoundResult, player: str
    ) -> None:
        """Add one round's events for `player` to `events` (a match's, so far)."""
        side = side_of(setup, player)
        for name, count in self.round_events(setup, result, player, side).items():
            events[name] = events.get(name, 0) + int(count)

    def round_events(
        self, setup: Setup, result: RoundResult, player: str, side: str
    ) -> Mapping[str, int]:
        """What one round counts in `player`'s statistics (nothing: a round they did not
        play). `side` is the side scoring for them: their team, or themselves."""
        if side not in result.points:
            return {}
        return {"rounds": 1, "points": result.points[side]}

    def score(self, setup: Setup, rounds: Sequence[Mapping]) -> MatchState:
        """Replay every entered round from scratch; the first invalid one stops it.

        The replay costs as much as the rounds, not their square: each round sees the
        results before it through one shared list (`Played`) and whatever the game
        carries forward in the last result, never by going over them again."""
        results: list[RoundResult] = []
        state = self.conclude(setup, ())
        for raw in rounds:
            state = self._play(setup, state, results, raw)
        return replace(state, rounds=tuple(results)) if results else state

    def play_next(self, setup: Setup, state: MatchState, raw: Mapping) -> MatchState:
        """`state` and one more entered round: what `score` derives from the rounds of
        `state` and this one, without going over the others again (so `state` may be
        the one kept after them)."""
        results = _Continued(state.rounds)
        return replace(self._play(setup, state, results, raw), rounds=results.done())

    def _play(
        self,
        setup: Setup,
        state: MatchState,
        results: list[RoundResult] | _Continued,
        raw: Mapping,
    ) -> MatchState:
        """Play `raw` after `state` (the state after `results`), append its result to
        `results`, and return the state after it; RoundInvalid names the round."""
        number = len(results) + 1
        try:
            parsed = self.parse_round(setup, raw, state)
        except RoundInvalid as invalid:
            raise RoundInvalid(
                (
                    FieldError(
                        "round",
                        Text(
                            gettext_noop("round {number}: {fault}"),
                            {"number": number, "fault": error.message},
                        ),
                    )
                    for error in invalid.errors
                ),
                number=number,
            ) from invalid
        results.append(self.play_round(setup, state, parsed))
        state = self.conclude(setup, Played(results, number))
        notes, topics = self.end_notes(setup, state)
        if notes or topics:
            last = results[-1]
            results[-1] = replace(
                last,
                explanation=last.explanation + notes,
                topics=last.topics + tuple(topic for topic in topics if topic not in last.topics),
            )
            state = replace(state, rounds=Played(results, number))
        return state

    def parse_round(self, setup: Setup, raw: Mapping, state: MatchState) -> object:
        raise NotImplementedError

    def play_round(self, setup: Setup, state: MatchState, parsed: object) -> RoundResult:
        raise NotImplementedError

    def conclude(self, setup: Setup, results: Sequence[RoundResult]) -> MatchState:
        raise NotImplementedError

    def standings(self, state: MatchState) -> tuple[Standing, ...]:
        """Every side's place: the winners first (whatever decided among equal totals),
        then the others by total, then by the tiebreak rounds they lasted; the same of
        both share a place (1st, 2nd, 2nd, 4th)."""
        sign = 1 if state.lower_is_better else -1
        lasted = self.tiebreaks_played(state)

        def rank(side: str) -> tuple[bool, int, int]:
            # Among equal totals, who lasted more tiebreak rounds lost later: placed higher.
            return side not in state.winners, sign * state.totals[side], -lasted.get(side, 0)

        ranks = [rank(side) for side in state.setup.sides]
        standings = [
            Standing(
                place=1 + sum(1 for other in ranks if other < rank(side)),
                side=side,
                total=state.totals[side],
                winner=side in state.winners,
                shared=ranks.count(rank(side)) > 1,
                note=NO_TEXT if side in state.winners else self.losing_note(state, side),
            )
            for side in state.setup.sides
        ]
        return tuple(sorted(standings, key=lambda standing: standing.place))

    def losing_note(self, state: MatchState, side: str) -> Text:
        """Why a side that did not win lost, when its game says more than its total."""
        return NO_TEXT

    def tiebreaks_played(self, state: MatchState) -> Mapping[str, int]:
        """How many tiebreak rounds each side played, for a game that has them."""
        return {}

    def end_line(self, options: Mapping[str, object]) -> tuple[int, bool]:
        """Where the match ends: a total of points, or (True) a number of rounds."""
        return int(options["target"]), False

    def ends_on_the_line(self, options: Mapping[str, object]) -> bool:
        """Whether a total exactly on the end line ends the match; False when only going
        over it does (a player on the line plays on)."""
        return True

    def end_notes(
        self, setup: Setup, state: MatchState
    ) -> tuple[tuple[Text, ...], tuple[str, ...]]:
        """Sentences and topics to add to the round that just changed the match's fate."""
        return (), ()

    # Helpers the games share.

    def reject_if_finished(self, state: MatchState) -> None:
        if state.finished:
            raise MatchOver([FieldError("round", Text(gettext_noop("the match is over")))])

    def check_round_fields(
        self, state: MatchState, raw: object, allowed: Iterable[str]
    ) -> list[FieldError]:
        """What every round is refused for before its game looks at it: a finished match,
        a round that is not a set of fields; and the faults of fields it does not know."""
        self.reject_if_finished(state)
        if not isinstance(raw, Mapping):
            raise RoundInvalid([fault(gettext_noop("a round must be a set of fields"), "round")])
        known = set(allowed)
        return [
            fault(gettext_noop("unknown field {name}"), "round", name=str(name))
            for name in raw
            if name not in known
        ]

    def build_state(
        self,
        setup: Setup,
        results: Sequence[RoundResult],
        totals: Mapping[str, int],
        *,
        finished: bool = False,
        winners: Sequence[str] = (),
        needs_tiebreak: Sequence[str] = (),
        status: Text = NO_TEXT,
        distance: Mapping[str, int] | None = None,
        rounds_left: int | None = None,
        next_players: Iterable[str] | None = None,
    ) -> MatchState:
        best = (min if self.lower_is_better else max)(totals.values())
        next_dealer = setup.dealer_of(len(results) + 1)
        if finished:
            status = winner_status(winners, teams=bool(setup.teams))
        # Whoever can still win leads: the winners once decided, the sides still in a
        # tiebreak (QA48: one knocked out of it kept its star), else the best totals.
        if finished and winners:
            leaders = tuple(winners)
        elif needs_tiebreak:
            leaders = in_seat_order(setup, needs_tiebreak)
        else:
            leaders = tuple(side for side in setup.sides if totals[side] == best)
        return MatchState(
            setup=setup,
            rounds=results,
            totals=dict(totals),
            finished=finished,
            winners=tuple(winners) if finished else (),
            needs_tiebreak=tuple(needs_tiebreak),
            leaders=leaders,
            lower_is_better=self.lower_is_better,
            next_dealer=next_dealer,
            next_first_player=setup.seated_after(next_dealer, next_players),
            status=status,
            distance=distance,
            rounds_left=rounds_left,
        )
