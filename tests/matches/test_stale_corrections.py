"""Two phones on one match (two tabs, the scorer and a co-scorer): a correction shown on
one is never saved over what the other did to that round since (corrected it, or
deleted it and entered another), and a correction of a round deleted meanwhile says so."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorepad.matches.models import Match, RoundChange

from .helpers import create_match, round_post, text_of

pytestmark = pytest.mark.django_db
HTMX = {"hx-request": "true"}


@pytest.fixture
def cabo(client) -> int:
    return create_match(client, "cabo", ["Ana", "Ben"], preset="fr")


def other_phone(client: Client) -> Client:
    """The same browser's session in a second tab."""
    tab = Client()
    tab.cookies = client.cookies
    return tab


def add(client: Client, match_id: int, number: int, ben: int) -> None:
    url = reverse("matches:add_round", args=[match_id])
    data = round_post(number, caller="0", hand_0="0", hand_1=str(ben))
    assert client.post(url, data, headers=HTMX).status_code == 200


def correction_shown(client: Client, match_id: int, number: int) -> dict:
    """The correction form's hidden fields, as a phone shows them."""
    page = client.get(reverse("matches:edit_round", args=[match_id, number])).content.decode()
    fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', page))
    assert fields["shown"]
    return fields


def correct(client: Client, match_id: int, number: int, shown: dict, ben: int, headers=None):
    data = round_post(number, caller="0", hand_0="0", hand_1=str(ben))
    data.update(number=shown["number"], shown=shown["shown"])
    url = reverse("matches:edit_round", args=[match_id, number])
    return client.post(url, data, follow=True, headers=headers or {})


def test_two_phones_correcting_one_round_the_second_is_refused_not_saved_over(client, cabo):
    add(client, cabo, 1, ben=5)
    first, second = correction_shown(client, cabo, 1), correction_shown(client, cabo, 1)
    assert correct(client, cabo, 1, first, ben=9).status_code == 200
    answer = correct(other_phone(client), cabo, 1, second, ben=7)
    content = answer.content.decode()
    assert "Round 1 was changed meanwhile, maybe on another phone" in content
    assert Match.objects.get().state().rounds[0].points["Ben"] == 9
    assert RoundChange.objects.filter(action="edit").count() == 1
    # What was typed is not lost (QA58): its form is there again, set to replace the
    # round as it now is; sent again, it does.
    assert re.search(r'name="hand_1" value="7"', content)
    again = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', content))
    assert again["shown"] != second["shown"]
    assert correct(other_phone(client), cabo, 1, again, ben=7).status_code == 200
    assert Match.objects.get().state().rounds[0].points["Ben"] == 7
    assert RoundChange.objects.filter(action="edit").count() == 2


def test_a_correction_refused_on_the_board_stays_open_with_what_was_typed(client, cabo):
    add(client, cabo, 1, ben=5)
    first, second = correction_shown(client, cabo, 1), correction_shown(client, cabo, 1)
    assert correct(client, cabo, 1, first, ben=9).status_code == 200
    answer = correct(other_phone(client), cabo, 1, second, ben=7, headers=HTMX)
    content = answer.content.decode()
    # The board as it now is (Ben's 9 in the round's row), its notice in the standing...
    assert "Round 1 was changed meanwhile, maybe on another phone" in content
    row = re.search(r'<tbody class="round" id="round-1".*?</tbody>', content, re.S)[0]
    assert re.search(r">\s*9\s*<", row)
    # ...and the correction still open under it, with the 7 typed, not closed.
    correction = content.split('<div id="correction" hx-swap-oob="true">')[1]
    assert 'class="round-form game-cabo correction-form"' in correction
    assert re.search(r'name="hand_1" value="7"', correction)
    assert Match.objects.get().state().rounds[0].points["Ben"] == 9


def test_a_round_deleted_and_entered_again_is_not_corrected_with_the_old_ones_form(client, cabo):
    add(client, cabo, 1, ben=5)
    add(client, cabo, 2, ben=6)
    stale = correction_shown(client, cabo, 2)
    delete = reverse("matches:delete_last", args=[cabo])
    assert client.post(delete, {"number": "2"}, headers=HTMX).status_code == 200
    add(client, cabo, 2, ben=20)
    answer = correct(other_phone(client), cabo, 2, stale, ben=1)
    assert "Round 2 was changed meanwhile" in answer.content.decode()
    assert Match.objects.get().state().rounds[1].points["Ben"] == 20


