"""What the pages ask a game instead of branching on its key: pure, no database."""

from __future__ import annotations

from scorepad.rules import get_game
from scorepad.rules.cabo import card_codes

CABO = get_game("cabo")
ESCOBA = get_game("escoba")
CABANGA = get_game("cabanga")


def escoba_setup(players):
    options = ESCOBA.resolve_options("classic", {})
    return ESCOBA.make_setup(players, options, players[0], ESCOBA.make_teams(players))


def test_the_last_side_gets_what_the_others_did_not_take():
    entered = [
        {"cards": 25, "oros": 6, "sevens": None},
        {"cards": 10, "oros": None, "sevens": None},
        {"cards": None, "oros": None, "sevens": None},
    ]
    assert ESCOBA.fill_last_side(entered) == {"cards": 5}


def test_a_count_the_last_side_gave_is_never_replaced():
    entered = [{"cards": 25, "oros": 6, "sevens": 3}, {"cards": 20, "oros": None, "sevens": 1}]
    assert ESCOBA.fill_last_side(entered) == {"oros": 4}


def test_counts_the_others_took_too_many_of_are_their_fault_not_the_blank_sides():
    """QA: 25 + 20 cards and the last side left blank was said beside that blank box.
    The fault names each count that went into the total, with one message naming the
    sides, and nothing is filled in for it."""
    entered = [
        {"cards": 25, "oros": 0, "sevens": 2},
        {"cards": 20, "oros": 11, "sevens": 1},
        {"cards": None, "oros": None, "sevens": None},
    ]
    assert ESCOBA.fill_last_side(entered) == {"sevens": 1}
    faults = ESCOBA.took_too_many(["Ana", "Ben", "Cor"], entered)
    assert [fault.field for fault in faults] == [
        "sides.Ana.cards",
        "sides.Ben.cards",
        "sides.Ben.oros",
    ]
    cards, oros = faults[0].message, faults[2].message
    assert faults[1].message == cards
    assert cards.render() == "Ana and Ben took 45 cards in all: a deal has 40"
    assert oros.render() == "Ben took 11 oros in all: a deal has 10"  # Ana's 0 is not at fault
    entered[2]["cards"] = 0  # given: the sum's own fault (`parse_round`), under its column
    assert [fault.field for fault in ESCOBA.took_too_many(["Ana", "Ben", "Cor"], entered)] == [
        "sides.Ben.oros"
    ]


def test_four_escoba_players_are_two_facing_teams_and_enter_a_deal_per_team():
    setup = escoba_setup(["Ana", "Ben", "Chloé", "Dan"])
    assert [team.players for team in setup.teams] == [("Ana", "Chloé"), ("Ben", "Dan")]
    assert ESCOBA.entry_names(ESCOBA.score(setup, [])) == ("Ana & Chloé", "Ben & Dan")
    assert ESCOBA.make_teams(["Ana", "Ben", "Chloé"]) is None


def test_the_opening_escoba_goes_to_the_dealers_side():
    setup = escoba_setup(["Ana", "Ben", "Chloé", "Dan"])
    assert [ESCOBA.dealer_side(setup, n) for n in (1, 2, 3)] == [
        "Ana & Chloé",
        "Ben & Dan",
        "Ana & Chloé",
    ]
    alone = escoba_setup(["Ana", "Ben"])
    assert ESCOBA.dealer_side(alone, 2) == "Ben"


def test_only_the_tied_players_have_a_line_in_a_cabo_tiebreak_round():
    options = CABO.resolve_options("nl", {})
    setup = CABO.make_setup(["Ana", "Ben", "Chloé"], options, "Ana")
    assert CABO.entry_names(CABO.score(setup, [])) == ("Ana", "Ben", "Chloé")
    rounds = [
        {"caller": "Ana", "hands": {"Ana": 0, "Ben": 5, "Chloé": 50}},
        {"caller": "Ben", "hands": {"Ana": 5, "Ben": 0, "Chloé": 51}},
    ]
    state = CABO.score(setup, rounds)
    assert state.needs_tiebreak == ("Ana", "Ben")
    assert CABO.entry_names(state) == state.needs_tiebreak
    assert CABO.tiebreak_rounds and not ESCOBA.tiebreak_rounds


