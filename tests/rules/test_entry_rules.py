"""What a round's entry form asks its game, through `get_game` as the form does: the
limits of its fields, how typed cards read, and the rules an entry is checked by
before the engine sees the round. Pure, no database."""

from __future__ import annotations

import pytest

from scorepad.rules import get_game
from scorepad.rules.escoba import opening_escobas

CABO = get_game("cabo")
ESCOBA = get_game("escoba")
CABANGA = get_game("cabanga")


def cabo_options(preset: str, **overrides: object) -> dict:
    return CABO.resolve_options(preset, overrides)


# Cabo ----------------------------------------------------------------------------


def test_typed_cards_are_split_at_commas_and_spaces_and_read_in_capitals():
    assert CABO.parse_cards("kh, 7s  10D,QC") == ["KH", "7S", "10D", "QC"]
    assert CABO.parse_cards("0 7 13") == ["0", "7", "13"]
    assert CABO.parse_cards(" , ") == []
    assert CABO.parse_cards("") == []


def test_a_card_the_deck_does_not_hold_is_unknown_each_time_it_is_given():
    french = cabo_options("fr")
    assert CABO.unknown_cards(["KH", "ZZ", "7S", "ZZ", "JK"], french) == ["ZZ", "ZZ", "JK"]
    assert CABO.unknown_cards(["KH", "JK"], cabo_options("fr", jokers=True)) == []
    # The branded deck's cards are numbers: a rank and suit is none of them.
    assert CABO.unknown_cards(["13", "KH", "14"], cabo_options("official")) == ["KH", "14"]


def test_picked_cards_must_add_up_to_the_points_typed_beside_them():
    dutch = cabo_options("nl")
    assert CABO.cards_match_points(["KH", "AS"], 0, dutch)  # −1 + 1
    assert not CABO.cards_match_points(["KH", "AS"], 2, dutch)
    assert CABO.cards_match_points(["KH", "AS"], None, dutch)  # no points typed
    assert not CABO.cards_match_points(["KS"], 10, dutch)  # a black king is 13 in Dutch
    assert CABO.cards_match_points(["KS"], 10, cabo_options("fr"))


def test_the_kamikaze_hand_is_asked_with_two_12s_and_two_13s_and_never_in_a_tiebreak():
    assert CABO.kamikaze_applies(cabo_options("official"), tiebreak=False)
    assert not CABO.kamikaze_applies(cabo_options("official"), tiebreak=True)
    assert not CABO.kamikaze_applies(cabo_options("fr"), tiebreak=False)
    assert not CABO.kamikaze_applies(cabo_options("nl", kamikaze="zero_call"), tiebreak=False)
    assert CABO.kamikaze_applies(cabo_options("nl", kamikaze="twelves"), tiebreak=False)
    # French values have no 12 or 13: no kamikaze hand to ask about (QA).
    assert not CABO.kamikaze_applies(cabo_options("fr", kamikaze="twelves"), tiebreak=False)
    assert CABO.kamikaze_values == (12, 12, 13, 13)


def test_a_cabo_hand_is_typed_between_the_lowest_a_hand_can_reach_and_200():
    assert CABO.highest_hand == 200
    assert CABO.lowest_hand(cabo_options("fr")) == 0
    assert CABO.lowest_hand(cabo_options("nl")) == -2
    assert CABO.lowest_hand(cabo_options("nl", decks=2)) == -4
    assert CABO.numbered_deck(cabo_options("official"))
    assert not CABO.numbered_deck(cabo_options("nl"))


# Escoba --------------------------------------------------------------------------


def escoba_setup(players):
    options = ESCOBA.resolve_options("classic", {})
    return ESCOBA.make_setup(players, options, players[0], ESCOBA.make_teams(players))


def test_a_side_counts_its_cards_oros_sevens_and_escobas_in_that_order():
    assert ESCOBA.counts == ("cards", "oros", "sevens", "escobas")


def test_a_side_takes_at_most_its_share_of_the_deck_and_half_its_cards_in_escobas():
    assert ESCOBA.most_in_a_deal == {"cards": 40, "oros": 10, "sevens": 4, "escobas": 20}
    assert ESCOBA.deal_totals == {"cards": 40, "oros": 10, "sevens": 4}
    assert set(ESCOBA.sum_faults) == set(ESCOBA.deal_totals)


def test_the_opening_tables_offered_are_what_15_and_30_give_the_dealer():
    assert [escobas for escobas, _label in ESCOBA.opening_tables] == [0, 1, 2]
    # Each label's number is what its four cards add up to.
    tables = {"15": ["1O", "2C", "5E", "7B"], "30": ["12O", "12C", "3E", "7B"]}
    for escobas, label in ESCOBA.opening_tables[1:]:
        assert opening_escobas(tables[label.split(":")[0]]) == escobas


def test_the_opening_tables_escobas_go_to_the_dealers_side_only():
    setup = escoba_setup(["Ana", "Ben"])
    # Ana deals the first deal, Ben the second.
    assert ESCOBA.escobas_with_opening(setup, 1, "Ana", 3, 2) == 5
    assert ESCOBA.escobas_with_opening(setup, 1, "Ben", 3, 2) == 3
    assert ESCOBA.escobas_with_opening(setup, 2, "Ben", 0, 1) == 1
    assert ESCOBA.escobas_with_opening(setup, 2, "Ana", 1, 0) == 1
    teams = escoba_setup(["Ana", "Ben", "Chloé", "Dan"])
    # Chloé deals the third deal: her team's escobas figure gets the opening.
    assert ESCOBA.escobas_with_opening(teams, 3, "Ana & Chloé", 1, 1) == 2
    assert ESCOBA.escobas_with_opening(teams, 3, "Ben & Dan", 1, 1) == 1


def test_no_opening_table_gives_three_escobas():
    with pytest.raises(ValueError):
        ESCOBA.escobas_with_opening(escoba_setup(["Ana", "Ben"]), 1, "Ana", 0, 3)


# Cabanga! ------------------------------------------------------------------------


def test_a_cabanga_hand_counts_cards_of_one_two_and_three_symbols_at_their_price():
    assert CABANGA.symbols == ("1", "2", "3")
    assert CABANGA.symbol_points == {"1": 1, "2": 2, "3": 3}
    assert CABANGA.symbol_kinds == {"1": "1 symbol", "2": "2 symbols", "3": "3 symbols"}
    assert CABANGA.hand_points(2, 1, 1) == 7


def test_a_cabanga_count_is_at_most_60_cards_and_a_hand_at_most_200_points():
    assert CABANGA.most_of_a_kind == 60
    assert CABANGA.highest_hand == 200


def test_going_out_scores_no_point():
    options = CABANGA.resolve_options("classic", {})
    setup = CABANGA.make_setup(["Ana", "Ben", "Chloé"], options, "Ana")
    out = {"Ana": CABANGA.went_out, "Ben": 4, "Chloé": 2}
    assert CABANGA.score(setup, [{"hands": out}]).totals == {"Ana": 0, "Ben": 4, "Chloé": 2}


def test_a_player_who_went_out_has_neither_cards_nor_points_entered():
    assert CABANGA.agrees_with_going_out()
    assert CABANGA.agrees_with_going_out(None, None)
    assert CABANGA.agrees_with_going_out(0, None)  # every count left at 0
    assert CABANGA.agrees_with_going_out(None, 0)
    assert not CABANGA.agrees_with_going_out(3, None)
    assert not CABANGA.agrees_with_going_out(None, 1)
    assert not CABANGA.agrees_with_going_out(0, 2)
