"""The words of each game and each name: Escoba's deals, French elision."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.core.wording import of_name, option_text, points_changed_text
from scorepad.rules import get_game

from .helpers import create_match, round_post, text_of

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


def test_the_plus_minus_key_is_read_out_with_its_name_elided_in_french(client):
    """QA: "Plus ou moins : main de Ann", beside "Points d’Ann"."""
    match_id = create_match(client, "cabo", ["Ann", "Ben"], preset="nl")
    french = {"accept-language": "fr"}
    content = client.get(reverse("matches:match", args=[match_id]), headers=french).content
    assert 'aria-label="Plus ou moins\u00a0: main d’Ann"' in content.decode()
    assert 'aria-label="Plus ou moins\u00a0: main de Ben"' in content.decode()
    content = client.get(reverse("matches:match", args=[match_id])).content.decode()
    assert 'aria-label="Plus or minus: Ann&#x27;s hand"' in content


def test_a_deal_kept_on_the_phone_is_said_in_whole_sentences_of_deals(client, escoba):
    """QA: French said "Manche 4 est gardée…": the round's name was slotted into a
    sentence, where French needs "la manche 4"; each sentence is now the game's own."""
    content = client.get(reverse("matches:match", args=[escoba])).content.decode()
    assert 'data-kept="No connection: deal {n} is kept on this phone."' in content
    assert (
        'data-queued="Deal {n} is kept on this phone, to be sent after the ones kept before it."'
        in content
    )
    assert 'data-sent="Deal {n}, kept on this phone, is now recorded."' in content


def test_an_escoba_deal_taken_from_another_phone_is_called_a_deal(client, escoba):
    data = round_post(1, cards_0="20", oros_0="5", sevens_0="2", velo="0")
    response = client.post(reverse("matches:add_round", args=[escoba]), data)
    assert "Deal 1 was already recorded, maybe from another phone." in (
        client.get(response["Location"]).content.decode()
    )


def test_every_escoba_page_speaks_of_deals_donnes_in_french(client, escoba):
    french = {"accept-language": "fr"}
    board = client.get(reverse("matches:match", args=[escoba]), headers=french)
    content = board.content.decode()
    # The round form's offline fault, the kept rounds' notices and the share panel.
    assert "La donne n’a pas pu être envoyée" in content
    assert "Le serveur n’a pas pu enregistrer cette donne." in content
    assert "Une donne gardée sur ce téléphone a été refusée" in content
    assert "donne après donne" in content
    assert "corriger des donnes" in content
    correction = client.get(
        reverse("matches:edit_round", args=[escoba, 1]), headers=french
    ).content.decode()
    assert "Toutes les donnes suivantes sont revérifiées" in correction
    chart = client.get(reverse("records:chart", args=[escoba]), headers=french).content.decode()
    assert "après 1 donne\u00a0;" in chart
    assert "après chaque donne</caption>" in chart
    assert '<th scope="col">Donne</th>' in chart
    for text in (content, correction, chart):
        assert "manche" not in text.lower()


def test_the_chart_of_a_cabo_match_speaks_of_rounds(client):
    match_id = create_match(client, "cabo", ["You", "Ada"], preset="official")
    url = reverse("records:chart", args=[match_id])
    # Before the first round, no chart: when it comes.
    chart = client.get(url).content.decode()
    assert "No round yet. The chart appears once the first round is recorded." in chart
    data = round_post(1, caller="0", hand_0="3", hand_1="7")
    assert client.post(reverse("matches:add_round", args=[match_id]), data).status_code == 302
    chart = client.get(url).content.decode()
    assert "Each side&#x27;s total after 1 round;" in chart
    assert '<th scope="col">Round</th>' in chart


def test_a_negative_option_value_is_written_with_a_minus_sign():
    """As the scoreboards write points: "Target score: −5", not a hyphen."""
    target = next(option for option in get_game("cabo").options if option.kind == "int")
    assert option_text(target, -5) == "−5"
    assert option_text(target, 10) == "10"


def test_a_correction_says_the_points_it_changed_in_seat_order_or_that_none_changed():
    sides = ("Ana & Chloé", "Ben & Dan")
    before, after = {"Ana & Chloé": 3, "Ben & Dan": 1}, {"Ana & Chloé": 2, "Ben & Dan": 1}
    assert (
        text_of(points_changed_text(sides, before, after)) == "Points: Ana & Chloé 3\u00a0→\u00a02."
    )
    cabo = ("Ana", "Ben", "Chloé")
    before, after = {"Ana": -1, "Ben": 7, "Chloé": 0}, {"Ana": 4, "Ben": 7, "Chloé": -2}
    said = points_changed_text(cabo, before, after)
    assert text_of(said) == "Points: Ana −1\u00a0→\u00a04; Chloé 0\u00a0→\u00a0−2."
    assert points_changed_text(cabo, before, before) == "The points did not change."
    with translation.override("fr"):
        assert text_of(points_changed_text(cabo, before, after)) == (
            "Points\u00a0: Ana −1\u00a0→\u00a04\u00a0; Chloé 0\u00a0→\u00a0−2."
        )
    with translation.override("nl"):
        assert points_changed_text(cabo, before, before) == "De punten zijn niet veranderd."
