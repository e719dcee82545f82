"""A correction that the rounds after it no longer fit (a tiebreak no longer due, a match
now over before them) is refused with its way out: correct it and delete those rounds in
one go, as deletions are (journaled, restorable), with an Undo that puts all back."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scorepad.matches import kept, services
from scorepad.matches.models import Match, Owner, Round, RoundChange
from scorepad.matches.sharing import share
from tests.matches.helpers import text_of
from tests.records.conftest import build_match

pytestmark = pytest.mark.django_db
HTMX = {"hx-request": "true"}
PLAYERS = ["Anke", "Bram", "Cor", "Daan"]


def cabo_round(caller: str, *hands: int, tiebreak: bool = False) -> dict:
    players = PLAYERS[:2] if tiebreak else PLAYERS
    data = {"caller": caller, "hands": dict(zip(players, hands, strict=True))}
    return data | {"tiebreak": True} if tiebreak else data


# QA's Dutch match: 47/47/69/100 after round 6, Anke and Bram tied; the tiebreak round 7
# ties again (Anke's call with −1 against Bram's 0), Anke wins round 8.
QA_ROUNDS = [
    cabo_round("Anke", 3, 7, 2, 9),
    cabo_round("Bram", 10, 4, 8, 20),
    cabo_round("Cor", 5, 5, 0, 4),
    cabo_round("Daan", 6, 15, 9, 6),
    cabo_round("Anke", 1, 20, 30, 25),
    cabo_round("Bram", 13, 2, 20, 26),
    cabo_round("Anke", -1, 0, tiebreak=True),
    cabo_round("Anke", 3, 5, tiebreak=True),
]
# Round 6 with Daan's 25: 99, the match no longer over, no tiebreak due.
ROUND_6_FIXED = cabo_round("Bram", 13, 2, 20, 25)
# Round 4 with Daan's 67: 100 after it, the match over there (Cor wins, with 19).
ROUND_4_ENDING = cabo_round("Daan", 6, 15, 9, 67)


@pytest.fixture
def qa(owner: Owner) -> Match:
    return build_match(owner, "cabo", PLAYERS, QA_ROUNDS, preset="nl")


def live_numbers(match: Match) -> list[int]:
    return list(match.rounds.filter(deleted_at__isnull=True).values_list("number", flat=True))


def undo_fields(content: str) -> dict:
    """What the board's Undo of a correction posts: the correction it undoes."""
    return {"change": re.search(r'name="change" value="(\d+)"', content)[1]}


def refusal(match: Match, number: int, data: dict) -> services.LaterRoundsInTheWay:
    with pytest.raises(services.LaterRoundsInTheWay) as refused:
        services.correct_round(match, number, data, owner=match.owner)
    return refused.value


def journal(match: Match) -> list[tuple[str, int]]:
    changes = RoundChange.objects.filter(match=match).order_by("id")
    return [(c.action, c.round.number) for c in changes.select_related("round")]


# The services


def test_the_refusal_names_the_rounds_in_the_way_and_saves_nothing(qa):
    refused = refusal(qa, 6, ROUND_6_FIXED)
    assert (refused.first, refused.last, refused.ends) == (7, 8, False)
    assert refused.message == (
        "With this correction round 7 no longer holds: correct or delete rounds 7–8 first."
    )
    assert re.fullmatch(r"7-8-[0-9a-f]{16}", refused.offer)
    assert Round.objects.get(match=qa, number=6).data == QA_ROUNDS[5]
    assert live_numbers(qa) == list(range(1, 9))


def test_a_correction_that_ends_the_match_earlier_names_the_rounds_after_the_end(qa):
    refused = refusal(qa, 4, ROUND_4_ENDING)
    assert (refused.first, refused.last, refused.ends) == (5, 8, True)
    assert refused.message == (
        "With this correction the match is over after round 4: delete rounds 5–8 first."
    )