def test_a_correction_of_a_round_deleted_meanwhile_is_put_in_the_next_rounds_form(client, cabo):
    """What was typed is not lost (QA): the deleted round was the last, so the form of the
    round in its place holds it, to be recorded again."""
    add(client, cabo, 1, ben=5)
    add(client, cabo, 2, ben=6)
    stale = correction_shown(client, cabo, 2)
    delete = reverse("matches:delete_last", args=[cabo])
    assert client.post(delete, {"number": "2"}, headers=HTMX).status_code == 200
    phone = other_phone(client)
    answer = correct(phone, cabo, 2, stale, ben=13, headers=HTMX)
    assert answer.status_code == 200
    assert answer["HX-Retarget"] == "#entry"
    content = answer.content.decode()
    notice = (
        "Round 2 was deleted meanwhile: what you typed for it is in the form, to record it again."
    )
    assert notice in content
    entry = content[: content.index('id="standing"')]
    assert "Enter round 2" in entry
    assert re.search(r'name="hand_1"[^>]*value="13"', entry)
    assert 'id="correction" hx-swap-oob="true"' in content
    # A fresh one-time key, not the deleted round's: recorded as a new round 2.
    key = re.search(r'name="entry_key" value="([^"]+)"', entry).group(1)
    assert key != stale["entry_key"]
    assert Match.objects.get().round_count == 1
    fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', entry))
    again = round_post(2, caller="0", hand_0="0", hand_1="13", entry_key=key, seen=fields["seen"])
    url = reverse("matches:add_round", args=[cabo])
    assert phone.post(url, again, headers=HTMX).status_code == 200
    assert Match.objects.get().state().rounds[1].points["Ben"] == 13
    # Without JavaScript: the board's page, the form filled in.
    client.post(delete, {"number": "2"})
    page = correct(phone, cabo, 2, stale, ben=7)
    assert page.status_code == 200 and not page.redirect_chain
    assert notice in page.content.decode()
    assert re.search(r'name="hand_1"[^>]*value="7"', page.content.decode())


def test_a_correction_of_a_round_deleted_meanwhile_with_another_in_its_place_is_only_said(
    client, cabo
):
    add(client, cabo, 1, ben=5)
    add(client, cabo, 2, ben=6)
    add(client, cabo, 3, ben=7)
    stale = correction_shown(client, cabo, 3)
    delete = reverse("matches:delete_last", args=[cabo])
    assert client.post(delete, {"number": "3"}, headers=HTMX).status_code == 200
    assert client.post(delete, {"number": "2"}, headers=HTMX).status_code == 200
    answer = correct(other_phone(client), cabo, 3, stale, ben=1)
    assert answer.status_code == 200
    assert answer.redirect_chain[-1][0] == reverse("matches:match", args=[cabo])
    assert "Round 3 was deleted meanwhile: it was not corrected." in answer.content.decode()
    assert Match.objects.get().round_count == 1


def test_the_correction_of_a_round_deleted_meanwhile_asked_for_says_so_on_the_board(client, cabo):
    """ "Correct this round" tapped on a round another phone deleted since: the board as it
    now is with the notice (htmx: swapped for the entry, as a round's answer is), a page
    that says it (no JavaScript); a round that never was is still not found."""
    add(client, cabo, 1, ben=5)
    add(client, cabo, 2, ben=6)
    delete = reverse("matches:delete_last", args=[cabo])
    assert client.post(delete, {"number": "2"}, headers=HTMX).status_code == 200
    url = reverse("matches:edit_round", args=[cabo, 2])
    answer = client.get(url, headers=HTMX)
    assert answer.status_code == 200
    assert answer["HX-Retarget"] == "#entry" and answer["HX-Reswap"] == "outerHTML"
    content = answer.content.decode()
    assert "Round 2 was deleted meanwhile" in content
    assert 'id="correction" hx-swap-oob="true"' in content
    page = client.get(url, follow=True)
    assert page.redirect_chain[-1][0] == reverse("matches:match", args=[cabo])
    assert "Round 2 was deleted meanwhile" in page.content.decode()
    never = reverse("matches:edit_round", args=[cabo, 3])
    assert client.get(never, headers=HTMX).status_code == 404
    assert Match.objects.get().round_count == 1


def test_a_correction_of_an_unchanged_round_goes_through_after_other_rounds(client, cabo):
    """Rounds added since the form was shown change the match, not that round."""
    add(client, cabo, 1, ben=5)
    shown = correction_shown(client, cabo, 1)
    add(client, cabo, 2, ben=6)
    answer = correct(other_phone(client), cabo, 1, shown, ben=8)
    assert "Round 1 corrected." in answer.content.decode()
    assert Match.objects.get().state().rounds[0].points["Ben"] == 8


def test_a_forged_fingerprint_is_a_client_error(client, cabo):
    add(client, cabo, 1, ben=5)
    shown = correction_shown(client, cabo, 1) | {"shown": "x" * 40}
    data = round_post(1, caller="0", hand_0="0", hand_1="3") | {"shown": shown["shown"]}
    url = reverse("matches:edit_round", args=[cabo, 1])
    assert client.post(url, data).status_code == 400


