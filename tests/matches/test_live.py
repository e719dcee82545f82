"""The live table through the test client: sharing a match, following it, scoring it from
a second phone, and links that stop working."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scorepad.matches import services, sharing
from scorepad.matches.models import Match, Round, ShareLink
from scorepad.matches.scoreboard import board_of
from tests.matches.helpers import rendered_form_data, round_post, text_of
from tests.records.conftest import build_match

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
CABO_ROUND_2 = {"caller": "0", "hand_0": "3", "hand_1": "7"}


@pytest.fixture
def match(owner):
    return build_match(
        owner, "cabo", ["Ana", "Ben"], [{"caller": "Ana", "hands": {"Ana": 1, "Ben": 9}}]
    )


@pytest.fixture
def follow(match) -> ShareLink:
    return sharing.share(match, "follow")


@pytest.fixture
def score(match) -> ShareLink:
    return sharing.share(match, "score")


def live(name: str, link: ShareLink | str, *args) -> str:
    token = link if isinstance(link, str) else link.token
    return reverse(f"live:{name}", args=[token, *args])


def gone_body(client: Client, url: str, method: str = "get") -> bytes:
    response = getattr(client, method)(url)
    assert response.status_code == 404
    assert b"This link no longer works" in response.content
    return response.content


def into_owners_data(body: str) -> list[str]:
    """Addresses on a page that lead into a scorer's data: their matches, or anything of
    the history but its index (which shows the visitor's own)."""
    addresses = re.findall(r'(?:href|action|hx-get|hx-post)="([^"]+)"', body)
    return [
        a
        for a in addresses
        if a.startswith("/matches/")
        or a.startswith("/history/?")
        or (a.startswith("/history/") and a != "/history/")
    ]


def without_secrets(body: bytes) -> bytes:
    """A page without what changes on every answer (CSP nonce, CSRF token), nor the
    language form's way back and the board a gone page asks for (the visitor's own
    address), nor the mark of a page that answers a post (app.js: `data-posted`)."""
    body = body.replace(b" data-posted", b"")
    body = re.sub(rb'<input name="next" type="hidden" value="[^"]*">', b"", body)
    body = re.sub(rb'data-revive="/live/[^/"]+/board/"', b"", body)
    body = re.sub(rb"\s+", b" ", body)  # the lines the way back leaves empty
    return re.sub(rb'(nonce|value)="[^"]*"|"X-CSRFToken": "[^"]*"', b"", body)


# ---- sharing, by the owner ----------------------------------------------------------


def test_the_owner_shares_a_follow_link_and_sees_its_qr_code(visitor, match):
    response = visitor.post(reverse("matches:share", args=[match.pk]), {"kind": "follow"})
    assert response.status_code == 302
    assert response["Location"] == reverse("matches:match", args=[match.pk]) + "?share=open#share"
    link = ShareLink.objects.get(match=match, kind="follow", revoked_at__isnull=True)
    assert len(link.token) >= 22  # 128 bits at least, URL-safe
    assert re.fullmatch(r"[A-Za-z0-9_-]+", link.token)
    page = visitor.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert f"http://testserver/live/{link.token}/" in page
    assert '<svg viewBox="' in page and 'class="qr-code"' in page


def test_sharing_twice_gives_the_same_link_and_sharing_after_stopping_a_new_one(visitor, match):
    url = reverse("matches:share", args=[match.pk])
    visitor.post(url, {"kind": "follow"})
    visitor.post(url, {"kind": "follow"})
    first = ShareLink.objects.get(match=match, kind="follow")
    visitor.post(reverse("matches:stop_sharing", args=[match.pk, "follow"]))
    first.refresh_from_db()
    assert first.revoked_at is not None
    visitor.post(url, {"kind": "follow"})
    fresh = ShareLink.objects.get(match=match, kind="follow", revoked_at__isnull=True)
    assert fresh.token != first.token


@pytest.mark.parametrize("kind", ["follow", "score"])
def test_a_link_stopped_by_mistake_works_again_the_same_after_undo(visitor, match, kind):
    """QA: "Stop sharing" sits under "Copy the link"; one tap ended every follower's
    board, and sharing again made a new link to hand round again."""
    link = sharing.share(match, kind)
    before = Match.objects.get().version
    stopped = visitor.post(reverse("matches:stop_sharing", args=[match.pk, kind]), headers=HTMX)
    said = text_of(stopped.content.decode())
    assert "stopped: the phones" in said and "Undo" in said
    assert f'name="link" value="{link.pk}"' in stopped.content.decode()
    gone_body(Client(), live("page", link))
    again = visitor.post(
        reverse("matches:share_again", args=[match.pk, kind]), {"link": link.pk}, headers=HTMX
    )
    assert again.status_code == 200
    assert "The same link works again" in text_of(again.content.decode())
    assert f"/live/{link.token}/" in again.content.decode()
    assert Client().get(live("page", link)).status_code == 200
    assert ShareLink.objects.get(kind=kind, revoked_at__isnull=True) == link
    assert Match.objects.get().version == before + 2
    # A second tap on Undo (the answer slow to come) changes nothing more.
    twice = visitor.post(
        reverse("matches:share_again", args=[match.pk, kind]), {"link": link.pk}, headers=HTMX
    )
    assert "The same link works again" in text_of(twice.content.decode())
    assert Match.objects.get().version == before + 2


def test_undo_of_a_stop_leaves_the_link_stopped_once_a_new_one_was_made(visitor, match, follow):
    visitor.post(reverse("matches:stop_sharing", args=[match.pk, "follow"]), headers=HTMX)
    fresh = sharing.share(match, "follow")
    undo = visitor.post(
        reverse("matches:share_again", args=[match.pk, "follow"]), {"link": follow.pk}, headers=HTMX
    )
    assert "A new link was made since" in text_of(undo.content.decode())
    follow.refresh_from_db()
    assert follow.revoked_at is not None
    assert ShareLink.objects.get(revoked_at__isnull=True) == fresh


def test_undo_of_a_stop_refuses_what_only_a_broken_page_sends(visitor, match, follow, owner):
    url = reverse("matches:share_again", args=[match.pk, "follow"])
    visitor.post(reverse("matches:stop_sharing", args=[match.pk, "follow"]), headers=HTMX)
    other = build_match(owner, "cabo", ["Cy", "Di"], [])
    elsewhere = sharing.share(other, "follow")
    sharing.stop_sharing(other, "follow")
    answers = [
        visitor.post(url, {}).status_code,
        visitor.post(url, {"link": "one"}).status_code,
        visitor.post(url, {"link": elsewhere.pk}).status_code,  # another match's link
        visitor.post(url, {"link": follow.pk + 1000}).status_code,
        visitor.post(
            reverse("matches:share_again", args=[match.pk, "admin"]), {"link": follow.pk}
        ).status_code,
        visitor.get(url).status_code,
    ]
    assert answers == [400, 400, 404, 404, 404, 405]
    assert not ShareLink.objects.filter(revoked_at__isnull=True).exists()


def test_only_the_owner_undoes_a_stop(other_visitor, visitor, match, follow):
    visitor.post(reverse("matches:stop_sharing", args=[match.pk, "follow"]))
    url = reverse("matches:share_again", args=[match.pk, "follow"])
    assert other_visitor.post(url, {"link": follow.pk}).status_code == 404
    follow.refresh_from_db()
    assert follow.revoked_at is not None


def test_the_co_scorer_link_is_made_on_demand_with_a_warning(visitor, match):
    page = visitor.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert "Make a co-scorer link" in page
    assert not ShareLink.objects.filter(kind="score").exists()
    response = visitor.post(
        reverse("matches:share", args=[match.pk]), {"kind": "score"}, headers=HTMX
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body
    assert 'id="share"' in body
    assert "lets another phone record and correct rounds" in body
    assert ShareLink.objects.get(kind="score").token in body


def test_sharing_a_kind_that_does_not_exist_is_a_bad_request(visitor, match):
    response = visitor.post(reverse("matches:share", args=[match.pk]), {"kind": "admin"})
    assert response.status_code == 400
    revoke = visitor.post(reverse("matches:stop_sharing", args=[match.pk, "admin"]))
    assert revoke.status_code == 404


def test_share_and_stop_take_posts_only(visitor, match):
    assert visitor.get(reverse("matches:share", args=[match.pk])).status_code == 405
    url = reverse("matches:stop_sharing", args=[match.pk, "follow"])
    assert visitor.get(url).status_code == 405


def test_only_the_owner_shares_or_stops_sharing(other_visitor, match, follow):
    share = other_visitor.post(reverse("matches:share", args=[match.pk]), {"kind": "score"})
    stop = other_visitor.post(reverse("matches:stop_sharing", args=[match.pk, "follow"]))
    assert (share.status_code, stop.status_code) == (404, 404)
    follow.refresh_from_db()
    assert follow.revoked_at is None
    assert not ShareLink.objects.filter(kind="score").exists()


def test_sharing_changes_the_owners_page_etag(visitor, match):
    url = reverse("matches:match", args=[match.pk])
    before = visitor.get(url)["ETag"]
    visitor.post(reverse("matches:share", args=[match.pk]), {"kind": "follow"})
    assert visitor.get(url, headers={"If-None-Match": before}).status_code == 200


def test_sharing_brings_the_round_forms_version_along_when_the_form_showed_the_match(
    visitor, match
):
    """QA: the form kept the version before the share, and the next round, taken for one
    from a board left behind, told the change before it again."""
    share, stop = (
        reverse("matches:share", args=[match.pk]),
        reverse("matches:stop_sharing", args=[match.pk, "follow"]),
    )
    shown = str(Match.objects.get().version)

    def seen_in(response) -> str | None:
        found = re.search(
            r'<input type="hidden" name="seen" value="(\d+)" id="id_seen" hx-swap-oob="true">',
            response.content.decode(),
        )
        return found and found.group(1)

    shared = visitor.post(share, {"kind": "follow", "seen": shown}, headers=HTMX)
    assert seen_in(shared) == str(Match.objects.get().version) == str(int(shown) + 1)
    # The same tap again makes nothing: the version stays, and so does the form's.
    again = visitor.post(share, {"kind": "follow", "seen": str(int(shown) + 1)}, headers=HTMX)
    assert seen_in(again) is None
    # A form older than the share (a board left behind) stays as old: its next round
    # brings every change it missed.
    stopped = visitor.post(stop, {"seen": shown}, headers=HTMX)
    assert seen_in(stopped) is None
    assert Match.objects.get().version == int(shown) + 2
    # Nothing sent (no round form on the board: a match over).
    assert seen_in(visitor.post(share, {"kind": "score"}, headers=HTMX)) is None
    # Sent, then recorded as added to the board as it is: only the new row comes.
    current = str(Match.objects.get().version)
    stop_scoring = reverse("matches:stop_sharing", args=[match.pk, "score"])
    assert seen_in(visitor.post(stop_scoring, {"seen": current}, headers=HTMX))
    response = visitor.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(2, seen=str(int(current) + 1), **CABO_ROUND_2),
        headers=HTMX,
    )
    assert 'hx-swap-oob="beforebegin:#rounds-foot"' in response.content.decode()


# ---- following ----------------------------------------------------------------------


def test_a_follower_sees_the_board_read_only(follow, match):
    match.refresh_from_db()
    response = Client().get(live("page", follow))
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="scoreboard"' in body and f'data-version="{match.version}"' in body
    assert "plays first" in body  # who deals next, as at the table
    for owners in ("round-form", "/matches/", "/history/matches", "house-rules", "Abandon"):
        assert owners not in body, owners
    assert "Delete" not in body and "Correct this round" not in body
    assert "Share the table" not in body


def test_a_follower_of_a_finished_match_is_not_offered_to_play_again(follow, match, owner):
    """ "Play again" is the owner's: a follower's board of the ended match shows who won."""
    services.record_round(
        match,
        {"caller": "Ana", "hands": {"Ana": 0, "Ben": 200}},
        number=2,
        entry_key=uuid.uuid4(),
        owner=owner,
    )
    match.refresh_from_db()
    assert match.finished
    content = Client().get(live("page", follow)).content.decode()
    assert "Ana wins" in text_of(content)
    assert "Play again" not in content
    assert reverse("matches:again", args=[match.pk]) not in content


def test_a_follower_reads_the_board_in_their_own_language(follow):
    response = Client().get(live("page", follow), headers={"Accept-Language": "fr"})
    assert '<html lang="fr">' in response.content.decode()
    assert "Manche 1" in response.content.decode()
    dutch = Client()
    dutch.cookies["django_language"] = "nl"
    assert '<html lang="nl">' in dutch.get(live("page", follow)).content.decode()


def test_the_board_is_a_fragment_with_its_match_version(follow, match):
    match.refresh_from_db()
    response = Client().get(live("board", follow), headers=HTMX)
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body
    assert body.lstrip().startswith('<section id="scoreboard"')
    assert f'data-version="{match.version}"' in body
    assert response["ETag"]


@pytest.mark.parametrize("kind", ["follow", "score"])
def test_the_page_asked_for_in_place_is_the_board_alone_not_a_page_within_it(match, kind):
    """After rounds kept on a co-scorer's phone are sent, offline-rounds.js asks for the
    page's own address into #scoreboard: the board, as the poll gets it."""
    link = sharing.share(match, kind)
    phone = Client()
    in_place = phone.get(live("page", link), headers=HTMX)
    assert in_place.status_code == 200
    body = in_place.content.decode()
    assert "<html" not in body and "<main" not in body
    assert body.lstrip().startswith('<section id="scoreboard"')
    polled = phone.get(live("board", link), headers=HTMX).content.decode()
    assert without_secrets(body.encode()) == without_secrets(polled.encode())  # a fresh key
    assert "HX-Request" in in_place["Vary"]
    # Loaded as a page (a reload, Back), it is the whole page.
    assert "<main" in phone.get(live("page", link)).content.decode()


def test_an_unchanged_board_is_a_304_with_one_query_and_nothing_rendered(
    follow, django_assert_max_num_queries
):
    follower = Client()
    etag = follower.get(live("board", follow), headers=HTMX)["ETag"]
    with django_assert_max_num_queries(1):
        again = follower.get(live("board", follow), headers={"If-None-Match": etag, **HTMX})
    assert again.status_code == 304
    assert again.content == b""
    assert again.templates == []


def test_a_follower_with_a_session_of_their_own_still_costs_one_query(
    follow, other_visitor, django_assert_max_num_queries
):
    etag = other_visitor.get(live("board", follow), headers=HTMX)["ETag"]
    with django_assert_max_num_queries(1):
        again = other_visitor.get(live("board", follow), headers={"If-None-Match": etag})
    assert again.status_code == 304


def test_the_page_hands_the_poller_the_boards_etag(follow):
    follower = Client()
    page = follower.get(live("page", follow)).content.decode()
    etag = re.search(r'data-etag="([^"]+)"', page).group(1).replace("&quot;", '"')
    assert follower.get(live("board", follow), headers={"If-None-Match": etag}).status_code == 304


def test_a_recorded_round_changes_the_board_and_its_etag(follow, match, owner):
    follower = Client()
    etag = follower.get(live("board", follow), headers=HTMX)["ETag"]
    ben_calls = {"caller": "Ben", "hands": {"Ana": 5, "Ben": 2}}
    services.record_round(match, ben_calls, number=2, entry_key=uuid.uuid4(), owner=owner)
    again = follower.get(live("board", follow), headers={"If-None-Match": etag, **HTMX})
    assert again.status_code == 200
    assert again["ETag"] != etag
    assert 'id="round-2"' in again.content.decode()


def test_the_phones_of_a_table_share_one_rendering_of_each_board(
    follow, match, owner, django_assert_max_num_queries
):
    first = Client().get(live("board", follow), headers=HTMX)
    assert first.templates  # rendered for the first phone...
    with django_assert_max_num_queries(1):  # ...and kept for the others: the ETag's query
        second = Client().get(live("board", follow), headers=HTMX)
    assert second.templates == []
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]
    ben_calls = {"caller": "Ben", "hands": {"Ana": 5, "Ben": 2}}
    services.record_round(match, ben_calls, number=2, entry_key=uuid.uuid4(), owner=owner)
    after = Client().get(live("board", follow), headers=HTMX)
    assert after.templates and 'id="round-2"' in after.content.decode()
    french = Client().get(live("board", follow), headers={"Accept-Language": "fr", **HTMX})
    assert french.templates and "Manche" in french.content.decode()