def test_a_fault_of_the_corrected_round_itself_offers_nothing(qa):
    with pytest.raises(services.RoundInvalid) as refused:
        services.correct_round(qa, 6, cabo_round("Bram", 13, 2, 20, 999), owner=qa.owner)
    assert not isinstance(refused.value, services.LaterRoundsInTheWay)


def test_the_offer_corrects_and_deletes_in_one_go_journaled_as_deletions(qa):
    offer = refusal(qa, 6, ROUND_6_FIXED).offer
    services.correct_round(qa, 6, ROUND_6_FIXED, owner=qa.owner, delete_later=offer)
    qa.refresh_from_db()
    assert live_numbers(qa) == [1, 2, 3, 4, 5, 6]
    assert Round.objects.get(match=qa, number=6, deleted_at__isnull=True).data == ROUND_6_FIXED
    gone = Round.objects.filter(match=qa, deleted_at__isnull=False).order_by("number")
    assert [(r.number, r.data, r.result) for r in gone] == [
        (7, QA_ROUNDS[6], None),
        (8, QA_ROUNDS[7], None),
    ]
    assert journal(qa)[-3:] == [("delete", 8), ("delete", 7), ("edit", 6)]
    told = RoundChange.objects.filter(match=qa).latest("id").points
    assert told["deleted"] == [7, 8] and told["end"]["change"] == "reopened"
    assert (qa.finished, qa.round_count, qa.state().totals["Daan"]) == (False, 6, 99)
    kept_standing = qa.standing
    kept.rebuild(qa)
    qa.refresh_from_db()
    assert qa.standing == kept_standing  # what was kept is what a replay gives


def test_undo_puts_the_round_back_as_it_was_and_restores_the_deleted_ones(qa):
    before = qa.state()
    offer = refusal(qa, 6, ROUND_6_FIXED).offer
    corrected = services.correct_round(qa, 6, ROUND_6_FIXED, owner=qa.owner, delete_later=offer)
    services.undo_correction(qa, corrected.pk, owner=qa.owner)
    qa.refresh_from_db()
    assert live_numbers(qa) == list(range(1, 9))
    assert [r.data for r in qa.active_rounds()] == QA_ROUNDS
    after = qa.state()
    assert (after.totals, after.winners, qa.finished) == (before.totals, before.winners, True)
    assert journal(qa)[-3:] == [("restore", 7), ("restore", 8), ("edit", 6)]
    told = RoundChange.objects.filter(match=qa).latest("id").points
    assert told["restored"] == [7, 8] and "deleted" not in told
    with pytest.raises(services.RoundConflict):  # once only
        services.undo_correction(qa, corrected.pk, owner=qa.owner)


def test_undo_is_refused_once_the_match_changed_since(qa):
    offer = refusal(qa, 6, ROUND_6_FIXED).offer
    corrected = services.correct_round(qa, 6, ROUND_6_FIXED, owner=qa.owner, delete_later=offer)
    services.record_round(
        qa, cabo_round("Cor", 5, 5, 0, 4), number=7, entry_key=Round().entry_key, owner=qa.owner
    )
    with pytest.raises(services.RoundConflict, match="the match changed since"):
        services.undo_correction(qa, corrected.pk, owner=qa.owner)
    assert live_numbers(qa) == list(range(1, 8))


def test_an_offer_for_rounds_changed_meanwhile_is_refused_as_such(qa):
    offer = refusal(qa, 6, ROUND_6_FIXED).offer
    # Another phone corrects round 8 meanwhile (Bram's 6 instead of 5).
    services.correct_round(qa, 8, cabo_round("Anke", 3, 6, tiebreak=True), owner=qa.owner)
    with pytest.raises(services.RoundConflict, match="The rounds after round 6 changed meanwhile"):
        services.correct_round(qa, 6, ROUND_6_FIXED, owner=qa.owner, delete_later=offer)
    assert live_numbers(qa) == list(range(1, 9))
    assert Round.objects.get(match=qa, number=6).data == QA_ROUNDS[5]


