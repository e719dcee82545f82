"""A typed name finds a player whatever its case and accents; no database needed."""

from __future__ import annotations

import pytest

from scorepad.core.wording import folded
from scorepad.records.names import same_player

HISTORY = ["Ana", "Joana", "Chloé", "Zoë", "Zoe", "Strauß", "Åsa", "Ben"]


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("ana", ["Ana"]),
        ("ANA", ["Ana"]),
        ("chloe", ["Chloé"]),
        ("CHLOÉ", ["Chloé"]),
        ("zoe", ["Zoë", "Zoe"]),
        ("strauss", ["Strauß"]),
        ("asa", ["Åsa"]),
        ("Chloe\u0301", ["Chloé"]),  # the accent typed as a combining mark
    ],
)
def test_a_typed_name_finds_its_spellings_whatever_the_case_and_accents(typed, found):
    assert same_player(typed, HISTORY) == found


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("an", ["Ana", "Joana"]),
        ("OAN", ["Joana"]),
        ("zo", ["Zoë", "Zoe"]),
        ("LOÉ", ["Chloé"]),
        ("ss", ["Strauß"]),
        ("ÅS", ["Åsa"]),
        ("e", ["Chloé", "Zoë", "Zoe", "Ben"]),  # accents set aside
    ],
)
def test_a_part_of_a_name_finds_every_player_whose_name_holds_it(typed, found):
    """QA26: a player at a table types "mar" for Marie; the whole name was needed."""
    assert same_player(typed, HISTORY) == [name for name in HISTORY if name in found]


def test_a_whole_name_finds_that_player_only_not_those_whose_names_hold_it():
    assert same_player("ana", HISTORY) == ["Ana"]
    assert same_player("Marc", ["Marcel", "Marc", "Marie"]) == ["Marc"]
    assert same_player("mar", ["Marcel", "Marc", "Marie", "Omar"]) == [
        "Marcel",
        "Marc",
        "Marie",
        "Omar",
    ]


@pytest.mark.parametrize("typed", ["Anna", "x", "\u0301", ""])
def test_a_name_nobody_holds_finds_nobody(typed):
    assert same_player(typed, HISTORY) == []


def test_a_folded_name_keeps_its_letters_and_one_space_between_words():
    assert folded("  Marie-Hélène   DU  Pré ") == "marie-helene du pre"
