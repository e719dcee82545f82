from __future__ import annotations

import time
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad.rules.base import RoundInvalid, SetupInvalid, Team
from scorepad.rules.escoba import (
    ESCOBA_DECK,
    GAME,
    Capture,
    card_value,
    fifteens,
    opening_escobas,
)

TWO = ("You", "Ada")


def setup_for(players=TWO, teams=None, **overrides):
    return GAME.make_setup(players, GAME.resolve_options("classic", overrides), players[0], teams)


def pile(cards, oros, sevens, velo=False, escobas=0):
    return {"cards": cards, "oros": oros, "sevens": sevens, "velo": velo, "escobas": escobas}


def deal(**sides):
    return {"sides": sides}


# The seed's annotated deal: 21 cards, 5 oros, the velo, 1 seven, 2 escobas against
# 19 cards, 5 oros, 3 sevens, 1 escoba.
SEED_DEAL = deal(You=pile(21, 5, 1, velo=True, escobas=2), Ada=pile(19, 5, 3, escobas=1))
# A quiet deal: You take most cards, oros and the velo, Ada most sevens.
QUIET = deal(You=pile(22, 6, 1, velo=True), Ada=pile(18, 4, 3))


def faults(setup, raw, rounds=()):
    state = GAME.score(setup, list(rounds))
    with pytest.raises(RoundInvalid) as caught:
        GAME.parse_round(setup, raw, state)
    return [(error.field, str(error.message)) for error in caught.value.errors]


# Worked examples of RULES.md --------------------------------------------------------


def test_example_7_escoba_two_players_seed_deal_ends_4_to_2():
    state = GAME.score(setup_for(), [SEED_DEAL])
    result = state.rounds[0]
    assert result.points == {"You": 4, "Ada": 2}
    sentences = [str(text) for text in result.explanation]
    assert "Tie for the most oros: no point" in sentences
    assert "Most cards: You (21)" in sentences
    assert "Most sevens: Ada (3)" in sentences
    assert "The velo: You" in sentences
    assert "Escobas: 2 for You" in sentences
    assert "escoba-ties" in result.topics
    assert not state.finished


def test_example_8_escoba_41_cards_are_rejected():
    raw = deal(You=pile(22, 5, 1, velo=True), Ada=pile(19, 5, 3))
    assert faults(setup_for(), raw) == [("round", "cards must total 40; got 41")]


# Deal points -----------------------------------------------------------------------


def test_a_tie_for_most_cards_or_sevens_gives_nobody_the_point():
    state = GAME.score(setup_for(), [deal(You=pile(20, 6, 2, velo=True), Ada=pile(20, 4, 2))])
    assert state.rounds[0].points == {"You": 2, "Ada": 0}
    sentences = [str(text) for text in state.rounds[0].explanation]
    assert "Tie for the most cards: no point" in sentences
    assert "Tie for the most sevens: no point" in sentences


def test_three_players_a_tie_between_two_leaders_still_gives_nobody_the_point():
    players = ("Ana", "Ben", "Chloé")
    raw = deal(Ana=pile(15, 4, 2, velo=True), Ben=pile(15, 4, 1), Chloé=pile(10, 2, 1))
    state = GAME.score(setup_for(players), [raw])
    assert state.rounds[0].points == {"Ana": 2, "Ben": 0, "Chloé": 0}


def test_all_oros_bonus_on_adds_a_point_for_all_ten_oros():
    raw = deal(You=pile(24, 10, 2, velo=True), Ada=pile(16, 0, 2))
    assert GAME.score(setup_for(), [raw]).totals == {"You": 3, "Ada": 0}
    with_bonus = GAME.score(setup_for(all_oros_bonus=True), [raw])
    assert with_bonus.totals == {"You": 4, "Ada": 0}
    assert "all-oros" in with_bonus.rounds[0].topics


def test_all_oros_bonus_needs_every_oro():
    raw = deal(You=pile(24, 9, 2, velo=True), Ada=pile(16, 1, 2))
    assert GAME.score(setup_for(all_oros_bonus=True), [raw]).totals == {"You": 3, "Ada": 0}