def test_a_correction_that_undoes_the_end_of_the_match_says_so(client):
    match_id = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    url = reverse("matches:add_round", args=[match_id])
    client.post(url, round_post(1, points_0="20", out_1="on", points_2="3"))
    assert Match.objects.get().finished
    shown = dict(
        re.findall(
            r'type="hidden" name="(\w+)" value="([^"]*)"',
            client.get(reverse("matches:edit_round", args=[match_id, 1])).content.decode(),
        )
    )
    data = round_post(1, points_0="5", out_1="on", points_2="3") | {"shown": shown["shown"]}
    answer = client.post(reverse("matches:edit_round", args=[match_id, 1]), data, follow=True)
    content = answer.content.decode()
    assert "Round 1 corrected." in content
    assert "With this correction the match is no longer over." in content
    assert not Match.objects.get().finished


def correct_hands(client: Client, match_id: int, caller: str, ana: int, ben: int, **headers):
    """Round 1 corrected to these hands, as sent from the board (htmx) or its own page."""
    shown = correction_shown(client, match_id, 1)
    data = round_post(1, caller=caller, hand_0=str(ana), hand_1=str(ben))
    data["shown"] = shown["shown"]
    url = reverse("matches:edit_round", args=[match_id, 1])
    return client.post(url, data, follow=not headers, headers=headers).content.decode()


def test_a_correction_that_ends_the_match_or_changes_its_winner_says_so(client, cabo):
    add(client, cabo, 1, ben=5)
    # Ben's hand was 100, not 5: the match ends on round 1, which nobody asked for.
    content = correct_hands(client, cabo, "0", ana=0, ben=100)
    # Without JavaScript too, one notice: what it did, in sight in the standing.
    assert (
        "Round 1 corrected. Points: Ben 5\u00a0→\u00a0100."
        " With this correction the match is over: Ana wins."
    ) in text_of(content)
    # Ben called, not Ana: the winner changes (sent from the board, answered in place).
    content = correct_hands(client, cabo, "1", ana=100, ben=0, **HTMX)
    assert (
        "Round 1 corrected. Points: Ana 0\u00a0→\u00a0100; Ben 100\u00a0→\u00a00."
        " With this correction the result changes: Ben wins."
    ) in text_of(content)
    assert Match.objects.get().winners == ["Ben"]
    # The same winner by other hands: the correction alone is said.
    content = correct_hands(client, cabo, "1", ana=110, ben=0, **HTMX)
    assert "Round 1 corrected. Points: Ana 100\u00a0→\u00a0110." in text_of(content)
    assert "With this correction" not in content
    with_french = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    client.defaults.update(with_french)
    content = correct_hands(client, cabo, "0", ana=0, ben=120)
    assert "Points\u00a0: Ana 110\u00a0→\u00a00\u00a0; Ben 0\u00a0→\u00a0120." in text_of(content)
    assert "Avec cette correction, le résultat change\u00a0: Ana gagne." in text_of(content)


def test_a_correction_that_ties_the_match_says_a_tiebreak_is_played(client):
    from .helpers import default_option_fields

    options = default_option_fields("cabo", "nl") | {"option_target": "10"}
    match_id = create_match(client, "cabo", ["Ana", "Ben", "Chloé"], preset="nl", options=options)
    url = reverse("matches:add_round", args=[match_id])
    client.post(url, round_post(1, caller="2", hand_0="5", hand_1="6", hand_2="12"))
    assert Match.objects.get().winners == ["Ana"]  # Chloé passed 10: Ana has the fewest
    shown = correction_shown(client, match_id, 1)
    data = round_post(1, caller="2", hand_0="5", hand_1="5", hand_2="12")
    data["shown"] = shown["shown"]
    answer = client.post(reverse("matches:edit_round", args=[match_id, 1]), data, headers=HTMX)
    content = answer.content.decode()
    assert (
        "Round 1 corrected. Points: Ben 6\u00a0→\u00a05. With this correction the match is tied."
        " Tiebreak: Ana and Ben play one more round."
    ) in text_of(content)
    # Ana called with 1, and Chloé held 9: nobody reached 10, the tiebreak goes, and
    # that is said too (QA24: the tiebreak line went without a word).
    shown = correction_shown(client, match_id, 1)
    data = round_post(1, caller="0", hand_0="1", hand_1="5", hand_2="9")
    data["shown"] = shown["shown"]
    answer = client.post(reverse("matches:edit_round", args=[match_id, 1]), data, headers=HTMX)
    assert (
        "Round 1 corrected. Points: Ana 5\u00a0→\u00a00; Chloé 22\u00a0→\u00a09."
        " With this correction no tiebreak is needed: the match goes on."
    ) in text_of(answer.content.decode())
