from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import scorepad.rules
from scorepad.rules import GAMES, base, get_game
from scorepad.rules.base import (
    Choice,
    LastRounds,
    NotAtHand,
    Option,
    OptionError,
    SetupInvalid,
    Text,
    gettext_noop,
    join_names,
    name_faults,
    player_key,
    typed_name,
)

RULES = Path(scorepad.rules.__file__).parent

TARGET = Option("target", "int", 21, "Play to", "", minimum=5, maximum=100)
BONUS = Option("bonus", "bool", False, "Bonus", "")
END = Option("end", "choice", "a", "End", "", choices=(Choice("a", "A"), Choice("b", "B")))


def test_gettext_noop_returns_its_message():
    assert gettext_noop("Tie at the top: one more deal") == "Tie at the top: one more deal"


def test_a_text_is_translated_before_it_is_formatted():
    text = Text("{player} wins", {"player": "Ana"})
    assert text.render() == str(text) == "Ana wins"
    assert text.render({"{player} wins": "{player} gagne"}.get) == "Ana gagne"


def test_a_text_inside_a_text_is_translated_too():
    french = {
        "{players} share the victory": "{players} se partagent la victoire",
        "{first} and {last}": "{first} et {last}",
    }
    text = Text("{players} share the victory", {"players": join_names(["Ben", "Chloé"])})
    assert text.render(french.get) == "Ben et Chloé se partagent la victoire"


def test_an_empty_text_stays_empty_even_through_gettext():
    assert Text("").render(lambda message: "Project-Id-Version: scorepad") == ""


def test_names_are_joined_in_words():
    assert join_names(["Ana"]) == "Ana"
    assert str(join_names(["Ana", "Ben"])) == "Ana and Ben"
    assert str(join_names(["Ana", "Ben", "Chloé", "Dan"])) == "Ana, Ben, Chloé and Dan"


def test_an_int_option_accepts_ints_and_digit_strings_within_range():
    assert TARGET.clean(21) == 21
    assert TARGET.clean(" 30 ") == 30
    assert TARGET.clean(5) == 5
    assert TARGET.clean(100) == 100


@pytest.mark.parametrize("value", [4, 101, "101"])
def test_an_int_option_out_of_range_names_the_range(value):
    with pytest.raises(OptionError) as caught:
        TARGET.clean(value)
    assert str(caught.value.message) == "Play to must be between 5 and 100"


@pytest.mark.parametrize("value", [True, 21.0, "twenty", None, "2.5"])
def test_an_int_option_refuses_what_is_not_a_whole_number(value):
    with pytest.raises(OptionError) as caught:
        TARGET.clean(value)
    assert str(caught.value.message) == "Play to must be a whole number"


@pytest.mark.parametrize(
    ("value", "expected"),
    [(True, True), (False, False), ("true", True), ("false", False), ("1", True), ("0", False)],
)
def test_a_bool_option_accepts_bools_and_their_spellings(value, expected):
    assert BONUS.clean(value) is expected


@pytest.mark.parametrize("value", [1, "maybe", None])
def test_a_bool_option_refuses_anything_else(value):
    with pytest.raises(OptionError):
        BONUS.clean(value)


def test_a_choice_option_accepts_only_its_values():
    assert END.clean("b") == "b"
    with pytest.raises(OptionError) as caught:
        END.clean("c")
    assert str(caught.value.message) == "unknown value c for end"  # mid-sentence


def test_the_registry_lists_the_three_games_in_order():
    assert list(GAMES) == ["cabo", "escoba", "cabanga"]
    assert [game.name for game in GAMES.values()] == ["Cabo", "Escoba", "Cabanga!"]
    assert get_game("escoba") is GAMES["escoba"]
    with pytest.raises(KeyError):
        get_game("poker")


@pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))
def test_each_preset_holds_a_complete_clean_set_of_options(game):
    names = {option.name for option in game.options}
    for preset in game.presets:
        assert set(preset.values) == names
        for option in game.options:
            assert option.clean(preset.values[option.name]) == preset.values[option.name]
    with pytest.raises(KeyError):
        game.preset("nope")


def test_resolve_options_applies_cleaned_overrides_to_the_preset():
    cabo = get_game("cabo")
    options = cabo.resolve_options("nl", {"target": "50", "jokers": "true"})
    assert options["values"] == "nl"
    assert options["target"] == 50
    assert options["jokers"] is True


def test_resolve_options_reports_every_bad_name_and_value():
    cabo = get_game("cabo")
    with pytest.raises(SetupInvalid) as caught:
        cabo.resolve_options("xx", {"target": 5, "colour": "red", "kamikaze": "maybe"})
    assert [(error.field, str(error.message)) for error in caught.value.errors] == [
        ("preset", "unknown preset xx"),
        ("options.target", "Target score must be between 10 and 1000"),
        ("options.colour", "unknown option colour"),
        ("options.kamikaze", "unknown value maybe for kamikaze"),
    ]


