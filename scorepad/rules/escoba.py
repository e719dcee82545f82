"""Escoba: every rule of the game, from checking a deal to the end of the match.

Topics (anchors of the rules pages) a deal can point to:
``most-cards``, ``most-oros``, ``most-sevens`` the three "most" points, ``velo`` the
seven of oros, ``escobas`` sweeps, ``escoba-ties`` a tie that gives a point to nobody,
``all-oros`` the all-oros bonus, ``end-target`` the target was reached,
``top-tie`` sides tied at the top (broken by the cascade or played on).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .base import (
    MAX_TEAM_NAME_LENGTH,
    NO_TEXT,
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
    Team,
    Text,
    ValueLine,
    clean_name,
    fault,
    gettext_noop,
    is_whole_number,
    join_names,
    name_faults,
)

TOPICS = (
    "most-cards",
    "most-oros",
    "most-sevens",
    "velo",
    "escobas",
    "escoba-ties",
    "all-oros",
    "end-target",
    "top-tie",
)

DECK_SIZE = 40
OROS = 10
SEVENS = 4
# What the sides of a deal share between them, by count.
DEAL_TOTALS = {"cards": DECK_SIZE, "oros": OROS, "sevens": SEVENS}
# A deal's counts that do not add up to the deck's: the whole round's fault, one a count.
SUM_FAULTS = {
    "cards": gettext_noop("cards must total {expected}; got {got}"),
    "oros": gettext_noop("oros must total {expected}; got {got}"),
    "sevens": gettext_noop("sevens must total {expected}; got {got}"),
}
# The most of each count one side can capture in a deal, as its entry bounds it: the
# whole of the deck's share, and half the deck's cards in escobas (each sweep takes the
# card played and one from the table at least).
MOST_IN_A_DEAL = {**DEAL_TOTALS, "escobas": DECK_SIZE // 2}
FIFTEEN = 15

SUITS = ("O", "C", "E", "B")  # oros, copas, espadas, bastos
NUMBERS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)  # 10 sota, 11 caballo, 12 rey
ESCOBA_DECK = tuple(f"{number}{suit}" for suit in SUITS for number in NUMBERS)
VELO = "7O"

_VALUES = {
    f"{number}{suit}": number if number <= 7 else number - 2 for suit in SUITS for number in NUMBERS
}


def card_value(code: str) -> int:
    """Face value 1 to 7; sota 8, caballo 9, rey 10. ValueError for a wrong code."""
    try:
        return _VALUES[code]
    except KeyError:
        raise ValueError(f"unknown card {code!r}") from None


@dataclass(frozen=True)
class Capture:
    cards: tuple[str, ...]
    escoba: bool


def fifteens(table: Sequence[str], played: str) -> tuple[Capture, ...]:
    """Every set of table cards that makes exactly fifteen with the played card.

    Smaller captures first, then in table order; ``escoba`` when it clears the table.
    ValueError for a wrong code or a card twice on the table: the deck holds each once.
    """
    needed = FIFTEEN - card_value(played)
    values = [card_value(code) for code in table]
    if len(set(table)) != len(table):
        raise ValueError("a card can lie on the table only once")
    found = sorted(_summing_to(values, needed), key=len)  # stable: table order within a size
    return tuple(
        Capture(tuple(table[index] for index in picked), escoba=len(picked) == len(table))
        for picked in found
    )


def _summing_to(values: Sequence[int], needed: int) -> list[tuple[int, ...]]:
    """The index sets of ``values`` that add up to ``needed``, in lexicographic order.

    Every card is worth at least 1, so a partial sum past ``needed`` can never come
    back: the search drops it there instead of trying the 2**n subsets of the table.
    """
    found: list[tuple[int, ...]] = []

    def extend(picked: tuple[int, ...], start: int, left: int) -> None:
        for index in range(start, len(values)):
            rest = left - values[index]
            if rest < 0:
                continue  # the table is not sorted: a later, smaller card may still fit
            if rest == 0:
                found.append((*picked, index))
            else:
                extend((*picked, index), index + 1, rest)

    extend((), 0, needed)
    return found


def common_fifteens(most_cards: int = 3) -> tuple[tuple[int, ...], ...]:
    """Every way to make fifteen with two to ``most_cards`` cards, as card values from the
    highest down (a value appears at most four times: one card per suit)."""
    found: list[tuple[int, ...]] = []

    def extend(picked: tuple[int, ...], highest: int, left: int) -> None:
        if left == 0 and len(picked) >= 2:
            found.append(picked)
            return
        if len(picked) == most_cards:
            return
        for value in range(min(highest, left), 0, -1):
            if picked.count(value) < len(SUITS):
                extend((*picked, value), value, left - value)

    extend((), max(_VALUES.values()), FIFTEEN)
    return tuple(sorted(found, key=lambda values: (len(values), [-v for v in values])))


def opening_escobas(table: Sequence[str]) -> int:
    """The dealer's escobas from the four opening cards: 15 gives one, 30 gives two."""
    if len(table) != 4:
        raise ValueError("the opening table has four cards")
    return {FIFTEEN: 1, 2 * FIFTEEN: 2}.get(sum(card_value(code) for code in table), 0)


