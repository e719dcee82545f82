"""The scoreboard renders less and keeps what it rendered: its last rounds (the others a
link away), a round's "why" and its correction loaded when asked for, kept boards that
are never stale and never hold a request's secrets, and answers that carry what changed."""

from __future__ import annotations

import gzip
import re
import uuid

import pytest
from django.core.cache import cache
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from scorepad.matches import rendered, services, sharing
from scorepad.matches.models import Match, Owner, Round
from scorepad.matches.scoreboard import card_picker, scoreboard_context
from tests.matches.helpers import round_post, text_of
from tests.records.conftest import build, build_match, client_of
from tests.records.matches import ALL, CABO_FR, CABO_RESET, CABO_TIEBREAK, ESCOBA

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
SLOTS = (
    rendered.CSRF_SLOT,
    str(rendered.ENTRY_KEY_SLOT),
    str(rendered.ONCE_KEY_SLOT),
    str(rendered.NUMBER_SLOT),
    str(rendered.MATCH_SLOT),
)


def cabo_rounds(count: int) -> list[dict]:
    """Ana calls with 0 and Ben holds 1, round after round (the match never ends)."""
    return [{"caller": "Ana", "hands": {"Ana": 0, "Ben": 1}} for _ in range(count)]


def cabo_match(owner: Owner, rounds: int) -> Match:
    return build_match(owner, "cabo", ["Ana", "Ben"], cabo_rounds(rounds), options={"target": 900})


def board(client, match: Match, **kwargs) -> str:
    response = client.get(reverse("matches:match", args=[match.pk]), **kwargs)
    assert response.status_code == 200
    content = response.content.decode()
    assert not [slot for slot in SLOTS if slot in content]
    return content


def round_numbers(content: str) -> list[int]:
    return [
        int(number) for number in re.findall(r'<tbody class="round[^"]*" id="round-(\d+)"', content)
    ]


def test_a_long_match_shows_its_last_ten_rounds_and_links_to_the_others(owner, visitor):
    match = cabo_match(owner, 14)
    content = board(visitor, match)
    assert round_numbers(content) == list(range(5, 15))
    url = reverse("matches:match", args=[match.pk]) + "?rounds=all"
    assert f'href="{url}#round-1"' in content
    assert "Show all 14 rounds" in content
    assert round_numbers(board(visitor, match, data={"rounds": "all"})) == list(range(1, 15))
    sheet = visitor.get(reverse("matches:scoresheet", args=[match.pk])).content.decode()
    assert round_numbers(sheet) == list(range(5, 15))
    assert reverse("matches:scoresheet", args=[match.pk]) + "?rounds=all#round-1" in sheet


def test_a_short_match_shows_every_round_and_no_link(owner, visitor):
    content = board(visitor, cabo_match(owner, 10))
    assert round_numbers(content) == list(range(1, 11))
    assert "?rounds=all" not in content


def test_the_card_grid_is_on_the_page_once_whatever_the_players(owner, visitor):
    match = build_match(owner, "cabo", ["Ana", "Ben", "Chloé", "Dan", "Eve"])
    content = board(visitor, match)
    assert content.count('id="card-picker"') == 1
    assert content.count('class="pick clear"') == 1
    assert content.count("data-codes=") == len(card_picker(match.rules, match.options)) > 5
    assert content.count('class="picker"') == 5  # each hand's, filled by the page's script


def test_the_chart_is_a_link_not_drawn_on_the_board(owner, visitor):
    match = cabo_match(owner, 3)
    content = board(visitor, match)
    assert "<svg" not in content
    chart = reverse("records:chart", args=[match.pk])
    assert f'href="{chart}?from=board"' in content
    # Opened from the board, the chart leads back to it (QA26: always to the history).
    page = visitor.get(f"{chart}?from=board").content.decode()
    board_url = reverse("matches:match", args=[match.pk])
    assert f'<a class="back" href="{board_url}">← Back to the scoreboard</a>' in page
    history = visitor.get(chart).content.decode()
    assert f'<a class="back" href="{reverse("records:history")}">← History</a>' in history


