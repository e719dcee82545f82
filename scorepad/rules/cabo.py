"""Cabo: every rule of the game, from card values to the end of the match.

Topics (anchors of the rules pages) a round can point to:
``call`` a successful call, ``failed-call`` a failed one, ``caller-tie`` the caller tied
with the lowest hand, ``failed-lowest-zero`` the lowest hand scored 0 after a failed call,
``kamikaze`` either kamikaze rule, ``reset-100`` a total of exactly 100 went back to 50,
``end-target`` the end line was reached, ``final-tie`` players tied for the win,
``tiebreak`` a tiebreak round.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from .base import (
    NO_TEXT,
    CardGroup,
    Choice,
    FieldError,
    Figure,
    Game,
    MatchState,
    Option,
    Preset,
    RoundInvalid,
    RoundResult,
    Setup,
    SetupSuggestion,
    Text,
    ValueLine,
    fault,
    gettext_noop,
    in_seat_order,
    is_whole_number,
    join_names,
)

TOPICS = (
    "call",
    "failed-call",
    "caller-tie",
    "failed-lowest-zero",
    "kamikaze",
    "reset-100",
    "end-target",
    "final-tie",
    "tiebreak",
)

HIGHEST_HAND = 200
# A hand starts with four cards and grows by penalty cards; no table deals one more
# than this, and fifteen of the highest card (13) stay under HIGHEST_HAND.
MAX_CARDS_IN_HAND = 15
KAMIKAZE_POINTS = 50
# A kamikaze hand's card values, in order (option `kamikaze` = `twelves`).
KAMIKAZE_VALUES = (12, 12, 13, 13)
KAMIKAZE_HAND = sum(KAMIKAZE_VALUES)
RESET_FROM = 100
RESET_TO = 50
JOKERS_PER_DECK = 2
JOKER = "JK"

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
BLACK_SUITS = frozenset({"S", "C"})
DECK_NUMBERS = tuple(str(number) for number in range(14))


# Cards ---------------------------------------------------------------------------


def numbered_deck(options: Mapping[str, object]) -> bool:
    """The branded deck's values: its cards are numbers (0 to 13), not ranks and suits."""
    return options["values"] == "deck"


def card_codes(options: Mapping[str, object]) -> tuple[str, ...]:
    """Every card the scorer may pick, one suit (or the numbered deck) after another."""
    return _card_codes(numbered_deck(options), bool(options.get("jokers")))


@cache
def _card_codes(numbered: bool, jokers: bool) -> tuple[str, ...]:
    # Asked on every round of every replay: made once per kind of deck.
    codes = DECK_NUMBERS if numbered else tuple(rank + suit for suit in SUITS for rank in RANKS)
    return (*codes, JOKER) if jokers else codes


def card_value(code: str, options: Mapping[str, object]) -> int:
    """The points a card counts under the match's ``values``; ValueError for a wrong code."""
    if code not in card_codes(options):
        raise ValueError(f"unknown card {code!r}")
    if code == JOKER:
        return 0
    if options["values"] == "deck":
        return int(code)
    rank, suit = code[:-1], code[-1]
    if rank == "A":
        return 1
    if rank.isdigit():
        return int(rank)
    if options["values"] == "nl":
        if rank == "K":
            return 13 if suit in BLACK_SUITS else -1
        return {"J": 11, "Q": 12}[rank]
    if rank == "K" and suit not in BLACK_SUITS:
        return 0
    return 10


# Powers of a card drawn from the stock and discarded straight away. Seed cabo-fr:
# "7 ou 8 : regarder une de ses propres cartes ; 9 ou 10 : regarder une carte d'un
# adversaire ; Valet ou Dame : échanger, sans les regarder, une de ses cartes avec une
# carte d'un adversaire". The branded deck prints Peek, Spy and Swap on 7–8, 9–10 and
# 11–12; jokers have none (seed cabo-nl: "jokers kunnen geen krachten activeren").
POWERS = {
    "peek": (
        gettext_noop("Peek"),
        gettext_noop("look at one of your own cards"),
    ),
    "spy": (
        gettext_noop("Spy"),
        gettext_noop("look at one card of an opponent"),
    ),
    "swap": (
        gettext_noop("Swap"),
        gettext_noop("swap one of your cards with an opponent's, without looking at either"),
    ),
}
_RANK_POWERS = {"7": "peek", "8": "peek", "9": "spy", "10": "spy", "J": "swap", "Q": "swap"}
_DECK_POWERS = {"7": "peek", "8": "peek", "9": "spy", "10": "spy", "11": "swap", "12": "swap"}