# End of the match ------------------------------------------------------------------


def test_the_target_sets_where_the_match_ends():
    five_deals = [QUIET] * 5  # You: 3 a deal
    assert not GAME.score(setup_for(target=21), five_deals).finished
    short = GAME.score(setup_for(target=15), five_deals)
    assert short.finished
    assert short.winners == ("You",)
    assert str(short.status) == "You wins"
    assert "end-target" in short.rounds[-1].topics
    assert GAME.score(setup_for(target=21), [QUIET] * 7).finished


def test_the_highest_total_wins_even_when_several_pass_the_target():
    raw = deal(You=pile(22, 6, 1, velo=True, escobas=2), Ada=pile(18, 4, 3, escobas=5))
    state = GAME.score(setup_for(target=5), [raw])
    assert state.totals == {"You": 5, "Ada": 6}
    assert state.finished
    assert state.winners == ("Ada",)
    assert "You and Ada reached 5: the match ends" in [
        str(text) for text in state.rounds[-1].explanation
    ]


def test_top_tie_play_on_asks_for_another_deal():
    raw = deal(You=pile(22, 6, 1, velo=True), Ada=pile(18, 4, 3, escobas=2))
    state = GAME.score(setup_for(target=6), [raw, raw])
    assert state.totals == {"You": 6, "Ada": 6}
    assert not state.finished
    assert state.needs_tiebreak == ("You", "Ada")
    assert str(state.status) == "Tie at the top: one more deal"
    assert "top-tie" in state.rounds[-1].topics
    decided = GAME.score(setup_for(target=6), [raw, raw, QUIET])
    assert decided.winners == ("You",)


def test_top_tie_cascade_breaks_the_tie_by_escobas_first():
    raw = deal(You=pile(22, 6, 1, velo=True), Ada=pile(18, 4, 3, escobas=2))
    state = GAME.score(setup_for(target=6, top_tie="cascade"), [raw, raw])
    assert state.finished
    assert state.winners == ("Ada",)
    assert "You and Ada tie at 6: Ada wins on escobas" in [
        str(text) for text in state.rounds[-1].explanation
    ]


def test_the_side_the_cascade_puts_behind_is_told_on_which_count():
    raw = deal(You=pile(22, 6, 1, velo=True), Ada=pile(18, 4, 3, escobas=2))
    state = GAME.score(setup_for(target=6, top_tie="cascade"), [raw, raw])
    notes = {standing.side: str(standing.note) for standing in GAME.standings(state)}
    assert notes == {"Ada": "", "You": "tied at 6: loses on escobas, 0 against 4"}


def test_three_sides_tied_each_lose_on_the_count_that_put_them_behind():
    players = ("You", "Ada", "Bo")
    first = deal(
        You=pile(12, 4, 1, velo=True, escobas=3),
        Ada=pile(12, 3, 2, escobas=4),
        Bo=pile(16, 3, 1, escobas=4),
    )
    state = GAME.score(setup_for(players, target=5, top_tie="cascade"), [first])
    assert state.totals == {"You": 5, "Ada": 5, "Bo": 5}
    # Escobas: Ada and Bo 4, You 3; oros: Ada and Bo 3; velos: none; sevens: Ada 2, Bo 1.
    assert state.winners == ("Ada",)
    notes = {standing.side: str(standing.note) for standing in GAME.standings(state)}
    assert notes == {
        "Ada": "",
        "You": "tied at 5: loses on escobas, 3 against 4",
        # Bo was level with Ada on every count before sevens; You fell behind on the first.
        "Bo": (
            "tied at 5 and on escobas, oros and deals won with the velo: "
            "loses on sevens, 1 against 2"
        ),
    }
    assert "You, Ada and Bo tie at 5: Ada wins on sevens" in [
        str(text) for text in state.rounds[-1].explanation
    ]