def test_a_rounds_why_is_a_page_and_an_htmx_row(owner, visitor):
    match = cabo_match(owner, 2)
    url = reverse("matches:round_why", args=[match.pk, 2])
    assert f'href="{url}" hx-get="{url}"' in board(visitor, match)
    page = visitor.get(url).content.decode()
    assert "<h1>Round 2: why this score?</h1>" in page
    assert "Round 2 · dealt by Ben" in page
    assert f'href="{reverse("matches:match", args=[match.pk])}#round-2"' in page
    correct = reverse("matches:edit_round", args=[match.pk, 2])
    assert f'href="{correct}" hx-get="{correct}" hx-target="#correction"' in page
    row = visitor.get(url, headers=HTMX).content.decode()
    assert row.lstrip().startswith('<tr class="why is-loaded" id="why-2">')
    assert "<html" not in row
    assert 'colspan="3"' in row


def test_a_rounds_why_is_only_for_its_owner_and_a_live_round(owner, visitor):
    match = cabo_match(owner, 2)
    services.delete_last_round(match, number=2, owner=owner)
    stranger = client_of(Owner.objects.create())
    assert stranger.get(reverse("matches:round_why", args=[match.pk, 1])).status_code == 404
    assert visitor.get(reverse("matches:round_why", args=[match.pk, 2])).status_code == 404
    assert visitor.get(reverse("matches:round_why", args=[match.pk, 9])).status_code == 404
    assert visitor.post(reverse("matches:round_why", args=[match.pk, 1])).status_code == 405


def test_a_correction_loads_into_the_board_posted_by_htmx_and_is_a_page_of_its_own(owner, visitor):
    match = cabo_match(owner, 2)
    url = reverse("matches:edit_round", args=[match.pk, 1])
    fragment = visitor.get(url, headers=HTMX).content.decode()
    assert "<html" not in fragment
    assert '<h2 id="correction-title" class="correction-title">Correct round 1</h2>' in fragment
    assert f'action="{url}"' in fragment
    assert f'hx-post="{url}" hx-target="#correction"' in fragment
    assert "correction-form" in fragment  # never taken for the next round's form (JS)
    page = visitor.get(url).content.decode()
    assert re.search(r'<h1 id="correction-title"[^>]*>Correct round 1</h1>', page)
    assert 'id="card-picker"' in page
    assert "hx-post" not in page.split('id="correction-title"')[1]  # a plain form there


def correction_data(content: str, **hands: str) -> dict:
    """The correction form as shown, with `hands` typed over."""
    shown = re.search(r'name="shown" value="([^"]*)"', content)[1]
    return round_post(1, shown=shown, caller="0", **hands)


def test_a_correction_sent_from_the_board_answers_with_what_it_changed(owner, visitor):
    match = cabo_match(owner, 2)
    url = reverse("matches:edit_round", args=[match.pk, 1])
    data = correction_data(visitor.get(url, headers=HTMX).content.decode(), hand_0="0")
    # A fault: the correction again, in its place, with the message beside the field.
    refused = visitor.post(url, {**data, "hand_1": "-4"}, headers=HTMX)
    assert refused.status_code == 200
    assert "HX-Retarget" not in refused
    content = refused.content.decode()
    assert "At least 0." in content and 'class="round-form game-cabo correction-form"' in content
    assert Round.objects.get(match=match, number=1).data["hands"]["Ben"] != 4
    # Sent again right: the board's regions, the correction closed, in place of the entry.
    answer = visitor.post(url, {**data, "hand_1": "44"}, headers=HTMX)
    assert answer.status_code == 200
    assert (answer["HX-Retarget"], answer["HX-Reswap"]) == ("#entry", "outerHTML")
    content = answer.content.decode()
    assert "Round 1 corrected." in content
    assert '<div id="correction" hx-swap-oob="true"></div>' in content
    assert Round.objects.get(match=match, number=1, deleted_at=None).data["hands"]["Ben"] == 44


def test_a_correction_on_the_board_has_ids_of_its_own(owner, visitor):
    """Loaded beside the next round's form: labels, the card picker and the ± key must
    reach the correction's fields, not the next round's."""
    match = cabo_match(owner, 2)
    board = visitor.get(reverse("matches:match", args=[match.pk])).content.decode()
    url = reverse("matches:edit_round", args=[match.pk, 1])
    fragment = visitor.get(url, headers=HTMX).content.decode()
    board_ids = set(re.findall(r' id="([^"]+)"', board))
    correction_ids = set(re.findall(r' id="([^"]+)"', fragment))
    assert "fix_hand_0" in correction_ids
    assert board_ids & correction_ids == set()