def test_a_kept_co_scorers_board_has_a_fresh_entry_key_and_a_working_token(score, match):
    def entry_key(response) -> str:
        return re.search(r'name="entry_key" value="([^"]+)"', response.content.decode()).group(1)

    first = Client().get(live("board", score), headers=HTMX)
    co_scorer = Client(enforce_csrf_checks=True)
    kept = co_scorer.get(live("board", score), headers=HTMX)
    assert kept.templates == []
    assert entry_key(kept) != entry_key(first)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', kept.content.decode())
    data = round_post(2, **CABO_ROUND_2) | {
        "entry_key": entry_key(kept),
        "csrfmiddlewaretoken": token.group(1),
    }
    assert co_scorer.post(live("add_round", score), data).status_code == 302
    assert Round.objects.filter(match=match, deleted_at__isnull=True).count() == 2


def test_the_etag_differs_by_language(follow):
    english = Client().get(live("board", follow))["ETag"]
    french = Client().get(live("board", follow), headers={"Accept-Language": "fr"})["ETag"]
    assert english != french


def test_a_follower_cannot_post_a_round_or_a_correction(follow, match):
    follower = Client()
    body = gone_body(follower, live("add_round", follow), "post")
    assert without_secrets(gone_body(follower, live("edit_round", follow, 1))) == without_secrets(
        body
    )
    assert Round.objects.filter(match=match).count() == 1