def card_power(code: str, options: Mapping[str, object]) -> str | None:
    """The power key ("peek", "spy", "swap") of a card, None when it has none."""
    if code == JOKER:
        return None
    if options["values"] == "deck":
        return _DECK_POWERS.get(code)
    return _RANK_POWERS.get(code[:-1])


# The lines of the value table of a 52-card deck (`Cabo.value_lines`): a rank each, a
# jack or a queen of either colour counting alike, and the kings by colour, which the
# French and Dutch values count apart; the joker comes after them.
VALUE_LINES_52 = (
    ("AS",), ("2S",), ("3S",), ("4S",), ("5S",), ("6S",), ("7S",), ("8S",), ("9S",), ("10S",),
    ("JS", "JH"), ("QS", "QH"), ("KS", "KC"), ("KH", "KD"),
)  # fmt: skip


def hand_value(cards: Iterable[str], options: Mapping[str, object]) -> int:
    return sum(card_value(code, options) for code in cards)


def is_kamikaze_hand(cards: Sequence[str], options: Mapping[str, object]) -> bool:
    """Exactly two 12s and two 13s; French values have neither, so never with ``fr``."""
    if options["values"] == "fr" or len(cards) != 4:
        return False
    try:
        values = sorted(card_value(code, options) for code in cards)
    except ValueError:
        return False
    return tuple(values) == KAMIKAZE_VALUES


def decks(options: Mapping[str, object]) -> int:
    """How many 52-card decks are shuffled together; the branded deck is always one.

    Seed cabo-nl: "speelbaar tot 6 met een tweede kaartspel".
    """
    if options["values"] == "deck":
        return 1
    return int(options.get("decks", 1))


def copies(code: str, options: Mapping[str, object]) -> int | None:
    """How often one card can turn up among a round's picked cards; None: any number
    (the branded deck repeats its numbers)."""
    if code == JOKER:
        return JOKERS_PER_DECK * decks(options)
    if options["values"] == "deck":
        return None
    return decks(options)


def lowest_hand(options: Mapping[str, object]) -> int:
    # Every red king at -1 in the hand is the best a Dutch hand can do: two per deck.
    return -2 * decks(options) if options["values"] == "nl" else 0


# Entering a round ----------------------------------------------------------------


def parse_cards(text: str) -> list[str]:
    """The card codes typed (or picked on the card grid) for one hand, in the order
    given: separated by commas or spaces, in either case ("kh, 7s" is KH and 7S)."""
    return text.replace(",", " ").upper().split()


def unknown_cards(codes: Iterable[str], options: Mapping[str, object]) -> list[str]:
    """The codes, among `codes`, of no card of the match's deck (`card_codes`), in the
    order given: each time it is given."""
    known = card_codes(options)
    return [code for code in codes if code not in known]


def cards_match_points(
    codes: Iterable[str], points: int | None, options: Mapping[str, object]
) -> bool:
    """Whether a hand's picked cards add up to the points typed beside them (None: no
    points typed, nothing to contradict). Every code must be a card of the deck."""
    return points is None or points == hand_value(codes, options)


def kamikaze_applies(options: Mapping[str, object], tiebreak: bool) -> bool:
    """Whether a round asks who held a kamikaze hand: only when two 12s and two 13s
    are played (option `kamikaze` = `twelves`) with values that have them (not French
    ones: QA, the choice was offered, then refused), and never in a tiebreak round,
    which rules 1 to 3 alone score (RULES.md "End of match")."""
    return options.get("kamikaze") == "twelves" and options["values"] != "fr" and not tiebreak


# Options and presets -------------------------------------------------------------