def test_only_cabo_hands_are_picked_as_cards_and_every_card_is_on_the_grid():
    options = CABO.resolve_options("fr", {})
    groups = CABO.card_groups(options)
    assert sorted(code for group in groups for code in group.codes) == sorted(card_codes(options))
    assert ESCOBA.card_groups({}) == () and CABANGA.card_groups({}) == ()


def test_a_failed_call_counts_as_a_call_not_won():
    options = CABO.resolve_options("fr", {})
    setup = CABO.make_setup(["Ana", "Ben"], options, "Ana")
    state = CABO.score(setup, [{"caller": "Ana", "hands": {"Ana": 9, "Ben": 3}}])
    result = state.rounds[0]
    assert CABO.round_events(setup, result, "Ana", "Ana") == {
        "rounds": 1,
        "hand": 9,
        "calls": True,
        "calls_won": False,
        "kamikazes": False,
    }
    assert CABO.round_events(setup, result, "Ben", "Ben")["calls"] is False


def test_the_end_line_is_a_threshold_in_cabanga_and_a_target_elsewhere():
    assert (CABANGA.end_kind, CABO.end_kind, ESCOBA.end_kind) == ("threshold", "target", "target")


def test_a_cabanga_round_counts_its_minus_points_and_who_went_out():
    options = CABANGA.resolve_options("classic", {})
    setup = CABANGA.make_setup(["Ana", "Ben", "Chloé"], options, "Ana")
    result = CABANGA.score(setup, [{"hands": {"Ana": 0, "Ben": 4, "Chloé": 2}}]).rounds[0]
    assert CABANGA.round_events(setup, result, "Ana", "Ana")["went_out"] is True
    assert CABANGA.round_events(setup, result, "Ben", "Ben") == {
        "rounds": 1,
        "points": 4,
        "went_out": False,
    }


def lines_of(game, preset):
    return {
        line.cards or (line.label,): line
        for line in game.value_lines(game.resolve_options(preset, {}))
    }


def test_the_cabo_value_lines_follow_the_values_of_the_preset():
    french, dutch = lines_of(CABO, "fr"), lines_of(CABO, "nl")
    assert list(french) == list(dutch)  # the same lines, counted otherwise
    assert (french[("KH", "KD")].points, dutch[("KH", "KD")].points) == (0, -1)
    assert (french[("KS", "KC")].points, dutch[("KS", "KC")].points) == (10, 13)
    assert (french[("QS", "QH")].points, dutch[("QS", "QH")].points) == (10, 12)
    # The joker is listed with the option off too: what it counts when a table adds them.
    assert not CABO.resolve_options("fr", {})["jokers"]
    assert french[("JK",)].points == 0 and french[("JK",)].power is None
    assert [french[(code,)].power for code in ("7S", "9S")] == ["peek", "spy"]
    assert french[("JS", "JH")].power == "swap" and french[("KS", "KC")].power is None
    assert set(CABO.powers) == {"peek", "spy", "swap"}


def test_the_branded_cabo_deck_lists_its_numbers():
    deck = CABO.value_lines(CABO.resolve_options("official", {}))
    assert [line.cards for line in deck] == [(str(number),) for number in range(14)]
    assert [line.points for line in deck] == list(range(14))
    powers = [line.power for line in deck]
    assert powers[6:] == [None, "peek", "peek", "spy", "spy", "swap", "swap", None]
    assert all(code in card_codes({"values": "deck"}) for line in deck for code in line.cards)


def test_the_escoba_value_lines_are_a_suit_drawn_in_both_decks():
    lines = ESCOBA.value_lines(ESCOBA.resolve_options("classic", {}))
    assert [line.points for line in lines] == list(range(1, 11))
    assert [line.cards for line in lines][-3:] == [("10O",), ("11O",), ("12O",)]
    assert ESCOBA.card_decks == ("spanish", "stripped-french")
    assert not any(line.power for line in lines)


def test_the_cabanga_value_lines_say_the_cards_in_words():
    lines = CABANGA.value_lines(CABANGA.resolve_options("classic", {}))
    assert [(line.cards, line.label, line.points) for line in lines] == [
        ((), "1 symbol", 1),
        ((), "2 symbols", 2),
        ((), "3 symbols", 3),
    ]


def test_a_game_without_card_values_has_no_value_lines():
    from scorepad.rules.base import Game

    assert Game().value_lines({}) == ()
    assert Game.card_decks == () and dict(Game.powers) == {}