# The opening table as a deal's entry offers it: the escobas it gives the dealer, each
# with what the four cards add up to (`opening_escobas`).
OPENING_TABLES = (
    (0, gettext_noop("no escoba")),
    (1, gettext_noop("15: one escoba")),
    (2, gettext_noop("30: two escobas")),
)


# Options and presets -------------------------------------------------------------

OPTIONS = (
    Option(
        "target",
        "int",
        21,
        gettext_noop("Target score"),
        gettext_noop("The match ends after the deal in which a side reaches this total."),
        minimum=5,
        maximum=100,
    ),
    Option(
        "all_oros_bonus",
        "bool",
        False,
        gettext_noop("Bonus for all ten oros"),
        gettext_noop("A side that captures all ten oros scores one more point."),
    ),
    Option(
        "top_tie",
        "choice",
        "play_on",
        gettext_noop("Tie at the top"),
        gettext_noop("When several sides share the highest total at the end."),
        choices=(
            Choice("play_on", gettext_noop("Play another deal")),
            Choice(
                "cascade",
                gettext_noop("Escobas, oros, velo, sevens, cards"),
                gettext_noop(
                    "Over the whole match, most escobas wins, then oros, then deals won "
                    "with the velo, then sevens, then cards; still tied, play another deal."
                ),
            ),
        ),
    ),
)

PRESETS = (
    Preset(
        "classic",
        gettext_noop("Classic"),
        gettext_noop("Play to 21; a tie at the top plays another deal."),
        {"target": 21, "all_oros_bonus": False, "top_tie": "play_on"},
    ),
)

COUNTS = ("cards", "oros", "sevens", "escobas")
_NOT_A_COUNT = {
    "cards": gettext_noop("cards must be a whole number, 0 or more"),
    "oros": gettext_noop("oros must be a whole number, 0 or more"),
    "sevens": gettext_noop("sevens must be a whole number, 0 or more"),
    "escobas": gettext_noop("escobas must be a whole number, 0 or more"),
}


@dataclass(frozen=True)
class Pile:
    """What one side captured in a deal."""

    cards: int
    oros: int
    sevens: int
    velo: bool
    escobas: int


@dataclass(frozen=True)
class Deal:
    sides: Mapping[str, Pile]


_MOST = {
    "cards": (
        gettext_noop("Most cards: {side} ({count})"),
        gettext_noop("Tie for the most cards: no point"),
        "most-cards",
    ),
    "oros": (
        gettext_noop("Most oros: {side} ({count})"),
        gettext_noop("Tie for the most oros: no point"),
        "most-oros",
    ),
    "sevens": (
        gettext_noop("Most sevens: {side} ({count})"),
        gettext_noop("Tie for the most sevens: no point"),
        "most-sevens",
    ),
}


