"""An import cannot take the site down, nor be saved twice by a double tap."""

from __future__ import annotations

import csv
import io
import json
import uuid
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorepad import limits
from scorepad.matches.models import Match
from scorepad.records import exchange

from .conftest import build
from .matches import CABO_FR

pytestmark = pytest.mark.django_db
IMPORT = reverse("records:import")


def post_file(client, content: bytes, **fields):
    upload = SimpleUploadedFile("matches.json", content, "application/json")
    return client.post(IMPORT, {"file": upload, **fields})


def a_document(**changes) -> dict:
    return {"format": exchange.FORMAT, "first_dealer": "Ana", **CABO_FR, **changes}


def test_the_same_import_posted_twice_saves_its_matches_once(visitor):
    content = json.dumps([a_document(), a_document()]).encode()
    key = str(uuid.uuid4())
    assert post_file(visitor, content, key=key).status_code == 302
    again = post_file(visitor, content, key=key)
    assert again.status_code == 302
    assert Match.objects.count() == 2
    page = visitor.get(again["Location"]).content.decode()
    assert "This file was already imported." in page


def test_a_refused_import_does_not_use_up_its_key(visitor):
    key = str(uuid.uuid4())
    assert post_file(visitor, b"{broken", key=key).status_code == 422
    assert post_file(visitor, json.dumps(a_document()).encode(), key=key).status_code == 302
    assert Match.objects.count() == 1


def test_the_import_form_carries_a_fresh_key(visitor):
    page = visitor.get(reverse("records:history")).content.decode()
    assert 'type="hidden" name="key"' in page


def test_a_malformed_key_is_a_client_fault(visitor):
    response = post_file(visitor, json.dumps(a_document()).encode(), key="not-a-key")
    assert response.status_code == 400
    assert Match.objects.count() == 0


def test_a_file_with_more_matches_than_any_table_plays_is_refused(visitor):
    content = json.dumps([a_document()] * (limits.MAX_MATCHES_PER_FILE + 1)).encode()
    response = post_file(visitor, content)
    assert response.status_code == 422
    assert "A file holds at most 500 matches; this one holds 501." in response.content.decode()
    assert Match.objects.count() == 0


def test_a_file_with_more_rounds_in_all_than_any_club_plays_is_refused(visitor):
    rounds = [{"hands": {"A": 0, "B": 1, "C": 1, "D": 1}}] * 1000
    document = {
        "format": exchange.FORMAT,
        "game": "cabanga",
        "players": ["A", "B", "C", "D"],
        "options": {"threshold": 200},
        "rounds": rounds,
    }
    content = json.dumps([document] * 21).encode()
    response = post_file(visitor, content)
    assert response.status_code == 422
    assert (
        "A file holds at most 20000 rounds in all; this one holds 21000."
        in response.content.decode()
    )
    assert limits.MAX_ROUNDS_PER_FILE == 20_000


@pytest.mark.parametrize("where", ["player", "key", "option"])
def test_a_lone_surrogate_anywhere_is_refused_with_a_message(visitor, where):
    document = a_document()
    if where == "player":
        document["players"] = ["Ana\ud800", "Ben"]
    elif where == "key":
        document["\ud800"] = 1
    else:
        document["options"] = {"\udfff": 1}
    response = post_file(visitor, json.dumps(document).encode())
    assert response.status_code == 422
    assert "it holds a broken character" in response.content.decode()


def test_an_owner_past_the_days_limit_is_refused_with_a_message(owner, visitor):
    build(owner, CABO_FR)
    with mock.patch("scorepad.matches.services.MAX_MATCHES_PER_DAY", 2):
        response = post_file(visitor, json.dumps([a_document(), a_document()]).encode())
    assert response.status_code == 422
    assert "You reached 2 matches in a day" in response.content.decode()
    assert Match.objects.count() == 1


def test_backdated_imports_count_in_the_days_limit_from_their_import(visitor):
    """A file's matches keep their own date, yet count from the day they came: an old
    date let any number of imports through a day."""
    old = [a_document(created=f"2025-10-{day:02}T20:15:00Z") for day in (11, 12, 13)]
    with mock.patch("scorepad.matches.services.MAX_MATCHES_PER_DAY", 2):
        assert post_file(visitor, json.dumps(old[:2]).encode()).status_code == 302
        response = post_file(visitor, json.dumps(old[2:]).encode())
    assert response.status_code == 422
    assert "You reached 2 matches in a day" in response.content.decode()
    shown = sorted(match.created.isoformat() for match in Match.objects.all())
    assert shown == ["2025-10-11T20:15:00+00:00", "2025-10-12T20:15:00+00:00"]


def test_names_with_formula_characters_are_neutralised_in_the_csv(owner, visitor):
    # Tab and carriage return are control characters, which no name holds.
    players = ["=cmd|' /C calc'!A0", "@Ben", "+Chloé", "-Dan", "Eve"]
    build(
        owner,
        {
            "game": "cabanga",
            "preset": "classic",
            "options": {},
            "players": players,
            "rounds": [{"hands": dict(zip(players, [0, 4, 5, 6, 7], strict=True))}],
        },
    )
    exported = b"".join(visitor.get(reverse("records:export_csv")).streaming_content)
    content = exported.decode("utf-8-sig")
    sides = [row["side"] for row in csv.DictReader(io.StringIO(content))]
    assert sides == ["'=cmd|' /C calc'!A0", "'@Ben", "'+Chloé", "'-Dan", "Eve"]
