"""Two phones, a double tap, a retried request: the same round is recorded once.

Run for real against PostgreSQL in CI (`.ci/run`): threads post at the same instant,
each on its own database connection."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from scorepad.matches.models import Match, Owner, Round, RoundChange

from .helpers import create_match, default_option_fields, setup_data

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="truly concurrent writers need a server database (run by .ci/run on PostgreSQL)",
    ),
]


def post_at_once(client_factory, url: str, payloads: list[dict]) -> list[int]:
    return posts_at_once(client_factory, [(url, data) for data in payloads])


def posts_at_once(client_factory, requests: list[tuple[str, dict]]) -> list[int]:
    barrier = threading.Barrier(len(requests))
    statuses: list[int] = [0] * len(requests)

    def post(index: int, url: str, data: dict) -> None:
        client = client_factory()
        try:
            barrier.wait()
            statuses[index] = client.post(url, data, headers={"hx-request": "true"}).status_code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i, *r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def cabo_round(entry_key: str) -> dict:
    return {
        "number": "1",
        "entry_key": entry_key,
        "caller": "0",
        "hand_0": "1",
        "hand_1": "7",
    }


@pytest.fixture
def shared_match(client):
    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    cookie = client.cookies["sessionid"].value

    def same_browser() -> Client:
        other = Client()
        other.cookies["sessionid"] = cookie
        return other

    return match_id, same_browser


def test_a_double_tap_records_the_round_once(shared_match):
    match_id, same_browser = shared_match
    key = str(uuid.uuid4())
    url = reverse("matches:add_round", args=[match_id])
    statuses = post_at_once(same_browser, url, [cabo_round(key)] * 4)
    assert statuses == [200] * 4
    assert Round.objects.count() == 1
    assert RoundChange.objects.count() == 1


def test_two_phones_entering_the_same_round_record_it_once(shared_match):
    match_id, same_browser = shared_match
    url = reverse("matches:add_round", args=[match_id])
    payloads = [cabo_round(str(uuid.uuid4())) for _ in range(4)]
    post_at_once(same_browser, url, payloads)
    assert Round.objects.filter(number=1).count() == 1
    assert RoundChange.objects.count() == 1


def test_two_deletions_of_the_same_round_at_once_delete_one_round(shared_match):
    match_id, same_browser = shared_match
    phone = same_browser()
    for number in ("1", "2"):
        entry = {**cabo_round(str(uuid.uuid4())), "number": number}
        phone.post(reverse("matches:add_round", args=[match_id]), entry)
    url = reverse("matches:delete_last", args=[match_id])
    statuses = post_at_once(same_browser, url, [{"number": "2"}] * 4)
    assert statuses == [200] * 4
    live = Round.objects.filter(deleted_at__isnull=True).values_list("number", flat=True)
    assert list(live) == [1]
    assert RoundChange.objects.filter(action="delete").count() == 1


def test_play_again_posted_at_once_makes_one_match(shared_match):
    match_id, same_browser = shared_match
    url = reverse("matches:again", args=[match_id])
    statuses = post_at_once(same_browser, url, [{"key": str(uuid.uuid4())}] * 4)
    assert statuses == [302] * 4
    assert Match.objects.count() == 2


def test_a_correction_racing_the_deletion_of_its_round_never_fails(shared_match):
    match_id, same_browser = shared_match
    add = reverse("matches:add_round", args=[match_id])
    for _ in range(5):
        assert same_browser().post(add, cabo_round(str(uuid.uuid4()))).status_code == 302
        edit = reverse("matches:edit_round", args=[match_id, 1])
        delete = reverse("matches:delete_last", args=[match_id])
        statuses = posts_at_once(
            same_browser, [(edit, cabo_round(str(uuid.uuid4()))), (delete, {"number": "1"})]
        )
        assert all(status < 500 for status in statuses)
        assert not Round.objects.filter(deleted_at__isnull=True).exists()


def test_a_new_browser_s_set_up_posted_twice_at_once_makes_one_owner_and_one_match(client):
    # The first page a new visitor opens is the set-up: no owner yet, only a session.
    client.get(reverse("matches:new", args=["cabo"]))
    cookie = client.cookies["sessionid"].value

    def same_browser() -> Client:
        other = Client()
        other.cookies["sessionid"] = cookie
        return other

    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    data["key"] = str(uuid.uuid4())
    statuses = post_at_once(same_browser, reverse("matches:new", args=["cabo"]), [data] * 4)
    assert all(status < 500 for status in statuses)
    assert Owner.objects.count() == 1
    assert Match.objects.count() == 1