def test_a_kept_board_holds_no_token_and_no_one_time_key(owner, visitor):
    match = cabo_match(owner, 3)
    first = board(visitor, match)
    key = f"board:{match.pk}:{match.version}:en::owner:-:page:"
    found = cache.get(key)
    assert found is not None
    pieces = zip(found.texts, (*found.slots, b""), strict=True)
    kept = b"".join(text + slot for text, slot in pieces).decode()
    assert rendered.CSRF_SLOT in kept and str(rendered.ENTRY_KEY_SLOT) in kept
    assert "csrfmiddlewaretoken" in kept
    slot = re.escape(rendered.CSRF_SLOT)
    assert not re.search(rf'name="csrfmiddlewaretoken" value="(?!{slot})', kept)
    second = board(visitor, match)
    keys = [
        re.search(r'name="entry_key" value="([^"]+)"', page).group(1) for page in (first, second)
    ]
    tokens = [re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1) for page in (first, second)]
    assert keys[0] != keys[1] and tokens[0] != tokens[1]


def test_a_kept_board_goes_compressed_with_its_slots_filled(owner, visitor):
    match = cabo_match(owner, 3)
    plain = board(visitor, match)
    url = reverse("matches:match", args=[match.pk])
    answer = visitor.get(url, headers={"accept-encoding": "gzip"})
    assert answer["Content-Encoding"] == "gzip"
    page = gzip.decompress(answer.content).decode()
    assert "Enter round 4" in page and page.count("<html") == 1
    assert rendered.CSRF_SLOT not in page and str(rendered.ENTRY_KEY_SLOT) not in page
    # The same page but for its token and its form's key.
    key = re.compile(r'(value=|"X-CSRFToken": )"[^"]+"')
    assert key.sub("", page) == key.sub("", plain)


def test_a_kept_board_costs_the_session_only(owner, visitor, django_assert_num_queries):
    """The session is read with its owner; the match's version is kept under the owner's."""
    match = cabo_match(owner, 3)
    board(visitor, match)
    with django_assert_num_queries(1):
        board(visitor, match)
    board(visitor, match, headers=HTMX)  # the fragment is kept on its own
    with django_assert_num_queries(1):
        board(visitor, match, headers=HTMX)


def test_a_board_asked_again_after_a_change_of_the_owners_matches_is_as_they_are(
    owner, visitor, django_assert_num_queries
):
    match, other = cabo_match(owner, 3), cabo_match(owner, 2)
    board(visitor, match)
    services.delete_last_round(other, number=2, owner=owner)  # the owner's version moves on
    with django_assert_num_queries(2):  # the session, then the match's version: unchanged
        assert round_numbers(board(visitor, match)) == [1, 2, 3]
    services.delete_last_round(match, number=3, owner=owner)
    assert round_numbers(board(visitor, match)) == [1, 2]
    sharing.share(match, "follow")  # the share panel shows the link
    assert sharing.share(match, "follow").token in board(visitor, match)
    services.delete_match(match)
    # Not the board kept: the home page, which offers to undo the deletion.
    gone = visitor.get(reverse("matches:match", args=[match.pk]))
    assert (gone.status_code, gone["Location"]) == (302, f"/?deleted={match.pk}")


def test_a_board_with_a_flash_message_or_an_undo_offer_is_not_kept(owner, visitor):
    match = cabo_match(owner, 2)
    deleted = services.delete_last_round(match, number=2, owner=owner)
    undo = board(visitor, match, data={"undo": deleted.pk})
    assert "Undo: restore round 2" in undo
    # The deletion told as the last change offers its undo too (QA29), until it is undone.
    assert "Undo: restore round 2" in board(visitor, match)
    services.restore_round(match, deleted.pk, owner=owner)
    assert "Undo: restore round 2" not in board(visitor, match, data={"undo": deleted.pk})
    assert "Undo: restore round 2" not in board(visitor, match)
    visitor.post(reverse("matches:resume", args=[match.pk]))  # a flash: "Match resumed."
    assert "Match resumed." in board(visitor, match)
    assert "Match resumed." not in board(visitor, match)


