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