def test_live_pages_take_their_methods_only(follow, score):
    client = Client()
    assert client.post(live("page", follow)).status_code == 405
    assert client.post(live("board", follow)).status_code == 405
    assert client.delete(live("add_round", score)).status_code == 405
    assert client.delete(live("edit_round", score, 1)).status_code == 405
    # The address a refused round's page (without JavaScript) came back at, asked again.
    assert client.get(live("add_round", score))["Location"] == live("page", score)


# ---- links that do not work -----------------------------------------------------------


def test_an_unknown_and_a_revoked_link_answer_the_same_page(follow, match):
    client = Client()
    unknown = gone_body(client, live("page", "x" * 32))
    sharing.stop_sharing(match, "follow")
    revoked = gone_body(client, live("page", follow))
    assert without_secrets(unknown) == without_secrets(revoked)
    assert b"Ana" not in revoked and b"Cabo" not in revoked


@pytest.mark.parametrize("token", ["x", "x" * 21, "x" * 65, "x" * 31 + "%00", "x" * 31 + "."])
def test_a_link_mistyped_past_any_tokens_shape_answers_the_same_page(follow, token):
    """No token is looked up that `share_token` could not have made (PostgreSQL refused a
    NUL with a 500); a link cut short or mistyped is still a link that does not work."""
    unknown = gone_body(Client(), f"/live/{token}/")
    assert b"data-revive" not in unknown  # no board of its own to come back to
    gone_body(Client(), f"/live/{token}/rounds/", "post")


