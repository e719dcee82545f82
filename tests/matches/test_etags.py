"""The scoreboard carries an ETag from its match's version: unchanged, it costs a 304."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scorepad.matches import services
from scorepad.matches.models import Owner
from tests.matches.helpers import round_post
from tests.records.conftest import build_match, client_of

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def match(owner):
    return build_match(
        owner, "cabo", ["Ana", "Ben"], [{"caller": "Ana", "hands": {"Ana": 1, "Ben": 9}}]
    )


def test_an_unchanged_scoreboard_answers_304_without_a_body(
    visitor, match, django_assert_max_num_queries
):
    url = reverse("matches:match", args=[match.pk])
    visitor.get(url)  # the first visit gets its CSRF cookie, which the ETag covers
    first = visitor.get(url)
    assert first.status_code == 200
    with django_assert_max_num_queries(2):  # the session, and the match's version
        again = visitor.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]


def test_an_unchanged_board_fragment_answers_304_without_a_body(visitor, match):
    """What a tab shown again asks (static/js/live.js): the board, unchanged, costs nothing."""
    url = reverse("matches:match", args=[match.pk])
    visitor.get(url)  # the first visit gets its CSRF cookie, which the ETag covers
    first = visitor.get(url, headers=HTMX)
    assert first.status_code == 200
    again = visitor.get(url, headers={"If-None-Match": first["ETag"], **HTMX})
    assert again.status_code == 304
    assert again.content == b""


def test_a_recorded_round_changes_the_etag(visitor, match):
    url = reverse("matches:match", args=[match.pk])
    before = visitor.get(url, headers=HTMX)["ETag"]
    posted = visitor.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(2, caller="0", hand_0="3", hand_1="7"),
        headers=HTMX,
    )
    assert posted.status_code == 200
    after = visitor.get(url, headers={"If-None-Match": before, **HTMX})
    assert after.status_code == 200
    assert after["ETag"] != before
    assert "Round 3" in after.content.decode() or "round 3" in after.content.decode()


def test_abandoning_and_resuming_change_the_etag(visitor, match):
    url = reverse("matches:match", args=[match.pk])
    etags = [visitor.get(url)["ETag"]]
    services.abandon_match(match)
    etags.append(visitor.get(url)["ETag"])
    services.resume_match(match)
    etags.append(visitor.get(url)["ETag"])
    assert len(set(etags)) == 3


def test_the_fragment_the_page_the_sheet_and_each_language_have_their_own_etag(visitor, match):
    page = visitor.get(reverse("matches:match", args=[match.pk]))
    fragment = visitor.get(reverse("matches:match", args=[match.pk]), headers=HTMX)
    sheet = visitor.get(reverse("matches:scoresheet", args=[match.pk]))
    french = visitor.get(
        reverse("matches:match", args=[match.pk]), headers={"Accept-Language": "fr"}
    )
    assert "<html" not in fragment.content.decode()
    assert len({page["ETag"], fragment["ETag"], sheet["ETag"], french["ETag"]}) == 4
    # A fragment's ETag never gets the page a 304, nor the other way round.
    answer = visitor.get(
        reverse("matches:match", args=[match.pk]), headers={"If-None-Match": fragment["ETag"]}
    )
    assert answer.status_code == 200


def test_someone_elses_match_is_404_whatever_etag_is_sent(visitor, match):
    etag = visitor.get(reverse("matches:match", args=[match.pk]))["ETag"]
    stranger = client_of(Owner.objects.create())
    answer = stranger.get(
        reverse("matches:match", args=[match.pk]), headers={"If-None-Match": etag}
    )
    assert answer.status_code == 404


def test_a_page_with_a_notice_has_no_etag(visitor, match):
    url = reverse("matches:match", args=[match.pk])
    visitor.post(
        reverse("matches:players", args=[match.pk]),
        {"player_0": "Ana", "player_1": "Bea", "dealer": "0"},
    )
    shown = visitor.get(url)
    assert "Names and first dealer saved." in shown.content.decode()
    assert not shown.has_header("ETag")
    assert visitor.get(url).has_header("ETag")