OPTIONS = (
    Option(
        "values",
        "choice",
        "fr",
        gettext_noop("Card values"),
        gettext_noop("What each card counts when you pick cards instead of typing a total."),
        choices=(
            Choice(
                "fr",
                gettext_noop("French"),
                gettext_noop("Jack, queen and black king 10, red king 0."),
            ),
            Choice(
                "nl",
                gettext_noop("Dutch"),
                gettext_noop("Jack 11, queen 12, black king 13, red king −1."),
            ),
            Choice(
                "deck",
                gettext_noop("Cabo deck"),
                gettext_noop("The branded deck: cards 0 to 13 count their number."),
            ),
        ),
    ),
    Option(
        "decks",
        "int",
        1,
        gettext_noop("Decks"),
        gettext_noop(
            "Two 52-card decks shuffled together for five or six players. Not with the "
            "branded Cabo deck: it is always used as a single deck."
        ),
        minimum=1,
        maximum=2,
    ),
    Option(
        "jokers",
        "bool",
        False,
        gettext_noop("Jokers"),
        gettext_noop("Two jokers join the deck and count 0."),
    ),
    Option(
        "caller_tie",
        "choice",
        "fails",
        gettext_noop("Caller tied for lowest"),
        gettext_noop("When another hand equals the caller's and none is lower."),
        choices=(
            Choice("fails", gettext_noop("The call fails")),
            Choice("succeeds", gettext_noop("The call succeeds")),
        ),
    ),
    Option(
        "failed_call_penalty",
        "int",
        10,
        gettext_noop("Failed call penalty"),
        gettext_noop("Points a caller adds to their hand when the call fails."),
        minimum=0,
        maximum=50,
    ),
    Option(
        "failed_lowest_zero",
        "bool",
        True,
        gettext_noop("Lowest hand scores 0 after a failed call"),
        gettext_noop("When the call fails, whoever really had the lowest hand scores 0."),
    ),
    Option(
        "kamikaze",
        "choice",
        "off",
        gettext_noop("Kamikaze"),
        gettext_noop("A way to hit everyone else with 50 points."),
        choices=(
            Choice("off", gettext_noop("Off")),
            Choice(
                "zero_call",
                gettext_noop("Call with exactly 0"),
                gettext_noop(
                    "A successful call with a hand of exactly 0 gives everyone else 50 more."
                ),
            ),
            Choice(
                "twelves",
                gettext_noop("Two 12s and two 13s"),
                gettext_noop(
                    "A hand of exactly two 12s and two 13s scores 0 and everyone else scores "
                    "50. Not with French values, which have no 12 or 13."
                ),
            ),
        ),
    ),
    Option(
        "reset_at_100",
        "choice",
        "off",
        gettext_noop("Exactly 100 goes back to 50"),
        gettext_noop("A total of exactly 100 after a round becomes 50."),
        choices=(
            Choice("off", gettext_noop("Never")),
            Choice("once", gettext_noop("Once per player")),
            Choice("always", gettext_noop("Every time")),
        ),
    ),
    Option(
        "target",
        "int",
        100,
        gettext_noop("Target score"),
        gettext_noop("The total that ends the match; 50 is the short game."),
        minimum=10,
        maximum=1000,
    ),
    Option(
        "end_at",
        "choice",
        "reached",
        gettext_noop("End of match"),
        gettext_noop("Whether reaching the target ends the match, or only going over it."),
        choices=(
            Choice("reached", gettext_noop("When a total reaches the target")),
            Choice("exceeded", gettext_noop("When a total goes over the target")),
        ),
    ),
    Option(
        "final_tie",
        "choice",
        "shared",
        gettext_noop("Tie for the win"),
        gettext_noop("When several players share the lowest total at the end."),
        choices=(
            Choice("shared", gettext_noop("They share the victory")),
            Choice(
                "tiebreak",
                gettext_noop("They play a tiebreak round"),
                gettext_noop("Only the tied players play; the fewest points that round wins."),
            ),
        ),
    ),
)

PRESETS = (
    Preset(
        "fr",
        gettext_noop("French rules"),
        gettext_noop("A 52-card deck, red kings 0; the lowest hand scores 0 after a failed call."),
        {
            "values": "fr",
            "decks": 1,
            "jokers": False,
            "caller_tie": "fails",
            "failed_call_penalty": 10,
            "failed_lowest_zero": True,
            "kamikaze": "off",
            "reset_at_100": "off",
            "target": 100,
            "end_at": "reached",
            "final_tie": "shared",
        },
        language="fr",
    ),
    Preset(
        "nl",
        gettext_noop("Dutch rules"),
        gettext_noop("A 52-card deck, red kings −1; a tie for the win is played off."),
        {
            "values": "nl",
            "decks": 1,
            "jokers": False,
            "caller_tie": "fails",
            "failed_call_penalty": 10,
            "failed_lowest_zero": False,
            "kamikaze": "off",
            "reset_at_100": "off",
            "target": 100,
            "end_at": "reached",
            "final_tie": "tiebreak",
        },
        language="nl",
    ),
    Preset(
        "official",
        gettext_noop("Official Cabo deck"),
        gettext_noop("The branded deck, 2nd edition: kamikaze, and 100 goes back to 50 once."),
        {
            "values": "deck",
            "decks": 1,
            "jokers": False,
            "caller_tie": "succeeds",
            "failed_call_penalty": 10,
            "failed_lowest_zero": False,
            "kamikaze": "twelves",
            "reset_at_100": "once",
            "target": 100,
            "end_at": "exceeded",
            "final_tie": "shared",
        },
    ),
)


# Rounds --------------------------------------------------------------------------


@dataclass(frozen=True)
class CaboRound:
    """One round as entered: hand values, and the cards when they were picked."""

    caller: str
    hands: Mapping[str, int]
    cards: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    kamikaze: str | None = None
    tiebreak: bool = False


