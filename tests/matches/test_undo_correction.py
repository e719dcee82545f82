"""Undo of a plain correction (QA36): the board's notice of it offers to put the round
back as it was, in one tap, as a correction that deleted later rounds already did."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorepad.matches import kept, services
from scorepad.matches.models import Match, Owner, Round, RoundChange
from scorepad.matches.sharing import share
from tests.matches.helpers import text_of
from tests.records.conftest import build_match
from tests.records.matches import escoba_deal

pytestmark = pytest.mark.django_db
HTMX = {"hx-request": "true"}
PLAYERS = ["Ana", "Bruno", "Chloé"]


def cabo_round(caller: str, *hands: int) -> dict:
    return {"caller": caller, "hands": dict(zip(PLAYERS, hands, strict=True))}


ROUNDS = [cabo_round("Ana", 3, 12, 8), cabo_round("Bruno", 5, 4, 9), cabo_round("Chloé", 7, 6, 2)]
# Round 1 mistyped: Bruno's 11 instead of 12.
ROUND_1_MISTYPED = cabo_round("Ana", 3, 11, 8)


@pytest.fixture
def match(owner: Owner) -> Match:
    return build_match(owner, "cabo", PLAYERS, ROUNDS)


def corrected(match: Match, number: int = 1, data: dict = ROUND_1_MISTYPED) -> RoundChange:
    services.correct_round(match, number, data, owner=match.owner)
    return RoundChange.objects.filter(match=match).latest("id")


def entries(match: Match) -> list[dict]:
    live = match.rounds.filter(deleted_at__isnull=True).order_by("number")
    return list(live.values_list("data", flat=True))


def undo_url(match: Match, number: int = 1) -> str:
    return reverse("matches:undo_correction", args=[match.pk, match.rounds.get(number=number).pk])


def undo_fields(content: str) -> dict:
    """What the board's Undo posts: the correction it undoes."""
    found = re.search(r'name="change" value="(\d+)"', content)
    assert found, content
    return {"change": found[1]}


# The service


def test_undo_puts_a_corrected_round_back_as_it_was_and_journals_it(match):
    before = match.state()
    correction = corrected(match)
    round_1 = services.undo_correction(
        match, correction.round_id, owner=match.owner, change_id=correction.pk
    )
    match.refresh_from_db()
    assert entries(match) == ROUNDS
    assert match.state().totals == before.totals
    assert round_1.match.live_state.totals == before.totals
    undo = RoundChange.objects.filter(match=match).latest("id")
    assert (undo.action, undo.before, undo.after) == ("edit", ROUND_1_MISTYPED, ROUNDS[0])
    assert undo.points["undid"] == correction.pk and "restored" not in undo.points
    kept_standing = match.standing
    kept.rebuild(match)
    match.refresh_from_db()
    assert match.standing == kept_standing  # what was kept is what a replay gives


def test_the_same_undo_twice_undoes_once(match):
    correction = corrected(match)
    services.undo_correction(match, correction.round_id, owner=match.owner, change_id=correction.pk)
    with pytest.raises(services.AlreadyUndone):
        services.undo_correction(
            match, correction.round_id, owner=match.owner, change_id=correction.pk
        )
    assert entries(match) == ROUNDS
    assert RoundChange.objects.filter(match=match, action="edit").count() == 2


def test_an_undo_is_not_undone_in_turn(match):
    correction = corrected(match)
    services.undo_correction(match, correction.round_id, owner=match.owner, change_id=correction.pk)
    undo = RoundChange.objects.filter(match=match).latest("id")
    with pytest.raises(services.RoundConflict, match="can no longer be undone"):
        services.undo_correction(match, undo.round_id, owner=match.owner, change_id=undo.pk)
    assert entries(match) == ROUNDS