def test_an_offer_for_other_rounds_than_those_in_the_way_is_refused_with_its_own(qa):
    """The offer of one correction, sent with another typed since: never more deleted
    than what the button said, nor other rounds than those in the way."""
    offer = refusal(qa, 6, ROUND_6_FIXED).offer
    with pytest.raises(services.LaterRoundsInTheWay) as refused:
        services.correct_round(qa, 4, ROUND_4_ENDING, owner=qa.owner, delete_later=offer)
    assert refused.value.offer.startswith("5-8-")
    assert live_numbers(qa) == list(range(1, 9))


def test_an_offer_sent_with_a_correction_that_fits_deletes_nothing(qa):
    offer = refusal(qa, 6, ROUND_6_FIXED).offer
    fits = cabo_round("Bram", 13, 2, 21, 26)  # Cor's 21: the tiebreak is still due
    services.correct_round(qa, 6, fits, owner=qa.owner, delete_later=offer)
    assert live_numbers(qa) == list(range(1, 9))
    # Nor does one that changes nothing, which is told so.
    with pytest.raises(services.NothingToCorrect):
        services.correct_round(qa, 6, fits, owner=qa.owner, delete_later=offer)
    assert live_numbers(qa) == list(range(1, 9))


# The views


def edit_url(match: Match, number: int) -> str:
    return reverse("matches:edit_round", args=[match.pk, number])


def correction_fields(client, url: str, hands: tuple[int, ...], caller: str) -> dict:
    """The correction form as shown, with these hands typed in."""
    page = client.get(url).content.decode()
    fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', page))
    data = {name: fields[name] for name in ("number", "entry_key", "shown")}
    data |= {f"hand_{i}": str(hand) for i, hand in enumerate(hands)}
    return data | {"caller": caller}


def offer_of(content: str) -> tuple[str, str]:
    """The refusal's button: its value, and its words."""
    found = re.search(
        r'<button type="submit" class="button wide" name="delete_later"'
        r' value="([^"]+)">([^<]+)</button>',
        content,
    )
    assert found, content
    return found.group(1), found.group(2)


def test_the_refusal_offers_the_way_out_under_its_message_keeping_what_was_typed(visitor, qa):
    url = edit_url(qa, 6)
    response = visitor.post(url, correction_fields(visitor, url, (13, 2, 20, 25), "1"))
    assert response.status_code == 422
    content = response.content.decode()
    words = offer_of(content)[1]
    assert words == "Correct round 6 and delete rounds 7–8"
    assert content.index("Round 7: no tiebreak is due.") < content.index(words)
    assert 'name="hand_3" value="25"' in content
    assert Round.objects.get(match=qa, number=6).data == QA_ROUNDS[5]


def test_one_round_in_the_way_is_named_alone(visitor, owner):
    match = build_match(owner, "cabo", PLAYERS, QA_ROUNDS[:7], preset="nl")
    url = edit_url(match, 6)
    content = visitor.post(url, correction_fields(visitor, url, (13, 2, 20, 25), "1"))
    assert offer_of(content.content.decode())[1] == "Correct round 6 and delete round 7"


def test_an_ordinary_fault_or_a_correction_that_fits_offers_nothing(visitor, qa):
    url = edit_url(qa, 6)
    response = visitor.post(url, correction_fields(visitor, url, (13, 2, 20, 25), ""))
    assert response.status_code == 422
    assert 'name="delete_later"' not in response.content.decode()
    response = visitor.post(url, correction_fields(visitor, url, (13, 2, 20, 27), "1"))
    assert response.status_code == 302
    assert (
        Round.objects.get(match=qa, number=6, deleted_at__isnull=True).data["hands"]["Daan"] == 27
    )


