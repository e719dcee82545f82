"""The annotated Escoba deal of the seed sheet: you against Ada, from the deal to the score.

The first two hands follow the sheet card by card. The sheet only sums up the four
hands after them (Ada takes both sevens, sweeps once more and catches the 7 of
bastos; the piles end 21–19, oros 5–5, sevens 1–3); the plays below are one way to
get there, each of them a legal capture. ``PLAYS`` keeps every play for the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from scorepad.guide.cards import spanish_card
from scorepad.guide.walkthroughs.base import (
    Cards,
    Listed,
    Move,
    Say,
    Score,
    Step,
    Walkthrough,
    Zone,
)
from scorepad.rules.escoba import ESCOBA_DECK, GAME, VELO, fifteens

YOU, ADA = "you", "ada"
OPENING_TABLE = ("3B", "5C", "10E", "2O")
FIRST_HANDS = {YOU: ("7O", "12C", "4B"), ADA: ("6E", "1C", "11B")}


@dataclass(frozen=True)
class Play:
    """One card played: the table before it, and what it took (nothing: laid down)."""

    player: str
    card: str
    table: tuple[str, ...]
    taken: tuple[str, ...]

    @property
    def escoba(self) -> bool:
        return bool(self.taken) and len(self.taken) == len(self.table)


@dataclass
class Deal:
    table: list[str]
    hands: dict[str, list[str]]
    piles: dict[str, list[str]] = field(default_factory=lambda: {YOU: [], ADA: []})
    escobas: dict[str, int] = field(default_factory=lambda: {YOU: 0, ADA: 0})
    plays: list[Play] = field(default_factory=list)
    moved: set[str] = field(default_factory=set)

    def deal(self, you: tuple[str, ...], ada: tuple[str, ...]) -> None:
        self.hands = {YOU: list(you), ADA: list(ada)}
        self.moved = set(you) | set(ada)

    def play(self, player: str, card: str, *taken: str) -> Play:
        played = Play(player, card, tuple(self.table), taken)
        self.hands[player].remove(card)
        if taken:
            for code in taken:
                self.table.remove(code)
            self.piles[player] += [card, *taken]
            self.escobas[player] += played.escoba
        else:
            self.table.append(card)
        self.plays.append(played)
        self.moved = {card, *taken}
        return played

    def sweep_up(self, player: str) -> None:
        """The last player to capture takes what is left once the deck is out."""
        self.moved = set(self.table)
        self.piles[player] += self.table
        self.table = []

    def zones(self) -> tuple[Zone, ...]:
        return (
            Zone(Say(_("Ada's hand")), tuple(self.hands[ADA])),
            Zone(Say(_("Table")), tuple(self.table)),
            Zone(Say(_("Your hand")), tuple(self.hands[YOU])),
            Zone(Say(_("Your pile")), tuple(self.piles[YOU]), count_only=True),
            Zone(Say(_("Ada's pile")), tuple(self.piles[ADA]), count_only=True),
        )

    def step(self, title: Say, *moves: Move) -> Step:
        return Step(title, self.zones(), moves, frozenset(self.moved))


def said(play: Play) -> Move:
    """The plain sentence for a play of the summed-up hands."""
    params = {"card": Cards([play.card]), "taken": Cards(play.taken)}
    if play.player == YOU:
        if play.escoba:
            return Move(Say(_("You play {card} and sweep {taken}: escoba."), params))
        if play.taken:
            return Move(Say(_("You play {card} and take {taken}."), params))
        return Move(Say(_("You lay {card} on the table."), params))
    if play.escoba:
        return Move(Say(_("Ada plays {card} and sweeps {taken}: escoba."), params))
    if play.taken:
        return Move(Say(_("Ada plays {card} and takes {taken}."), params))
    return Move(Say(_("Ada lays {card} on the table."), params))


def counts(pile: list[str], escobas: int) -> dict[str, object]:
    return {
        "cards": len(pile),
        "oros": sum(code.endswith("O") for code in pile),
        "sevens": sum(code.startswith("7") for code in pile),
        "velo": VELO in pile,
        "escobas": escobas,
    }


def every_capture(table: tuple[str, ...], hand: tuple[str, ...]) -> tuple[Say, ...]:
    """Each capture the hand could make on the table, as the engine finds them."""
    return tuple(
        Say(_("{card} with {taken}"), {"card": Cards([card]), "taken": Cards(capture.cards)})
        for card in hand
        for capture in fifteens(table, card)
    )


OPENING_CAPTURES = every_capture(OPENING_TABLE, FIRST_HANDS[YOU])


def _build() -> tuple[Deal, list[Step]]:
    deal = Deal(list(OPENING_TABLE), {YOU: list(FIRST_HANDS[YOU]), ADA: list(FIRST_HANDS[ADA])})
    deal.moved = set(OPENING_TABLE)
    steps = [
        deal.step(
            Say(_("The deal")),
            Move(
                Say(_("Ada deals: four cards face up on the table, three to each of you.")),
                Say(
                    _(
                        "The table makes 18 (the sota counts 8), not fifteen, so the dealer "
                        "scores no opening escoba. You sit on the dealer's left and play first."
                    )
                ),
            ),
        )
    ]
    deal.play(YOU, "7O", "3B", "5C")
    steps.append(
        deal.step(
            Say(_("Taking the velo")),
            Move(
                Say(
                    _("You play {card} and take {taken}."),
                    {"card": Cards(["7O"]), "taken": Cards(["3B", "5C"])},
                ),
                Say(
                    ngettext_lazy(
                        "Your cards could make fifteen one way: {captures}. Taking with the 7 "
                        "of oros puts the velo safely in your pile, where nobody can take it "
                        "back.",
                        "Your cards could make fifteen {count} ways: {captures}. Taking with "
                        "the 7 of oros puts the velo safely in your pile, where nobody can take "
                        "it back.",
                        "count",
                    ),
                    {"count": len(OPENING_CAPTURES), "captures": Listed(OPENING_CAPTURES)},
                    count="count",
                ),
            ),
        )
    )
    deal.play(ADA, "1C")
    steps.append(
        deal.step(
            Say(_("Ada cannot make fifteen")),
            Move(
                Say(_("Ada lays {card} on the table."), {"card": Cards(["1C"])}),
                Say(
                    _(
                        "None of her cards makes fifteen with the sota and the 2. The table "
                        "now makes 11: a 4 would sweep it."
                    )
                ),
            ),
        )
    )
    deal.play(YOU, "4B", "10E", "2O", "1C")
    steps.append(
        deal.step(
            Say(_("An escoba")),
            Move(
                Say(_("You play the 4 of bastos and take the sota, the 2 and the 1.")),
                Say(
                    _(
                        "4 + 8 + 2 + 1 = 15 and the table is empty: an escoba, one point at "
                        "once. The 2 of oros is a coin for your pile too."
                    )
                ),
            ),
        )
    )
    deal.play(ADA, "6E")
    deal.play(YOU, "12C")
    deal.play(ADA, "11B", "6E")
    steps.append(
        deal.step(
            Say(_("Cards on an empty table")),
            Move(
                Say(_("Ada must lay a card on the empty table: the 6 of espadas.")),
                Say(_("She keeps her caballo: it counts 9, and 9 + 6 make fifteen.")),
            ),
            Move(
                Say(_("You lay the rey of copas down.")),
                Say(_("The rey counts 10 and needs a 5; there is none on the table.")),
            ),
            Move(
                Say(_("Ada plays the caballo of bastos (9) and takes the 6.")),
                Say(_("The rey stays alone: 10 on the table, fifteen with any 5.")),
            ),
        )
    )
    deal.deal(("5B", "7E", "2C"), ("7C", "4O", "11O"))
    steps.append(
        deal.step(
            Say(_("New hands")),
            Move(Say(_("Both hands are empty: Ada deals three more cards to each of you."))),
        )
    )
    deal.play(YOU, "5B", "12C")
    steps.append(
        deal.step(
            Say(_("A second escoba")),
            Move(
                Say(_("You play the 5 of bastos and take the rey of copas.")),
                Say(_("5 + 10 = 15 and the table is empty again: your second escoba.")),
            ),
        )
    )
    deal.play(ADA, "4O")
    deal.play(YOU, "7E")
    steps.append(
        deal.step(
            Say(_("Choosing what to leave")),
            Move(Say(_("Ada lays the 4 of oros on the empty table."))),
            Move(
                Say(_("You lay the 7 of espadas down and keep the 2.")),
                Say(
                    _(
                        "Neither of your cards takes the 4. The 2 would leave 6, and any "
                        "caballo sweeps that: three caballos are still unseen. The 7 leaves "
                        "11, which needs a 4, and only two 4s are unseen."
                    )
                ),
            ),
        )
    )
    deal.play(ADA, "7C")
    deal.play(YOU, "2C")
    deal.play(ADA, "11O", "4O", "2C")
    steps.append(
        deal.step(
            Say(_("Leaving a safe table")),
            Move(
                Say(_("Ada lays the 7 of copas down: 4, 7 and 7 make 18.")),
                Say(_("Eighteen is out of reach: no single card sweeps it.")),
            ),
            Move(Say(_("You lay the 2 of copas down; nothing of yours makes fifteen."))),
            Move(
                Say(_("Ada plays the caballo of oros and takes the 4 of oros and the 2 of copas.")),
                Say(_("Two more oros for Ada. The two sevens left make 14: any 1 sweeps them.")),
            ),
        )
    )
    later = (
        (("12O", "12B", "4C"), ("5E", "3C", "1B")),
        (("11C", "1E", "3E"), ("2E", "3O", "10B")),
        (("6B", "10C", "12E"), ("4E", "11E", "6O")),
        (("6C", "2B", "1O"), ("7B", "5O", "10O")),
    )
    moves = (
        (
            (YOU, "4C"),
            (ADA, "1B", "7E", "7C"),
            (YOU, "12B"),
            (ADA, "5E", "12B"),
            (YOU, "12O"),
            (ADA, "3C"),
        ),
        (
            (YOU, "1E", "4C", "12O"),
            (ADA, "2E"),
            (YOU, "3E"),
            (ADA, "10B"),
            (YOU, "11C", "3C", "3E"),
            (ADA, "3O"),
        ),
        (
            (YOU, "12E", "2E", "3O"),
            (ADA, "6O"),
            (YOU, "6B"),
            (ADA, "11E", "6O"),
            (YOU, "10C"),
            (ADA, "4E"),
        ),
        (
            (YOU, "1O", "10B", "6B"),
            (ADA, "7B", "10C"),
            (YOU, "6C"),
            (ADA, "5O", "4E", "6C"),
            (YOU, "2B"),
            (ADA, "10O"),
        ),
    )
    titles = (
        Say(_("Third hand: Ada takes both sevens")),
        Say(_("Fourth hand")),
        Say(_("Fifth hand")),
        Say(_("Last hand: Ada's escoba")),
    )
    for number, ((you, ada), hand, title) in enumerate(zip(later, moves, titles, strict=True)):
        deal.deal(you, ada)
        table_before = tuple(deal.table)
        said_moves = [said(deal.play(*play)) for play in hand]
        if number == len(later) - 1:
            rest = Cards(deal.table)
            deal.sweep_up(ADA)
            said_moves.append(
                Move(
                    Say(
                        _("The deck is out: Ada, the last to capture, takes {rest}."),
                        {"rest": rest},
                    )
                )
            )
        steps.append(
            Step(
                title,
                deal.zones(),
                (
                    Move(
                        Say(
                            _(
                                "Three new cards each: you get {you}, Ada gets {ada}. "
                                "The table holds {table}."
                            ),
                            {"you": Cards(you), "ada": Cards(ada), "table": Cards(table_before)},
                        )
                    ),
                    *said_moves,
                ),
                frozenset(deal.moved),
            )
        )
    return deal, steps


DEAL, _STEPS = _build()
PLAYS: tuple[Play, ...] = tuple(DEAL.plays)
SIDES = {
    "You": counts(DEAL.piles[YOU], DEAL.escobas[YOU]),
    "Ada": counts(DEAL.piles[ADA], DEAL.escobas[ADA]),
}
SETUP = GAME.make_setup(["You", "Ada"], {}, first_dealer="Ada")
STATE = GAME.score(SETUP, [{"sides": SIDES}])
assert sorted(DEAL.piles[YOU] + DEAL.piles[ADA]) == sorted(ESCOBA_DECK)


def _score() -> Score:
    you, ada = SIDES["You"], SIDES["Ada"]
    yes, no = Say(_("yes")), Say(_("no"))
    points = STATE.rounds[0].points
    return Score(
        columns=(Say(_("You")), Say(_("Ada"))),
        rows=(
            (Say(_("Cards")), (you["cards"], ada["cards"])),
            (Say(_("Oros")), (you["oros"], ada["oros"])),
            (Say(_("Sevens")), (you["sevens"], ada["sevens"])),
            (Say(_("Velo")), (yes if you["velo"] else no, yes if ada["velo"] else no)),
            (Say(_("Escobas")), (you["escobas"], ada["escobas"])),
            (Say(_("Points")), (points["You"], points["Ada"])),
        ),
    )


STEPS = (
    *_STEPS,
    Step(
        Say(_("The score")),
        (
            Zone(Say(_("Your pile")), tuple(DEAL.piles[YOU])),
            Zone(Say(_("Ada's pile")), tuple(DEAL.piles[ADA])),
        ),
        (
            Move(
                Say(
                    _(
                        "One point each for the most cards and the velo, one per escoba: "
                        "{you} for you. Ada has the most sevens and one escoba: {ada}. The "
                        "oros are tied five all, so that point goes to nobody."
                    ),
                    {"you": STATE.rounds[0].points["You"], "ada": STATE.rounds[0].points["Ada"]},
                ),
                Say(_("The match is played to 21: there is a long way to go.")),
            ),
        ),
        score=_score(),
    ),
)

WALKTHROUGH = Walkthrough(
    game="escoba",
    title=Say(_("An annotated deal of Escoba")),
    intro=Say(
        _(
            "Two players, you and Ada, with a 40-card Spanish deck. Every capture makes "
            "exactly fifteen; follow the deal from the first cards to the score."
        )
    ),
    card=spanish_card,
    steps=STEPS,
)