def test_the_gone_page_speaks_the_visitors_language(follow, match):
    sharing.stop_sharing(match, "follow")
    response = Client().get(live("page", follow), headers={"Accept-Language": "fr"})
    assert response.status_code == 404
    assert '<html lang="fr">' in response.content.decode()


def test_revoking_takes_effect_on_the_next_request(follow, match, visitor):
    follower = Client()
    etag = follower.get(live("board", follow), headers=HTMX)["ETag"]
    visitor.post(reverse("matches:stop_sharing", args=[match.pk, "follow"]))
    polled = follower.get(live("board", follow), headers={"If-None-Match": etag, **HTMX})
    assert polled.status_code == 404
    assert polled["HX-Refresh"] == "true"  # the polling page reloads into the gone page
    gone_body(follower, live("page", follow))


def test_a_deleted_matchs_links_answer_as_revoked_until_it_is_restored(follow, score, match):
    services.delete_match(match)
    client = Client()
    gone_body(client, live("page", follow))
    gone_body(client, live("board", score))
    gone_body(client, live("add_round", score), "post")
    services.restore_match(match)
    assert client.get(live("page", follow)).status_code == 200


def test_a_gone_live_page_asks_its_own_board_again_and_no_other_page_does(follow, visitor):
    """The page a deleted match's link shows comes back by itself after Undo: it asks
    its board now and then (static/js/live.js); an error page elsewhere asks nothing."""
    services.delete_match(follow.match)
    body = gone_body(Client(), live("page", follow)).decode()
    assert f'data-revive="/live/{follow.token}/board/"' in body
    assert "js/live.js" in body
    not_found = visitor.get("/matches/999999/")
    assert not_found.status_code == 404
    assert b"data-revive" not in not_found.content


