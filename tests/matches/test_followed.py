"""A phone that opened a live link finds it again on its home page (QA46): offered while
the link works, to that browser alone, in one query however many it opened."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scorepad.matches import services, sharing
from scorepad.matches.models import Owner
from tests.matches.helpers import text_of
from tests.records.conftest import build_match

pytestmark = pytest.mark.django_db


def shared_offers(client: Client) -> str:
    """The home page's part that offers the links back ('' when there is none)."""
    content = client.get(reverse("home")).content.decode()
    if 'id="shared"' not in content:
        return ""
    start = content.index('id="shared"')
    return content[start : content.index("</section>", start)]


def cabo(owner: Owner, *players: str, rounds: int = 1):
    hands = {name: 1 if seat == 0 else 9 for seat, name in enumerate(players)}
    data = [{"caller": players[0], "hands": hands}] * rounds
    return build_match(owner, "cabo", list(players), data)


def test_a_followed_match_is_offered_back_on_the_home_page(owner):
    link = sharing.share(cabo(owner, "Ana", "Ben", "Chloé"), "follow")
    phone = Client()
    assert shared_offers(phone) == ""
    assert phone.get(reverse("live:page", args=[link.token])).status_code == 200
    offers = shared_offers(phone)
    assert "Follow: Cabo with Ana, Ben and Chloé" in text_of(offers)
    assert reverse("live:page", args=[link.token]) in offers
    assert "1 round played" in offers


def test_a_co_scored_match_is_offered_to_score_and_the_last_opened_comes_first(owner):
    followed = sharing.share(cabo(owner, "Ana", "Ben"), "follow")
    scored = sharing.share(cabo(owner, "Dan", "Eve"), "score")
    phone = Client()
    phone.get(reverse("live:page", args=[followed.token]))
    phone.get(reverse("live:page", args=[scored.token]))
    offers = text_of(shared_offers(phone))
    assert offers.index("Score: Cabo with Dan and Eve") < offers.index(
        "Follow: Cabo with Ana and Ben"
    )
    phone.get(reverse("live:page", args=[followed.token]))
    offers = text_of(shared_offers(phone))
    assert offers.index("Follow: Cabo with Ana and Ben") < offers.index(
        "Score: Cabo with Dan and Eve"
    )


def test_a_finished_match_is_offered_to_see_its_result(owner):
    match = build_match(
        owner, "cabo", ["Ana", "Ben"], [{"caller": "Ana", "hands": {"Ana": 0, "Ben": 120}}]
    )
    assert match.finished
    link = sharing.share(match, "follow")
    phone = Client()
    phone.get(reverse("live:page", args=[link.token]))
    assert "See the result: Cabo with Ana and Ben" in text_of(shared_offers(phone))


def test_a_stopped_link_or_a_deleted_match_is_not_offered(owner):
    stopped_match, deleted_match = cabo(owner, "Ana", "Ben"), cabo(owner, "Dan", "Eve")
    stopped = sharing.share(stopped_match, "follow")
    deleted = sharing.share(deleted_match, "score")
    phone = Client()
    phone.get(reverse("live:page", args=[stopped.token]))
    phone.get(reverse("live:page", args=[deleted.token]))
    offers = text_of(shared_offers(phone))
    assert "Ana and Ben" in offers and "Dan and Eve" in offers
    sharing.stop_sharing(stopped_match, "follow")
    services.delete_match(deleted_match)
    assert shared_offers(phone) == ""


def test_a_link_is_offered_to_the_browser_that_opened_it_alone(owner, stranger):
    link = sharing.share(cabo(owner, "Ana", "Ben"), "follow")
    phone, other_phone = Client(), Client()
    phone.get(reverse("live:page", args=[link.token]))
    assert "Ana and Ben" in text_of(shared_offers(phone))
    assert shared_offers(other_phone) == ""


def test_the_scorer_opening_their_own_link_is_offered_their_match_to_continue_only(owner, visitor):
    match = cabo(owner, "Ana", "Ben")
    visitor.get(reverse("live:page", args=[sharing.share(match, "follow").token]))
    assert shared_offers(visitor) == ""
    assert reverse("matches:match", args=[match.pk]) in visitor.get("/").content.decode()


def test_the_offers_cost_one_query_however_many_links_were_opened(owner, django_assert_num_queries):
    links = [sharing.share(cabo(owner, f"Ana {n}", "Ben"), "follow") for n in range(8)]
    phone = Client()
    for link in links:
        phone.get(reverse("live:page", args=[link.token]))
    # The session, and the links with their matches; then the page kept, under them.
    with django_assert_num_queries(2):
        offers = shared_offers(phone)
    assert offers.count('<li class="panel">') == 3
    said = text_of(offers)
    assert "Ana 7 and" in said and "Ana 5 and" in said and "Ana 4 and" not in said
    with django_assert_num_queries(2):
        assert shared_offers(phone) == offers


def test_a_round_played_since_shows_on_the_offer(owner):
    match = cabo(owner, "Ana", "Ben")
    link = sharing.share(match, "follow")
    phone = Client()
    phone.get(reverse("live:page", args=[link.token]))
    assert "1 round played" in shared_offers(phone)
    second = {"caller": "Ben", "hands": {"Ana": 3, "Ben": 2}}
    services.record_round(match, second, number=2, entry_key=uuid.uuid4(), owner=owner)
    assert "2 rounds played" in shared_offers(phone)


def test_a_gone_link_is_not_remembered(db):
    phone = Client()
    assert phone.get(reverse("live:page", args=["no-such-token-" * 3])).status_code == 404
    assert "scorepad_followed" not in phone.session