def test_without_javascript_the_way_out_lands_on_the_board_with_its_undo(visitor, qa):
    url = edit_url(qa, 6)
    data = correction_fields(visitor, url, (13, 2, 20, 25), "1")
    value, _ = offer_of(visitor.post(url, data).content.decode())
    response = visitor.post(url, data | {"delete_later": value}, follow=True)
    content = response.content.decode()
    assert response.status_code == 200
    assert (
        "Round 6 corrected. Points: Daan 26\u00a0→\u00a025. Rounds 7–8 were deleted with it."
        " With this correction the match is no longer over."
    ) in text_of(content)
    undo = reverse(
        "matches:undo_correction", args=[qa.pk, Round.objects.get(match=qa, number=6).pk]
    )
    assert f'action="{undo}"' in content
    assert "Undo: rounds 6–8 as they were" in content
    assert live_numbers(qa) == [1, 2, 3, 4, 5, 6]
    content = visitor.post(undo, undo_fields(content), follow=True).content.decode()
    # The match's end comes back with it, not said as the correction's doing.
    assert (
        "Round 6 is as it was again, and rounds 7–8 are back. Points: Daan 25\u00a0→\u00a026."
        " The match is over again: Anke wins."
    ) in text_of(content)
    assert "With this correction" not in content
    assert "Undo: rounds" not in content
    assert live_numbers(qa) == list(range(1, 9))


def test_with_htmx_the_way_out_answers_the_board_with_its_undo(visitor, qa):
    url = edit_url(qa, 6)
    data = correction_fields(visitor, url, (13, 2, 20, 25), "1")
    value, _ = offer_of(visitor.post(url, data, headers=HTMX).content.decode())
    response = visitor.post(url, data | {"delete_later": value}, headers=HTMX)
    content = response.content.decode()
    assert response.status_code == 200 and "<html" not in content
    assert "Rounds 7–8 were deleted with it." in content
    assert "Undo: rounds 6–8 as they were" in content
    undo = reverse(
        "matches:undo_correction", args=[qa.pk, Round.objects.get(match=qa, number=6).pk]
    )
    content = visitor.post(undo, undo_fields(content), headers=HTMX).content.decode()
    assert "<html" not in content
    assert "Round 6 is as it was again, and rounds 7–8 are back." in content


def test_an_offer_sent_after_the_rounds_changed_is_told_not_saved(visitor, qa):
    url = edit_url(qa, 6)
    data = correction_fields(visitor, url, (13, 2, 20, 25), "1")
    value, _ = offer_of(visitor.post(url, data).content.decode())
    services.delete_last_round(qa, number=8, owner=qa.owner)  # another phone
    content = visitor.post(url, data | {"delete_later": value}, follow=True).content.decode()
    assert "The rounds after round 6 changed meanwhile, maybe on another phone" in content
    assert live_numbers(qa) == list(range(1, 8))
    assert Round.objects.get(match=qa, number=6).data == QA_ROUNDS[5]


@pytest.mark.parametrize("value", ["all", "7-8", "7-8-XYZ", "7-8-" + "0" * 40])
def test_a_forged_offer_is_a_client_error_and_saves_nothing(visitor, qa, value):
    url = edit_url(qa, 6)
    data = correction_fields(visitor, url, (13, 2, 20, 25), "1") | {"delete_later": value}
    assert visitor.post(url, data).status_code == 400
    assert live_numbers(qa) == list(range(1, 9))


def test_an_offer_naming_rounds_that_are_not_there_is_a_conflict_not_an_error(visitor, qa):
    url = edit_url(qa, 6)
    data = correction_fields(visitor, url, (13, 2, 20, 25), "1")
    for value in ("3-8-" + "0" * 16, "99-99-" + "0" * 16, "7-8-" + "0" * 16):
        response = visitor.post(url, data | {"delete_later": value}, headers=HTMX)
        assert response.status_code == 200
        assert "The rounds after round 6 changed meanwhile" in response.content.decode()
    assert live_numbers(qa) == list(range(1, 9))


def test_undo_refuses_get_a_stranger_and_a_missing_match(visitor, other_visitor, qa):
    undo = reverse("matches:undo_correction", args=[qa.pk, 1])
    assert visitor.get(undo).status_code == 405
    assert other_visitor.post(undo, {"change": "1"}).status_code == 404
    missing = reverse("matches:undo_correction", args=[1, 1])
    assert visitor.post(missing, {"change": "1"}).status_code == 404