def test_a_follow_token_is_not_a_score_token(follow, score):
    assert follow.token != score.token
    gone_body(Client(), live("edit_round", follow, 1))


# ---- scoring from a second phone ----------------------------------------------------


def test_the_co_scorer_sees_the_form_and_corrections_but_nothing_else_of_the_owners(score):
    body = Client().get(live("page", score)).content.decode()
    assert 'class="round-form' in body
    assert f'action="/live/{score.token}/rounds/"' in body
    # A round's "why" (loaded on demand) offers its correction through the link.
    assert f'href="/live/{score.token}/rounds/1/why/"' in body
    why = Client().get(live("round_why", score, 1)).content.decode()
    assert f'href="/live/{score.token}/rounds/1/"' in why
    for owners in ("/matches/", "Abandon the match", "Delete the match", "Share the table"):
        assert owners not in body, owners


def test_no_live_page_leads_into_the_scorers_data(follow, score, match, owner):
    ben_calls = {"caller": "Ben", "hands": {"Ana": 5, "Ben": 2}}
    services.record_round(match, ben_calls, number=2, entry_key=uuid.uuid4(), owner=owner)
    client = Client()
    for url in (
        live("page", follow),
        live("board", follow),
        live("page", score),
        live("board", score),
        live("edit_round", score, 2),
        live("round_why", follow, 2),
        live("round_why", score, 2),
    ):
        body = client.get(url).content.decode()
        assert "why-title" in body or 'id="scoreboard"' in body or "round-form" in body, url
        assert into_owners_data(body) == [], url


def test_a_co_scorer_records_a_round_through_the_owners_rules(score, match):
    co_scorer = Client()
    co_scorer.get(live("page", score))
    response = co_scorer.post(live("add_round", score), round_post(2, **CABO_ROUND_2))
    assert response.status_code == 302
    assert response["Location"] == live("page", score) + "#standing"
    assert Round.objects.filter(match=match, deleted_at__isnull=True).count() == 2


def test_a_co_scorers_htmx_round_gets_the_board_fragment_with_live_urls(score, match):
    response = Client().post(live("add_round", score), round_post(2, **CABO_ROUND_2), headers=HTMX)
    body = response.content.decode()
    assert response.status_code == 200 and "<html" not in body
    assert 'id="round-2"' in body
    assert f'hx-post="/live/{score.token}/rounds/"' in body
    assert "/matches/" not in body


def test_a_co_scorers_mistake_comes_back_with_its_message(score, match):
    response = Client().post(
        live("add_round", score), round_post(2, hand_0="3", hand_1="7"), headers=HTMX
    )
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert Round.objects.filter(match=match).count() == 1


def test_two_scorers_sending_the_same_round_number_record_it_once(score, match, visitor):
    owner_answer = visitor.post(
        reverse("matches:add_round", args=[match.pk]), round_post(2, **CABO_ROUND_2), headers=HTMX
    )
    co_answer = Client().post(live("add_round", score), round_post(2, **CABO_ROUND_2), headers=HTMX)
    assert owner_answer.status_code == co_answer.status_code == 200
    # The same round from both: recorded once, and no conflict to settle.
    assert "Round 2 is recorded: another phone sent the same round first." in (
        co_answer.content.decode()
    )
    assert Round.objects.filter(match=match, number=2).count() == 1
    # Another round under that number: refused, for the co-scorer to settle.
    other = {**CABO_ROUND_2, "hand_0": "9"}
    co_answer = Client().post(live("add_round", score), round_post(2, **other), headers=HTMX)
    assert "Round 2 was already recorded, maybe from another phone." in co_answer.content.decode()
    assert Round.objects.filter(match=match, number=2).count() == 1


def test_a_co_scorer_corrects_a_round(score, match):
    co_scorer = Client()
    form = co_scorer.get(live("edit_round", score, 1))
    assert form.status_code == 200
    assert f'href="/live/{score.token}/#round-1"' in form.content.decode()
    response = co_scorer.post(live("edit_round", score, 1), round_post(1, **CABO_ROUND_2))
    assert response.status_code == 302
    assert response["Location"] == live("page", score) + "#round-1"
    assert Round.objects.get(match=match, number=1).data["hands"] == {"Ana": 3, "Ben": 7}


def test_a_co_scorer_cannot_correct_a_round_that_does_not_exist(score):
    assert Client().get(live("edit_round", score, 9)).status_code == 404


def test_the_co_scorers_browser_reaches_none_of_the_owners_match_urls(score, match):
    co_scorer = Client()
    co_scorer.get(live("page", score))
    pk = match.pk
    for name, args in [
        ("match", [pk]),
        ("scoresheet", [pk]),
        ("edit_round", [pk, 1]),
        ("players", [pk]),
    ]:
        assert co_scorer.get(reverse(f"matches:{name}", args=args)).status_code == 404, name
    for name, args in [
        ("add_round", [pk]),
        ("delete_last", [pk]),
        ("abandon", [pk]),
        ("delete", [pk]),
        ("share", [pk]),
        ("stop_sharing", [pk, "score"]),
    ]:
        data = {"kind": "follow", "number": "1", **round_post(2, **CABO_ROUND_2)}
        assert co_scorer.post(reverse(f"matches:{name}", args=args), data).status_code == 404
    assert Round.objects.filter(match=match).count() == 1
    assert ShareLink.objects.filter(match=match, revoked_at__isnull=True).count() == 1