def test_an_options_name_has_a_small_letter_inside_a_message_in_every_language():
    from django.utils import translation

    cabo = get_game("cabo")
    with pytest.raises(SetupInvalid) as caught:
        cabo.resolve_options("fr", {"target": 5, "kamikaze": "maybe"})
    said = {}
    for language in ("en", "fr", "nl"):
        with translation.override(language):
            said[language] = [
                error.message.render(translation.gettext) for error in caught.value.errors
            ]
    assert said["en"] == [
        "Target score must be between 10 and 1000",  # as written, where it starts
        "unknown value maybe for kamikaze",
    ]
    # Inside the sentence in French too (QA31: "… : Score cible doit être compris…").
    assert said["fr"][0] == (
        "La valeur de «\u00a0score cible\u00a0» doit être comprise entre 10 et 1000"
    )
    assert said["fr"][1] == "valeur maybe inconnue pour kamikaze"
    assert said["nl"][1] == "onbekende waarde maybe voor kamikaze"


def test_make_setup_strips_names_and_fills_missing_options():
    cabo = get_game("cabo")
    setup = cabo.make_setup([" Ana ", "Ben"], {"target": 50}, "Ben ")
    assert setup.players == ("Ana", "Ben")
    assert setup.first_dealer == "Ben"
    assert setup.options == {**cabo.preset("fr").values, "target": 50}
    assert setup.sides == ("Ana", "Ben")
    assert setup.game == "cabo"


def test_make_setup_reports_every_fault():
    cabo = get_game("cabo")
    with pytest.raises(SetupInvalid) as caught:
        cabo.make_setup(["Ana", " ", "Ana"], {"target": 0}, "Zoe", teams=[{"name": "x"}])
    assert [(error.field, str(error.message)) for error in caught.value.errors] == [
        ("players", "every player needs a name"),
        ("players", "Ana appears twice"),
        ("first_dealer", "the first dealer must be one of the players"),
        ("options.target", "Target score must be between 10 and 1000"),
        ("teams", "this game is not played in teams"),
    ]


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Jean  Luc", "Jean Luc"),
        ("  Jean \u00a0\u2009Luc ", "Jean Luc"),  # a phone's no-break and thin spaces
        ("Zoe\u0301", "Zo\u00e9"),
        ("Ana", "Ana"),
    ],
)
def test_a_typed_name_is_kept_with_one_space_between_its_words(typed, kept):
    assert typed_name(typed) == kept
    assert player_key(typed_name(typed)) == player_key(typed)


def test_a_typed_name_keeps_its_control_characters_for_the_name_rules_to_refuse():
    assert typed_name("Ana\tMaria") == "Ana\tMaria"
    assert name_faults(typed_name("Ana\tMaria"), "players")


# What shows nothing in a name (QA50): a zero-width space, a word joiner, a byte order
# mark, direction marks and embeddings, a Hangul filler, the blank Braille pattern.
INVISIBLE = "\u200b\u2060\ufeff\u200e\u200f\u202a\u202e\u2066\u2069\u00ad\u3164\u2800"
FAMILY = "\U0001f469\u200d\U0001f469\u200d\U0001f467"  # woman ZWJ woman ZWJ girl: one emoji
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
WALES = "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"


@pytest.mark.parametrize("invisible", INVISIBLE)
def test_a_name_is_kept_without_what_shows_nothing(invisible):
    assert typed_name(f"{invisible}Anne{invisible}") == "Anne"
    assert typed_name(f"Jean{invisible} Luc") == "Jean Luc"
    assert typed_name(f"Jean {invisible} Luc") == "Jean Luc"
    assert player_key(f"An{invisible}ne") == player_key("Anne")


@pytest.mark.parametrize("invisible", INVISIBLE)
def test_a_name_set_apart_only_by_what_shows_nothing_is_the_same_name(invisible):
    with pytest.raises(SetupInvalid) as caught:
        get_game("cabo").make_setup(["Anne", f"Anne{invisible}"], {}, "Anne")
    assert [str(error.message) for error in caught.value.errors] == ["Anne appears twice"]


@pytest.mark.parametrize(
    "name", ["\u200b", "\u200d", "\ufeff \u2060", "\u3164", "\u2800", "\ufe0f"]
)
def test_a_name_of_what_shows_nothing_alone_is_no_name(name):
    faults = get_game("cabo").player_faults(["Ana", name, "Ben"])
    assert [str(error.message) for error in faults] == ["every player needs a name"]