def test_a_tie_decided_further_down_the_cascade_says_on_which_counts_it_stayed_level():
    # Each deal: cards to Ada, the velo to You, one escoba each; 6 all after three, with
    # as many escobas and oros.
    raw = deal(You=pile(18, 5, 2, velo=True, escobas=1), Ada=pile(22, 5, 2, escobas=1))
    state = GAME.score(setup_for(target=6, top_tie="cascade"), [raw, raw, raw])
    assert state.winners == ("You",)
    assert "You and Ada tie at 6 and on escobas and oros: You wins on deals won with the velo" in [
        str(text) for text in state.rounds[-1].explanation
    ]
    notes = {standing.side: str(standing.note) for standing in GAME.standings(state)}
    assert notes == {
        "You": "",
        "Ada": "tied at 6 and on escobas and oros: loses on deals won with the velo, 0 against 3",
    }


def test_without_the_cascade_or_a_tie_no_side_is_told_a_count():
    raw = deal(You=pile(22, 6, 1, velo=True), Ada=pile(18, 4, 3, escobas=2))
    played_on = GAME.score(setup_for(target=6), [raw, raw, QUIET])
    clear = GAME.score(setup_for(target=5, top_tie="cascade"), [QUIET, QUIET])
    for state in (played_on, clear):
        assert state.finished
        assert {str(standing.note) for standing in GAME.standings(state)} == {""}


def test_the_cascade_still_tied_on_every_count_plays_on():
    raw = deal(You=pile(20, 6, 2, velo=True, escobas=2), Ada=pile(20, 4, 2, escobas=3))
    state = GAME.score(setup_for(target=5, top_tie="cascade"), [raw])
    assert state.totals == {"You": 4, "Ada": 3}
    tie = deal(You=pile(20, 4, 2, velo=False, escobas=1), Ada=pile(20, 6, 2, velo=True))
    state = GAME.score(setup_for(target=5, top_tie="cascade"), [raw, tie])
    assert state.totals == {"You": 5, "Ada": 5}
    # Escobas 3 each; oros 10 each; velos 1 each; sevens 4 each; cards 40 each: play on.
    assert not state.finished
    assert state.needs_tiebreak == ("You", "Ada")
    # Said as such: the players who chose the cascade see it was compared.
    assert str(state.status) == "Tie at the top, and on every count: one more deal"


def test_the_cascade_decides_on_oros():
    first = deal(You=pile(20, 7, 2, velo=True, escobas=2), Ada=pile(20, 3, 2, escobas=3))
    second = deal(You=pile(20, 4, 2, escobas=1), Ada=pile(20, 6, 2, velo=True))
    state = GAME.score(setup_for(target=5, top_tie="cascade"), [first, second])
    assert state.totals == {"You": 5, "Ada": 5}
    assert state.winners == ("You",)  # 11 oros against 9


def test_a_finished_match_refuses_another_deal():
    state = GAME.score(setup_for(target=5), [QUIET, QUIET])
    assert state.finished
    assert faults(setup_for(target=5), QUIET, [QUIET, QUIET]) == [("round", "the match is over")]


def test_a_team_the_cascade_puts_behind_is_told_in_the_plural():
    players = ("Ana", "Ben", "Chloé", "Dan")
    teams = [
        {"name": "Sun", "players": ["Ana", "Chloé"]},
        {"name": "Moon", "players": ["Ben", "Dan"]},
    ]
    raw = deal(Sun=pile(18, 5, 2, velo=True, escobas=1), Moon=pile(22, 5, 2, escobas=1))
    state = GAME.score(setup_for(players, teams, target=6, top_tie="cascade"), [raw] * 3)
    notes = {standing.side: str(standing.note) for standing in GAME.standings(state)}
    assert notes == {
        "Sun": "",
        "Moon": "tied at 6 and on escobas and oros: lose on deals won with the velo, 0 against 3",
    }