@dataclass(frozen=True)
class Outcome:
    points: dict[str, int]
    explanation: tuple[Text, ...]
    topics: tuple[str, ...]
    called: bool


def round_points(
    hands: Mapping[str, int],
    caller: str,
    options: Mapping[str, object],
    kamikaze: str | None = None,
    tiebreak: bool = False,
) -> Outcome:
    """Rules 1 to 4 (1 to 3 in a tiebreak): what each player scores, before any reset."""
    if kamikaze is not None:
        return Outcome(
            {player: 0 if player == kamikaze else KAMIKAZE_POINTS for player in hands},
            (
                Text(
                    gettext_noop(
                        "{player} has a kamikaze hand: 0 for {player}, {points} for everyone else"
                    ),
                    {"player": kamikaze, "points": KAMIKAZE_POINTS},
                ),
            ),
            ("kamikaze",),
            called=False,
        )
    hand = hands[caller]
    others = {player: value for player, value in hands.items() if player != caller}
    lowest_other = min(others.values())
    # A tie only matters when it is a tie for the lowest hand; a lower hand fails the call.
    tied = [p for p, value in others.items() if value == hand] if hand == lowest_other else []
    penalty = options["failed_call_penalty"]
    points = dict(hands)
    explanation: list[Text] = []
    topics: list[str] = []
    if hand < lowest_other or (tied and options["caller_tie"] == "succeeds"):
        points[caller] = 0
        if tied:
            explanation.append(
                Text(
                    gettext_noop(
                        "{caller} called Cabo with {hand}, tied with {others}: "
                        "a tie counts for the caller, 0 for {caller}"
                    ),
                    {"caller": caller, "hand": hand, "others": join_names(tied)},
                )
            )
            topics += ["call", "caller-tie"]
        else:
            explanation.append(
                Text(
                    gettext_noop(
                        "{caller} called Cabo with {hand}, the lowest hand: 0 for {caller}"
                    ),
                    {"caller": caller, "hand": hand},
                )
            )
            topics.append("call")
        if options["kamikaze"] == "zero_call" and hand == 0 and not tiebreak:
            for player in others:
                points[player] += KAMIKAZE_POINTS
            explanation.append(
                Text(
                    gettext_noop("{caller} called with exactly 0: {points} more for everyone else"),
                    {"caller": caller, "points": KAMIKAZE_POINTS},
                )
            )
            topics.append("kamikaze")
        return Outcome(points, tuple(explanation), tuple(topics), called=True)

    points[caller] = hand + penalty
    lowest = [player for player, value in others.items() if value == lowest_other]
    if tied:
        explanation.append(
            Text(
                gettext_noop(
                    "{caller} called Cabo with {hand}, tied with {others}: "
                    "a tie fails, {hand} + {penalty} penalty"
                )
                if penalty
                else gettext_noop(
                    "{caller} called Cabo with {hand}, tied with {others}: "
                    "a tie fails, {hand} for {caller}"
                ),
                {"caller": caller, "hand": hand, "others": join_names(tied), "penalty": penalty},
            )
        )
        topics += ["failed-call", "caller-tie"]
    else:
        # Two players or more with the lowest hand take the plural (QA27: "avait", "had");
        # a penalty of 0 is not read out as "+ 0" (QA45).
        if penalty:
            failed = (
                gettext_noop(
                    "{caller} called Cabo with {hand} but {lowest} had {lowest_hand}: "
                    "{hand} + {penalty} penalty"
                )
                if len(lowest) == 1
                else gettext_noop(
                    "{caller} called Cabo with {hand} but {lowest} had {lowest_hand} each: "
                    "{hand} + {penalty} penalty"
                )
            )
        else:
            failed = (
                gettext_noop(
                    "{caller} called Cabo with {hand} but {lowest} had {lowest_hand}: "
                    "{hand} for {caller}"
                )
                if len(lowest) == 1
                else gettext_noop(
                    "{caller} called Cabo with {hand} but {lowest} had {lowest_hand} each: "
                    "{hand} for {caller}"
                )
            )
        explanation.append(
            Text(
                failed,
                {
                    "caller": caller,
                    "hand": hand,
                    "lowest": join_names(lowest),
                    "lowest_hand": lowest_other,
                    "penalty": penalty,
                },
            )
        )
        topics.append("failed-call")
    if options["failed_lowest_zero"]:
        for player in lowest:
            points[player] = 0
        explanation.append(
            Text(
                gettext_noop("{players} had the lowest hand: 0 instead of {hand}"),
                {"players": join_names(lowest), "hand": lowest_other},
            )
        )
        topics.append("failed-lowest-zero")
    return Outcome(points, tuple(explanation), tuple(topics), called=False)