@pytest.mark.parametrize(
    "name",
    [
        FAMILY,
        f"Ana {FAMILY}",
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: ZWNJ between letters
        "\u2764\ufe0f",  # a red heart: the selector after the heart
        "\U0001f3f3\ufe0f\u200d\U0001f308",  # the rainbow flag: a selector, then a joiner
        SCOTLAND,
    ],
)
def test_a_joiner_or_selector_between_visible_characters_stays(name):
    assert typed_name(name) == name


def test_joiners_and_selectors_never_set_two_players_apart():
    assert player_key(FAMILY) == player_key("\U0001f469\U0001f469\U0001f467")
    assert player_key("\u2764\ufe0f") == player_key("\u2764")
    assert player_key("Anne\u200d") == player_key("Ann\u200ce") == player_key("Anne")
    with pytest.raises(SetupInvalid):
        get_game("cabo").make_setup(["\u2764", "\u2764\ufe0f"], {}, "\u2764")


def test_a_joiner_or_tag_with_nothing_visible_to_join_goes():
    assert typed_name("\u200dAnne\u200d") == "Anne"
    assert typed_name("Anne \u200d Ben") == "Anne Ben"
    assert typed_name("Anne\U000e0041") == "Anne"  # a tag after no black flag
    assert typed_name("\U0001f3f4\U000e0067") == "\U0001f3f4"  # a flag's tags unfinished


def test_two_flags_are_two_players():
    assert player_key(SCOTLAND) != player_key(WALES)
    setup = get_game("cabo").make_setup([SCOTLAND, WALES], {}, WALES)
    assert setup.players == (SCOTLAND, WALES)


def test_a_rename_maps_the_rounds_to_the_names_as_kept():
    game = get_game("cabo")
    setup = game.make_setup(["Ana", "Ben"], {}, "Ana")
    renamed, mapping = game.renamed(setup, ["Ana", "Bea\u200b"], "Bea\u200b")
    assert renamed.players == ("Ana", "Bea")
    assert renamed.first_dealer == "Bea"
    assert mapping["Ben"] == "Bea"


def test_names_differing_only_in_case_are_one_player():
    with pytest.raises(SetupInvalid) as caught:
        get_game("cabo").make_setup(["Ana", "ANA"], {}, "Ana")
    assert [str(error.message) for error in caught.value.errors] == [
        "ANA is the same name as Ana, capitals and accents aside"
    ]


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (["Ana", "Ben", "ana"], [2]),
        (["Zoe", "Zoë", "Carl"], [1]),
        (["Ana", "Ana", "Ben", "ANA"], [1, 3]),
        (["Jean Luc", "", "jean  luc"], [2]),
    ],
)
def test_a_name_given_twice_is_a_fault_of_the_later_seat(players, seats):
    """The pages say it beside that seat: the engine names it, nobody walks the names
    again with a copy of its rule."""
    faults = get_game("cabo").player_faults(players)
    assert [error.seat for error in faults if "player" in error.message.params] == seats


def test_a_fault_of_the_whole_line_up_names_no_seat():
    faults = get_game("cabo").player_faults(["Ana"])
    assert [error.seat for error in faults] == [None]


def test_the_player_count_error_names_the_game():
    with pytest.raises(SetupInvalid) as caught:
        get_game("cabanga").make_setup(["Ana", "Ben"], {}, "Ana")
    assert str(caught.value.errors[0].message) == "Cabanga! is for 3 to 6 players; got 2"


