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


@pytest.mark.parametrize("typed", ["an", "oan", "Zo", "Anna"])
def test_only_the_whole_name_finds_a_player(typed):
    assert same_player(typed, HISTORY) == []


def test_a_folded_name_keeps_its_letters_and_one_space_between_words():
    assert folded("  Marie-Hélène   DU  Pré ") == "marie-helene du pre"