class Cabo(Game):
    key = "cabo"
    name = "Cabo"
    tagline = gettext_noop("Keep your four hidden cards low, and call Cabo at the right moment.")
    min_players = 2
    max_players = 6
    # RULES.md "Decks": the set-up suggests two decks for five or six players.
    setup_hint = gettext_noop(
        "Five or six players with French or Dutch values: shuffle two decks together "
        "and set Decks to 2."
    )
    setup_suggestions = (
        SetupSuggestion(
            players=5,
            option="decks",
            value=2,
            when={"values": ("fr", "nl")},
            text=gettext_noop("Five or six players: shuffle two decks together."),
            action=gettext_noop("Play with two decks"),
            done=gettext_noop("Two decks: Decks is set to 2."),
        ),
    )
    # Rule 5: the board marks a total that went back to 50, and says so under the rounds.
    adjusted_note = gettext_noop("↺ A total of exactly 100 went back to 50.")
    options = OPTIONS
    presets = PRESETS
    lower_is_better = True
    card_decks = ("french",)
    powers = POWERS
    round_name_fields = ("caller", "kamikaze")
    round_named_maps = ("hands",)
    topics = TOPICS
    tiebreak_rounds = True
    figures = (
        Figure("rounds", gettext_noop("Rounds played"), "rounds"),
        Figure("calls", gettext_noop("Cabo calls"), "calls"),
        Figure("call_success", gettext_noop("Successful calls"), "calls_won", "calls", "percent"),
        Figure("average_hand", gettext_noop("Average hand"), "hand", "rounds", "average"),
        Figure("kamikazes", gettext_noop("Kamikazes"), "kamikazes", optional=True),
    )

    # What the pages ask -----------------------------------------------------------

    # The round's entry: its hands' limits and cards, and whether it asks for a
    # kamikaze hand (see the functions of the same names above).
    highest_hand = HIGHEST_HAND
    kamikaze_values = KAMIKAZE_VALUES
    kamikaze_hand = KAMIKAZE_HAND
    lowest_hand = staticmethod(lowest_hand)
    numbered_deck = staticmethod(numbered_deck)
    card_codes = staticmethod(card_codes)
    hand_value = staticmethod(hand_value)
    parse_cards = staticmethod(parse_cards)
    unknown_cards = staticmethod(unknown_cards)
    cards_match_points = staticmethod(cards_match_points)
    kamikaze_applies = staticmethod(kamikaze_applies)

    def entry_names(self, state: MatchState) -> tuple[str, ...]:
        """Only the tied players play a tiebreak round."""
        return state.needs_tiebreak or state.setup.players

    def card_groups(self, options: Mapping[str, object]) -> tuple[CardGroup, ...]:
        """One button per distinct (rank, value), so red and black kings get their own
        buttons where they count differently; a tap takes a free card of it."""
        groups: dict[tuple[str, int], list[str]] = {}
        for code in card_codes(options):
            rank = (
                code
                if code == JOKER or (code.isdigit() and options.get("values") == "deck")
                else code[:-1]
            )
            groups.setdefault((rank, card_value(code, options)), []).append(code)
        return tuple(
            CardGroup(rank, value, tuple(codes), copies(codes[0], options))
            for (rank, value), codes in groups.items()
        )

    def value_lines(self, options: Mapping[str, object]) -> tuple[ValueLine, ...]:
        """A line per rank of the 52-card deck (the kings by colour) and the joker, or per
        number of the branded deck, under the options' values. The joker is listed with
        the option off too: it says what a joker counts when a table adds them."""
        lines = (
            [(code,) for code in DECK_NUMBERS]
            if numbered_deck(options)
            else [*VALUE_LINES_52, (JOKER,)]
        )
        with_jokers = {**options, "jokers": True}
        return tuple(
            ValueLine(codes, card_value(codes[0], with_jokers), card_power(codes[0], options))
            for codes in lines
        )

    def round_events(
        self, setup: Setup, result: RoundResult, player: str, side: str
    ) -> Mapping[str, int]:
        """Rounds, hands, calls and whether they held, kamikazes (a kamikaze hand, or
        the zero call), as the engine judged the round."""
        entry = result.detail
        assert isinstance(entry, CaboRound)
        if player not in result.points:
            return {}  # a tiebreak round they did not play
        outcome = round_points(
            entry.hands, entry.caller, setup.options, entry.kamikaze, entry.tiebreak
        )
        # A kamikaze hand replaces the call: then there is no call to count.
        calling = player == entry.caller and entry.kamikaze is None
        return {
            "rounds": 1,
            "hand": entry.hands[player],
            "calls": calling,
            "calls_won": calling and outcome.called,
            "kamikazes": "kamikaze" in outcome.topics
            and player == (entry.kamikaze or entry.caller),
        }

    # Checking a round -------------------------------------------------------------

    def parse_round(self, setup: Setup, raw: Mapping, state: MatchState) -> CaboRound:
        errors = self.check_round_fields(state, raw, ("caller", "hands", "kamikaze", "tiebreak"))

        tiebreak = raw.get("tiebreak", False)
        if not isinstance(tiebreak, bool):
            errors.append(fault(gettext_noop("tiebreak must be true or false"), "tiebreak"))
            tiebreak = False
        due = state.needs_tiebreak
        if tiebreak and not due:
            # The rest was typed for a tiebreak (its players' hands alone): only this says
            # what is wrong, not "X has no hand" for everyone who sat it out.
            errors.append(fault(gettext_noop("no tiebreak is due"), "round"))
            raise RoundInvalid(errors)
        if due and not tiebreak:
            errors.append(
                fault(
                    gettext_noop("a tiebreak round between {players} is due"),
                    "round",
                    players=join_names(due),
                )
            )
        playing = due if (tiebreak and due) else setup.players

        hands, cards = self._parse_hands(setup, raw.get("hands"), playing, errors)

        caller = raw.get("caller")
        if not isinstance(caller, str) or caller not in playing:
            errors.append(fault(gettext_noop("the caller must be one of the players"), "caller"))

        kamikaze = (
            None if tiebreak else self._parse_kamikaze(setup, raw, playing, hands, cards, errors)
        )
        if errors:
            raise RoundInvalid(errors)
        return CaboRound(caller, hands, cards, kamikaze, tiebreak)

    def _parse_hands(
        self,
        setup: Setup,
        given: object,
        playing: Sequence[str],
        errors: list[FieldError],
    ) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
        options = setup.options
        hands: dict[str, int] = {}
        cards: dict[str, tuple[str, ...]] = {}
        if not isinstance(given, Mapping):
            errors.append(fault(gettext_noop("every player needs a hand"), "hands"))
            return hands, cards
        for player in given:
            if player not in setup.players:
                errors.append(
                    fault(gettext_noop("unknown player {player}"), "hands", player=str(player))
                )
            elif player not in playing:
                errors.append(
                    fault(
                        gettext_noop("{player} does not play this tiebreak"), "hands", player=player
                    )
                )
        codes = card_codes(options)
        # A card seen more often than the decks hold it was mistyped (RULES.md "Decks").
        seen: dict[str, int] = {}
        for player in playing:
            where = f"hands.{player}"
            if player not in given:
                errors.append(fault(gettext_noop("{player} has no hand"), where, player=player))
                continue
            hand = given[player]
            if is_whole_number(hand):
                lowest = lowest_hand(options)
                if not lowest <= hand <= HIGHEST_HAND:
                    errors.append(
                        fault(
                            gettext_noop("{player}'s hand must be between {minimum} and {maximum}"),
                            where,
                            player=player,
                            minimum=lowest,
                            maximum=HIGHEST_HAND,
                        )
                    )
                    continue
                hands[player] = hand
            elif isinstance(hand, list | tuple) and len(hand) > MAX_CARDS_IN_HAND:
                errors.append(
                    fault(
                        gettext_noop("{player}'s hand holds more than {count} cards"),
                        where,
                        player=player,
                        count=MAX_CARDS_IN_HAND,
                    )
                )
            elif isinstance(hand, list | tuple) and all(isinstance(code, str) for code in hand):
                fine = True
                told = set()  # a card said once per hand, however many times it is there
                for code in hand:
                    if code not in codes:
                        if code not in told:
                            errors.append(
                                fault(gettext_noop("unknown card {card}"), where, card=code)
                            )
                        told.add(code)
                        fine = False
                        continue
                    seen[code] = seen.get(code, 0) + 1
                    most = copies(code, options)
                    if most is not None and seen[code] > most:
                        if code not in told:
                            errors.append(too_many(code, most, where))
                        told.add(code)
                        fine = False
                if fine:
                    cards[player] = tuple(hand)
                    hands[player] = hand_value(hand, options)
            else:
                errors.append(
                    fault(
                        gettext_noop("{player}'s hand must be a number or a list of cards"),
                        where,
                        player=player,
                    )
                )
        return hands, cards

    def _parse_kamikaze(
        self,
        setup: Setup,
        raw: Mapping,
        playing: Sequence[str],
        hands: Mapping[str, int],
        cards: Mapping[str, tuple[str, ...]],
        errors: list[FieldError],
    ) -> str | None:
        options = setup.options
        named = raw.get("kamikaze")
        if named is None:
            pass
        elif options["kamikaze"] != "twelves":
            errors.append(
                fault(gettext_noop("kamikaze hands are not played in this match"), "kamikaze")
            )
            named = None
        elif options["values"] == "fr":
            errors.append(
                fault(gettext_noop("with French values no hand has 12s and 13s"), "kamikaze")
            )
            named = None
        elif not isinstance(named, str) or named not in playing:
            errors.append(
                fault(gettext_noop("the kamikaze hand must be one of the players'"), "kamikaze")
            )
            named = None
        elif named in cards and not is_kamikaze_hand(cards[named], options):
            errors.append(
                fault(
                    gettext_noop("{player}'s cards are not two 12s and two 13s"),
                    "kamikaze",
                    player=named,
                )
            )
            named = None
        elif named not in cards and hands.get(named) != KAMIKAZE_HAND:
            # Typed as a number, the hand must still be what two 12s and two 13s make.
            errors.append(
                fault(
                    gettext_noop("a kamikaze hand (two 12s and two 13s) is worth {value}"),
                    f"hands.{named}",
                    value=KAMIKAZE_HAND,
                )
            )
            named = None
        if options["kamikaze"] != "twelves":
            return None
        found = {player for player, hand in cards.items() if is_kamikaze_hand(hand, options)}
        if named is not None:
            found.add(named)
        if len(found) > 1:
            errors.append(
                fault(
                    gettext_noop("only one kamikaze hand per round; got {players}"),
                    "kamikaze",
                    players=join_names(in_seat_order(setup, found)),
                )
            )
            return None
        return next(iter(found), None)

    # Scoring ----------------------------------------------------------------------

    def play_round(self, setup: Setup, state: MatchState, parsed: object) -> RoundResult:
        assert isinstance(parsed, CaboRound)
        options = setup.options
        number = len(state.rounds) + 1
        dealer = setup.dealer_of(number)
        outcome = round_points(
            parsed.hands, parsed.caller, options, parsed.kamikaze, parsed.tiebreak
        )
        points = {
            player: outcome.points[player] for player in setup.players if player in parsed.hands
        }
        explanation = list(outcome.explanation)
        topics = list(outcome.topics)
        totals = dict(state.totals)
        # Who already went back to 50, carried from round to round (the "once" rule).
        carried = state.rounds[-1].carried if state.rounds else {}
        already_reset = carried.get("reset", frozenset())
        # Who scored the fewest in every tiebreak round so far (None: no tiebreak yet).
        fewest = carried.get("fewest")
        # How many tiebreak rounds each player played: who lasted longer is placed higher.
        lasted = dict(carried.get("lasted", {}))
        reset_now = set()
        if parsed.tiebreak:
            lasted.update({player: lasted.get(player, 0) + 1 for player in points})
            lowest = min(points.values())
            fewest_now = frozenset(player for player, scored in points.items() if scored == lowest)
            fewest = fewest_now if fewest is None else fewest & fewest_now
            explanation.append(
                Text(
                    gettext_noop("Tiebreak round between {players}: the totals do not change"),
                    {"players": join_names(list(points))},
                )
            )
            topics.append("tiebreak")
        else:
            for player, scored in points.items():
                totals[player] += scored
                if totals[player] == RESET_FROM and (
                    options["reset_at_100"] == "always"
                    or (options["reset_at_100"] == "once" and player not in already_reset)
                ):
                    totals[player] = RESET_TO
                    reset_now.add(player)
                    explanation.append(
                        Text(
                            gettext_noop("Exactly {total}: {player} goes back to {reset}"),
                            {"total": RESET_FROM, "player": player, "reset": RESET_TO},
                        )
                    )
                    topics.append("reset-100")
                elif totals[player] == RESET_FROM and options["reset_at_100"] == "once":
                    # Said, or the player looks for the reset the board does not show.
                    explanation.append(
                        Text(
                            gettext_noop(
                                "Exactly {total}: {player} already went back to {reset} once,"
                                " and stays at {total}"
                            ),
                            {"total": RESET_FROM, "player": player, "reset": RESET_TO},
                        )
                    )
                    topics.append("reset-100")
        return RoundResult(
            number=number,
            points=points,
            totals=totals,
            explanation=tuple(explanation),
            topics=tuple(dict.fromkeys(topics)),
            tiebreak=parsed.tiebreak,
            dealer=dealer,
            first_player=setup.seated_after(dealer, parsed.hands),
            detail=parsed,
            adjusted=frozenset(reset_now),
            carried={"reset": already_reset | reset_now, "fewest": fewest, "lasted": lasted},
        )

    def ends_on_the_line(self, options: Mapping[str, object]) -> bool:
        return options["end_at"] == "reached"

    def _over_the_line(self, setup: Setup, totals: Mapping[str, int]) -> list[str]:
        target = setup.options["target"]
        if self.ends_on_the_line(setup.options):
            return [player for player in setup.players if totals[player] >= target]
        return [player for player in setup.players if totals[player] > target]

    def _tied_for_the_win(self, setup: Setup, totals: Mapping[str, int]) -> list[str]:
        over = self._over_the_line(setup, totals)
        candidates = [player for player in setup.players if player not in over] or list(
            setup.players
        )
        lowest = min(totals[player] for player in candidates)
        return [player for player in candidates if totals[player] == lowest]

    def conclude(self, setup: Setup, results: Sequence[RoundResult]) -> MatchState:
        totals = dict(results[-1].totals) if results else dict.fromkeys(setup.players, 0)
        target = setup.options["target"]
        distance = {player: target - totals[player] for player in setup.players}
        if not self._over_the_line(setup, totals):
            return self.build_state(setup, results, totals, distance=distance)
        tied = self._tied_for_the_win(setup, totals)
        if len(tied) == 1 or setup.options["final_tie"] == "shared":
            return self.build_state(
                setup, results, totals, finished=True, winners=tied, distance=distance
            )
        fewest = results[-1].carried["fewest"] if results else None
        if fewest is not None:
            tied = [player for player in tied if player in fewest]
        if len(tied) == 1:
            return self.build_state(
                setup, results, totals, finished=True, winners=tied, distance=distance
            )
        return self.build_state(
            setup,
            results,
            totals,
            needs_tiebreak=tied,
            status=Text(
                gettext_noop("Tiebreak: {players} play one more round"),
                {"players": join_names(tied)},
            ),
            distance=distance,
            next_players=tied,
        )

    def losing_note(self, state: MatchState, side: str) -> Text:
        """Crossing the end line loses ("Die speler verliest", the Dutch rules say); so
        does a tiebreak, for who played one and did not win the match (their total is the
        winner's: the tiebreak's points are not added), in the last round or an earlier."""
        if side not in self._over_the_line(state.setup, state.totals):
            if (
                state.finished
                and side not in state.winners
                and self.tiebreaks_played(state).get(side)
            ):
                return Text(gettext_noop("lost the tiebreak"))
            return NO_TEXT
        target = state.setup.options["target"]
        if state.setup.options["end_at"] == "reached":
            return Text(gettext_noop("reached {target}: loses"), {"target": target})
        return Text(gettext_noop("went over {target}: loses"), {"target": target})

    def tiebreaks_played(self, state: MatchState) -> Mapping[str, int]:
        # Carried (a kept state holds its last rounds only); kept before: none played.
        return state.rounds[-1].carried.get("lasted", {}) if state.rounds else {}

    def end_notes(
        self, setup: Setup, state: MatchState
    ) -> tuple[tuple[Text, ...], tuple[str, ...]]:
        if not (state.finished or state.needs_tiebreak):
            return (), ()
        last = state.rounds[-1]
        if last.tiebreak:
            if state.finished:
                return (
                    Text(
                        gettext_noop("{player} scored the fewest points of the tiebreak and wins"),
                        {"player": state.winners[0]},
                    ),
                ), ("tiebreak",)
            return (
                Text(
                    gettext_noop("{players} tie again: one more tiebreak round"),
                    {"players": join_names(state.needs_tiebreak)},
                ),
            ), ("tiebreak",)
        target = setup.options["target"]
        over = join_names(self._over_the_line(setup, state.totals))
        if setup.options["end_at"] == "reached":
            notes = [
                Text(
                    gettext_noop("{players} reached {target}: the match ends"),
                    {"players": over, "target": target},
                )
            ]
        else:
            notes = [
                Text(
                    gettext_noop("{players} went over {target}: the match ends"),
                    {"players": over, "target": target},
                )
            ]
        topics = ["end-target"]
        tied = self._tied_for_the_win(setup, state.totals)
        if len(tied) > 1:
            params = {"players": join_names(tied), "total": state.totals[tied[0]]}
            if state.finished:
                notes.append(
                    Text(
                        gettext_noop(
                            "{players} tie for the lowest total, {total}: a shared victory"
                        ),
                        params,
                    )
                )
            else:
                notes.append(
                    Text(
                        gettext_noop(
                            "{players} tie for the lowest total, {total}: a tiebreak round decides"
                        ),
                        params,
                    )
                )
            topics.append("final-tie")
        return tuple(notes), tuple(topics)


def too_many(code: str, most: int, where: str) -> FieldError:
    if code == JOKER:
        return fault(gettext_noop("at most {count} jokers in a round"), where, count=most)
    if most == 1:
        return fault(gettext_noop("{card} appears more than once in this round"), where, card=code)
    return fault(
        gettext_noop("{card} appears more than {count} times in this round"),
        where,
        card=code,
        count=most,
    )


GAME = Cabo()