def test_the_rules_never_import_django():
    for module in RULES.glob("*.py"):
        tree = ast.parse(module.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not any(alias.name.startswith("django") for alias in node.names)
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("django")


def _texts_outside_gettext_noop(module: Path) -> list[str]:
    """Text(...) templates given as a bare string literal escape makemessages."""
    tree = ast.parse(module.read_text())
    bare = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Text" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and first.value:
                bare.append(first.value)
    return bare


def test_every_message_template_is_marked_for_translation():
    for module in RULES.glob("*.py"):
        assert _texts_outside_gettext_noop(module) == [], module.name


@pytest.mark.parametrize(
    ("game", "name", "minimum", "maximum", "default"),
    [
        ("cabo", "failed_call_penalty", 0, 50, 10),
        ("cabo", "target", 10, 1000, 100),
        ("escoba", "target", 5, 100, 21),
        ("cabanga", "threshold", 1, 200, 18),
        ("cabanga", "rounds", 1, 50, 5),
    ],
)
def test_number_options_take_their_edges_and_refuse_beyond(game, name, minimum, maximum, default):
    option = get_game(game).option(name)
    assert option.default == default
    assert option.clean(minimum) == minimum
    assert option.clean(maximum) == maximum
    for beyond in (minimum - 1, maximum + 1):
        with pytest.raises(OptionError):
            option.clean(beyond)


@pytest.mark.parametrize(
    ("game", "name", "values"),
    [
        ("cabo", "values", ["fr", "nl", "deck"]),
        ("cabo", "caller_tie", ["fails", "succeeds"]),
        ("cabo", "kamikaze", ["off", "zero_call", "twelves"]),
        ("cabo", "reset_at_100", ["off", "once", "always"]),
        ("cabo", "end_at", ["reached", "exceeded"]),
        ("cabo", "final_tie", ["shared", "tiebreak"]),
        ("escoba", "top_tie", ["play_on", "cascade"]),
        ("cabanga", "end", ["threshold", "rounds"]),
    ],
)
def test_choice_options_offer_exactly_the_rules_values(game, name, values):
    option = get_game(game).option(name)
    assert [choice.value for choice in option.choices] == values


def test_the_end_line_is_the_target_or_the_cabanga_threshold_or_rounds():
    from scorepad.rules import get_game

    cabo, escoba, cabanga = (get_game(key) for key in ("cabo", "escoba", "cabanga"))
    assert cabo.end_line(cabo.resolve_options("fr", {"target": 50})) == (50, False)
    assert escoba.end_line(escoba.resolve_options("classic", {})) == (21, False)
    assert cabanga.end_line(cabanga.resolve_options("classic", {})) == (18, False)
    rounds = cabanga.resolve_options("classic", {"end": "rounds", "rounds": 7})
    assert cabanga.end_line(rounds) == (7, True)


@pytest.mark.parametrize("game_key", ["cabo", "escoba", "cabanga"])
def test_one_name_rule_refuses_control_characters_and_long_names(game_key):
    game = get_game(game_key)
    players = ["Ana\u0007", "B" * 41, "Chloé", "Dan"][: max(game.min_players, 3)]
    with pytest.raises(SetupInvalid) as refused:
        game.make_setup(players, {}, "Chloé")
    messages = {str(error.message) for error in refused.value.errors}
    assert "a name cannot hold control characters" in messages
    assert "a name has at most 40 characters" in messages


def test_a_name_is_kept_composed_whatever_the_keyboard_sent():
    game = get_game("cabanga")
    setup = game.make_setup(["Chloe\u0301", "Ana", "Ben"], {}, "Chlo\u00e9")
    assert setup.players[0] == "Chlo\u00e9"
    assert setup.first_dealer == "Chlo\u00e9"


def test_a_team_name_is_capped_too():
    game = get_game("escoba")
    teams = [
        {"name": "T" * 84, "players": ["Ana", "Chloé"]},
        {"name": "Them", "players": ["Ben", "Dan"]},
    ]
    with pytest.raises(SetupInvalid) as refused:
        game.make_setup(["Ana", "Ben", "Chloé", "Dan"], {}, "Ana", teams)
    assert [(error.field, str(error.message)) for error in refused.value.errors] == [
        ("teams.1", "a name has at most 83 characters")
    ]


def test_last_rounds_hold_the_last_results_and_refuse_the_earlier_ones():
    results = tuple(f"round {number}" for number in range(1, 6))  # stand-ins
    last = LastRounds(12, results[-3:])
    assert len(last) == 12 and bool(last)
    assert last[-1] == "round 5" and last[11] == "round 5" and last[-3] == "round 3"
    assert last[-2:] == ("round 4", "round 5") and last[12:] == ()
    with pytest.raises(NotAtHand):
        last[-4]
    with pytest.raises(NotAtHand):
        last[:]
    with pytest.raises(NotAtHand):  # going over them all is not a silent gap
        list(last)
    with pytest.raises(IndexError):
        last[12]
    assert list(LastRounds(3, results[:3])) == list(results[:3])


def test_the_page_and_the_engine_take_the_same_characters_for_nothing():
    """`seatName` in setup.js empties a seat as the engine does (`_INVISIBLE`): the
    page's list, read out of the script, matches the same characters."""
    script = (Path(__file__).resolve().parents[2] / "static/js/setup.js").read_text()
    listed = re.search(r"const INVISIBLE_IN_NAMES = /.*?\|(\[.*?\])/gu;", script).group(1)
    # \u{1343F} in JavaScript is \U0001343F in Python.
    pattern = re.sub(r"\\u\{([0-9A-Fa-f]+)\}", lambda found: f"\\U{found[1]:0>8}", listed)
    page = re.compile(pattern)
    differ = [
        hex(point)
        for point in range(0xF0000)
        if bool(page.match(chr(point))) != bool(base._INVISIBLE.match(chr(point)))
    ]
    assert differ == []