def test_undo_of_nothing_to_undo_is_said(visitor, qa):
    round_6 = Round.objects.get(match=qa, number=6)
    undo = reverse("matches:undo_correction", args=[qa.pk, round_6.pk])
    last = RoundChange.objects.filter(match=qa).latest("id")
    response = visitor.post(undo, {"change": last.pk}, headers=HTMX)
    assert response.status_code == 200
    assert "can no longer be undone" in response.content.decode()
    assert live_numbers(qa) == list(range(1, 9))


def test_a_co_scorer_takes_the_way_out_and_undoes_it(client, qa):
    link = share(qa, "score")
    url = reverse("live:edit_round", args=[link.token, 6])
    data = correction_fields(client, url, (13, 2, 20, 25), "1")
    value, words = offer_of(client.post(url, data).content.decode())
    assert words == "Correct round 6 and delete rounds 7–8"
    content = client.post(url, data | {"delete_later": value}, follow=True).content.decode()
    assert "Rounds 7–8 were deleted with it." in content
    undo = reverse("live:undo_correction", args=[link.token, qa.rounds.get(number=6).pk])
    assert f'action="{undo}"' in content
    follower = share(qa, "follow")
    assert client.post(reverse("live:undo_correction", args=[follower.token, 1])).status_code == 404
    client.post(undo, undo_fields(content))
    assert live_numbers(qa) == list(range(1, 9))


def test_a_correction_that_ends_the_match_earlier_deletes_the_rounds_after_the_end(qa):
    offer = refusal(qa, 4, ROUND_4_ENDING).offer
    corrected = services.correct_round(qa, 4, ROUND_4_ENDING, owner=qa.owner, delete_later=offer)
    qa.refresh_from_db()
    assert (live_numbers(qa), qa.finished, qa.winners) == ([1, 2, 3, 4], True, ["Cor"])
    told = RoundChange.objects.filter(match=qa).latest("id").points
    assert told["deleted"] == [5, 8] and told["end"]["change"] == "changed"
    services.undo_correction(qa, corrected.pk, owner=qa.owner)
    qa.refresh_from_db()
    assert ([r.data for r in qa.active_rounds()], qa.winners) == (QA_ROUNDS, ["Anke"])


def test_a_round_restored_offers_next_only_a_deleted_round_that_still_fits(visitor, qa):
    """QA: rounds 7–8 (tiebreaks) deleted with round 6's correction, round 6 deleted and
    restored: the answer offered "Undo: restore round 7", which was then refused (the
    tiebreak no longer due); after a Reload the offer was gone."""
    offer = refusal(qa, 6, ROUND_6_FIXED).offer
    services.correct_round(qa, 6, ROUND_6_FIXED, owner=qa.owner, delete_later=offer)
    for headers in (HTMX, {}):
        deleted = services.delete_last_round(qa, number=6, owner=qa.owner)
        restore = reverse("matches:restore", args=[qa.pk, deleted.pk])
        response = visitor.post(restore, headers=headers, follow=True)
        content = text_of(response.content.decode())
        assert "Round 6 restored." in content
        assert "Undo: restore round" not in content
        assert live_numbers(qa) == [1, 2, 3, 4, 5, 6]
    # Offered without JavaScript by the board's address after a deletion: not round 7.
    seven = Round.objects.get(match=qa, number=7, deleted_at__isnull=False)
    board = visitor.get(reverse("matches:match", args=[qa.pk]), {"undo": seven.pk})
    assert "Undo: restore round" not in text_of(board.content.decode())


def test_rounds_deleted_one_after_the_other_are_offered_back_one_after_the_other(visitor, qa):
    for number in (8, 7, 6):
        services.delete_last_round(qa, number=number, owner=qa.owner)
    sixth = Round.objects.get(match=qa, number=6, deleted_at__isnull=False)
    restore = reverse("matches:restore", args=[qa.pk, sixth.pk])
    content = text_of(visitor.post(restore, headers=HTMX).content.decode())
    assert "Round 6 restored." in content and "Undo: restore round 7" in content
