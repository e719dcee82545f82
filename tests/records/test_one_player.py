"""QA39: one rule for when two typed names are one player, on every page that groups or
finds players: case and accents set aside ("Zoe", "Zoë" and "zoë" are one player), any
other difference kept ("Seb" and "Sébastien" are two). One spelling is shown: the one
typed in the most matches."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.urls import reverse

from scorepad.matches.models import Match
from scorepad.matches.scoreboard import known_players
from scorepad.records.names import player_key, spelling_of
from scorepad.rules import get_game
from scorepad.rules.base import SetupInvalid
from tests.matches.helpers import text_of

from .conftest import build, build_match
from .matches import CABO_FR, ESCOBA

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
    # A tie: the one typed with care (a capital, then accents), then code point order.
    assert spelling_of({"zoë": 1, "Zoe": 1}) == "Zoe"
    assert spelling_of({"Sebastien": 1, "Sébastien": 1}) == "Sébastien"  # QA40
    assert spelling_of({"ZOË": 1, "Zoë": 1}) == "ZOË"


def test_a_table_never_seats_two_names_of_one_player(owner):
    """QA40: "Zoe" and "Zoë" at one table were two seats of one statistics' player, whose
    match counted twice; "Ana" and "ana" were already refused."""
    game = get_game("cabo")
    options = game.resolve_options("fr", {})
    with pytest.raises(SetupInvalid) as caught:
        game.make_setup(["Zoe", "Ben", "Zoë"], options, "Zoe", None)
    assert [str(error.message) for error in caught.value.errors] == [
        "Zoë is the same name as Zoe, capitals and accents aside"
    ]
    game.make_setup(["Seb", "Sébastien"], options, "Seb", None)  # two players


def test_the_set_up_suggests_each_player_once_under_the_statistics_spelling(owner):
    """QA40: the new match's suggestions listed Zoe, Zoë and zoë."""
    for players in (["Zoë", "Ben"], ["Zoe", "Ben"], ["Ben", "Zoë"], ["Seb", "Sébastien"]):
        build_match(owner, "cabo", players)
    assert sorted(known_players(owner)) == ["Ben", "Seb", "Sébastien", "Zoë"]


def test_the_players_list_counts_every_spelling_as_one_player(evenings, visitor):
    content = visitor.get(PLAYERS).content.decode()
    assert f'href="{player_url("Zoë")}"' in content
    for other in ("Zoe", "zoë"):
        assert f'href="{player_url(other)}"' not in content
    row = re.search(
        r'<tr>\s*<th scope="row"><a href="[^"]*Zo%C3%AB/"><span[^>]*>Zoë</span></a></th>(.*?)</tr>',
        content,
        re.S,
    )
    assert row and re.findall(r"<td[^>]*>([^<]*)</td>", row[1])[:2] == ["4", "4"]
    # The matches counted are said under the list, as on each player's page (QA).
    assert "Only finished matches count, not those in progress or abandoned" in content
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


def test_a_filter_does_not_rename_a_player(owner, visitor):
    """QA: "Zoe" in the one Cabo match, "Zoë" in two Escoba ones: the Cabo players were
    listed with "Zoe" (the spelling of the matches filtered), every game's with "Zoë"."""
    build(owner, won_by("Zoe"))
    escoba = json.loads(json.dumps(ESCOBA).replace('"You"', json.dumps("Zoë")))
    build(owner, escoba)
    build(owner, escoba)
    for query in ({}, {"game": "cabo"}, {"player": "zoe"}, {"game": "cabo", "player": "ZOE"}):
        content = visitor.get(PLAYERS, query).content.decode()
        assert ">Zoë</span></a></th>" in content, query
        assert ">Zoe</span>" not in content, query
        page = visitor.get(player_url("Zoe"), query).content.decode()
        assert "<h1>Zoë</h1>" in page, query


def test_two_matches_of_an_evening_read_apart_in_the_recent_ones(owner, visitor):
    """QA: two "Cabanga! · 5 December 2026 Anna, Bram, Cor, Daan" lines alike: each says
    its hour, and who won."""
    evening = datetime.datetime(2026, 12, 5, 19, 15, tzinfo=datetime.UTC)
    for hours in (0, 1):
        match = build(owner, won_by("Zoë"))
        created = evening + datetime.timedelta(hours=hours)
        Match.objects.filter(pk=match.pk).update(created=created)
    page = visitor.get(player_url("Zoë")).content.decode()
    recent = page.split('<ul class="recent">')[1].split("</ul>")[0]
    lines = [text_of(line) for line in re.findall(r"<li>.*?</li>", recent, flags=re.DOTALL)]
    assert len(lines) == 2 and lines[0] != lines[1]
    assert all("Won by Zoë" in line for line in lines)
    assert all(re.search(r", \d{1,2}:\d\d ", line) for line in lines)