@pytest.mark.parametrize(
    "meanwhile",
    [
        "corrected again",
        "another round corrected",
        "round added",
        "last round deleted",
        "names corrected",
    ],
)
def test_undo_is_refused_once_the_match_changed_since(match, meanwhile):
    correction = corrected(match)
    if meanwhile == "corrected again":
        corrected(match, 1, cabo_round("Ana", 3, 10, 8))
    elif meanwhile == "another round corrected":
        corrected(match, 2, cabo_round("Bruno", 5, 4, 10))
    elif meanwhile == "round added":
        fourth, key = cabo_round("Ana", 1, 2, 3), Round().entry_key
        services.record_round(match, fourth, number=4, entry_key=key, owner=match.owner)
    elif meanwhile == "last round deleted":
        services.delete_last_round(match, number=3, owner=match.owner)
    else:
        services.correct_players(match, ["Ana", "Bruno", "Chloe"], "Ana", owner=match.owner)
    after = entries(match)
    with pytest.raises(services.RoundConflict, match="can no longer be undone"):
        services.undo_correction(
            match, correction.round_id, owner=match.owner, change_id=correction.pk
        )
    assert entries(match) == after


def test_undo_is_refused_while_the_match_is_abandoned(match):
    correction = corrected(match)
    services.abandon_match(match)
    with pytest.raises(services.RoundConflict, match="abandoned"):
        services.undo_correction(
            match, correction.round_id, owner=match.owner, change_id=correction.pk
        )
    assert entries(match)[0] == ROUND_1_MISTYPED


def test_undo_of_a_correction_that_ended_the_match_reopens_it_and_says_so(owner, visitor):
    # Cabo ends at 100: round 2 mistyped with Chloé's 95 ends it.
    match = build_match(owner, "cabo", PLAYERS, ROUNDS[:2])
    correction = corrected(match, 2, cabo_round("Bruno", 5, 4, 95))
    match.refresh_from_db()
    assert match.finished
    services.undo_correction(match, correction.round_id, owner=owner, change_id=correction.pk)
    match.refresh_from_db()
    assert not match.finished and entries(match) == ROUNDS[:2]
    content = visitor.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert (
        "Round 2 is as it was again. Points: Chloé 95\u00a0→\u00a09. The match is no longer over."
        in (text_of(content))
    )


# The views


def test_without_javascript_the_correction_offers_its_undo_and_the_undo_puts_it_back(
    visitor, match
):
    url = reverse("matches:edit_round", args=[match.pk, 1])
    page = visitor.get(url).content.decode()
    fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', page))
    data = {name: fields[name] for name in ("number", "entry_key", "shown")}
    data |= {"caller": "0", "hand_0": "3", "hand_1": "11", "hand_2": "8"}
    content = visitor.post(url, data, follow=True).content.decode()
    assert "Round 1 corrected. Points: Bruno 12\u00a0→\u00a011." in text_of(content)
    assert f'action="{undo_url(match)}"' in content
    assert "Undo: round 1 as it was" in content
    assert entries(match)[0] == ROUND_1_MISTYPED
    response = visitor.post(undo_url(match), undo_fields(content), follow=True)
    content = response.content.decode()
    assert response.redirect_chain[-1][0].endswith("#standing")
    assert "Round 1 is as it was again. Points: Bruno 11\u00a0→\u00a012." in text_of(content)
    assert "Undo: round 1" not in content
    assert "is-error" not in content
    assert entries(match) == ROUNDS


def test_with_htmx_the_correction_and_its_undo_answer_what_changed(visitor, match):
    correction = corrected(match)
    board = visitor.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert "Undo: round 1 as it was" in board
    fields = undo_fields(board)
    assert fields == {"change": str(correction.pk)}
    response = visitor.post(undo_url(match), fields, headers=HTMX)
    content = response.content.decode()
    assert response.status_code == 200 and "<html" not in content
    assert 'id="standing"' in content and "Round 1 is as it was again." in content
    # Tapped twice: one undo, told as done, not as an error.
    again = visitor.post(undo_url(match), fields, headers=HTMX).content.decode()
    assert "Round 1 is as it was again." in again and "is-error" not in again
    assert RoundChange.objects.filter(match=match, action="edit").count() == 2
    assert entries(match) == ROUNDS


