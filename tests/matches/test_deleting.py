"""Deleting is safe: a deletion names its round, every deleted round comes back in order,
and a match can be abandoned (and resumed) or deleted (and restored)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorepad.matches.models import Match, Round, RoundChange

from .helpers import create_match, round_post, text_of

pytestmark = pytest.mark.django_db

HTMX = {"hx-request": "true"}


@pytest.fixture
def cabo(client) -> int:
    return create_match(client, "cabo", ["Ana", "Ben"], preset="fr")


def add(client, match_id: int, number: int, ben: int = 1):
    url = reverse("matches:add_round", args=[match_id])
    return client.post(url, round_post(number, caller="0", hand_0="0", hand_1=str(ben)))


def play(client, match_id: int, rounds: int) -> None:
    for number in range(1, rounds + 1):
        add(client, match_id, number, ben=number)


def delete(client, match_id: int, number: int, **kwargs):
    url = reverse("matches:delete_last", args=[match_id])
    return client.post(url, {"number": str(number)}, **kwargs)


def restore(client, match_id: int, round_: Round, **kwargs):
    return client.post(reverse("matches:restore", args=[match_id, round_.pk]), **kwargs)


def live_numbers() -> list[int]:
    return list(Round.objects.filter(deleted_at__isnull=True).values_list("number", flat=True))


def deleted(number: int) -> Round:
    return Round.objects.filter(number=number, deleted_at__isnull=False).latest("deleted_at")


# Deleting rounds


def test_the_delete_button_names_the_round_it_deletes(client, cabo):
    play(client, cabo, 3)
    content = client.get(reverse("matches:match", args=[cabo])).content.decode()
    assert "Delete round 3" in content
    assert 'name="number" value="3"' in content
    assert "{#" not in content and "{%" not in content


def test_the_same_deletion_sent_twice_deletes_one_round(client, cabo):
    play(client, cabo, 3)
    delete(client, cabo, 3, headers=HTMX)
    response = delete(client, cabo, 3, headers=HTMX)
    assert response.status_code == 200
    assert "Round 3 is no longer the last round: nothing was deleted." in response.content.decode()
    assert live_numbers() == [1, 2]
    assert RoundChange.objects.filter(action="delete").count() == 1


def test_the_same_deletion_sent_twice_without_javascript_is_told_so(client, cabo):
    play(client, cabo, 2)
    delete(client, cabo, 2)
    response = delete(client, cabo, 2, follow=True)
    assert "Round 2 is no longer the last round: nothing was deleted." in response.content.decode()
    assert live_numbers() == [1]


@pytest.mark.parametrize("number", ["", "0", "x", "-1"])
def test_a_deletion_without_a_round_number_is_a_client_error(client, cabo, number):
    play(client, cabo, 1)
    url = reverse("matches:delete_last", args=[cabo])
    assert client.post(url, {"number": number}).status_code == 400
    assert live_numbers() == [1]


def test_deleting_with_no_round_left_is_told_not_an_error(client, cabo):
    response = delete(client, cabo, 1, headers=HTMX)
    assert response.status_code == 200
    assert "nothing was deleted" in response.content.decode()


def test_without_javascript_a_deletion_lands_on_its_undo(client, cabo):
    play(client, cabo, 2)
    response = delete(client, cabo, 2)
    gone = deleted(2)
    url = reverse("matches:match", args=[cabo])
    assert response["Location"] == f"{url}?undo={gone.pk}#standing"


def test_deleted_rounds_come_back_in_order(client, cabo):
    play(client, cabo, 3)
    delete(client, cabo, 3)
    delete(client, cabo, 2)
    third, second = deleted(3), deleted(2)
    # Round 3 cannot come back before round 2.
    response = restore(client, cabo, third, headers=HTMX)
    assert "This round can no longer be restored: it is back already" in response.content.decode()
    response = restore(client, cabo, second, headers=HTMX)
    content = response.content.decode()
    assert "Round 2 restored." in content
    # The notice offers the next one at once.
    assert "Undo: restore round 3" in content
    assert reverse("matches:restore", args=[cabo, third.pk]) in content
    restore(client, cabo, third, headers=HTMX)
    assert live_numbers() == [1, 2, 3]
    assert Match.objects.get().state().totals == {"Ana": 0, "Ben": 6}


def test_a_deleted_round_stays_restorable_from_the_scoreboard(client, cabo):
    play(client, cabo, 2)
    delete(client, cabo, 2)
    content = client.get(reverse("matches:match", args=[cabo])).content.decode()
    assert "Restore round 2" in content


def test_a_deletion_told_after_a_reload_offers_its_undo_beside_it(client, cabo):
    """The standing still says "Round 2 deleted." after a reload; its undo stays beside
    it, not only below the round's form (QA29). Not once something else changed since."""
    play(client, cabo, 2)
    delete(client, cabo, 2, headers=HTMX)
    url = reverse("matches:match", args=[cabo])
    standing = standing_of(client.get(url).content.decode())
    assert "Round 2 deleted." in standing
    assert "Undo: restore round 2" in standing
    assert reverse("matches:restore", args=[cabo, deleted(2).pk]) in standing
    delete(client, cabo, 1, headers=HTMX)
    standing = standing_of(client.get(url).content.decode())
    assert "Undo: restore round 1" in standing
    restore(client, cabo, deleted(1), headers=HTMX)
    standing = standing_of(client.get(url).content.decode())
    assert "Round 1 restored." in standing
    assert "Undo" not in standing


