"""Races and retries: a repeated post does the work once; a change that lost a race
gets the scoreboard as it now is, with a message, never a 500."""

from __future__ import annotations

import re
import uuid
from unittest import mock

import pytest
from django.urls import reverse

from scorepad import limits
from scorepad.matches import services
from scorepad.matches.models import Match, Round

from .helpers import create_match, default_option_fields, post_setup, round_post, setup_data

pytestmark = pytest.mark.django_db
HTMX = {"hx-request": "true"}


@pytest.fixture
def finished(client) -> int:
    match_id = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    client.post(
        reverse("matches:add_round", args=[match_id]),
        round_post(1, points_0="20", out_1="on", points_2="3"),
    )
    return match_id


@pytest.mark.parametrize(("played", "deals_first"), [(1, "Ben"), (2, "Chloé"), (3, "Ana")])
def test_play_again_passes_the_deal_on_from_the_last_dealer(client, played, deals_first):
    """QA: the first dealer moved one seat on whatever the match's length, so the player
    who dealt the last round (the 5th of three players) dealt the next match's first."""
    match_id = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    for number in range(1, played + 1):
        ends = number == played  # Ana's 20 ends it (classic: 15 and over)
        points = round_post(number, points_0="20" if ends else "1", out_1="on", points_2="3")
        client.post(reverse("matches:add_round", args=[match_id]), points)
    match = Match.objects.get(pk=match_id)
    assert match.finished and match.round_count == played
    assert match.setup().dealer_of(played) == ["Ana", "Ben", "Chloé"][played - 1]
    client.post(reverse("matches:again", args=[match_id]), {"key": str(uuid.uuid4())})
    assert Match.objects.exclude(pk=match_id).get().first_dealer == deals_first


def test_play_again_posted_twice_makes_one_match(client, finished):
    page = client.get(reverse("matches:match", args=[finished])).content.decode()
    assert 'type="hidden" name="key"' in page
    key = str(uuid.uuid4())
    first = client.post(reverse("matches:again", args=[finished]), {"key": key})
    second = client.post(reverse("matches:again", args=[finished]), {"key": key})
    assert Match.objects.count() == 2
    assert first["Location"] == second["Location"]


def test_a_set_up_posted_twice_with_its_key_makes_one_match(client):
    page = client.get(reverse("matches:new", args=["cabo"])).content.decode()
    assert 'type="hidden" name="key"' in page
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr")) | {
        "key": str(uuid.uuid4())
    }
    first = client.post(reverse("matches:new", args=["cabo"]), data)
    second = client.post(reverse("matches:new", args=["cabo"]), data)
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Match.objects.count() == 1
    # A new page, a new key, another line-up: another match.
    other = data | {"player_1": "Bea", "key": str(uuid.uuid4())}
    client.post(reverse("matches:new", args=["cabo"]), other)
    assert Match.objects.count() == 2


def test_the_same_set_up_started_again_before_its_first_round_is_that_match(client):
    # Back from the board to the set-up (a fresh key), then Start again: it made a second,
    # empty, twin of the match (found by QA; the continue list showed both).
    url = reverse("matches:new", args=["cabo"])
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    first = client.post(url, data | {"key": str(uuid.uuid4())})
    again = client.post(url, data | {"key": str(uuid.uuid4())})
    assert again["Location"] == first["Location"]
    assert Match.objects.count() == 1
    match = Match.objects.get()
    # The set-up asked for again (a reload, another tab) offers that line-up as it deals:
    # no round was played, so the deal has not moved on (it offered the next seat, and
    # Start then made a twin dealt by Ben; found by QA).
    page = client.get(url).content.decode()
    assert re.search(r'name="dealer" value="0"[^>]*checked', page)
    # Other options or another first dealer: another match.
    client.post(url, data | {"dealer": "1", "key": str(uuid.uuid4())})
    assert Match.objects.count() == 2
    # Once a round is played, the same set-up is a new match (the players play again).
    client.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(1, caller="0", hand_0="3", hand_1="7"),
    )
    third = client.post(url, data | {"key": str(uuid.uuid4())})
    assert third["Location"] != first["Location"]
    assert Match.objects.count() == 3


def test_a_set_up_with_a_malformed_key_is_a_client_fault(client):
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data | {"key": "¹"})
    assert response.status_code == 400
    assert not Match.objects.exists()


def test_play_again_tapped_again_from_the_finished_match_lands_on_its_replay(client, finished):
    """Back to the finished match (its page asked for again: a new key) and "Play again"
    once more: the replay still in play, not a second one."""
    again = reverse("matches:again", args=[finished])
    first = client.post(again, {"key": str(uuid.uuid4())})
    second = client.post(again, {"key": str(uuid.uuid4())})
    assert first["Location"] == second["Location"]
    assert Match.objects.count() == 2
    replay = Match.objects.exclude(pk=finished).get()
    client.post(
        reverse("matches:add_round", args=[replay.pk]),
        round_post(1, points_0="2", out_1="on", points_2="3"),
    )
    assert client.post(again, {"key": str(uuid.uuid4())})["Location"] == first["Location"]


