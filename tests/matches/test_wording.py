"""The words of each game and each name: Escoba's deals, French elision."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.core.wording import of_name

from .helpers import create_match, round_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def escoba(client) -> int:
    match_id = create_match(client, "escoba", ["You", "Ada"], preset="classic")
    client.post(
        reverse("matches:add_round", args=[match_id]),
        round_post(1, cards_0="21", oros_0="5", sevens_0="1", escobas_0="2", velo="0"),
    )
    return match_id


def test_escoba_counts_deals_where_the_other_games_count_rounds(client, escoba):
    content = client.get(reverse("matches:match", args=[escoba])).content.decode()
    assert "Enter deal 2" in content
    assert "Record the deal" in content
    assert "Enter round" not in content
    why = client.get(reverse("matches:round_why", args=[escoba, 1])).content.decode()
    assert "Deal 1 · dealt by You" in why
    assert "Deal 1: why this score?" in why


def test_a_deleted_and_restored_escoba_deal_is_called_a_deal(client, escoba):
    response = client.post(
        reverse("matches:delete_last", args=[escoba]),
        {"number": "1"},
        headers={"hx-request": "true"},
    )
    assert "Deal 1 deleted." in response.content.decode()
    deal = response.context["undo"]
    response = client.post(
        reverse("matches:restore", args=[escoba, deal.pk]), headers={"hx-request": "true"}
    )
    assert "Deal 1 restored." in response.content.decode()


def test_escoba_says_donne_in_french(client, escoba):
    content = client.get(
        reverse("matches:match", args=[escoba]), headers={"accept-language": "fr"}
    ).content.decode()
    assert "Saisir la donne 2" in content


@pytest.mark.parametrize(
    ("name", "french"),
    [
        ("Ana", "Points d’Ana"),
        ("Élodie", "Points d’Élodie"),
        ("Hugo", "Points d’Hugo"),
        ("Ben", "Points de Ben"),
        ("Yann", "Points de Yann"),
    ],
)
def test_french_elides_de_before_a_vowel(name, french):
    with translation.override("fr"):
        assert of_name("points", name) == french
    with translation.override("en"):
        assert of_name("points", name) == f"Points of {name}"


def test_an_escoba_deal_taken_from_another_phone_is_called_a_deal(client, escoba):
    data = round_post(1, cards_0="20", oros_0="5", sevens_0="2", velo="0")
    response = client.post(reverse("matches:add_round", args=[escoba]), data)
    assert "Deal 1 was already recorded, maybe from another phone." in (
        client.get(response["Location"]).content.decode()
    )
