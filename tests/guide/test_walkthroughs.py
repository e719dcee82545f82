"""The walkthroughs tell the truth: real cards, real captures, the engine's scores."""

from __future__ import annotations

from collections import Counter

from scorepad.guide.walkthroughs import WALKTHROUGHS, cabanga, cabo, escoba
from scorepad.rules.cabo import GAME as CABO
from scorepad.rules.cabo import card_codes
from scorepad.rules.escoba import ESCOBA_DECK, VELO, fifteens


def _shown_once(step, deck) -> None:
    cards = [code for zone in step.zones for code in zone.cards if code is not None]
    assert not [code for code, n in Counter(cards).items() if n > 1]
    assert set(cards) <= set(deck)


def test_every_escoba_step_shows_each_card_once():
    for step in escoba.STEPS:
        _shown_once(step, ESCOBA_DECK)


def test_the_escoba_deal_uses_the_whole_deck_once():
    piles = escoba.DEAL.piles["you"] + escoba.DEAL.piles["ada"]
    assert sorted(piles) == sorted(ESCOBA_DECK)


def test_every_escoba_capture_makes_fifteen_by_the_engine():
    for play in escoba.PLAYS:
        captures = fifteens(play.table, play.card)
        if play.taken:
            matching = [c for c in captures if sorted(c.cards) == sorted(play.taken)]
            assert matching, play
            assert matching[0].escoba == play.escoba
        else:
            assert captures == (), f"{play.card} could have captured on {play.table}"


def test_the_escoba_deal_follows_the_seed_sheet():
    first = escoba.PLAYS[0]
    assert first.table == ("3B", "5C", "10E", "2O") and first.card == VELO
    assert escoba.DEAL.escobas == {"you": 2, "ada": 1}
    assert escoba.SIDES["You"] == {"cards": 21, "oros": 5, "sevens": 1, "velo": True, "escobas": 2}
    assert escoba.SIDES["Ada"] == {"cards": 19, "oros": 5, "sevens": 3, "velo": False, "escobas": 1}


def test_the_escoba_deal_ends_four_two_by_the_engine():
    assert dict(escoba.STATE.rounds[0].points) == {"You": 4, "Ada": 2}


def test_every_cabo_card_exists_once():
    deck = card_codes(CABO.resolve_options("fr", {}))
    named = [code for cards in cabo.DEALT.values() for code in cards]
    named += [cabo.FIRST_DISCARD, *cabo.PLAY.drawn]
    assert len(named) == len(set(named))
    assert set(named) <= set(deck)
    for step in cabo.STEPS:
        _shown_once(step, deck)


def test_the_cabo_round_uses_each_power_and_a_snap():
    titles = [str(step.title.message) for step in cabo.STEPS]
    for wanted in ("A peek: 7 or 8", "A spy: 9 or 10", "A blind swap: jack or queen"):
        assert wanted in titles
    assert "A snap discard" in titles
    assert len(cabo.FINAL_HANDS["Dev"]) == 3


def test_the_cabo_scores_are_the_engines_under_each_preset():
    expected = {
        "fr": {"Ana": 16, "Ben": 18, "Chloé": 0, "Dev": 24},
        "nl": {"Ana": 15, "Ben": 18, "Chloé": 5, "Dev": 25},
        "official": {"Ana": 0, "Ben": 18, "Chloé": 6, "Dev": 25},
    }
    for preset, points in expected.items():
        setup = CABO.make_setup(cabo.PLAYERS, CABO.resolve_options(preset, {}), "Dev")
        state = CABO.score(setup, [cabo.ROUNDS[preset]])
        assert dict(state.rounds[0].points) == points == dict(cabo.STATES[preset].rounds[0].points)


def test_every_cabanga_card_exists_once():
    deck = [f"{c}{n}" for c in "RBPY" for n in range(1, 19)] + [
        f"S{n}" for n in (1, 3, 5, 7, 12, 14, 16, 18)
    ]
    for step in cabanga.STEPS:
        _shown_once(step, deck)
    dealt = [code for cards in cabanga.DEALT.values() for code in cards]
    assert len(set(dealt + list(cabanga.PENALTY))) == len(dealt) + len(cabanga.PENALTY)


def test_the_cabanga_round_has_a_throw_a_same_colour_penalty_and_an_end():
    turns = cabanga.PLAY.turns
    assert any(turn.throws for turn in turns)
    assert any(turn.same_colour for turn in turns)
    assert all(
        len(turn.drawn) == turn.same_colour + sum(map(len, turn.throws.values())) for turn in turns
    )
    assert cabanga.PLAY.over


def test_the_cabanga_minus_points_are_the_engines():
    points = dict(cabanga.STATE.rounds[0].points)
    assert points["Chloé"] == 0
    for name, cards in cabanga.LEFT_IN_HAND.items():
        assert points[name] == sum(cabanga.marks(code) for code in cards)


def test_every_walkthrough_step_renders():
    from django.utils import translation

    from scorepad.guide.walkthroughs.base import show

    for language in ("en", "fr", "nl"):
        with translation.override(language):
            for walk in WALKTHROUGHS.values():
                for step in walk.steps:
                    shown = show(walk, step)
                    assert shown["title"] and shown["moves"]