@pytest.mark.parametrize("same_key", [False, True], ids=["page-asked-again", "page-kept"])
@pytest.mark.parametrize("ended", ["abandon", "delete"])
def test_play_again_makes_another_match_once_the_replay_is_over(client, finished, ended, same_key):
    """The finished match's page shown again after its replay was abandoned or deleted,
    fetched anew (a new key) or kept by the browser (a 304: the first tap's key): "Play
    again" makes a new match, once, and takes the links on to it."""
    again = reverse("matches:again", args=[finished])
    key = str(uuid.uuid4())
    client.post(again, {"key": key})
    replay = Match.objects.exclude(pk=finished).get()
    client.post(reverse(f"matches:{ended}", args=[replay.pk]))
    key = key if same_key else str(uuid.uuid4())
    third = client.post(again, {"key": key})
    assert Match.objects.count() == 3
    assert third["Location"] != reverse("matches:match", args=[replay.pk])
    assert client.post(again, {"key": key})["Location"] == third["Location"]
    assert Match.objects.count() == 3


def test_a_set_up_sent_again_from_its_page_lands_on_its_match(client):
    """Back to the set-up (the page as it was: its key) and "Start" again."""
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    data["key"] = str(uuid.uuid4())
    url = reverse("matches:new", args=["cabo"])
    first, second = client.post(url, data), client.post(url, data)
    assert first["Location"] == second["Location"]
    assert Match.objects.count() == 1


def test_another_set_up_sent_under_a_used_key_gets_a_match_of_its_own(client):
    """The page shown again and changed (another player) is another match."""
    options = default_option_fields("cabo", "fr")
    key = str(uuid.uuid4())
    url = reverse("matches:new", args=["cabo"])
    first = client.post(
        url, setup_data(["Ana", "Ben"], preset="fr", options=options) | {"key": key}
    )
    second = client.post(
        url, setup_data(["Ana", "Cor"], preset="fr", options=options) | {"key": key}
    )
    assert first["Location"] != second["Location"]
    assert sorted(m.players[1] for m in Match.objects.all()) == ["Ben", "Cor"]


def test_play_again_with_a_malformed_key_is_a_client_fault(client, finished):
    response = client.post(reverse("matches:again", args=[finished]), {"key": "¹"})
    assert response.status_code == 400
    assert Match.objects.count() == 1


def test_a_correction_that_loses_the_race_with_a_deletion_answers_with_the_board(client):
    match_id = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    client.post(
        reverse("matches:add_round", args=[match_id]),
        round_post(1, points_0="2", out_1="on", points_2="3"),
    )
    correct = services.correct_round

    def deleted_meanwhile(match, number, data, *, owner, **seen):
        services.delete_last_round(match, number=number, owner=owner)
        return correct(match, number, data, owner=owner, **seen)

    url = reverse("matches:edit_round", args=[match_id, 1])
    fields = round_post(1, points_0="4", out_1="on", points_2="3")
    with mock.patch.object(services, "correct_round", deleted_meanwhile):
        response = client.post(url, fields, follow=True)
    assert response.status_code == 200
    content = response.content.decode()
    # What was typed fills the form of the round in its place, to be recorded again.
    assert "Round 1 was deleted meanwhile: what you typed for it is in the form" in content
    assert re.search(r'name="points_0"[^>]*value="4"', content)
    assert not Round.objects.filter(deleted_at__isnull=True).exists()


def test_a_round_past_the_limit_is_refused_with_a_message(client):
    match_id = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    with mock.patch.object(services, "MAX_ROUNDS_PER_MATCH", 0):
        response = client.post(
            reverse("matches:add_round", args=[match_id]),
            round_post(1, points_0="2", out_1="on", points_2="3"),
            headers=HTMX,
        )
    assert "A match has at most 0 rounds." in response.content.decode()
    assert not Round.objects.exists()
    assert limits.MAX_ROUNDS_PER_MATCH == 1000


def test_an_owner_past_the_days_limit_cannot_set_up_another_match(client):
    create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    with mock.patch.object(services, "MAX_MATCHES_PER_DAY", 1):
        response = post_setup(client, "cabanga", ["Ana", "Ben", "Dan"], preset="classic")
    assert response.status_code == 422
    assert "You reached 1 match in a day" in response.content.decode()
    assert Match.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Ana\u0007", "A name cannot hold control characters"),
        ("Ben\u009bx", "A name cannot hold control characters"),
    ],
)
def test_the_setup_form_refuses_names_the_match_file_refuses(client, name, message):
    response = client.post(
        reverse("matches:new", args=["cabanga"]),
        setup_data(
            [name, "Chloé", "Dan"],
            preset="classic",
            options=default_option_fields("cabanga", "classic"),
        ),
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Match.objects.exists()


def test_a_name_typed_decomposed_is_kept_composed(client):
    match_id = create_match(
        client, "cabanga", ["Chloe\u0301", "Ben", "Dan"], preset="classic", dealer=0
    )
    match = Match.objects.get(pk=match_id)
    assert match.players == ["Chloé", "Ben", "Dan"]
    assert match.first_dealer == "Chloé"
