"""Cabanga!: every rule of the game, from the cards left in hand to the end of the match.

Topics (anchors of the rules pages) a round can point to:
``round-points`` what cards left in hand cost, ``went-out`` who had no card left,
``end-threshold`` a total reached the threshold, ``end-rounds`` the last agreed round,
``shared-victory`` several players tied for the lowest total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .base import (
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
    Text,
    ValueLine,
    fault,
    gettext_noop,
    is_whole_number,
    join_names,
)

TOPICS = ("round-points", "went-out", "end-threshold", "end-rounds", "shared-victory")

HIGHEST_HAND = 200
SYMBOLS = ("1", "2", "3")
# What one card left in hand costs, by the number of symbols printed on it.
SYMBOL_POINTS = {"1": 1, "2": 2, "3": 3}
# The entry's words for each kind of card (its columns), reused in a round's "why".
SYMBOL_KINDS = {
    "1": gettext_noop("1 symbol"),
    "2": gettext_noop("2 symbols"),
    "3": gettext_noop("3 symbols"),
}
# The most cards of one kind a round's entry takes for a hand: a count past it was
# mistyped. (The rules bound a hand's points, `HIGHEST_HAND`, not its counts.)
MOST_OF_A_KIND = 60
# What a player who went out scores: no card left, no minus point.
WENT_OUT = 0

OPTIONS = (
    Option(
        "end",
        "choice",
        "threshold",
        gettext_noop("End of match"),
        gettext_noop("At a total of minus points, or after a fixed number of rounds."),
        choices=(
            Choice(
                "threshold",
                gettext_noop("When a total reaches the threshold"),
                gettext_noop("After the round in which anyone reaches it."),
            ),
            Choice("rounds", gettext_noop("After a number of rounds")),
        ),
    ),
    Option(
        "threshold",
        "int",
        18,
        gettext_noop("Threshold"),
        gettext_noop("The total of minus points that ends the match."),
        minimum=1,
        maximum=200,
    ),
    Option(
        "rounds",
        "int",
        5,
        gettext_noop("Rounds"),
        gettext_noop("How many rounds the match lasts."),
        minimum=1,
        maximum=50,
    ),
)

PRESETS = (
    Preset(
        "classic",
        gettext_noop("Classic"),
        gettext_noop("The match ends when someone reaches 18 minus points."),
        {"end": "threshold", "threshold": 18, "rounds": 5},
    ),
)


@dataclass(frozen=True)
class CabangaRound:
    """Minus points per player, and the card counts (1, 2, 3 symbols) when entered."""

    hands: Mapping[str, int]
    counts: Mapping[str, tuple[int, int, int]] = field(default_factory=dict)


def hand_points(ones: int, twos: int, threes: int) -> int:
    """Each card costs the number of symbols printed on it."""
    counts = (ones, twos, threes)
    return sum(
        SYMBOL_POINTS[symbols] * count for symbols, count in zip(SYMBOLS, counts, strict=True)
    )


def agrees_with_going_out(*entered: int | None) -> bool:
    """Whether what was entered for a player who went out (the points their counted
    cards make, the points typed; None for nothing entered) agrees with it: nothing,
    or no point (`WENT_OUT`)."""
    return all(points is None or points == WENT_OUT for points in entered)


def hand_why(player: str, parsed: CabangaRound) -> Text:
    """Where a player's points come from, in the terms they were typed in: "Ana: 2 × 1
    symbol + 1 × 2 symbols = 4", or the points as typed."""
    points = parsed.hands[player]
    if points == WENT_OUT:
        return Text(gettext_noop("{players} had no card left"), {"players": player})
    if player not in parsed.counts:
        return Text(
            gettext_noop("{player}: {points}, typed as points"),
            {"player": player, "points": points},
        )
    terms = [
        Text(
            gettext_noop("{count} × {kind}"), {"count": count, "kind": Text(SYMBOL_KINDS[symbols])}
        )
        for symbols, count in zip(SYMBOLS, parsed.counts[player], strict=True)
        if count
    ]
    cards = terms[0]
    for term in terms[1:]:
        cards = Text(gettext_noop("{sum} + {term}"), {"sum": cards, "term": term})
    return Text(
        gettext_noop("{player}: {cards} = {points}"),
        {"player": player, "cards": cards, "points": points},
    )