def deal_points(
    deal: Deal, options: Mapping[str, object]
) -> tuple[dict[str, int], tuple[Text, ...], tuple[str, ...]]:
    """One point each for most cards, oros, sevens, the velo and every escoba."""
    points = dict.fromkeys(deal.sides, 0)
    explanation: list[Text] = []
    topics: list[str] = []
    for count, (won, tied, topic) in _MOST.items():
        most = max(getattr(pile, count) for pile in deal.sides.values())
        holders = [side for side, pile in deal.sides.items() if getattr(pile, count) == most]
        if len(holders) == 1:
            points[holders[0]] += 1
            explanation.append(Text(won, {"side": holders[0], "count": most}))
            topics.append(topic)
        else:
            explanation.append(Text(tied))
            topics.append("escoba-ties")
    for side, pile in deal.sides.items():
        if pile.velo:
            points[side] += 1
            explanation.append(Text(gettext_noop("The velo: {side}"), {"side": side}))
            topics.append("velo")
    for side, pile in deal.sides.items():
        if pile.escobas:
            points[side] += pile.escobas
            explanation.append(
                Text(
                    gettext_noop("Escobas: {count} for {side}"),
                    {"count": pile.escobas, "side": side},
                )
            )
            topics.append("escobas")
    if options["all_oros_bonus"]:
        for side, pile in deal.sides.items():
            if pile.oros == OROS:
                points[side] += 1
                explanation.append(
                    Text(gettext_noop("All ten oros: one more point for {side}"), {"side": side})
                )
                topics.append("all-oros")
    return points, tuple(explanation), tuple(dict.fromkeys(topics))


# The cascade compares, in this order, these sums over the whole match.
CASCADE = (
    ("escobas", gettext_noop("escobas")),
    ("oros", gettext_noop("oros")),
    # As the rules page says it: a side holds the velo in a deal, it does not win "velos".
    ("velo", gettext_noop("deals won with the velo")),
    ("sevens", gettext_noop("sevens")),
    ("cards", gettext_noop("cards")),
)


def running_counts(before: Mapping[str, Mapping[str, int]] | None, deal: Deal) -> dict:
    """The cascade's counts summed over the match so far, `before` plus one more deal."""
    return {
        count: {
            side: (before[count][side] if before else 0) + int(getattr(pile, count))
            for side, pile in deal.sides.items()
        }
        for count, _ in CASCADE
    }


def cascade_steps(
    counts: Mapping[str, Mapping[str, int]], tied: Sequence[str]
) -> list[tuple[str, tuple[str, ...]]]:
    """The cascade step by step: each count it compared and the sides that count left,
    until one side is left (or every count is compared)."""
    remaining, steps = tuple(tied), []
    for count, label in CASCADE:
        sums = {side: counts[count][side] for side in remaining}
        best = max(sums.values())
        remaining = tuple(side for side in remaining if sums[side] == best)
        steps.append((label, remaining))
        if len(remaining) == 1:
            break
    return steps


def cascade(
    counts: Mapping[str, Mapping[str, int]], tied: Sequence[str]
) -> tuple[tuple[str, ...], str | None]:
    """The sides left after the cascade, and the count that decided (None if still tied)."""
    label, remaining = cascade_steps(counts, tied)[-1]
    return remaining, label if len(remaining) == 1 else None


def lost_on(
    counts: Mapping[str, Mapping[str, int]], tied: Sequence[str]
) -> dict[str, tuple[str, tuple[str, ...], int, int]]:
    """For each side the cascade put behind, the count it lost on, the counts before
    it, on which that side was level with the best (a reader of "loses on sevens" asks
    why not on escobas), and its figure on that count against the best one."""
    lost, before, compared = {}, tuple(tied), ()
    count_of = {label: count for count, label in CASCADE}
    for label, remaining in cascade_steps(counts, tied):
        figures = counts[count_of[label]]
        best = max(figures[side] for side in before)
        lost.update(
            (side, (label, compared, figures[side], best))
            for side in before
            if side not in remaining
        )
        before, compared = remaining, (*compared, label)
    return lost


def level_before_the_decider(
    counts: Mapping[str, Mapping[str, int]], tied: Sequence[str]
) -> tuple[str, ...]:
    """The counts the cascade compared before the one that decided, on which every side
    tied at the top was level (none once a side fell behind on one)."""
    level = []
    for label, remaining in cascade_steps(counts, tied)[:-1]:
        if len(remaining) != len(tied):
            break
        level.append(label)
    return tuple(level)


def counts_text(labels: Sequence[str]) -> Text | str:
    """ "escobas and oros": the counts named, each translated."""
    return join_names([Text(label) for label in labels])