def change_every_way(match: Match, owner: Owner):
    """Each change a match can go through, and what the board shows after it."""
    yield (
        lambda: services.record_round(
            match, cabo_rounds(1)[0], number=3, entry_key=uuid.uuid4(), owner=owner
        ),
        "Ben deals, Ana plays first",
    )
    yield (
        lambda: services.correct_round(
            match, 3, {"caller": "Ben", "hands": {"Ana": 7, "Ben": 0}}, owner=owner
        ),
        "<td>+7</td>",
    )
    yield lambda: services.delete_last_round(match, number=3, owner=owner), "Delete round 2"
    deleted = Round.objects.filter(match=match, number=3).get()
    yield lambda: services.restore_round(match, deleted.pk, owner=owner), "Delete round 3"
    yield lambda: services.correct_players(match, ["Ana", "Bea"], "Ana", owner=owner), "Bea"
    yield (
        lambda: services.correct_players(match, ["Ana", "Bea"], "Bea", owner=owner),
        "Ana deals, Bea plays first",
    )
    yield lambda: services.abandon_match(match), "Resume the match"
    yield lambda: services.resume_match(match), "Abandon the match"


def test_every_change_of_a_match_shows_on_its_kept_board_at_once(owner, visitor):
    match = cabo_match(owner, 2)
    versions = [Match.objects.get(pk=match.pk).version]
    for change, shown in change_every_way(match, owner):
        # Words or markup ("<td>+7</td>"): either is looked for, in what the page reads too;
        # not in the turns told ahead for a phone offline (`data-turns`), which it does not show.
        before = re.sub(r' data-turns="[^"]*"', "", board(visitor, match))
        assert shown not in before + text_of(before)
        change()
        after = board(visitor, match)
        assert shown in after + text_of(after), shown
        versions.append(Match.objects.get(pk=match.pk).version)
    assert versions == sorted(set(versions))
    services.delete_match(match)
    # Not the board kept: the home page, which offers to undo the deletion.
    gone = visitor.get(reverse("matches:match", args=[match.pk]))
    assert (gone.status_code, gone["Location"]) == (302, f"/?deleted={match.pk}")
    services.restore_match(match)
    assert "Abandon the match" in board(visitor, match)


def test_a_board_is_kept_per_language(owner, visitor):
    match = cabo_match(owner, 2)
    assert "Record the round" in board(visitor, match)
    french = board(visitor, match, headers={"Accept-Language": "fr"})
    assert "Record the round" not in french
    assert "Enregistrer la manche" in french


def entry_as_rendered(match: Match, request) -> tuple[str, str]:
    """The entry region kept (or rendered to be kept), and rendered afresh."""
    context = scoreboard_context(match)
    kept = rendered.entry_html(request, context)
    fresh = render_to_string("matches/match.html#entry", context, request)
    return normalized(kept), normalized(fresh)


def normalized(html: str) -> str:
    html = re.sub(r'(name="entry_key" value=")[^"]+', r"\1KEY", html)
    return re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1TOKEN", html)


@pytest.mark.parametrize("spec", ALL, ids=lambda spec: f"{spec['game']}-{spec['preset']}")
def test_a_kept_entry_form_is_the_one_rendered_for_every_round(owner, spec):
    """The form kept at an earlier round of the same shape serves the later ones."""
    request = RequestFactory().get("/")
    match = build(owner, {**spec, "rounds": []})
    translation.activate("en")
    for number, data in enumerate(spec["rounds"], start=1):
        match = Match.objects.prefetch_related("rounds").get(pk=match.pk)
        kept, fresh = entry_as_rendered(match, request)
        assert kept == fresh
        assert f'name="number" value="{number}"' in kept
        services.record_round(match, data, number=number, entry_key=uuid.uuid4(), owner=owner)
    match = Match.objects.prefetch_related("rounds").get(pk=match.pk)
    assert entry_as_rendered(match, request)[0] == entry_as_rendered(match, request)[1]
    # Another match of the same line-up gets the form kept for the first, at its address.
    other = Match.objects.prefetch_related("rounds").get(pk=build(owner, {**spec, "rounds": []}).pk)
    kept, fresh = entry_as_rendered(other, request)
    assert kept == fresh
    assert f'action="{reverse("matches:add_round", args=[other.pk])}"' in kept


def post_round(client, match: Match, **headers):
    return client.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(match.round_count + 1, caller="0", hand_0="0", hand_1="1"),
        headers={**HTMX, **headers},
    )


