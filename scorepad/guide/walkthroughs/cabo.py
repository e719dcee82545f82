"""One round of Cabo for four players, scored by the engine under each preset.

Ana, Ben, Chloé and Dev; Dev deals, so Ana plays first. Every power is used once,
Dev snaps a card, Ana calls, and the reveal ends in a tie that each preset settles
its own way. Cards keep their places in a row: a snapped card leaves a gap (None).
Every discard after the snap is one that nobody can snap: no player knows a card of
that value in their own row (seed cabo-fr: "une carte de même valeur").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from scorepad.guide.cards import french_card
from scorepad.guide.walkthroughs.base import Cards, Move, Noted, Say, Score, Step, Walkthrough, Zone
from scorepad.rules.cabo import GAME, card_value

PLAYERS = ("Ana", "Ben", "Chloé", "Dev")
DEALT = {
    "Ana": ("AS", "3D", "8D", "8C"),
    "Ben": ("5C", "9S", "7D", "JD"),
    "Chloé": ("2D", "AH", "KD", "3S"),
    "Dev": ("9D", "6C", "8H", "4S"),
}
FIRST_DISCARD = "4C"
PRESETS = ("fr", "nl", "official")
OPTIONS = {preset: GAME.resolve_options(preset, {}) for preset in PRESETS}


@dataclass
class Round:
    """The cards in front of each player (in their seats' order) and the discard pile.

    ``known`` is what each player has seen of their own row; ``snappable`` lists every
    discard that a player could have snapped with a card they knew (same value, seed
    cabo-fr: "une carte de même valeur"), so the tests can hold the story to the rule.
    """

    hands: dict[str, list[str | None]]
    discard: list[str]
    drawn: list[str] = field(default_factory=list)
    moved: set[str] = field(default_factory=set)
    known: dict[str, set[str]] = field(default_factory=dict)
    snappable: list[tuple[str, str]] = field(default_factory=list)

    def _discard(self, card: str) -> None:
        self.discard.append(card)
        for player, cards in self.known.items():
            for mine in cards:
                if any(
                    card_value(mine, OPTIONS[preset]) == card_value(card, OPTIONS[preset])
                    for preset in ("fr", "nl")
                ):
                    self.snappable.append((card, player))

    def look(self, player: str, *positions: int) -> None:
        self.known.setdefault(player, set()).update(
            code for p in positions if (code := self.hands[player][p - 1]) is not None
        )

    def draw_and_discard(self, player: str, card: str) -> None:
        self.drawn.append(card)
        self._discard(card)
        self.moved = {card}

    def draw_and_swap(self, player: str, card: str, position: int) -> None:
        self.drawn.append(card)
        old = self.hands[player][position - 1]
        assert old is not None
        self.hands[player][position - 1] = card
        self.known[player].discard(old)
        self.known[player].add(card)
        self._discard(old)
        self.moved = {card, old}

    def blind_swap(self, player: str, position: int, other: str, other_position: int) -> None:
        mine, theirs = self.hands[player][position - 1], self.hands[other][other_position - 1]
        self.hands[player][position - 1], self.hands[other][other_position - 1] = theirs, mine
        self.known[player].discard(mine)
        self.known[other].discard(theirs)
        self.moved |= {mine, theirs}

    def snap(self, player: str, position: int) -> str:
        card = self.hands[player][position - 1]
        assert card is not None and card in self.known[player]
        assert card_value(card, OPTIONS["fr"]) == card_value(self.discard[-1], OPTIONS["fr"])
        # The snap answers the discard just made: it is no longer a missed one.
        self.snappable = [(c, p) for c, p in self.snappable if (c, p) != (self.discard[-1], player)]
        # The other cards keep their places, as they do on a real table.
        self.hands[player][position - 1] = None
        self.discard.append(card)
        self.known[player].discard(card)
        self.moved = {card}
        return card

    def zones(self, *, stock: bool = True) -> tuple[Zone, ...]:
        seats = tuple(Zone(Say(name), tuple(self.hands[name])) for name in PLAYERS)
        discard = Zone(
            Say(_("Discard pile, top card on the right")), tuple(self.discard[-3:]), in_a_row=True
        )
        return (*seats, discard)

    def step(self, title: Say, *moves: Move) -> Step:
        return Step(title, self.zones(), moves, frozenset(self.moved))


def deck_code(code: str) -> str:
    """The same card counted on the branded deck: its rank's number, a red king as the 0."""
    rank, suit = code[:-1], code[-1]
    if rank == "K":
        return "13" if suit in "SC" else "0"
    return {"A": "1", "J": "11", "Q": "12"}.get(rank, rank)


def _build() -> tuple[Round, list[Step]]:
    play = Round({name: list(cards) for name, cards in DEALT.items()}, [FIRST_DISCARD])
    play.moved = {FIRST_DISCARD}
    steps = [
        play.step(
            Say(_("The deal")),
            Move(
                Say(
                    _("Dev deals four cards face down to everyone and turns up the first discard.")
                ),
                Say(
                    _(
                        "You see every card here to follow the play; at the table nobody sees "
                        "any of them. Cards 1 and 2 of each row are the two nearest their owner."
                    )
                ),
            ),
        )
    ]
    for name in PLAYERS:
        play.look(name, 1, 2)
    play.moved = {cards[0] for cards in DEALT.values()} | {cards[1] for cards in DEALT.values()}
    steps.append(
        play.step(
            Say(_("The first peek")),
            Move(
                Say(
                    _("Everyone looks once at their cards 1 and 2, then puts them back face down.")
                ),
                Say(
                    _(
                        "Ana now knows {a} and {b}; Dev knows {c} and {d}. Remember where each "
                        "card lies, not only what it is."
                    ),
                    {
                        "a": Cards(["AS"]),
                        "b": Cards(["3D"]),
                        "c": Cards(["9D"]),
                        "d": Cards(["6C"]),
                    },
                ),
            ),
        )
    )
    play.draw_and_discard("Ana", "7C")
    play.look("Ana", 3)
    steps.append(
        play.step(
            Say(_("A peek: 7 or 8")),
            Move(
                Say(
                    _("Ana draws {card} from the stock and discards it."),
                    {"card": Cards(["7C"])},
                ),
                Say(
                    _(
                        "A 7 discarded straight from the stock lets her look at one of her own "
                        "cards. She looks at card 3: {card}, a high card to get rid of."
                    ),
                    {"card": Cards(["8D"])},
                ),
            ),
        )
    )
    play.draw_and_swap("Ben", "2H", 2)
    steps.append(
        play.step(
            Say(_("A draw and a swap")),
            Move(
                Say(
                    _("Ben draws {new} and swaps it for his card 2, {old}."),
                    {"new": Cards(["2H"]), "old": Cards(["9S"])},
                ),
                Say(
                    _(
                        "He knew that card was a 9. The 9 goes to the discard pile without a "
                        "power at this table, as the French sheet says; the Dutch sheet gives a "
                        "power to any card just discarded, whatever its source: agree on it "
                        "before you start."
                    )
                ),
            ),
        )
    )
    play.snap("Dev", 1)
    steps.append(
        play.step(
            Say(_("A snap discard")),
            Move(
                Say(
                    _("Dev slaps {card}, his card 1, on top of Ben's 9 at once."),
                    {"card": Cards(["9D"])},
                ),
                Say(
                    _(
                        "Same value as the top of the discard, and he had peeked it: he plays "
                        "on with three cards, fewer points to count. His other cards keep their "
                        "places: the gap stays where card 1 was. Had he been wrong, he would "
                        "have taken the card back and drawn a penalty card."
                    )
                ),
            ),
        )
    )
    play.draw_and_discard("Chloé", "10D")
    steps.append(
        play.step(
            Say(_("A spy: 9 or 10")),
            Move(
                Say(_("Chloé draws {card} and discards it."), {"card": Cards(["10D"])}),
                Say(
                    _(
                        "A 10 from the stock lets her look at an opponent's card. She looks at "
                        "Dev's card 4, {card}: Dev's row is lower than it seemed."
                    ),
                    {"card": Cards(["4S"])},
                ),
            ),
        )
    )
    play.draw_and_discard("Dev", "QC")
    play.blind_swap("Dev", 4, "Ben", 4)
    steps.append(
        play.step(
            Say(_("A blind swap: jack or queen")),
            Move(
                Say(_("Dev draws {card} and discards it."), {"card": Cards(["QC"])}),
                Say(
                    _(
                        "A queen from the stock lets him swap one of his cards with an "
                        "opponent's, without looking. He gives his card 4 for Ben's card 4, "
                        "which Ben has never seen: a gamble that fails, {mine} for {theirs}. "
                        "Nobody snaps the queen: nobody knows a card worth as much in their row."
                    ),
                    {"mine": Cards(["4S"]), "theirs": Cards(["JD"])},
                ),
            ),
        )
    )
    play.draw_and_swap("Ana", "KH", 3)
    play.draw_and_discard("Ben", "4H")
    play.draw_and_discard("Chloé", "KS")
    play.draw_and_discard("Dev", "4D")
    play.moved = {"KH", "8D", "4H", "KS", "4D"}
    steps.append(
        play.step(
            Say(_("Quiet turns")),
            Move(
                Say(
                    _("Ana draws {new} and swaps it for her card 3, {old}."),
                    {"new": Cards(["KH"]), "old": Cards(["8D"])},
                ),
                Say(_("The red king is the best card in the deck: 0 or −1 point.")),
            ),
            Move(
                Say(_("Ben, Chloé and Dev draw a 4, a king and a 4 and discard them: no power.")),
                Say(
                    _(
                        "Nobody snaps: Ben knows his 5 and his 2, Chloé her 2 and her ace, Dev "
                        "his 6. Ana's red king has the rank of the king of spades, not its "
                        "value. Ben does not know that the card he got from Dev is a 4."
                    )
                ),
            ),
        )
    )
    play.draw_and_swap("Ana", "2C", 4)
    steps.append(
        play.step(
            Say(_("Ana knows her whole row")),
            Move(
                Say(
                    _("Ana draws {new} and swaps it for her card 4, which she never saw."),
                    {"new": Cards(["2C"])},
                ),
                Say(_("It was an 8. Now she knows all four: ace, 3, red king and 2.")),
            ),
        )
    )
    play.draw_and_discard("Ben", "KC")
    play.draw_and_discard("Chloé", "JS")
    play.draw_and_discard("Dev", "10H")
    play.moved = set()
    steps.append(
        play.step(
            Say(_("Cabo!")),
            Move(
                Say(
                    _(
                        "Ben, Chloé and Dev draw a king, a jack and a 10 and discard them "
                        "without using a power. Then Ana says “Cabo!” instead of drawing."
                    )
                ),
                Say(
                    _(
                        "Nobody could snap them: no one knows a card of the same value in their "
                        "row. Her row is worth 6 with French values. Waiting another turn would "
                        "give the others time to go below her."
                    )
                ),
            ),
            Move(
                Say(_("Ben, Chloé and Dev each play one last turn; nothing changes in their rows."))
            ),
        )
    )
    return play, steps


PLAY, _STEPS = _build()
FINAL_HANDS = {
    name: tuple(code for code in cards if code is not None) for name, cards in PLAY.hands.items()
}
ROUNDS = {
    "fr": {"caller": "Ana", "hands": {name: list(cards) for name, cards in FINAL_HANDS.items()}},
    "nl": {"caller": "Ana", "hands": {name: list(cards) for name, cards in FINAL_HANDS.items()}},
    "official": {
        "caller": "Ana",
        "hands": {name: [deck_code(code) for code in cards] for name, cards in FINAL_HANDS.items()},
    },
}
STATES = {
    preset: GAME.score(
        GAME.make_setup(PLAYERS, GAME.resolve_options(preset, {}), first_dealer="Dev"),
        [ROUNDS[preset]],
    )
    for preset in PRESETS
}


def _hand(preset: str, name: str) -> int:
    """The hand's value as the engine counted it (it is in the round's detail)."""
    return STATES[preset].rounds[0].detail.hands[name]


def _score() -> Score:
    # Preset labels are marked in the engine (gettext_noop): translated here, when shown.
    labels = {preset: Say(_(GAME.preset(preset).label)) for preset in PRESETS}
    rows = []
    for name in PLAYERS:
        rows.append(
            (
                Say(name),
                tuple(
                    Noted(
                        STATES[preset].rounds[0].points[name],
                        Say(_("(hand {hand})"), {"hand": _hand(preset, name)}),
                    )
                    for preset in PRESETS
                ),
            )
        )
    notes = tuple((labels[preset], STATES[preset].rounds[0].explanation) for preset in PRESETS)
    return Score(columns=tuple(labels.values()), rows=tuple(rows), notes=notes)


STEPS = (
    *_STEPS,
    Step(
        Say(_("The reveal and the score")),
        PLAY.zones(),
        (
            Move(
                Say(_("Everyone turns their cards over. Ana and Chloé hold the same total.")),
                Say(
                    _(
                        "French rules: a tie sinks the call, Ana adds 10, and Chloé, the lowest, "
                        "scores 0. Dutch rules: the tie fails too, but Chloé counts her hand. "
                        "On the branded deck a tie counts as a success, so Ana scores 0 there "
                        "(each card is counted as the branded card of its rank, the red kings "
                        "as the 0)."
                    )
                ),
            ),
        ),
        frozenset(),
        score=_score(),
    ),
)

WALKTHROUGH = Walkthrough(
    game="cabo",
    title=Say(_("A round of Cabo")),
    intro=Say(
        _(
            "Four players, one round: the first peek, draws and swaps, each power once, a "
            "snap discard, the call, and the score under the French rules, the Dutch rules and "
            "the Cabo deck's."
        )
    ),
    card=french_card,
    steps=STEPS,
)