def _won_on(side: str, decider: str, level: Sequence[str], params: Mapping, *, team: bool) -> Text:
    """ "Ana and Ben tie at 6: Ben wins on escobas"; a team takes the plural ("Sun win"),
    as `winner_status` says it; the counts on which they stayed level named before."""
    params = {**params, "side": side, "count": Text(decider)}
    if level:
        params["counts"] = counts_text(level)
        if team:
            return Text(
                gettext_noop("{sides} tie at {total} and on {counts}: {side} win on {count}"),
                params,
            )
        return Text(
            gettext_noop("{sides} tie at {total} and on {counts}: {side} wins on {count}"), params
        )
    if team:
        return Text(gettext_noop("{sides} tie at {total}: {side} win on {count}"), params)
    return Text(gettext_noop("{sides} tie at {total}: {side} wins on {count}"), params)


def fill_last_side(
    entered: Sequence[Mapping[str, int | None]],
) -> dict[str, int]:
    """The last side's cards, oros and sevens left blank: what the other sides did not
    take, for each count every other side gave (the deal's totals are known), unless
    they took more than a deal holds (`took_too_many` says so)."""
    *others, last = entered
    filled = {}
    for count, total in DEAL_TOTALS.items():
        if last.get(count) is None and all(side.get(count) is not None for side in others):
            rest = total - sum(side[count] for side in others)  # type: ignore[misc]
            if rest >= 0:
                filled[count] = rest
    return filled


# The other sides took more of a count than a deal holds, the last side's left blank.
TOOK_TOO_MANY = {
    "cards": gettext_noop("{sides} took {got} cards in all: a deal has {expected}"),
    "oros": gettext_noop("{sides} took {got} oros in all: a deal has {expected}"),
    "sevens": gettext_noop("{sides} took {got} sevens in all: a deal has {expected}"),
}


def took_too_many(
    sides: Sequence[str], entered: Sequence[Mapping[str, int | None]]
) -> list[FieldError]:
    """The counts the sides before the last took more of than a deal holds, the last
    side's left blank to be filled in (`fill_last_side`): a fault of each of their
    counts that went into that total ("sides.Ana.cards"), one message for them all, since
    any of them may be the mistyped one. It is theirs, not the blank count's (QA: said
    beside an empty field, not where the player typed)."""
    *others, last = entered
    errors = []
    for count, total in DEAL_TOTALS.items():
        values = [side.get(count) for side in others]
        if last.get(count) is not None or any(value is None for value in values):
            continue
        got = sum(values)  # type: ignore[arg-type]
        if got <= total:
            continue
        took = [side for side, value in zip(sides[:-1], values, strict=True) if value]
        params = {"sides": join_names(took), "got": got, "expected": total}
        message = Text(TOOK_TOO_MANY[count], params)
        errors += [FieldError(f"sides.{side}.{count}", message) for side in took]
    return errors


def dealer_side(setup: Setup, number: int) -> str:
    """The side of deal `number`'s dealer: an opening table's escobas go to it."""
    dealer = setup.dealer_of(number)
    for team in setup.teams or ():
        if dealer in team.players:
            return team.name
    return dealer


def escobas_with_opening(setup: Setup, number: int, side: str, swept: int, opening: int) -> int:
    """A side's escobas as deal `number` keeps them: those it swept, and for the
    dealer's side the escobas of the opening table (`OPENING_TABLES`), which arrive in
    the dealer's escobas figure (RULES.md). ValueError for an opening table that gives
    no such number of escobas."""
    if opening not in {escobas for escobas, _label in OPENING_TABLES}:
        raise ValueError(f"no opening table gives {opening!r} escobas")
    return swept + (opening if side == dealer_side(setup, number) else 0)


def facing_teams(players: Sequence[str]) -> tuple[Team, ...] | None:
    """Four players play as two teams, partners sitting facing: seats 1 and 3 against
    seats 2 and 4, each team named after its players. Fewer play on their own."""
    if len(players) != 4:
        return None
    first, second, third, fourth = players
    return (
        Team(f"{first} & {third}", (first, third)),
        Team(f"{second} & {fourth}", (second, fourth)),
    )