def test_a_revoked_co_scorer_link_records_nothing(score, match, visitor):
    visitor.post(reverse("matches:stop_sharing", args=[match.pk, "score"]))
    response = Client().post(live("add_round", score), round_post(2, **CABO_ROUND_2), headers=HTMX)
    assert response.status_code == 404
    assert response["HX-Refresh"] == "true"
    assert Round.objects.filter(match=match).count() == 1


def test_a_correction_sent_through_a_revoked_co_scorer_link_changes_nothing(score, match, visitor):
    visitor.post(reverse("matches:stop_sharing", args=[match.pk, "score"]))
    data = round_post(1, **CABO_ROUND_2)
    response = Client().post(live("edit_round", score, 1), data, headers=HTMX)
    assert response.status_code == 404
    assert response["HX-Refresh"] == "true"  # the page decides: reload, or keep what is typed
    plain = Client().post(live("edit_round", score, 1), data)
    assert plain.status_code == 404 and "HX-Refresh" not in plain
    assert Round.objects.get(match=match, number=1).data["hands"] == {"Ana": 1, "Ben": 9}


STOPPED = (
    "The scorer stopped sharing this match: rounds typed here can no longer be recorded."
    " Read this one out so it is entered on the scorer&#x27;s phone."
)


def test_a_co_scorers_forms_carry_what_they_say_if_the_link_stops(score, match):
    """Said in the form by static/js/live.js, in place of reloading into "no longer works"
    while a round is typed there: in the page's language, in the game's words."""
    co_scorer = Client()
    assert f'data-link-stopped="{STOPPED}"' in co_scorer.get(live("page", score)).content.decode()
    htmx_board = co_scorer.get(live("board", score), headers=HTMX).content.decode()
    assert f'data-link-stopped="{STOPPED}"' in htmx_board
    correction = co_scorer.get(live("edit_round", score, 1), headers=HTMX).content.decode()
    assert "corrections typed here can no longer be saved" in correction
    answer = co_scorer.post(live("add_round", score), round_post(2, **CABO_ROUND_2), headers=HTMX)
    assert f'data-link-stopped="{STOPPED}"' in answer.content.decode()  # the next round's form


def test_only_a_co_scorers_forms_say_the_link_stopped(owner, score, match, visitor):
    escoba = build_match(owner, "escoba", ["Ana", "Ben"])
    deals = Client().get(live("page", sharing.share(escoba, "score"))).content.decode()
    assert "deals typed here can no longer be recorded" in deals
    owners = visitor.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert 'class="round-form' in owners and "data-link-stopped" not in owners
    follow = Client().get(live("page", sharing.share(match, "follow"))).content.decode()
    assert "data-link-stopped" not in follow


def test_the_owners_page_follows_the_co_scorer_only_while_the_link_works(visitor, match):
    url = reverse("matches:match", args=[match.pk])
    # Without the link it asks only as it is shown again (QA38), never on its own.
    alone = visitor.get(url).content.decode()
    assert 'hx-trigger="poll-now"' in alone and "every 2s" not in alone
    sharing.share(match, "score")
    assert 'hx-trigger="every 2s, poll-now"' in visitor.get(url).content.decode()


def test_a_followers_why_offers_no_correction(follow):
    why = Client().get(live("round_why", follow, 1))
    assert why.status_code == 200
    assert "why-title" in why.content.decode()
    assert '/rounds/1/"' not in why.content.decode()


@pytest.fixture
def finished(owner):
    return build_match(
        owner, "cabo", ["Ana", "Ben"], [{"caller": "Ana", "hands": {"Ana": 0, "Ben": 120}}]
    )


def test_play_again_takes_the_tables_links_on_to_the_next_match(visitor, finished):
    follow, score = sharing.share(finished, "follow"), sharing.share(finished, "score")
    follower = Client()
    etag = follower.get(live("board", follow), headers=HTMX)["ETag"]
    again = visitor.post(reverse("matches:again", args=[finished.pk]), {"key": str(uuid.uuid4())})
    replay = Match.objects.exclude(pk=finished.pk).get()
    assert again["Location"] == reverse("matches:match", args=[replay.pk])
    assert set(ShareLink.objects.values_list("match_id", flat=True)) == {replay.pk}
    # The follower's next poll gets the next match's board (the same version would have
    # been a 304 if the ETag left the match out).
    board = follower.get(live("board", follow), headers={"If-None-Match": etag, **HTMX})
    assert board.status_code == 200
    assert f'data-board-of="{board_of(replay.pk)}"' in board.content.decode()
    # The co-scorer records the next match's first round through the same link.
    co_scorer = Client()
    co_scorer.get(live("page", score))
    data = round_post(1, caller="0", hand_0="2", hand_1="8")
    assert co_scorer.post(live("add_round", score), data).status_code == 302
    assert replay.rounds.count() == 1 and finished.rounds.count() == 1
    # The finished match shares nothing any more; its page says so.
    page = visitor.get(reverse("matches:match", args=[finished.pk])).content.decode()
    assert follow.token not in page and score.token not in page