def test_a_team_the_cascade_puts_first_wins_in_the_plural_and_the_other_hears_the_figures():
    players = ("Ana", "Ben", "Cleo", "Dirk")
    teams = [
        {"name": "Ana & Cleo", "players": ["Ana", "Cleo"]},
        {"name": "Ben & Dirk", "players": ["Ben", "Dirk"]},
    ]
    # Ana & Cleo: 4 escobas, then most sevens; Ben & Dirk: cards, oros and the velo, then
    # oros and the velo.
    first = deal(**{"Ana & Cleo": pile(18, 4, 2, escobas=4), "Ben & Dirk": pile(22, 6, 2, True)})
    second = deal(**{"Ana & Cleo": pile(20, 4, 3), "Ben & Dirk": pile(20, 6, 1, velo=True)})
    setup = setup_for(players, teams, target=5, top_tie="cascade")
    state = GAME.score(setup, [first, second])
    assert state.totals == {"Ana & Cleo": 5, "Ben & Dirk": 5}
    assert state.winners == ("Ana & Cleo",)
    assert "Ana & Cleo and Ben & Dirk tie at 5: Ana & Cleo win on escobas" in [
        str(text) for text in state.rounds[-1].explanation
    ]
    notes = {standing.side: str(standing.note) for standing in GAME.standings(state)}
    assert notes == {"Ana & Cleo": "", "Ben & Dirk": "tied at 5: lose on escobas, 0 against 4"}


def test_the_dealer_rotates_through_every_seat_with_teams():
    players = ("Ana", "Ben", "Chloé", "Dan")
    teams = [
        {"name": "Sun", "players": ["Ana", "Chloé"]},
        {"name": "Moon", "players": ["Ben", "Dan"]},
    ]
    setup = setup_for(players, teams)
    assert setup.sides == ("Sun", "Moon")
    raw = deal(Sun=pile(22, 6, 1, velo=True), Moon=pile(18, 4, 3))
    state = GAME.score(setup, [raw] * 3)
    assert [result.dealer for result in state.rounds] == ["Ana", "Ben", "Chloé"]
    assert [result.first_player for result in state.rounds] == ["Ben", "Chloé", "Dan"]
    assert state.next_dealer == "Dan"
    assert state.next_first_player == "Ana"
    assert state.totals == {"Sun": 9, "Moon": 3}
    assert state.leaders == ("Sun",)
    assert state.distance == {"Sun": 12, "Moon": 18}


# Validation ------------------------------------------------------------------------


def test_oros_and_sevens_must_total_ten_and_four():
    raw = deal(You=pile(21, 5, 2, velo=True), Ada=pile(19, 4, 3))
    assert faults(setup_for(), raw) == [
        ("round", "oros must total 10; got 9"),
        ("round", "sevens must total 4; got 5"),
    ]


def test_exactly_one_side_holds_the_velo():
    both = deal(You=pile(21, 5, 1, velo=True), Ada=pile(19, 5, 3, velo=True))
    assert faults(setup_for(), both) == [("round", "exactly one side must hold the velo")]
    neither = deal(You=pile(21, 5, 1), Ada=pile(19, 5, 3))
    assert faults(setup_for(), neither) == [("round", "exactly one side must hold the velo")]


def test_oros_and_sevens_cannot_exceed_cards():
    raw = deal(You=pile(37, 7, 1, velo=True), Ada=pile(3, 3, 3))
    assert GAME.parse_round(setup_for(), raw, GAME.score(setup_for(), []))
    raw = deal(You=pile(38, 6, 1, velo=True), Ada=pile(2, 4, 3))
    assert faults(setup_for(), raw) == [
        ("sides.Ada.oros", "oros cannot exceed cards"),
        ("sides.Ada.sevens", "sevens cannot exceed cards"),
    ]


def test_the_velo_side_needs_an_oro_and_a_seven():
    raw = deal(You=pile(21, 0, 1, velo=True), Ada=pile(19, 10, 3))
    assert faults(setup_for(), raw) == [
        ("sides.You.velo", "the velo side needs at least one oro and one seven")
    ]
    raw = deal(You=pile(21, 5, 0, velo=True), Ada=pile(19, 5, 4))
    assert faults(setup_for(), raw) == [
        ("sides.You.velo", "the velo side needs at least one oro and one seven")
    ]
    edge = deal(You=pile(1, 1, 1, velo=True), Ada=pile(39, 9, 3))
    assert GAME.score(setup_for(), [edge]).totals == {"You": 1, "Ada": 3}