def standing_of(page: str) -> str:
    return page[page.index('id="standing"') : page.index('id="rounds"')]


def test_a_round_recorded_after_deletions_replaces_them_for_good(client, cabo):
    play(client, cabo, 3)
    delete(client, cabo, 3)
    delete(client, cabo, 2)
    add(client, cabo, 2, ben=9)
    # Old round 3 followed the old round 2: it cannot follow the new one.
    response = restore(client, cabo, deleted(3), headers=HTMX)
    assert "This round can no longer be restored: it is back already" in response.content.decode()
    assert live_numbers() == [1, 2]
    content = client.get(reverse("matches:match", args=[cabo])).content.decode()
    assert "Restore round" not in content


def test_a_deleted_round_a_correction_left_wrong_is_no_longer_offered(client, cabo):
    """Round 3 deleted, then round 2 corrected so that the match ends with it: round 3
    cannot come back (no round follows the end). The board stops offering it, and a
    page still showing the offer is told why."""
    for number in (1, 2, 3):
        add(client, cabo, number, ben=40)  # Ben passes 100 in round 3
    delete(client, cabo, 3)
    assert "Restore round 3" in client.get(reverse("matches:match", args=[cabo])).content.decode()
    edit = reverse("matches:edit_round", args=[cabo, 2])
    shown = re.search(r'name="shown" value="([^"]*)"', client.get(edit).content.decode())
    data = round_post(2, caller="0", hand_0="0", hand_1="70", shown=shown.group(1))
    assert client.post(edit, data).status_code == 302
    assert Match.objects.get(pk=cabo).finished

    answer = restore(client, cabo, deleted(3), headers=HTMX).content.decode()
    assert "Round 3 no longer fits the match as it stands now" in answer
    assert "Restore round 3" not in answer
    assert live_numbers() == [1, 2]
    assert "Restore round" not in client.get(reverse("matches:match", args=[cabo])).content.decode()


def test_of_two_deleted_rounds_with_one_number_the_last_deleted_comes_back(client, cabo):
    play(client, cabo, 2)
    delete(client, cabo, 2)
    add(client, cabo, 2, ben=9)
    delete(client, cabo, 2)
    newer = deleted(2)
    restore(client, cabo, newer)
    assert Round.objects.get(deleted_at__isnull=True, number=2).pk == newer.pk