def test_the_places_where_cards_moved_come_first_and_the_others_keep_their_order():
    from scorepad.guide.walkthroughs.base import show

    for walk in WALKTHROUGHS.values():
        for step in walk.steps:
            labels = [zone.label.render(walk.card) for zone in step.zones]
            shown = show(walk, step)["zones"]
            flags = [zone["moved"] for zone in shown]
            assert flags == sorted(flags, reverse=True), step.title.message
            for group in (True, False):
                kept = [zone["label"] for zone in shown if zone["moved"] is group]
                assert kept == [label for label in labels if label in kept]
            for zone in shown:
                highlighted = any(moved for _, moved in zone["cards"])
                assert zone["moved"] == (highlighted and not zone["count_only"])


def test_the_cabo_deal_shows_the_turned_up_discard_before_the_hands():
    from scorepad.guide.walkthroughs.base import show

    zones = show(cabo.WALKTHROUGH, cabo.WALKTHROUGH.steps[0])["zones"]
    assert [zone["label"] for zone in zones] == [
        "Discard pile, top card on the right",
        "Ana",
        "Ben",
        "Chloé",
        "Dev",
    ]
    assert [zone["moved"] for zone in zones] == [True, False, False, False, False]


def test_no_cabo_discard_could_have_been_snapped_but_dev_s_nine():
    # Seed cabo-fr: "n'importe quel joueur qui a (ou croit avoir) une carte de même valeur
    # peut la poser aussitôt dessus": every other discard matches no card its players know.
    assert cabo.PLAY.snappable == []
    assert "9D" in cabo.PLAY.discard and "9D" not in cabo.PLAY.known["Dev"]


def test_a_snapped_card_leaves_its_place_empty_and_the_others_keep_theirs():
    assert cabo.PLAY.hands["Dev"][0] is None
    assert cabo.DEALT["Dev"][3] == "4S"
    spy = next(step for step in cabo.STEPS if step.title.message == "A spy: 9 or 10")
    assert "card 4" in str(spy.moves[0].reason.message)
    dev = next(zone for zone in spy.zones if zone.label.message == "Dev")
    assert dev.cards == (None, "6C", "8H", "4S")


def test_the_escoba_opening_lists_every_capture_the_engine_finds():
    from django.utils import translation

    from scorepad.guide.walkthroughs.base import show

    captures = [
        (str(say.params["card"][0]), tuple(say.params["taken"])) for say in escoba.OPENING_CAPTURES
    ]
    assert ("12C", ("3B", "2O")) in captures  # rey + 3 + 2, once left out
    assert len(captures) == sum(
        len(fifteens(escoba.OPENING_TABLE, card)) for card in escoba.FIRST_HANDS[escoba.YOU]
    )
    with translation.override("en"):
        reason = show(escoba.WALKTHROUGH, escoba.STEPS[1])["moves"][0]["reason"]
    assert "could make fifteen 5 ways" in reason
    assert "the rey of copas with the 3 of bastos and the 2 of oros" in reason


def test_every_new_escoba_hand_shows_the_cards_dealt():
    dealt_steps = [
        step for step in escoba.STEPS if "Three new cards each" in str(step.moves[0].text.message)
    ]
    assert len(dealt_steps) == 4
    for step in dealt_steps:
        params = step.moves[0].text.params
        assert len(params["you"]) == len(params["ada"]) == 3


def test_the_escoba_walkthrough_never_says_ada_had_no_choice():
    texts = [str(move.text.message) for step in escoba.STEPS for move in step.moves]
    assert not [text for text in texts if "all she can do" in text]


def test_chloe_s_purple_10_is_told_as_the_poor_choice_it_was():
    # QA: the step said she took the penalty card "rather than open a wide gap in another
    # colour", while her blue 2 and red 18 opened none worth fearing and cost no card.
    play = cabanga.Round(
        {name: list(cards) for name, cards in cabanga.DEALT.items()},
        {c: ([cabanga.START[c][0]], [cabanga.START[c][1]]) for c in cabanga.COLOURS},
        list(cabanga.PENALTY),
    )
    play.place("Ana", "R10", cabanga.LEFT, Ben=("R11", "R12"))
    play.place("Ben", "P14", cabanga.LEFT)
    held = {code for cards in play.hands.values() for code in cards}
    assert {"B2", "R18", "P10"} <= set(play.hands["Chloé"])
    assert cabanga.number(play.piles["B"][cabanga.LEFT][-1]) == 1  # blue 2 on the right: 1 | 2
    assert cabanga.number(play.piles["R"][cabanga.RIGHT][-1]) == 16  # red 18 on the left: 18 | 16
    assert "R17" not in held
    step = cabanga.STEPS[3]
    assert str(step.title.message) == "The same-colour penalty"
    assert "a poor choice" in str(step.moves[0].reason.message)


def test_the_quiet_turns_name_ben_as_the_one_who_could_have_snapped_dev_s_old_4():
    # A snap uses a card of your own row: Dev's old 4 lies in Ben's row, unseen by Ben
    # (the step once said Dev did not know it).
    assert cabo.PLAY.hands["Ben"][3] == "4S" and "4S" not in cabo.PLAY.known["Ben"]
    quiet = next(step for step in cabo.STEPS if step.title.message == "Quiet turns")
    reason = str(quiet.moves[1].reason.message)
    assert "Ben does not know that the card he got from Dev is a 4" in reason
    assert "Dev does not know" not in reason