def test_escobas_cannot_exceed_half_the_cards():
    edge = deal(You=pile(21, 5, 1, velo=True, escobas=10), Ada=pile(19, 5, 3, escobas=9))
    assert GAME.score(setup_for(), [edge]).totals == {"You": 12, "Ada": 10}
    raw = deal(You=pile(21, 5, 1, velo=True, escobas=11), Ada=pile(19, 5, 3))
    assert faults(setup_for(), raw) == [
        ("sides.You.escobas", "escobas cannot exceed half the cards")
    ]


def test_counts_must_be_real_whole_numbers_of_zero_or_more():
    setup = setup_for()
    for bad in (-1, 2.0, "3", True, None):
        raw = deal(You=pile(21, 5, 1, velo=True, escobas=bad), Ada=pile(19, 5, 3))
        assert faults(setup, raw) == [
            ("sides.You.escobas", "escobas must be a whole number, 0 or more")
        ]
    raw = deal(You=pile(21, 5, 1, velo=1), Ada=pile(19, 5, 3))
    assert faults(setup, raw) == [("sides.You.velo", "velo must be true or false")]
    zero = deal(You=pile(40, 10, 4, velo=True), Ada=pile(0, 0, 0))
    assert GAME.score(setup, [zero]).totals == {"You": 4, "Ada": 0}


def test_every_fault_of_a_deal_is_reported_together():
    raw = deal(You=pile(30, 0, 1, velo=True, escobas=16), Ada=pile(19, 10, 3))
    fields = [field for field, _ in faults(setup_for(), raw)]
    assert fields == ["round", "sides.You.velo", "sides.You.escobas"]


def test_sides_must_be_exactly_the_match_sides():
    raw = deal(You=pile(21, 5, 1, velo=True), Bob=pile(19, 5, 3))
    assert faults(setup_for(), raw) == [
        ("sides", "unknown side Bob"),
        ("sides.Ada", "Ada has no counts"),
    ]
    assert faults(setup_for(), {"sides": [1, 2]}) == [("sides", "every side needs its counts")]
    extra = {**SEED_DEAL, "note": "x"}
    assert faults(setup_for(), extra) == [("round", "unknown field note")]


def test_an_invalid_deal_in_a_replay_names_its_number():
    bad = deal(You=pile(22, 5, 1, velo=True), Ada=pile(19, 5, 3))
    with pytest.raises(RoundInvalid) as caught:
        GAME.score(setup_for(), [SEED_DEAL, bad])
    assert [str(error.message) for error in caught.value.errors] == [
        "round 2: cards must total 40; got 41"
    ]


# Setup -----------------------------------------------------------------------------


def test_two_or_three_players_play_on_their_own():
    assert setup_for(("A", "B")).sides == ("A", "B")
    assert setup_for(("A", "B", "C")).sides == ("A", "B", "C")


def test_four_players_must_play_as_two_teams():
    with pytest.raises(SetupInvalid) as caught:
        setup_for(("A", "B", "C", "D"))
    assert [error.field for error in caught.value.errors] == ["teams"]
    teams = (Team("North", ("A", "C")), Team("East", ("B", "D")))
    assert setup_for(("A", "B", "C", "D"), teams).teams == teams


@pytest.mark.parametrize(
    "teams",
    [
        [{"name": "North", "players": ["A", "B", "C"]}, {"name": "East", "players": ["D"]}],
        [{"name": "North", "players": ["A", "C"]}, {"name": "North", "players": ["B", "D"]}],
        [{"name": "North", "players": ["A", "C"]}, {"name": "East", "players": ["B", "Z"]}],
        [{"name": "", "players": ["A", "C"]}, {"name": "East", "players": ["B", "D"]}],
        [{"name": "All", "players": ["A", "B", "C", "D"]}],
    ],
)
def test_teams_must_be_two_named_pairs_covering_the_players(teams):
    with pytest.raises(SetupInvalid):
        setup_for(("A", "B", "C", "D"), teams)