def test_restoring_twice_restores_once(client, cabo):
    play(client, cabo, 2)
    delete(client, cabo, 2)
    gone = deleted(2)
    restore(client, cabo, gone, headers=HTMX)
    response = restore(client, cabo, gone, headers=HTMX)
    assert response.status_code == 200
    assert "This round can no longer be restored: it is back already" in response.content.decode()
    assert RoundChange.objects.filter(action="restore").count() == 1


def test_someone_else_cannot_restore_a_round(client, cabo):
    play(client, cabo, 1)
    delete(client, cabo, 1)
    stranger = Client()
    assert restore(stranger, cabo, deleted(1)).status_code == 404
    assert live_numbers() == []


# Abandoning, resuming, deleting and restoring a match


def post(client, name: str, match_id: int, **kwargs):
    return client.post(reverse(name, args=[match_id]), **kwargs)


def test_an_abandoned_match_takes_no_round_until_resumed(client, cabo):
    play(client, cabo, 1)
    response = post(client, "matches:abandon", cabo, headers=HTMX)
    content = response.content.decode()
    assert "<html" not in content
    assert "Match abandoned." in content
    assert "Resume the match" in content
    assert "Record the round" not in content
    assert Match.objects.get().abandoned_at is not None
    response = client.post(
        reverse("matches:add_round", args=[cabo]),
        round_post(2, caller="0", hand_0="0", hand_1="1"),
        headers=HTMX,
    )
    assert (
        "This match was abandoned: it goes on once its scorer resumes it."
        in response.content.decode()
    )
    assert live_numbers() == [1]
    response = post(client, "matches:resume", cabo, headers=HTMX)
    assert "Match resumed." in response.content.decode()
    assert "Record the round" in response.content.decode()
    assert Match.objects.get().abandoned_at is None


def test_without_javascript_abandoning_redirects_with_the_notice(client, cabo):
    response = post(client, "matches:abandon", cabo, follow=True)
    assert "Match abandoned." in response.content.decode()
    assert Match.objects.get().abandoned_at is not None


def test_a_finished_match_cannot_be_abandoned(client, cabo):
    add(client, cabo, 1, ben=120)
    assert Match.objects.get().finished
    response = post(client, "matches:abandon", cabo, headers=HTMX)
    assert "This match is finished: there is nothing to abandon." in response.content.decode()
    assert Match.objects.get().abandoned_at is None


def test_a_deleted_match_leaves_the_history_and_the_home_page_offers_to_undo(client, cabo):
    response = post(client, "matches:delete", cabo)
    assert response["Location"] == f"{reverse('home')}?deleted={cabo}"
    assert Match.objects.get().deleted_at is not None
    assert "0 matches" in client.get(reverse("records:history")).content.decode()
    content = client.get(response["Location"]).content.decode()
    assert "Match deleted: Cabo with Ana and Ben." in text_of(content)
    assert reverse("matches:restore_match", args=[cabo]) in content
    response = post(client, "matches:restore_match", cabo, follow=True)
    assert "Match restored." in response.content.decode()
    assert Match.objects.get().deleted_at is None


@pytest.mark.parametrize("named", ["1" * 4_400, "9" * 25, "-3", "0", "x", "", "²"])
def test_a_deletion_said_of_no_match_is_the_home_page_as_usual(client, cabo, named):
    """An address no deletion sends: a number of 4,400 digits, which int() refuses,
    answered 500."""
    post(client, "matches:delete", cabo)
    response = client.get(reverse("home"), {"deleted": named})
    assert response.status_code == 200
    assert "Match deleted" not in response.content.decode()