def test_once_the_names_are_corrected_the_board_no_longer_offers_the_undo(visitor, match):
    """QA: the board still offered it (a rename is not a change of the rounds it tells),
    and the tap was refused as if another phone had changed the match."""
    corrected(match)
    services.correct_players(match, ["Ana", "Bruno", "Chloe"], "Ana", owner=match.owner)
    board = visitor.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert "Round 1 corrected. Points: Bruno 12\u00a0→\u00a011." in text_of(board)
    assert "Undo: round 1 as it was" not in board
    assert 'name="change"' not in board


def test_a_correction_sent_with_htmx_answers_the_board_with_its_undo(visitor, match):
    url = reverse("matches:edit_round", args=[match.pk, 2])
    page = visitor.get(url, headers=HTMX).content.decode()
    fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', page))
    data = {name: fields[name] for name in ("number", "entry_key", "shown")}
    data |= {"caller": "1", "hand_0": "5", "hand_1": "4", "hand_2": "10"}
    content = visitor.post(url, data, headers=HTMX).content.decode()
    assert "<html" not in content
    assert "Round 2 corrected. Points: Chloé 9\u00a0→\u00a010." in text_of(content)
    assert "Undo: round 2 as it was" in content


def test_an_undo_after_another_phone_changed_the_round_is_refused_in_the_notice(visitor, match):
    corrected(match)
    fields = undo_fields(visitor.get(reverse("matches:match", args=[match.pk])).content.decode())
    corrected(match, 1, cabo_round("Ana", 3, 10, 8))  # another phone
    response = visitor.post(undo_url(match), fields, headers=HTMX)
    content = response.content.decode()
    assert response.status_code == 200
    assert "is-error" in content and "can no longer be undone" in content
    assert entries(match)[0] == cabo_round("Ana", 3, 10, 8)


def test_undo_refuses_get_a_broken_post_a_stranger_and_a_missing_match(
    visitor, other_visitor, match
):
    fields = {"change": str(corrected(match).pk)}
    url = undo_url(match)
    assert visitor.get(url).status_code == 405
    for broken in ({}, {"change": "x"}, {"change": "0"}, {"change": "9" * 30}):
        assert visitor.post(url, broken).status_code == 400
    assert other_visitor.post(url, fields).status_code == 404
    missing = reverse("matches:undo_correction", args=[match.pk + 1000, 1])
    assert visitor.post(missing, fields).status_code == 404
    assert entries(match)[0] == ROUND_1_MISTYPED


def test_a_co_scorer_undoes_a_correction_and_a_follower_cannot(client, match):
    correction = corrected(match)
    link, follower = share(match, "score"), share(match, "follow")
    page = client.get(reverse("live:page", args=[link.token])).content.decode()
    url = reverse("live:undo_correction", args=[link.token, correction.round_id])
    assert f'action="{url}"' in page and "Undo: round 1 as it was" in page
    followed = client.get(reverse("live:page", args=[follower.token])).content.decode()
    assert "Undo: round 1" not in followed
    forbidden = reverse("live:undo_correction", args=[follower.token, correction.round_id])
    assert client.post(forbidden, undo_fields(page)).status_code == 404
    assert entries(match)[0] == ROUND_1_MISTYPED
    client.post(url, undo_fields(page))
    assert entries(match) == ROUNDS


def test_escoba_says_deal(owner, visitor):
    match = build_match(owner, "escoba", ["Ana", "Ben"], [escoba_deal("Ana", "Ben")])
    corrected(match, 1, escoba_deal("Ben", "Ana"))
    board = visitor.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert "Undo: deal 1 as it was" in board
    content = visitor.post(undo_url(match), undo_fields(board), follow=True).content.decode()
    assert "Deal 1 is as it was again." in content