def test_a_round_typed_for_the_match_a_link_showed_before_is_not_recorded_in_the_next(
    visitor, owner
):
    """QA: a co-scorer's round kept on the phone for the match before "Play again" (or
    typed on its board as it went on) went to the link, now the next match's, and was
    recorded there as its round. Each form says which match its board showed."""
    match = build_match(owner, "cabo", ["Ana", "Ben"])
    score = sharing.share(match, "score")
    co_scorer = Client()
    page = co_scorer.get(live("page", score)).content.decode()
    typed = rendered_form_data(page.split('id="entry"', 1)[1])
    assert typed["board"] == board_of(match.pk)
    services.record_round(
        match,
        {"caller": "Ana", "hands": {"Ana": 0, "Ben": 120}},
        number=1,
        entry_key=uuid.uuid4(),
        owner=owner,
    )
    visitor.post(reverse("matches:again", args=[match.pk]), {"key": str(uuid.uuid4())})
    replay = Match.objects.exclude(pk=match.pk).get()
    # The next match's board, same players and options: its own board in the same form.
    page = co_scorer.get(live("page", score)).content.decode()
    assert rendered_form_data(page.split('id="entry"', 1)[1])["board"] == board_of(replay.pk)
    # Round 1 as typed for the match before, sent now: the next match's round 1 too.
    sent = typed | {"entry_key": str(uuid.uuid4()), "caller": "1", "hand_0": "4", "hand_1": "0"}
    for headers in (HTMX, {}):
        answer = co_scorer.post(live("add_round", score), sent, headers=headers, follow=True)
        assert answer.status_code == 200
        assert "typed for the match this link showed before" in text_of(answer.content.decode())
    assert replay.rounds.count() == 0 and match.rounds.count() == 1
    # Nor a correction typed on the board before it went on.
    co_scorer.post(live("add_round", score), round_post(1, caller="0", hand_0="1", hand_1="5"))
    shown = replay.rounds.get().fingerprint
    old = {**round_post(1, caller="1", hand_0="9", hand_1="0"), "shown": shown}
    answer = co_scorer.post(
        live("edit_round", score, 1), old | {"board": board_of(match.pk)}, headers=HTMX
    )
    assert "typed for the match this link showed before" in text_of(answer.content.decode())
    assert replay.rounds.get().data["hands"] == {"Ana": 1, "Ben": 5}
    # A board of no match at all is a broken client's.
    forged = typed | {"entry_key": str(uuid.uuid4()), "number": "2", "board": "not-a-board"}
    assert co_scorer.post(live("add_round", score), forged).status_code == 400
    assert replay.rounds.count() == 1


def test_a_stopped_link_stays_stopped_with_its_match(visitor, finished):
    follow = sharing.share(finished, "follow")
    sharing.stop_sharing(finished, "follow")
    visitor.post(reverse("matches:again", args=[finished.pk]), {"key": str(uuid.uuid4())})
    follow.refresh_from_db()
    assert follow.match_id == finished.pk
    gone_body(Client(), live("page", follow))


def test_an_escoba_live_page_speaks_of_deals(owner):
    escoba = build_match(owner, "escoba", ["Ana", "Ben"])
    follower = Client(headers={"Accept-Language": "fr"})
    page = follower.get(live("page", sharing.share(escoba, "follow"))).content.decode()
    assert "chaque donne apparaît ici" in page


def test_sharing_answers_with_the_standing_at_the_version_it_moved_to(visitor, match):
    answer = visitor.post(
        reverse("matches:share", args=[match.pk]), {"kind": "score"}, headers=HTMX
    ).content.decode()
    match.refresh_from_db()
    assert 'id="share"' in answer
    assert (
        f'id="standing" data-board-of="{board_of(match.pk)}" data-version="{match.version}"'
        in answer
    )
    assert 'hx-swap-oob="true"' in answer


def test_the_tables_other_phones_are_told_of_a_correction_until_the_next_round(
    follow, score, match, owner, visitor
):
    co_scorer, follower = Client(), Client()
    # Round 1: Ana called with 1, Ben held 9; the co-scorer makes them 3 and 7.
    answer = co_scorer.post(
        live("edit_round", score, 1), round_post(1, **CABO_ROUND_2), headers=HTMX
    ).content.decode()
    told = "Round 1 corrected. Points: Ben 9\u00a0→\u00a07."
    assert text_of(answer).count(told) == 1  # the correcting phone's own notice, once
    for board in (
        follower.get(live("board", follow), headers=HTMX),
        follower.get(live("page", follow)),
        visitor.get(reverse("matches:match", args=[match.pk])),
        visitor.get(reverse("matches:match", args=[match.pk])),  # kept, the same
        Client().get(live("board", score), headers=HTMX),
    ):
        assert text_of(board.content.decode()).count(told) == 1
    ben_calls = {"caller": "Ben", "hands": {"Ana": 5, "Ben": 2}}
    match.refresh_from_db()
    services.record_round(match, ben_calls, number=2, entry_key=uuid.uuid4(), owner=owner)
    for board in (
        follower.get(live("board", follow), headers=HTMX),
        visitor.get(reverse("matches:match", args=[match.pk])),
    ):
        assert "corrected" not in board.content.decode()