def test_teams_are_refused_for_fewer_than_four_players():
    with pytest.raises(SetupInvalid):
        setup_for(("A", "B"), [{"name": "X", "players": ["A"]}, {"name": "Y", "players": ["B"]}])


def test_five_players_are_refused():
    with pytest.raises(SetupInvalid):
        setup_for(("A", "B", "C", "D", "E"))


def test_the_classic_preset_holds_the_defaults():
    assert [preset.key for preset in GAME.presets] == ["classic"]
    assert GAME.preset("classic").values == {
        "target": 21,
        "all_oros_bonus": False,
        "top_tie": "play_on",
    }
    assert not GAME.lower_is_better


# Cards and fifteens ----------------------------------------------------------------


def test_the_deck_has_forty_cards_ten_of_each_suit():
    assert len(ESCOBA_DECK) == len(set(ESCOBA_DECK)) == 40
    assert sum(card_value(code) for code in ESCOBA_DECK) == 4 * 55
    assert [card_value(code) for code in ("1B", "7O", "10C", "11E", "12O")] == [1, 7, 8, 9, 10]
    with pytest.raises(ValueError):
        card_value("8O")


def test_fifteens_finds_nothing_when_no_sum_makes_fifteen():
    assert fifteens(["7C", "7E"], "2B") == ()
    assert fifteens([], "12O") == ()


def test_fifteens_lists_every_capture_of_the_seed_table():
    table = ["3B", "5C", "10E", "2O"]  # 3♣ 5♥ J♠ 2♦
    assert fifteens(table, "7O") == (
        Capture(("10E",), escoba=False),
        Capture(("3B", "5C"), escoba=False),
    )
    assert fifteens(table, "12C") == (
        Capture(("5C",), escoba=False),
        Capture(("3B", "2O"), escoba=False),
    )


def test_fifteens_marks_a_capture_that_clears_the_table_as_an_escoba():
    table = ["10E", "2O", "1C"]  # J♠ 2♦ A♥: the seed's first escoba with the 4♣
    assert fifteens(table, "4B") == (Capture(("10E", "2O", "1C"), escoba=True),)
    assert fifteens(["12C"], "5B") == (Capture(("12C",), escoba=True),)


def test_fifteens_refuses_a_card_twice_on_the_table():
    with pytest.raises(ValueError):
        fifteens(["3B", "5C", "3B"], "7O")


def _ways_to_make(needed, values):
    """How many sets of these values add up to ``needed``, counted by dynamic programming."""
    ways = [1] + [0] * needed
    for value in values:
        for total in range(needed, value - 1, -1):
            ways[total] += ways[total - value]
    return ways[needed]


def test_fifteens_answers_at_once_for_the_whole_deck_on_the_table():
    # The ace needs 14 more: the most captures any table can hold (2**39 subsets to try blindly).
    table = [code for code in ESCOBA_DECK if code != "1O"]
    started = time.perf_counter()
    captures = fifteens(table, "1O")
    assert time.perf_counter() - started < 1
    assert len(captures) == _ways_to_make(14, [card_value(code) for code in table]) == 6405
    assert len(set(captures)) == len(captures)
    assert all(sum(card_value(code) for code in c.cards) == 14 for c in captures)
    assert [len(c.cards) for c in captures] == sorted(len(c.cards) for c in captures)


def _every_subset(table, played):
    needed = 15 - card_value(played)
    return tuple(
        Capture(picked, escoba=size == len(table))
        for size in range(1, len(table) + 1)
        for picked in combinations(table, size)
        if sum(card_value(code) for code in picked) == needed
    )


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.permutations(ESCOBA_DECK), st.integers(0, 12))
def test_fifteens_finds_what_trying_every_subset_finds_in_the_same_order(deck, size):
    played, table = deck[0], list(deck[1 : size + 1])
    assert fifteens(table, played) == _every_subset(table, played)


def test_opening_escobas_count_fifteen_and_thirty():
    assert opening_escobas(["3B", "5C", "10E", "2O"]) == 0
    assert opening_escobas(["1O", "2O", "5C", "7E"]) == 1
    assert opening_escobas(["12O", "12C", "7E", "3B"]) == 2
    with pytest.raises(ValueError):
        opening_escobas(["7O", "1O", "7C"])


