"""Correcting the players' names and the first dealer after the match has started."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from scorepad.matches.models import Match, Round, RoundChange

from .helpers import create_match, errors_by_seat, rendered_form_data, round_post, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def cabo(client) -> int:
    match_id = create_match(client, "cabo", ["Ana", "Ben", "Chloé", "Dan"], preset="fr")
    # RULES.md example 1, then a round that is deleted (and could be restored).
    for number, caller in ((1, "0"), (2, "2")):
        client.post(
            reverse("matches:add_round", args=[match_id]),
            round_post(number, caller=caller, hand_0="3", hand_1="7", hand_2="2", hand_3="9"),
        )
    client.post(reverse("matches:delete_last", args=[match_id]), {"number": "2"})
    return match_id


def url(match_id: int) -> str:
    return reverse("matches:players", args=[match_id])


def names(client, match_id, *players, dealer="0") -> dict:
    data = rendered_form_data(client.get(url(match_id)).content)
    data.update({f"player_{seat}": name for seat, name in enumerate(players)})
    return data | {"dealer": dealer}


def test_the_scoreboard_links_to_the_page_that_shows_the_names_as_they_are(client, cabo):
    assert url(cabo) in client.get(reverse("matches:match", args=[cabo])).content.decode()
    shown = rendered_form_data(client.get(url(cabo)).content)
    assert [shown[f"player_{seat}"] for seat in range(4)] == ["Ana", "Ben", "Chloé", "Dan"]
    assert shown["dealer"] == "0"


def test_a_rename_keeps_the_scores_and_renames_every_round_and_the_first_dealer(client, cabo):
    response = client.post(
        url(cabo), names(client, cabo, "Anna", "Ben", "Chloé", "Dan", dealer="3")
    )
    assert response.status_code == 302
    match = Match.objects.get(pk=cabo)
    assert match.players == ["Anna", "Ben", "Chloé", "Dan"]
    assert match.first_dealer == "Dan"
    assert match.state().totals == {"Anna": 13, "Ben": 7, "Chloé": 0, "Dan": 9}
    rounds = list(Round.objects.filter(match=match).order_by("number"))
    assert [r.data["caller"] for r in rounds] == ["Anna", "Chloé"]
    assert all("Anna" in r.data["hands"] and "Ana" not in r.data["hands"] for r in rounds)
    assert RoundChange.objects.filter(match=match, action="edit").count() == 2
    page = client.get(reverse("matches:match", args=[cabo])).content.decode()
    assert "Names and first dealer saved." in page
    assert "Anna deals, Ben plays first" in text_of(page)  # round 2: one seat after Dan
    # The deleted round comes back under the new names.
    deleted = rounds[1]
    client.post(reverse("matches:restore", args=[cabo, deleted.pk]))
    assert Match.objects.get(pk=cabo).state().totals["Anna"] == 16


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ana", "Ben", "ana", "Dan"], "ana is the same name as Ana, capitals and accents aside"),
        (["Ana", "", "Chloé", "Dan"], "Every player needs a name"),
        (["Ana", "Ben", "Chloé", "x" * 41], "Ensure this value has at most 40 characters"),
    ],
)
def test_bad_names_are_refused_beside_their_seat_and_nothing_is_saved(
    client, cabo, players, message
):
    before = list(Round.objects.filter(match_id=cabo).values_list("data", flat=True))
    response = client.post(url(cabo), names(client, cabo, *players))
    assert response.status_code == 422
    content = response.content.decode()
    assert message in content
    bad_seat = next(seat for seat, name in enumerate(players) if name in {"ana", "", "x" * 41})
    seat_html = content.split(f'name="player_{bad_seat}"')[1].split("</li>")[0]
    assert message in seat_html
    match = Match.objects.get(pk=cabo)
    assert match.players == ["Ana", "Ben", "Chloé", "Dan"]
    assert list(Round.objects.filter(match_id=cabo).values_list("data", flat=True)) == before


def test_escoba_teams_and_deals_take_the_new_names(client):
    match_id = create_match(client, "escoba", ["Ana", "Ben", "Chloé", "Dan"], preset="classic")
    client.post(
        reverse("matches:add_round", args=[match_id]),
        round_post(1, cards_0="25", oros_0="6", sevens_0="3", escobas_0="1", velo="0"),
    )
    client.post(url(match_id), names(client, match_id, "Ana", "Bea", "Chloé", "Dan"))
    match = Match.objects.get(pk=match_id)
    assert match.teams == [
        {"name": "Ana & Chloé", "players": ["Ana", "Chloé"]},
        {"name": "Bea & Dan", "players": ["Bea", "Dan"]},
    ]
    assert set(match.rounds.get().data["sides"]) == {"Ana & Chloé", "Bea & Dan"}
    assert match.state().totals == {"Ana & Chloé": 5, "Bea & Dan": 0}


def test_the_page_is_someone_elses_match_not_found(client, cabo):
    stranger = Client()
    assert stranger.get(url(cabo)).status_code == 404
    assert stranger.post(url(cabo), {"player_0": "Eve", "dealer": "0"}).status_code == 404
    assert Match.objects.get(pk=cabo).players[0] == "Ana"


def test_a_missing_match_is_not_found(client, cabo):
    assert client.get(url(cabo + 100)).status_code == 404


def test_the_page_refuses_other_methods(client, cabo):
    assert client.put(url(cabo)).status_code == 405
    assert client.delete(url(cabo)).status_code == 405


def test_a_forged_dealer_is_a_client_error(client, cabo):
    response = client.post(url(cabo), names(client, cabo, "Ana", "Ben", "Chloé", "Dan", dealer="9"))
    assert response.status_code == 400


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (
            ["Ana", "Ana", "Ana", "Dan"],
            [None, ["Ana appears twice."], ["Ana appears twice."], None],
        ),
        (
            ["Zoé", "Ben", "Zoe\u0301", "Dan\u0007"],
            [None, None, ["Zoé appears twice."], ["A name cannot hold control characters."]],
        ),
    ],
    ids=["three-times", "accent-apart-and-control"],
)
def test_a_fault_on_the_names_is_said_once_beside_each_seat_it_is_about(
    client, cabo, players, expected
):
    response = client.post(url(cabo), names(client, cabo, *players))
    assert response.status_code == 422
    assert errors_by_seat(response, len(players)) == expected
    assert "__all__" not in response.context["form"].errors


@pytest.mark.parametrize(
    ("players", "seat", "message"),
    [
        (
            ["Ana", "Zoe", "Chloé", "Zoë"],
            3,
            "Zoë is the same name as Zoe, capitals and accents aside.",
        ),
        (
            ["Jean  Luc", "Ben", "jean luc", "Dan"],
            2,
            "jean luc is the same name as Jean Luc, capitals and accents aside.",
        ),
    ],
    ids=["accent", "spaces"],
)
def test_every_twin_the_engine_refuses_is_told_beside_the_later_seat(
    client, cabo, players, seat, message
):
    """QA41: "Zoe" and "Zoë" were told above the seats, beside none of them."""
    response = client.post(url(cabo), names(client, cabo, *players))
    assert response.status_code == 422
    expected = [None] * 4
    expected[seat] = [message]
    assert errors_by_seat(response, 4) == expected
    assert "__all__" not in response.context["form"].errors
    assert Match.objects.get(pk=cabo).players == ["Ana", "Ben", "Chloé", "Dan"]


def test_a_corrected_name_is_kept_with_its_inner_spaces_one_space(client, cabo):
    response = client.post(url(cabo), names(client, cabo, "Ana  Maria", " Ben ", "Chloé", "Dan"))
    assert response.status_code == 302
    match = Match.objects.get(pk=cabo)
    assert match.players == ["Ana Maria", "Ben", "Chloé", "Dan"]
    assert "Ana Maria" in Round.objects.get(match=match, number=1).data["hands"]


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (["Ana", "Ana\u200b", "Chloé", "Dan"], [None, ["Ana appears twice."], None, None]),
        (["Ana", "\u200b", "Chloé", "Dan"], [None, ["Every player needs a name."], None, None]),
    ],
    ids=["twin", "nothing-shown"],
)
def test_a_name_that_shows_nothing_more_is_refused_as_the_name_it_shows(
    client, cabo, players, expected
):
    """QA50: Ben renamed "Anne" with a zero-width space after it, at a table with Anne,
    was saved: the board read "Anne · Anne"."""
    response = client.post(url(cabo), names(client, cabo, *players))
    assert response.status_code == 422
    assert errors_by_seat(response, 4) == expected
    assert Match.objects.get(pk=cabo).players == ["Ana", "Ben", "Chloé", "Dan"]


def test_a_corrected_name_is_kept_without_what_shows_nothing(client, cabo):
    family = "\U0001f469\u200d\U0001f469\u200d\U0001f467"
    response = client.post(
        url(cabo), names(client, cabo, "Ana", "Bea\u200b", f"\u2066{family}\u2069", "Dan")
    )
    assert response.status_code == 302
    match = Match.objects.get(pk=cabo)
    assert match.players == ["Ana", "Bea", family, "Dan"]
    assert set(Round.objects.get(match=match, number=1).data["hands"]) == {
        "Ana",
        "Bea",
        family,
        "Dan",
    }