def test_a_round_answers_with_what_changed_as_much_at_200_rounds_as_at_10(owner, visitor):
    sizes = []
    for rounds in (10, 200):
        match = cabo_match(owner, rounds)
        answer = post_round(visitor, match).content.decode()
        assert answer.lstrip().startswith('<div id="entry">')
        assert f"Enter round {rounds + 2}" in answer
        assert round_numbers(answer) == list(range(rounds - 8, rounds + 2))
        assert not [slot for slot in SLOTS if slot in answer]
        sizes.append(len(answer))
    assert sizes[1] - sizes[0] < 300  # a few more digits


@pytest.mark.parametrize(("rounds", "dropped"), [(9, None), (10, 1), (14, 5)])
def test_a_round_added_drops_the_oldest_row_of_a_board_showing_its_last_ten(
    owner, visitor, rounds, dropped
):
    match = cabo_match(owner, rounds)
    url = reverse("matches:match", args=[match.pk])
    post = {
        "path": reverse("matches:add_round", args=[match.pk]),
        "data": round_post(rounds + 1, caller="0", hand_0="0", hand_1="1", seen=match.version),
    }
    answer = visitor.post(**post, headers={**HTMX, "HX-Current-URL": url}).content.decode()
    assert round_numbers(answer) == [rounds + 1]  # the new row alone
    deleted = re.findall(r'<tbody id="round-(\d+)" hx-swap-oob="delete">', answer)
    assert deleted == ([] if dropped is None else [str(dropped)])
    # A board showing all its rounds keeps them.
    post["data"] = round_post(
        rounds + 2, caller="0", hand_0="0", hand_1="1", seen=match.version + 1
    )
    every = {**HTMX, "HX-Current-URL": f"{url}?rounds=all"}
    assert 'hx-swap-oob="delete"' not in visitor.post(**post, headers=every).content.decode()


@pytest.mark.parametrize("current", ["http://[::1", "http://x]/?rounds=all"])
def test_a_round_sent_from_an_address_that_cannot_be_read_is_saved_and_answered(
    owner, visitor, current
):
    """The page's address (htmx's HX-Current-URL) was read after the round was saved: one
    no browser sends answered 500 for a round recorded all the same."""
    match = cabo_match(owner, 3)
    answer = visitor.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(4, caller="0", hand_0="0", hand_1="1", seen=match.version),
        headers={**HTMX, "HX-Current-URL": current},
    )
    assert answer.status_code == 200
    assert round_numbers(answer.content.decode()) == [4]
    assert match.rounds.filter(number=4, deleted_at__isnull=True).exists()


def test_a_round_that_ends_the_match_answers_with_the_result_and_play_again(owner, visitor):
    match = build_match(owner, "cabo", ["Ana", "Ben"], cabo_rounds(2), options={"target": 100})
    answer = visitor.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(3, caller="0", hand_0="0", hand_1="120"),
        headers=HTMX,
    ).content.decode()
    assert '<div id="entry">\n    \n  </div>' in answer
    outcome = answer[answer.index('id="outcome"') : answer.index('id="rounds"')]
    assert "Final standings" in outcome and "1st" in outcome
    assert text_of(answer).count("Ana wins") == 1  # in the standing, in sight, once
    assert "Play again" in answer
    assert re.search(r'name="key" value="[0-9a-f-]{36}"', answer)
    assert not [slot for slot in SLOTS if slot in answer]


def test_a_refused_round_answers_with_the_form_and_its_faults_only(owner, visitor):
    match = cabo_match(owner, 2)
    answer = visitor.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(3, hand_0="0", hand_1="1"),  # nobody called
        headers=HTMX,
    ).content.decode()
    assert answer.lstrip().startswith('<div id="entry">')
    assert "errorlist" in answer
    assert "hx-swap-oob" not in answer
    # What was typed, sent back: kept in the tab through a Reload (app.js).
    assert re.search(r"<form [^>]*class=\"round-form [^>]*data-retyped", answer)
    assert Match.objects.get(pk=match.pk).round_count == 2


# A round sent back with its faults, as each game's form sent it (new matches: round 1).
REFUSED_ROUNDS = {
    "cabo": (["Ana", "Ben"], {"hand_0": "3"}, ["Tick who called Cabo."]),  # Ben's hand blank
    "escoba": (["Ana", "Ben"], {"cards_0": "25"}, ["Tick who took the velo."]),
    "cabanga": (["Ana", "Ben", "Cas"], {"n1_1": "2"}, ["Enter the cards left"]),
}