# Properties ------------------------------------------------------------------------


@st.composite
def valid_deals(draw, sides=TWO):
    owners = draw(st.lists(st.sampled_from(sides), min_size=40, max_size=40))
    piles = {}
    for side in sides:
        cards = [code for code, owner in zip(ESCOBA_DECK, owners, strict=True) if owner == side]
        piles[side] = pile(
            len(cards),
            sum(code.endswith("O") for code in cards),
            sum(code.startswith("7") for code in cards),
            velo="7O" in cards,
            escobas=draw(st.integers(0, len(cards) // 2)),
        )
    return deal(**piles)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(valid_deals(("A", "B", "C")), st.booleans())
def test_deal_points_never_exceed_four_plus_escobas_and_the_bonus(raw, bonus):
    setup = GAME.make_setup(("A", "B", "C"), {"all_oros_bonus": bonus, "target": 100}, "A")
    points = GAME.score(setup, [raw]).rounds[0].points
    escobas = sum(side["escobas"] for side in raw["sides"].values())
    assert sum(points.values()) <= 4 + escobas + (1 if bonus else 0)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(valid_deals(("A", "B", "C")))
def test_exactly_the_tied_categories_go_to_nobody(raw):
    setup = GAME.make_setup(("A", "B", "C"), {"target": 100}, "A")
    result = GAME.score(setup, [raw]).rounds[0]
    sides = raw["sides"].values()
    tied = []
    for count in ("cards", "oros", "sevens"):
        most = max(side[count] for side in sides)
        if [side[count] for side in sides].count(most) > 1:
            tied.append(count)
    escobas = sum(side["escobas"] for side in sides)
    assert sum(result.points.values()) == 4 + escobas - len(tied)
    nobody = [str(text) for text in result.explanation if str(text).startswith("Tie for")]
    assert nobody == [f"Tie for the most {count}: no point" for count in tied]


@settings(max_examples=30, derandomize=True, deadline=None)
@given(st.lists(valid_deals(), min_size=1, max_size=10))
def test_totals_are_the_sums_of_deal_points_and_a_finished_match_takes_no_more(deals):
    setup = setup_for()
    played = []
    for raw in deals:
        state = GAME.score(setup, played)
        if state.finished:
            with pytest.raises(RoundInvalid):
                GAME.parse_round(setup, raw, state)
            break
        played.append(raw)
    state = GAME.score(setup, played)
    for side in TWO:
        assert state.totals[side] == sum(result.points[side] for result in state.rounds)


def test_faults_of_every_side_are_reported_even_when_one_side_is_unreadable():
    raw = deal(You=pile(38, 6, 1, velo=True, escobas="2"), Ada=pile(2, 4, 3))
    assert faults(setup_for(), raw) == [
        ("sides.You.escobas", "escobas must be a whole number, 0 or more"),
        ("sides.Ada.oros", "oros cannot exceed cards"),
        ("sides.Ada.sevens", "sevens cannot exceed cards"),
    ]


def test_four_players_face_their_partners_and_fewer_play_alone():
    from scorepad.rules.escoba import facing_teams

    teams = facing_teams(["Ana", "Ben", "Chloé", "Dan"])
    assert [(team.name, team.players) for team in teams] == [
        ("Ana & Chloé", ("Ana", "Chloé")),
        ("Ben & Dan", ("Ben", "Dan")),
    ]
    assert facing_teams(["Ana", "Ben", "Chloé"]) is None


def test_the_common_fifteens_are_every_two_or_three_card_fifteen():
    from itertools import combinations_with_replacement

    from scorepad.rules.escoba import common_fifteens

    found = common_fifteens()
    assert all(sum(values) == 15 for values in found)
    expected = {
        tuple(sorted(values, reverse=True))
        for size in (2, 3)
        for values in combinations_with_replacement(range(1, 11), size)
        if sum(values) == 15
    }
    assert set(found) == expected and len(found) == len(expected) == 18
    assert found[:3] == ((10, 5), (9, 6), (8, 7))
