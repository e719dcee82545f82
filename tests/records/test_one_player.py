"""QA39: one rule for when two typed names are one player, on every page that groups or
finds players: case and accents set aside ("Zoe", "Zoë" and "zoë" are one player), any
other difference kept ("Seb" and "Sébastien" are two). One spelling is shown: the one
typed in the most matches."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from scorepad.records.names import player_key, spelling_of

from .conftest import build, build_match
from .matches import CABO_FR

pytestmark = pytest.mark.django_db
HISTORY = reverse("records:history")
PLAYERS = reverse("records:players")


def player_url(name: str) -> str:
    return reverse("records:player", args=[name])


def won_by(name: str) -> dict:
    """CABO_FR, finished, with `name` in Ana's seat (who wins)."""
    return json.loads(json.dumps(CABO_FR).replace('"Ana"', json.dumps(name)))


@pytest.fixture
def evenings(owner):
    """Zoë typed three ways on four evenings, mostly "Zoë"; Seb and Sébastien once each."""
    return [build(owner, won_by(name)) for name in ("Zoë", "Zoe", "zoë", "Zoë", "Seb", "Sébastien")]


def test_case_and_accents_fold_and_nothing_else():
    assert player_key("Zoe") == player_key("Zoë") == player_key("zoë") == player_key("ZOË")
    assert player_key("Seb") != player_key("Sébastien")
    assert player_key("Anne-Marie") != player_key("Anne Marie")


def test_the_spelling_shown_is_the_one_typed_in_the_most_matches():
    assert spelling_of({"Zoe": 1, "Zoë": 2, "zoë": 1}) == "Zoë"
    assert spelling_of({"zoë": 1, "Zoe": 1}) == "Zoe"  # a tie: the first in code point order


def test_the_players_list_counts_every_spelling_as_one_player(evenings, visitor):
    content = visitor.get(PLAYERS).content.decode()
    assert f'href="{player_url("Zoë")}"' in content
    for other in ("Zoe", "zoë"):
        assert f'href="{player_url(other)}"' not in content
    row = re.search(
        r'<tr>\s*<th scope="row"><a href="[^"]*Zo%C3%AB/">Zoë</a></th>(.*?)</tr>', content, re.S
    )
    assert row and re.findall(r"<td[^>]*>([^<]*)</td>", row[1])[:2] == ["4", "4"]
    assert f'href="{player_url("Seb")}"' in content
    assert f'href="{player_url("Sébastien")}"' in content


@pytest.mark.parametrize("address", ["Zoe", "zoë", "ZOË", "Zoë"])
def test_the_player_page_gathers_every_spelling(evenings, visitor, address):
    content = visitor.get(player_url(address)).content.decode()
    assert "<h1>Zoë</h1>" in content
    assert content.count('href="/history/matches/') == 4


def test_the_player_page_keeps_seb_and_sebastien_apart(evenings, visitor):
    seb = visitor.get(player_url("Seb")).content.decode()
    assert "<h1>Seb</h1>" in seb and seb.count('href="/history/matches/') == 1
    sebastien = visitor.get(player_url("sebastien")).content.decode()
    assert "<h1>Sébastien</h1>" in sebastien and sebastien.count('href="/history/matches/') == 1


@pytest.mark.parametrize("typed", ["Zoe", "zoë", "Zoë"])
def test_the_history_filter_finds_every_spelling(evenings, visitor, typed):
    content = visitor.get(HISTORY, {"player": typed}).content.decode()
    assert "4 matches" in content


def test_the_history_filter_keeps_seb_and_sebastien_apart(evenings, visitor):
    assert "1 match" in visitor.get(HISTORY, {"player": "Seb"}).content.decode()
    assert "1 match" in visitor.get(HISTORY, {"player": "sebastien"}).content.decode()


def suggestions(content: str) -> list[str]:
    return re.findall(r'<option value="([^"]+)">', content.split('id="known-players"')[1])


def test_the_suggestions_offer_each_player_once_under_one_spelling(evenings, visitor):
    assert suggestions(visitor.get(HISTORY).content.decode()) == ["Ben", "Seb", "Sébastien", "Zoë"]
    typed = visitor.get(HISTORY, {"player": "zoe"}).content.decode()
    assert suggestions(typed) == ["Ben", "Seb", "Sébastien", "Zoë"]


def test_a_player_only_seated_in_matches_going_on_is_named_as_mostly_typed(owner, visitor):
    build_match(owner, "cabo", ["zoë", "Ben"])
    build_match(owner, "cabo", ["Zoë", "Ben"])
    build_match(owner, "cabo", ["Zoë", "Ben"])
    content = visitor.get(player_url("zoe")).content.decode()
    assert "<h1>Zoë</h1>" in content