def without_csrf(content: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", content)


def checked_again(client, match: Match, data: dict, **headers):
    url = reverse("matches:add_round", args=[match.pk])
    return client.get(url, data, headers={**HTMX, **headers})


@pytest.mark.parametrize("game", REFUSED_ROUNDS)
def test_a_refused_round_put_back_is_checked_again_and_answers_as_it_was_sent(owner, visitor, game):
    """app.js asks, after a Reload, for the faults of a round sent back with them: the
    answer is the one sending it got (the form, its faults beside their fields), and
    nothing is recorded."""
    players, typed, faults = REFUSED_ROUNDS[game]
    match = build_match(owner, game, players)
    data = round_post(1, seen=str(match.version), **typed)
    sent = visitor.post(reverse("matches:add_round", args=[match.pk]), data, headers=HTMX)
    answer = checked_again(visitor, match, data)
    assert answer.status_code == 200
    assert "HX-Request" in answer["Vary"]
    content = answer.content.decode()
    assert without_csrf(content) == without_csrf(sent.content.decode())
    assert content.lstrip().startswith('<div id="entry">') and "<html" not in content
    assert all(fault in content for fault in faults)
    assert re.search(r"<form [^>]*class=\"round-form [^>]*data-retyped", content)
    assert Round.objects.filter(match=match).count() == 0


def test_a_refused_round_checked_again_says_its_faults_in_the_pages_language(owner, visitor):
    match = build_match(owner, "cabo", ["Ana", "Ben"])
    answer = checked_again(visitor, match, round_post(1, hand_0="3"), **{"Accept-Language": "fr"})
    with translation.override("fr"):
        assert translation.gettext("Tick who called Cabo.") in answer.content.decode()
    assert "Tick who called Cabo." not in answer.content.decode()


def test_a_round_checked_again_with_nothing_wrong_now_answers_nothing(owner, visitor):
    """Corrected after it was sent back, or recorded meanwhile from another phone: no
    fault to show, nothing recorded."""
    match = build_match(owner, "cabo", ["Ana", "Ben"])
    typed = {"caller": "0", "hand_0": "0", "hand_1": "5"}
    assert checked_again(visitor, match, round_post(1, **typed)).status_code == 204
    played = {"caller": "Ana", "hands": {"Ana": 0, "Ben": 5}}
    services.record_round(match, played, number=1, entry_key=uuid.uuid4(), owner=owner)
    assert checked_again(visitor, match, round_post(1, hand_0="3")).status_code == 204
    assert Round.objects.filter(match=match).count() == 1


def test_a_round_checked_again_is_the_askers_own_and_a_forged_one_a_bad_request(
    owner, visitor, other_visitor
):
    match = build_match(owner, "cabo", ["Ana", "Ben"])
    assert checked_again(other_visitor, match, round_post(1, hand_0="3")).status_code == 404
    forged = round_post(1, hand_0="3", caller="7")  # no such seat
    assert checked_again(visitor, match, forged).status_code == 400


def test_the_rounds_address_asked_for_as_a_page_is_the_board(owner, visitor):
    """Without htmx (the page of a round refused without JavaScript, asked again), with
    or without fields: the board, never a fragment."""
    match = build_match(owner, "cabo", ["Ana", "Ben"])
    url = reverse("matches:add_round", args=[match.pk])
    board_url = reverse("matches:match", args=[match.pk])
    assert visitor.get(url)["Location"] == board_url
    assert visitor.get(url, round_post(1, hand_0="3"))["Location"] == board_url
    restore = {**HTMX, "HX-History-Restore-Request": "true"}
    assert visitor.get(url, round_post(1, hand_0="3"), headers=restore)["Location"] == board_url


def test_a_deletion_answers_with_the_undo_offer_and_the_regions_it_changed(owner, visitor):
    match = cabo_match(owner, 12)
    answer = visitor.post(
        reverse("matches:delete_last", args=[match.pk]), {"number": "12"}, headers=HTMX
    ).content.decode()
    assert "Round 12 deleted." in answer
    assert "Undo: restore round 12" in answer
    assert round_numbers(answer) == list(range(2, 12))
    assert "Enter round 12" in answer


def test_a_correction_without_javascript_lands_on_its_round_even_an_earlier_one(owner, visitor):
    match = cabo_match(owner, 14)
    board_url = reverse("matches:match", args=[match.pk])
    for number, landing in ((13, f"{board_url}#round-13"), (2, f"{board_url}?rounds=all#round-2")):
        url = reverse("matches:edit_round", args=[match.pk, number])
        response = visitor.post(url, round_post(number, caller="1", hand_0="3", hand_1="0"))
        assert response.status_code == 302
        assert response["Location"] == landing
        # The board says so where it stays in sight: in the standing.
        board = visitor.get(landing.split("#")[0]).content.decode()
        standing = board[board.index('id="standing"') : board.index('id="outcome"')]
        assert f"Round {number} corrected." in standing
        assert f'href="{landing}"' in visitor.get(url).content.decode()
        why = visitor.get(reverse("matches:round_why", args=[match.pk, number]))
        assert f'href="{landing}"' in why.content.decode()


@pytest.mark.parametrize("spec", ALL, ids=lambda spec: f"{spec['game']}-{len(spec['rounds'])}")
@pytest.mark.parametrize("rounds", [None, 1])
def test_a_board_names_each_id_once(owner, visitor, spec, rounds):
    """A label, a fault or a swap reaches the one element of its id: the round form's
    `number` and the deletion's are two fields, one with an id."""
    match = build(owner, {**spec, "rounds": spec["rounds"][:rounds]})
    page = board(visitor, match)
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids)), sorted(i for i in set(ids) if ids.count(i) > 1)


