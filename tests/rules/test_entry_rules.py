"""What a round's entry form asks its game, through `get_game` as the form does: the
limits of its fields, how typed cards read, and the rules an entry is checked by
before the engine sees the round. Pure, no database."""

from __future__ import annotations

from scorepad.rules import get_game

CABO = get_game("cabo")


def cabo_options(preset: str, **overrides: object) -> dict:
    return CABO.resolve_options(preset, overrides)


def cabo_state(preset: str = "fr", players=("Ana", "Ben", "Chloé"), rounds=(), **overrides):
    setup = CABO.make_setup(list(players), cabo_options(preset, **overrides), players[0])
    return CABO.score(setup, list(rounds))


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
    assert CABO.kamikaze_values == (12, 12, 13, 13)


def test_a_cabo_hand_is_typed_between_the_lowest_a_hand_can_reach_and_200():
    assert CABO.highest_hand == 200
    assert CABO.lowest_hand(cabo_options("fr")) == 0
    assert CABO.lowest_hand(cabo_options("nl")) == -2
    assert CABO.lowest_hand(cabo_options("nl", decks=2)) == -4
    assert CABO.numbered_deck(cabo_options("official"))
    assert not CABO.numbered_deck(cabo_options("nl"))