class Cabanga(Game):
    key = "cabanga"
    name = gettext_noop("Cabanga!")
    tagline = gettext_noop("Get rid of your cards, and shout Cabanga! when a gap opens.")
    min_players = 3
    max_players = 6
    options = OPTIONS
    presets = PRESETS
    lower_is_better = True
    round_named_maps = ("hands",)
    topics = TOPICS
    end_kind = "threshold"
    figures = (
        Figure("rounds", gettext_noop("Rounds played"), "rounds"),
        Figure("points", gettext_noop("Minus points per round"), "points", "rounds", "average"),
        Figure("went_out", gettext_noop("Rounds with no card left"), "went_out"),
    )

    # A round's entry: the kinds of card counted in a hand (their words and what each
    # costs), the most of one kind, the most points, and what going out scores.
    symbols = SYMBOLS
    symbol_kinds = SYMBOL_KINDS
    symbol_points = SYMBOL_POINTS
    most_of_a_kind = MOST_OF_A_KIND
    highest_hand = HIGHEST_HAND
    went_out = WENT_OUT
    hand_points = staticmethod(hand_points)
    agrees_with_going_out = staticmethod(agrees_with_going_out)

    def value_lines(self, options: Mapping[str, object]) -> tuple[ValueLine, ...]:
        """What a card left in hand costs, a line per number of symbols printed on it
        (said in words: the cards of a kind differ in colour and number), as the board
        counts it: a total climbs to the threshold, so 1, not −1."""
        return tuple(
            ValueLine((), SYMBOL_POINTS[symbols], label=SYMBOL_KINDS[symbols])
            for symbols in SYMBOLS
        )

    def round_events(
        self, setup: Setup, result: RoundResult, player: str, side: str
    ) -> Mapping[str, int]:
        # A round does not record who went out *first*: every round a player ended
        # with no card left counts (0 points), and the page says so.
        return {
            "rounds": 1,
            "points": result.points[player],
            "went_out": result.points[player] == WENT_OUT,
        }

    def parse_round(self, setup: Setup, raw: Mapping, state: MatchState) -> CabangaRound:
        errors = self.check_round_fields(state, raw, ("hands",))
        given = raw.get("hands")
        if not isinstance(given, Mapping):
            errors.append(fault(gettext_noop("every player needs a hand"), "hands"))
            raise RoundInvalid(errors)
        for player in given:
            if player not in setup.players:
                errors.append(
                    fault(gettext_noop("unknown player {player}"), "hands", player=str(player))
                )
        hands: dict[str, int] = {}
        counts: dict[str, tuple[int, int, int]] = {}
        for player in setup.players:
            where = f"hands.{player}"
            hand = given.get(player)
            if player not in given:
                errors.append(fault(gettext_noop("{player} has no hand"), where, player=player))
            elif is_whole_number(hand):
                if 0 <= hand <= HIGHEST_HAND:
                    hands[player] = hand
                else:
                    errors.append(
                        fault(
                            gettext_noop("{player}'s points must be between 0 and {maximum}"),
                            where,
                            player=player,
                            maximum=HIGHEST_HAND,
                        )
                    )
            elif isinstance(hand, Mapping):
                cards = self._parse_counts(player, hand, errors)
                if cards is not None:
                    counts[player] = cards
                    hands[player] = hand_points(*cards)
            else:
                errors.append(
                    fault(
                        gettext_noop("{player}'s hand must be points or card counts"),
                        where,
                        player=player,
                    )
                )
        if len(hands) == len(setup.players) and WENT_OUT not in hands.values():
            errors.append(
                fault(gettext_noop("at least one player must have no card left"), "hands")
            )
        if errors:
            raise RoundInvalid(errors)
        return CabangaRound(hands, counts)

    def _parse_counts(
        self, player: str, hand: Mapping, errors: list[FieldError]
    ) -> tuple[int, int, int] | None:
        where = f"hands.{player}"
        fine = True
        for symbols in hand:
            if symbols not in SYMBOLS:
                errors.append(
                    fault(gettext_noop("unknown card kind {kind}"), where, kind=str(symbols))
                )
                fine = False
        # A kind left out of the counts means no card of that kind.
        numbers = [hand.get(symbols, 0) for symbols in SYMBOLS]
        if not all(is_whole_number(number) and number >= 0 for number in numbers):
            errors.append(
                fault(
                    gettext_noop("{player}'s card counts must be whole numbers, 0 or more"),
                    where,
                    player=player,
                )
            )
            return None
        if fine and hand_points(*numbers) > HIGHEST_HAND:
            errors.append(
                fault(
                    gettext_noop("{player}'s points must be between 0 and {maximum}"),
                    where,
                    player=player,
                    maximum=HIGHEST_HAND,
                )
            )
            fine = False
        return (numbers[0], numbers[1], numbers[2]) if fine else None

    def play_round(self, setup: Setup, state: MatchState, parsed: object) -> RoundResult:
        assert isinstance(parsed, CabangaRound)
        number = len(state.rounds) + 1
        dealer = setup.dealer_of(number)
        points = {player: parsed.hands[player] for player in setup.players}
        return RoundResult(
            number=number,
            points=points,
            totals={player: state.totals[player] + points[player] for player in setup.players},
            explanation=tuple(hand_why(player, parsed) for player in setup.players),
            topics=("went-out", "round-points"),
            tiebreak=False,
            dealer=dealer,
            first_player=setup.seated_after(dealer),
            detail=parsed,
        )

    def _ended(
        self, setup: Setup, results: Sequence[RoundResult], totals: Mapping[str, int]
    ) -> bool:
        if setup.options["end"] == "rounds":
            return len(results) >= setup.options["rounds"]
        return any(total >= setup.options["threshold"] for total in totals.values())

    def conclude(self, setup: Setup, results: Sequence[RoundResult]) -> MatchState:
        totals = dict(results[-1].totals) if results else dict.fromkeys(setup.players, 0)
        options = setup.options
        distance = None
        rounds_left = None
        if options["end"] == "threshold":
            distance = {player: options["threshold"] - totals[player] for player in setup.players}
        else:
            rounds_left = max(options["rounds"] - len(results), 0)
        finished = self._ended(setup, results, totals)
        lowest = min(totals.values())
        winners = [player for player in setup.players if totals[player] == lowest]
        return self.build_state(
            setup,
            results,
            totals,
            finished=finished,
            winners=winners,
            distance=distance,
            rounds_left=rounds_left,
        )

    def end_line(self, options: Mapping[str, object]) -> tuple[int, bool]:
        if options["end"] == "rounds":
            return int(options["rounds"]), True
        return int(options["threshold"]), False

    def end_notes(
        self, setup: Setup, state: MatchState
    ) -> tuple[tuple[Text, ...], tuple[str, ...]]:
        if not state.finished:
            return (), ()
        options = setup.options
        if options["end"] == "rounds":
            notes = [
                Text(
                    gettext_noop("Round {number} of {rounds}: the match ends"),
                    {"number": len(state.rounds), "rounds": options["rounds"]},
                )
            ]
            topics = ["end-rounds"]
        else:
            reached = [
                player for player in setup.players if state.totals[player] >= options["threshold"]
            ]
            notes = [
                Text(
                    gettext_noop("{players} reached {threshold}: the match ends"),
                    {"players": join_names(reached), "threshold": options["threshold"]},
                )
            ]
            topics = ["end-threshold"]
        if state.shared:
            notes.append(
                Text(
                    gettext_noop("{players} tie for the lowest total, {total}: a shared victory"),
                    {"players": join_names(state.winners), "total": state.totals[state.winners[0]]},
                )
            )
            topics.append("shared-victory")
        return tuple(notes), tuple(topics)


GAME = Cabanga()
