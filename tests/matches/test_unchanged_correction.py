"""A correction saved with nothing changed (QA50: "Deal 1 corrected. The points did not
change.", an Undo, and an entry in the journal): nothing is saved, journaled or offered
to undo, and the board says there was nothing to correct."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorepad.matches import services
from scorepad.matches.models import Match, Owner, RoundChange
from scorepad.matches.sharing import share
from tests.records.conftest import build, build_match
from tests.records.matches import ALL, CABO_FR

from .helpers import rendered_form_data, text_of

pytestmark = pytest.mark.django_db
HTMX = {"hx-request": "true"}
PLAYERS = ["Ana", "Bruno", "Chloé"]
ROUNDS = [
    {"caller": "Ana", "hands": {"Ana": 3, "Bruno": 12, "Chloé": 8}},
    {"caller": "Bruno", "hands": {"Ana": 5, "Bruno": ["KS", "QC", "2D"], "Chloé": 9}},
]


@pytest.fixture
def match(owner: Owner) -> Match:
    return build_match(owner, "cabo", PLAYERS, ROUNDS)


def as_it_is(match: Match) -> tuple:
    """Everything a correction would change: the rounds, the journal, the version."""
    match = Match.objects.get(pk=match.pk)
    rounds = list(match.rounds.order_by("number").values_list("data", "result"))
    return rounds, RoundChange.objects.filter(match=match).count(), match.version


def correction_sent(client, url: str, htmx: bool = False, **typed: str):
    """The correction form of `url` sent as rendered, but for what is `typed`."""
    headers = HTMX if htmx else {}
    data = rendered_form_data(client.get(url, headers=headers).content) | typed
    return client.post(url, data, headers=headers, follow=not htmx)


def test_a_correction_that_leaves_the_round_as_it_is_saves_nothing(match):
    before = as_it_is(match)
    with pytest.raises(services.NothingToCorrect) as unchanged:
        services.correct_round(match, 1, dict(ROUNDS[0]), owner=match.owner)
    assert str(unchanged.value) == "Nothing to correct: round 1 is as it was."
    # Kept as JSON gives it back: a hand's cards a list.
    hand = {**ROUNDS[1]["hands"], "Bruno": ("KS", "QC", "2D")}
    with pytest.raises(services.NothingToCorrect):
        services.correct_round(match, 2, {**ROUNDS[1], "hands": hand}, owner=match.owner)
    assert as_it_is(match) == before


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_the_owner_is_told_there_was_nothing_to_correct(visitor, match, htmx):
    before = as_it_is(match)
    url = reverse("matches:edit_round", args=[match.pk, 1])
    # "03" is the 3 the round holds: as the engine reads it, nothing changed.
    response = correction_sent(visitor, url, htmx, hand_0="03")
    content = response.content.decode()
    assert response.status_code == 200
    assert ("<html" in content) is not htmx
    assert "Nothing to correct: round 1 is as it was." in text_of(content)
    assert "corrected" not in content and "Undo: round 1" not in content
    assert "is-error" not in content
    assert as_it_is(match) == before


@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_co_scorer_is_told_there_was_nothing_to_correct(client, match, htmx):
    link = share(match, "score")
    before = as_it_is(match)
    url = reverse("live:edit_round", args=[link.token, 2])
    response = correction_sent(client, url, htmx, cards_1="ks qc 2d")
    content = response.content.decode()
    assert response.status_code == 200
    if not htmx:
        assert response.redirect_chain[-1][0] == reverse("live:page", args=[link.token])
    assert "Nothing to correct: round 2 is as it was." in text_of(content)
    assert "Undo: round 2" not in content
    assert as_it_is(match) == before


def test_cards_typed_in_another_order_are_a_correction(visitor, match):
    """The round keeps its cards in the order typed, and its correction shows them so."""
    url = reverse("matches:edit_round", args=[match.pk, 2])
    content = correction_sent(visitor, url, cards_1="QC KS 2D").content.decode()
    assert "Round 2 corrected. The points did not change." in text_of(content)
    assert Match.objects.get(pk=match.pk).rounds.get(number=2).data["hands"]["Bruno"] == [
        "QC",
        "KS",
        "2D",
    ]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("fr", "Rien à corriger\u00a0: la manche 1 est comme avant."),
        ("nl", "Niets te corrigeren: ronde 1 is zoals ze was."),
    ],
)
def test_nothing_to_correct_is_said_in_the_players_language(visitor, match, language, said):
    visitor.cookies["django_language"] = language
    url = reverse("matches:edit_round", args=[match.pk, 1])
    assert said in text_of(correction_sent(visitor, url, True).content.decode())


@pytest.mark.parametrize("spec", ALL, ids=lambda spec: f"{spec['game']}-{spec['preset']}")
def test_every_games_correction_sent_as_shown_is_nothing_to_correct(owner, visitor, spec):
    """What the correction form shows of a round is what the round holds, whatever the
    game: sent back untouched, it changes nothing (Escoba's says deal)."""
    match = build(owner, spec)
    before = as_it_is(match)
    url = reverse("matches:edit_round", args=[match.pk, 1])
    noun = "deal" if spec["game"] == "escoba" else "round"
    content = text_of(correction_sent(visitor, url, True).content.decode())
    assert f"Nothing to correct: {noun} 1 is as it was." in content
    assert as_it_is(match) == before


def test_a_real_correction_is_still_saved_and_offered_to_undo(owner, visitor):
    match = build(owner, CABO_FR)
    url = reverse("matches:edit_round", args=[match.pk, 1])
    content = text_of(correction_sent(visitor, url, True, hand_1="8").content.decode())
    assert "Round 1 corrected. Points: Ben 9\u00a0→\u00a08." in content
    assert "Undo: round 1 as it was" in content