class Escoba(Game):
    key = "escoba"
    name = "Escoba"
    tagline = gettext_noop("Capture cards that make fifteen, and sweep the table.")
    min_players = 2
    max_players = 4
    options = OPTIONS
    presets = PRESETS
    lower_is_better = False
    round_named_maps = ("sides",)
    topics = TOPICS
    round_noun = "deal"
    # Seed escoba-fr: "40 cartes espagnoles, ou un jeu de 52 privé des huit, neuf et dix".
    card_decks = ("spanish", "stripped-french")
    setup_hint = gettext_noop(
        "Four players play as two teams: seats 1 and 3 against seats 2 and 4 (partners sit facing)."
    )
    figures = (
        Figure("deals", gettext_noop("Deals played"), "deals"),
        Figure("points", gettext_noop("Points per deal"), "points", "deals", "average"),
        Figure("escobas", gettext_noop("Escobas per deal"), "escobas", "deals", "average"),
        Figure("velo", gettext_noop("Velo taken"), "velos", "deals", "percent"),
    )
    figures_note = gettext_noop("In a team, the team's figures count for each partner.")
    figures_note_event = "team_deals"

    # What the pages ask -----------------------------------------------------------

    def make_teams(self, players: Sequence[str]) -> tuple[Team, ...] | None:
        return facing_teams(players)

    def entry_names(self, state: MatchState) -> tuple[str, ...]:
        """A deal is entered per side: per team when four play."""
        return state.setup.sides

    def value_lines(self, options: Mapping[str, object]) -> tuple[ValueLine, ...]:
        """Each value once, as a card of oros: a suit holds every value."""
        return tuple(ValueLine((f"{number}O",), card_value(f"{number}O")) for number in NUMBERS)

    def round_events(
        self, setup: Setup, result: RoundResult, player: str, side: str
    ) -> Mapping[str, int]:
        """A team's pile counts for each partner: the deal is scored per side. Deals
        played in a team are counted too, for the note under the figures."""
        pile = result.detail.sides[side]
        return {
            "deals": 1,
            "team_deals": int(bool(setup.teams)),
            "points": result.points[side],
            "escobas": pile.escobas,
            "velos": pile.velo,
        }

    fill_last_side = staticmethod(fill_last_side)
    took_too_many = staticmethod(took_too_many)
    dealer_side = staticmethod(dealer_side)
    # A deal's entry: each side's counts, the most of each, the totals the sides share
    # (and the fault of a count that misses its own), and the opening table.
    counts = COUNTS
    most_in_a_deal = MOST_IN_A_DEAL
    deal_totals = DEAL_TOTALS
    sum_faults = SUM_FAULTS
    opening_tables = OPENING_TABLES
    escobas_with_opening = staticmethod(escobas_with_opening)

    def check_teams(
        self,
        players: tuple[str, ...],
        teams: Sequence[Team | Mapping[str, object]] | None,
        errors: list[FieldError],
    ) -> tuple[Team, ...] | None:
        if not teams:
            if len(players) == 4:
                errors.append(fault(gettext_noop("four players play as two teams of two"), "teams"))
            return None
        if len(players) != 4:
            errors.append(fault(gettext_noop("teams are only for four players"), "teams"))
            return None
        checked: list[Team] = []
        for index, team in enumerate(teams, start=1):
            if isinstance(team, Team):
                name, members = team.name, team.players
            elif isinstance(team, Mapping):
                name, members = team.get("name"), team.get("players")
            else:
                name, members = None, None
            if (
                not isinstance(name, str)
                or not name.strip()
                or isinstance(members, str)
                or not isinstance(members, Sequence)
                or not all(isinstance(member, str) for member in members)
            ):
                errors.append(
                    fault(gettext_noop("each team needs a name and its players"), "teams")
                )
                return None
            team_name = clean_name(name)
            errors.extend(name_faults(team_name, f"teams.{index}", MAX_TEAM_NAME_LENGTH))
            checked.append(Team(team_name, tuple(clean_name(member) for member in members)))
        names = [team.name for team in checked]
        members = [member for team in checked for member in team.players]
        if len(checked) != 2 or any(len(team.players) != 2 for team in checked):
            errors.append(fault(gettext_noop("play as exactly two teams of two"), "teams"))
        elif len(set(names)) != 2:
            errors.append(fault(gettext_noop("the two teams need different names"), "teams"))
        elif sorted(members) != sorted(players):
            errors.append(fault(gettext_noop("every player must be in exactly one team"), "teams"))
        return tuple(checked)

    # Checking a deal --------------------------------------------------------------

    def parse_round(self, setup: Setup, raw: Mapping, state: MatchState) -> Deal:
        errors = self.check_round_fields(state, raw, ("sides",))
        given = raw.get("sides")
        if not isinstance(given, Mapping):
            errors.append(fault(gettext_noop("every side needs its counts"), "sides"))
            raise RoundInvalid(errors)
        for side in given:
            if side not in setup.sides:
                errors.append(fault(gettext_noop("unknown side {side}"), "sides", side=str(side)))

        piles: dict[str, Pile] = {}
        for side in setup.sides:
            pile = self._parse_pile(side, given.get(side), errors)
            if pile is not None:
                piles[side] = pile
        self._check_sums(setup, given, errors)
        self._check_piles(piles, errors)
        if errors:
            raise RoundInvalid(errors)
        return Deal(piles)

    def _parse_pile(self, side: str, given: object, errors: list[FieldError]) -> Pile | None:
        where = f"sides.{side}"
        if not isinstance(given, Mapping):
            errors.append(fault(gettext_noop("{side} has no counts"), where, side=side))
            return None
        for name in given:
            if name not in (*COUNTS, "velo"):
                errors.append(fault(gettext_noop("unknown field {name}"), where, name=str(name)))
        fine = True
        for count in COUNTS:
            value = given.get(count)
            if not is_whole_number(value) or value < 0:
                errors.append(fault(_NOT_A_COUNT[count], f"{where}.{count}"))
                fine = False
        if not isinstance(given.get("velo"), bool):
            errors.append(fault(gettext_noop("velo must be true or false"), f"{where}.velo"))
            fine = False
        if not fine:
            return None
        return Pile(given["cards"], given["oros"], given["sevens"], given["velo"], given["escobas"])

    def _check_sums(self, setup: Setup, given: Mapping, errors: list[FieldError]) -> None:
        """The deck holds 40 cards, 10 oros, 4 sevens and one velo: the sides share them."""
        piles = [given.get(side) for side in setup.sides]
        piles = [pile for pile in piles if isinstance(pile, Mapping)]
        if len(piles) != len(setup.sides):
            return
        for count, total in DEAL_TOTALS.items():
            values = [pile.get(count) for pile in piles]
            if all(is_whole_number(value) and value >= 0 for value in values):
                got = sum(values)
                if got != total:
                    errors.append(fault(SUM_FAULTS[count], "round", expected=total, got=got))
        velos = [pile.get("velo") for pile in piles]
        if all(isinstance(velo, bool) for velo in velos) and sum(velos) != 1:
            errors.append(fault(gettext_noop("exactly one side must hold the velo"), "round"))

    def _check_piles(self, piles: Mapping[str, Pile], errors: list[FieldError]) -> None:
        for side, pile in piles.items():
            where = f"sides.{side}"
            if pile.oros > pile.cards:
                errors.append(fault(gettext_noop("oros cannot exceed cards"), f"{where}.oros"))
            if pile.sevens > pile.cards:
                errors.append(fault(gettext_noop("sevens cannot exceed cards"), f"{where}.sevens"))
            if pile.velo and (pile.oros < 1 or pile.sevens < 1):
                errors.append(
                    fault(
                        gettext_noop("the velo side needs at least one oro and one seven"),
                        f"{where}.velo",
                    )
                )
            # Every escoba takes the played card and at least one from the table.
            if 2 * pile.escobas > pile.cards:
                errors.append(
                    fault(gettext_noop("escobas cannot exceed half the cards"), f"{where}.escobas")
                )

    # Scoring ----------------------------------------------------------------------

    def play_round(self, setup: Setup, state: MatchState, parsed: object) -> RoundResult:
        assert isinstance(parsed, Deal)
        number = len(state.rounds) + 1
        dealer = setup.dealer_of(number)
        points, explanation, topics = deal_points(parsed, setup.options)
        return RoundResult(
            number=number,
            points=points,
            totals={side: state.totals[side] + points[side] for side in setup.sides},
            explanation=explanation,
            topics=topics,
            tiebreak=False,
            dealer=dealer,
            first_player=setup.seated_after(dealer),
            detail=parsed,
            carried={
                "counts": running_counts(
                    state.rounds[-1].carried["counts"] if state.rounds else None, parsed
                )
            },
        )

    def _decide(
        self, setup: Setup, results: Sequence[RoundResult], totals: Mapping[str, int]
    ) -> tuple[list[str], tuple[str, ...], str | None]:
        """The sides at or past the target, the sides left at the top, the deciding count."""
        target = setup.options["target"]
        over = [side for side in setup.sides if totals[side] >= target]
        if not over:
            return over, (), None
        best = max(totals.values())
        top = tuple(side for side in setup.sides if totals[side] == best)
        if len(top) == 1 or setup.options["top_tie"] != "cascade":
            return over, top, None
        left, decider = cascade(results[-1].carried["counts"], top)
        return over, (left if decider else top), decider

    def conclude(self, setup: Setup, results: Sequence[RoundResult]) -> MatchState:
        totals = dict(results[-1].totals) if results else dict.fromkeys(setup.sides, 0)
        target = setup.options["target"]
        distance = {side: target - totals[side] for side in setup.sides}
        over, top, _ = self._decide(setup, results, totals)
        if not over:
            return self.build_state(setup, results, totals, distance=distance)
        if len(top) == 1:
            return self.build_state(
                setup, results, totals, finished=True, winners=top, distance=distance
            )
        return self.build_state(
            setup,
            results,
            totals,
            needs_tiebreak=top,
            # With the cascade, the tied sides were level on every count it compares too.
            status=Text(gettext_noop("Tie at the top, and on every count: one more deal"))
            if setup.options["top_tie"] == "cascade"
            else Text(gettext_noop("Tie at the top: one more deal")),
            distance=distance,
        )

    def losing_note(self, state: MatchState, side: str) -> Text:
        """A side tied at the top that the cascade put behind: on which count."""
        if not state.finished or not state.rounds or side in state.winners:
            return NO_TEXT
        best = max(state.totals.values())
        tied = [other for other in state.setup.sides if state.totals[other] == best]
        if state.totals[side] != best or state.setup.options["top_tie"] != "cascade":
            return NO_TEXT
        lost = lost_on(state.rounds[-1].carried["counts"], tied).get(side)
        if lost is None:
            return NO_TEXT
        label, level, own, against = lost
        params = {"total": best, "count": Text(label), "own": own, "best": against}
        team = bool(state.setup.teams)  # the verb agrees with "Ana & Ben"
        if level:
            params["counts"] = counts_text(level)
            if team:
                return Text(
                    gettext_noop(
                        "tied at {total} and on {counts}: lose on {count}, {own} against {best}"
                    ),
                    params,
                )
            return Text(
                gettext_noop(
                    "tied at {total} and on {counts}: loses on {count}, {own} against {best}"
                ),
                params,
            )
        if team:
            return Text(
                gettext_noop("tied at {total}: lose on {count}, {own} against {best}"), params
            )
        return Text(gettext_noop("tied at {total}: loses on {count}, {own} against {best}"), params)

    def end_notes(
        self, setup: Setup, state: MatchState
    ) -> tuple[tuple[Text, ...], tuple[str, ...]]:
        over, top, decider = self._decide(setup, state.rounds, state.totals)
        if not over:
            return (), ()
        notes = [
            Text(
                gettext_noop("{sides} reached {target}: the match ends"),
                {"sides": join_names(over), "target": setup.options["target"]},
            )
        ]
        topics = ["end-target"]
        best = max(state.totals.values())
        tied = [side for side in setup.sides if state.totals[side] == best]
        if len(tied) > 1:
            params = {"sides": join_names(tied), "total": best}
            if decider:
                level = level_before_the_decider(state.rounds[-1].carried["counts"], tied)
                notes.append(_won_on(top[0], decider, level, params, team=bool(setup.teams)))
            else:
                notes = [Text(gettext_noop("{sides} tie at {total}: one more deal"), params)]
            topics.append("top-tie")
        return tuple(notes), tuple(topics)


GAME = Escoba()