def test_the_page_of_a_match_deleted_goes_home_where_the_deletion_can_be_undone(client, cabo):
    """Back to its page after deleting a match: the home page's undo, not "not found"."""
    post(client, "matches:delete", cabo)
    board = reverse("matches:match", args=[cabo])
    response = client.get(board)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('home')}?deleted={cabo}"
    home = client.get(response["Location"]).content.decode()
    assert "Match deleted: Cabo with Ana and Ben." in text_of(home)
    # htmx (the board asked for again, a poll) is sent there too.
    assert client.get(board, headers=HTMX)["HX-Redirect"] == response["Location"]
    # Not anyone else, nor for a match that never was.
    stranger = Client()
    stranger.get("/")
    assert stranger.get(board).status_code == 404
    assert client.get(reverse("matches:match", args=[cabo + 100])).status_code == 404
    post(client, "matches:restore_match", cabo)
    assert client.get(board).status_code == 200


def test_deleting_a_match_from_htmx_loads_the_home_page(client, cabo):
    response = post(client, "matches:delete", cabo, headers=HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"] == f"{reverse('home')}?deleted={cabo}"
    response = post(client, "matches:restore_match", cabo, headers=HTMX)
    assert response["HX-Redirect"] == reverse("matches:match", args=[cabo])


def test_an_abandoned_match_stays_in_the_history_marked_so(client, cabo):
    post(client, "matches:abandon", cabo)
    content = client.get(reverse("records:history")).content.decode()
    assert "1 match" in content
    assert "Abandoned" in content
    assert "Resume" in content
    content = client.get(reverse("records:history"), {"status": "abandoned"}).content.decode()
    assert "1 match" in content
    content = client.get(reverse("records:history"), {"status": "in_progress"}).content.decode()
    assert "0 matches" in content


def test_a_match_not_deleted_cannot_be_restored(client, cabo):
    assert post(client, "matches:restore_match", cabo).status_code == 404


MATCH_ACTIONS = ["matches:abandon", "matches:resume", "matches:delete", "matches:restore_match"]


@pytest.mark.parametrize("name", MATCH_ACTIONS)
def test_match_actions_refuse_get(client, cabo, name):
    assert client.get(reverse(name, args=[cabo])).status_code == 405


@pytest.mark.parametrize("name", MATCH_ACTIONS)
def test_match_actions_on_a_missing_match_are_not_found(client, cabo, name):
    assert post(client, name, cabo + 100).status_code == 404


@pytest.mark.parametrize("name", MATCH_ACTIONS)
def test_match_actions_on_someone_elses_match_are_not_found(client, cabo, name):
    Match.objects.update(deleted_at=None)
    stranger = Client()
    stranger.get("/")
    assert post(stranger, name, cabo).status_code == 404
    match = Match.objects.get()
    assert (match.abandoned_at, match.deleted_at) == (None, None)


# Statistics


def test_only_finished_matches_count_in_the_statistics(client, cabo):
    add(client, cabo, 1, ben=120)  # Ana wins
    create_match(client, "cabo", ["Ana", "Ben"], preset="fr")  # in progress
    abandoned = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    post(client, "matches:abandon", abandoned)
    gone = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    add(client, gone, 1, ben=120)
    post(client, "matches:delete", gone)
    content = client.get(reverse("records:players")).content.decode()
    row = content[content.index(">Ana</span></a>") :]
    assert "<td>1</td>" in row[:200]  # one match: the finished one
    assert "100%" in row[:400]


def test_someone_else_cannot_restore_a_deleted_match(client, cabo):
    post(client, "matches:delete", cabo)
    stranger = Client()
    stranger.get("/")
    assert post(stranger, "matches:restore_match", cabo).status_code == 404
    assert "Match deleted" not in stranger.get(f"/?deleted={cabo}").content.decode()
    assert Match.objects.get().deleted_at is not None


def test_a_correction_that_ends_an_abandoned_match_makes_it_finished_not_abandoned(client, cabo):
    add(client, cabo, 1, ben=5)
    post(client, "matches:abandon", cabo)
    edit = reverse("matches:edit_round", args=[cabo, 1])
    client.post(edit, round_post(1, caller="0", hand_0="0", hand_1="120"))
    match = Match.objects.get()
    assert match.finished and match.abandoned_at is None