def test_the_tables_other_phones_are_told_what_a_correction_did_to_the_end(
    follow, score, match, owner
):
    """QA21: a correction that ended the match, or undid its end, was said on the
    correcting phone alone; the others saw the result change without a word."""
    co_scorer, follower = Client(), Client()
    ended = round_post(1, caller="0", hand_0="1", hand_1="100")
    answer = co_scorer.post(live("edit_round", score, 1), ended, headers=HTMX).content.decode()
    told = (
        "Round 1 corrected. Points: Ben 9\u00a0→\u00a0100."
        " With this correction the match is over: Ana wins."
    )
    assert text_of(answer).count(told) == 1
    for board in (
        follower.get(live("board", follow), headers=HTMX),
        follower.get(live("page", follow)),
        Client().get(live("board", score), headers=HTMX),
    ):
        assert text_of(board.content.decode()).count(told) == 1
    match.refresh_from_db()
    services.correct_round(match, 1, {"caller": "Ana", "hands": {"Ana": 1, "Ben": 9}}, owner=owner)
    board = follower.get(live("board", follow), headers=HTMX).content.decode()
    assert (
        "Round 1 corrected. Points: Ben 100\u00a0→\u00a09."
        " With this correction the match is no longer over."
    ) in text_of(board)


def test_the_tables_other_phones_are_told_of_a_round_deleted_or_restored(
    follow, match, owner, visitor
):
    follower = Client()
    ben_calls = {"caller": "Ben", "hands": {"Ana": 5, "Ben": 2}}
    services.record_round(match, ben_calls, number=2, entry_key=uuid.uuid4(), owner=owner)
    deleted = services.delete_last_round(match, number=2, owner=owner)
    board = follower.get(live("board", follow), headers=HTMX).content.decode()
    assert "Round 2 deleted." in board and 'id="round-2"' not in board
    services.restore_round(match, deleted.pk, owner=owner)
    board = follower.get(live("board", follow), headers=HTMX).content.decode()
    assert "Round 2 restored." in board and 'id="round-2"' in board
    # A round that is not the last one's change is not told: the scoresheet of the owner.
    sheet = visitor.get(reverse("matches:scoresheet", args=[match.pk])).content.decode()
    assert "Round 2 restored." not in sheet


def test_names_corrected_are_not_told_as_rounds_corrected_nor_hide_one(follow, match, owner):
    match = services.correct_players(match, ["Anna", "Ben"], "Anna", owner=owner)
    board = Client().get(live("board", follow), headers=HTMX).content.decode()
    assert "Anna" in board and "corrected" not in board
    # A round corrected, then the names: the round's correction is still the one told
    # (QA20), under the new names.
    services.correct_round(
        match, 1, {"caller": "Anna", "hands": {"Anna": 1, "Ben": 7}}, owner=owner
    )
    services.correct_players(match, ["Ana", "Benoît"], "Ana", owner=owner)
    board = Client().get(live("board", follow), headers=HTMX).content.decode()
    assert "Round 1 corrected. Points: Benoît 9\u00a0→\u00a07." in text_of(board)


def test_a_round_sent_after_another_phone_ended_the_match_is_refused_and_said(
    score, match, visitor
):
    ending = round_post(2, caller="0", hand_0="0", hand_1="95")
    co_answer = Client().post(live("add_round", score), ending, headers=HTMX)
    assert co_answer.status_code == 200
    match.refresh_from_db()
    assert match.finished
    # The owner's round 2, typed meanwhile (Ben's hand seen as 7), sent after the end.
    url = reverse("matches:add_round", args=[match.pk])
    body = visitor.post(url, round_post(2, **CABO_ROUND_2), headers=HTMX).content.decode()
    assert 'class="notice is-error"' in body  # the page keeps the round, listed refused
    assert (
        "The match is over (it ended meanwhile, maybe on another phone): round 2 was not recorded."
    ) in body
    assert Round.objects.filter(match=match, deleted_at__isnull=True).count() == 2
    # The co-scorer's own round sent again (a retry): said recorded, not refused.
    again = Client().post(live("add_round", score), ending, headers=HTMX).content.decode()
    assert "Round 2 is recorded (it was sent twice, and kept once)." in again


def test_a_round_sent_from_a_board_behind_a_correction_tells_that_correction(score, match, visitor):
    seen = str(match.version)
    Client().post(live("edit_round", score, 1), round_post(1, **CABO_ROUND_2), headers=HTMX)
    # The owner typed round 2 on the board as it was (its poll held while typing).
    body = visitor.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(2, seen=seen, caller="1", hand_0="5", hand_1="2"),
        headers=HTMX,
    ).content.decode()
    assert "Round 1 corrected. Points: Ben 9\u00a0→\u00a07." in text_of(body)
    assert 'id="round-2"' in body


def test_a_co_scorers_refused_round_put_back_is_checked_again_on_the_link(score, match):
    """As on the scorer's board (app.js after a Reload): the link's form with its faults,
    nothing recorded."""
    co_scorer = Client()
    typed = round_post(2, hand_0="3")  # nobody called, Ben's hand blank
    answer = co_scorer.get(live("add_round", score), typed, headers=HTMX)
    content = answer.content.decode()
    assert answer.status_code == 200 and "<html" not in content
    assert "Tick who called Cabo." in content
    assert f'action="{live("add_round", score)}"' in content
    assert Round.objects.filter(match=match).count() == 1
