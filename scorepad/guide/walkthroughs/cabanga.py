"""One round of Cabanga! for three players, to the minus points the engine counts.

Ana, Ben and Chloé; Ana plays first. Cards are a colour letter and a number: "R10"
is the red 10; "S12" is the start card 12. How many symbols a card carries is made
up for this example (``marks``); at the table, players count what is printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scorepad.guide.cards import cabanga_card
from scorepad.guide.walkthroughs.base import Cards, Move, Say, Score, Step, Walkthrough, Zone
from scorepad.rules.cabanga import GAME

PLAYERS = ("Ana", "Ben", "Chloé")
COLOURS = ("R", "B", "P", "Y")
ROW_NAMES = {
    "R": _("Red row"),
    "B": _("Blue row"),
    "P": _("Purple row"),
    "Y": _("Yellow row"),
}
START = {"R": ("S3", "S16"), "B": ("S1", "S12"), "P": ("S7", "S18"), "Y": ("S5", "S14")}
DEALT = {
    "Ana": ("R10", "R2", "B4", "B17", "P9", "Y6", "Y11", "Y15"),
    "Ben": ("R11", "R12", "B8", "P3", "P14", "Y1", "Y9", "Y17"),
    "Chloé": ("R5", "R18", "B2", "B13", "P6", "P10", "Y3", "Y12"),
}
# The penalty pile, top first: what the players draw, in order.
PENALTY = [
    "R13",
    "B15",
    "Y7",
    "R8",
    "B1",
    "R1",
    "Y8",
    "B5",
    "Y10",
    "B3",
    "P18",
    "R15",
    "Y4",
    "R14",
    "P5",
    "Y14",
    "Y13",
    "R4",
    "R6",
]
LEFT, RIGHT = 0, 1


def marks(code: str) -> int:
    """Symbols on a card in this example (1 to 3)."""
    return 1 + int(code[1:]) % 3


def card(code: str):
    return cabanga_card(code, marks(code) if code[0] in COLOURS else 0)


def number(code: str) -> int:
    return int(code[1:])


@dataclass(frozen=True)
class Turn:
    """One placement and what followed: the throws and every penalty card drawn."""

    player: str
    card: str
    side: int
    gap: tuple[int, int]
    same_colour: bool
    throws: dict[str, tuple[str, ...]]
    drawn: tuple[str, ...]


@dataclass
class Round:
    hands: dict[str, list[str]]
    piles: dict[str, tuple[list[str], list[str]]]
    penalty: list[str]
    set_aside: list[str] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    moved: set[str] = field(default_factory=set)

    def place(self, player: str, code: str, side: int, **throws: tuple[str, ...]) -> Turn:
        colour = code[0]
        self.hands[player].remove(code)
        self.piles[colour][side].append(code)
        left, right = (number(self.piles[colour][LEFT][-1]), number(self.piles[colour][RIGHT][-1]))
        low, high = sorted((left, right))
        same = bool(self.turns) and self.turns[-1].card[0] == colour
        drawn = [self.penalty.pop(0)] if same else []
        for thrower, cards in throws.items():
            for thrown in cards:
                assert thrower != player and thrown[0] == colour and low < number(thrown) < high
                self.hands[thrower].remove(thrown)
                self.set_aside.append(thrown)
                drawn.append(self.penalty.pop(0))
        self.hands[player] += drawn
        turn = Turn(player, code, side, (low, high), same, dict(throws), tuple(drawn))
        self.turns.append(turn)
        self.moved = {code, *drawn, *(c for cards in throws.values() for c in cards)}
        return turn

    @property
    def over(self) -> bool:
        return any(not cards for cards in self.hands.values())

    def zones(self) -> tuple[Zone, ...]:
        rows = tuple(
            Zone(
                Say(ROW_NAMES[colour]),
                (self.piles[colour][LEFT][-1], self.piles[colour][RIGHT][-1]),
                compact=True,
                in_a_row=True,  # its left pile, then its right one
            )
            for colour in COLOURS
        )
        hands = tuple(Zone(Say(name), tuple(self.hands[name])) for name in PLAYERS)
        aside = Zone(Say(_("Thrown cards, set aside")), tuple(self.set_aside), count_only=True)
        return (*rows, *hands, aside)

    def step(self, title: Say, *moves: Move) -> Step:
        return Step(title, self.zones(), moves, frozenset(self.moved))


def told(turn: Turn) -> tuple[Move, ...]:
    """Plain sentences for a turn of the quicker steps."""
    side = _("left") if turn.side == LEFT else _("right")
    moves = [
        Move(
            Say(
                _("{player} places {card} on the {side} pile."),
                {"player": turn.player, "card": Cards([turn.card]), "side": side},
            )
        )
    ]
    if turn.same_colour:
        moves.append(
            Move(
                Say(
                    _("Same colour as the card before: {player} draws a penalty card."),
                    {"player": turn.player},
                )
            )
        )
    for thrower, cards in turn.throws.items():
        moves.append(
            Move(
                Say(
                    _("“Cabanga!” {thrower} throws {cards}, between {low} and {high}."),
                    {
                        "thrower": thrower,
                        "cards": Cards(cards),
                        "low": turn.gap[0],
                        "high": turn.gap[1],
                    },
                )
            )
        )
    thrown = sum(len(cards) for cards in turn.throws.values())
    if thrown:
        moves.append(
            Move(
                Say(
                    ngettext_lazy(
                        "{player} draws {count} penalty card, one per thrown card.",
                        "{player} draws {count} penalty cards, one per thrown card.",
                        "count",
                    ),
                    {"player": turn.player, "count": thrown},
                    count="count",
                )
            )
        )
    return tuple(moves)


def _build() -> tuple[Round, list[Step]]:
    play = Round(
        {name: list(cards) for name, cards in DEALT.items()},
        {colour: ([START[colour][LEFT]], [START[colour][RIGHT]]) for colour in COLOURS},
        list(PENALTY),
    )
    play.moved = {code for pair in START.values() for code in pair}
    steps = [
        play.step(
            Say(_("Setting up")),
            Move(
                Say(
                    _(
                        "Four rows, one per colour. Each row gets a start card on its left and "
                        "one on its right; everyone gets eight cards; the rest is the penalty pile."
                    )
                ),
                Say(
                    _(
                        "All hands are shown so you can follow. The symbols on the cards (the "
                        "dots) are made up for this example: on real cards, count what is printed."
                    )
                ),
            ),
        )
    ]
    play.place("Ana", "R10", LEFT, Ben=("R11", "R12"))
    steps.append(
        play.step(
            Say(_("A “Cabanga!” throw")),
            Move(
                Say(_("Ana places her red 10 on the left red pile: the row now shows 10 and 16.")),
                Say(_("She hoped nobody held a red card between 10 and 16.")),
            ),
            Move(
                Say(_("Ben calls “Cabanga!” and throws his red 11 and red 12.")),
                Say(
                    _(
                        "Both lie strictly between 10 and 16. They are set aside, and Ana draws "
                        "one penalty card for each: two cards."
                    )
                ),
            ),
        )
    )
    play.place("Ben", "P14", LEFT)
    steps.append(
        play.step(
            Say(_("A narrow gap")),
            Move(
                Say(_("Ben places his purple 14 on the left purple pile: 14 and 18.")),
                Say(_("Only 15, 16 and 17 fit between: few cards can punish him.")),
            ),
        )
    )
    play.place("Chloé", "P10", RIGHT)
    steps.append(
        play.step(
            Say(_("The same-colour penalty")),
            Move(
                Say(_("Chloé places her purple 10 on the right purple pile: 14 and 10.")),
                Say(
                    _(
                        "Ben played purple just before her, so she draws a penalty card: a "
                        "poor choice. Her blue 2 on the right blue pile (1 and 2) would have "
                        "opened no gap, and her red 18 on the left red pile (18 and 16) only "
                        "the 17, which nobody holds; after Ben's purple, neither colour costs "
                        "a penalty card."
                    )
                ),
            ),
        )
    )
    for title, count in (
        (Say(_("Turns 4 to 6")), 3),
        (Say(_("Turns 7 to 9: a flood of throws")), 3),
        (Say(_("Turns 10 to 12: Chloé goes out")), 3),
    ):
        turns = [play.place(*args, **throws) for args, throws in SCRIPT[:count]]
        del SCRIPT[:count]
        moves = tuple(move for turn in turns for move in told(turn))
        play.moved = {turn.card for turn in turns}
        steps.append(play.step(title, *moves))
    assert play.over and not SCRIPT
    return play, steps


SCRIPT: list[tuple[tuple[str, str, int], dict[str, tuple[str, ...]]]] = [
    (("Ana", "R2", RIGHT), {"Chloé": ("R5",)}),
    (("Ben", "B8", RIGHT), {"Ana": ("B4",), "Chloé": ("B2",)}),
    (("Chloé", "P6", LEFT), {"Ana": ("P9",)}),
    (("Ana", "R8", RIGHT), {}),
    (("Ben", "Y1", LEFT), {"Ana": ("Y6", "Y11"), "Chloé": ("Y3", "Y12", "Y7", "Y8")}),
    (("Chloé", "R18", LEFT), {"Ana": ("R13",), "Ben": ("R15",)}),
    (("Ana", "B15", RIGHT), {"Ben": ("B5", "B3"), "Chloé": ("B13",)}),
    (("Ben", "P3", RIGHT), {"Chloé": ("P5",)}),
    (("Chloé", "R14", RIGHT), {}),
]

PLAY, _STEPS = _build()
LEFT_IN_HAND = {name: tuple(cards) for name, cards in PLAY.hands.items()}
COUNTS = {
    name: {str(symbols): sum(marks(code) == symbols for code in cards) for symbols in (1, 2, 3)}
    for name, cards in LEFT_IN_HAND.items()
}
SETUP = GAME.make_setup(PLAYERS, {}, first_dealer="Chloé")
STATE = GAME.score(SETUP, [{"hands": COUNTS}])


def _score() -> Score:
    points = STATE.rounds[0].points
    rows = tuple(
        (
            Say(name),
            (
                COUNTS[name]["1"],
                COUNTS[name]["2"],
                COUNTS[name]["3"],
                points[name],
            ),
        )
        for name in PLAYERS
    )
    columns = (1, 2, 3, Say(_("Minus points")))
    return Score(
        columns,
        rows,
        notes=((Say(_("The scorepad says")), STATE.rounds[0].explanation),),
        spans=((Say(_("Cards by number of symbols")), 3), (None, 1)),
    )


STEPS = (
    *_STEPS,
    Step(
        Say(_("The minus points")),
        tuple(Zone(Say(name), LEFT_IN_HAND[name]) for name in PLAYERS),
        (
            Move(
                Say(_("Chloé has no card left at the end of her turn: the round is over.")),
                Say(
                    _(
                        "Every card still in hand costs as many minus points as it has "
                        "symbols. Chloé scores 0; Ana {ana} and Ben {ben}."
                    ),
                    {"ana": STATE.rounds[0].points["Ana"], "ben": STATE.rounds[0].points["Ben"]},
                ),
            ),
        ),
        score=_score(),
    ),
)

WALKTHROUGH = Walkthrough(
    game="cabanga",
    title=Say(_("A round of Cabanga!")),
    intro=Say(
        _(
            "Three players, one round: placing cards, a “Cabanga!” throw and its penalty "
            "cards, the same-colour penalty, the end of the round and the minus points."
        )
    ),
    card=card,
    steps=STEPS,
)