def legend(content: str, mark: str) -> str | None:
    """The text of the legend of `mark` ("tiebreak", "adjusted") the page shows, if it
    shows it (an answer or a board without that mark in its rows holds it hidden)."""
    tag = rf'<p id="legend-{mark}" class="muted small"( hx-swap-oob="true")?( hidden)?>'
    found = re.search(tag + "([^<]*)</p>", content)
    return None if found is None or found[2] else found[3]


def test_a_board_showing_a_tiebreak_round_says_what_its_star_means(owner, visitor):
    tiebreak = board(visitor, build(owner, CABO_TIEBREAK))
    assert '<a href="/matches/' in tiebreak and ">2*</a>" in tiebreak
    assert legend(tiebreak, "tiebreak").startswith("* A tiebreak round: only the tied players")
    assert legend(board(visitor, build(owner, CABO_FR)), "tiebreak") is None


def test_a_total_that_went_back_to_50_is_marked_and_the_mark_said(owner, visitor):
    match = build_match(owner, "cabo", ["Ana", "Ben"], CABO_RESET, preset="official")
    content = board(visitor, match)
    row = content[content.index('id="round-2"') :]
    row = row[: row.index("</tbody>")]
    # Ben's 50 + 50 is exactly 100: back to 50, marked; Ana's 0 is not.
    marked = '<span class="total">50<span class="mark">↺</span></span><span class="pts">+50</span>'
    assert marked in row
    assert '<span class="total">0</span>' in row
    assert "↺" not in content[content.index('id="round-1"') : content.index('id="round-2"')]
    assert legend(content, "adjusted") == "↺ A total of exactly 100 went back to 50."
    # A match without a reset holds it hidden; a game without such a rule has none.
    assert legend(board(visitor, build(owner, CABO_FR)), "adjusted") is None
    escoba = board(visitor, build(owner, ESCOBA))
    assert 'id="legend-adjusted"' not in escoba and 'id="legend-tiebreak"' not in escoba
    french = board(visitor, match, headers={"Accept-Language": "fr"})
    assert legend(french, "adjusted") == "↺ Un total d’exactement 100 est redescendu à 50."


def test_a_round_added_brings_its_marked_row_and_leaves_the_legends_to_the_board(owner, visitor):
    """The answer has the new row alone: which legends the board shows depends on all its
    rows, which the page knows (app.js), not the answer."""
    match = build_match(owner, "cabo", ["Ana", "Ben"], CABO_RESET[:1], preset="official")
    url = reverse("matches:add_round", args=[match.pk])
    reset = round_post(2, caller="0", hand_0="0", hand_1="50", seen=match.version)
    answer = visitor.post(url, reset, headers=HTMX).content.decode()
    assert round_numbers(answer) == [2] and '<span class="mark">↺</span>' in answer
    assert 'id="legend-adjusted"' not in answer and 'id="legend-tiebreak"' not in answer
