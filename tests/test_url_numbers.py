"""A number in a URL past what the database holds is a page that does not exist (404),
not a server error: SQLite raised OverflowError on a match id of 23 digits (QA38)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.matches.helpers import create_match

HTMX = {"HX-Request": "true"}

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999999"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/matches/{huge}/"),
        ("get", "/matches/{huge}/sheet/"),
        ("get", "/matches/{match}/rounds/{huge}/why/"),
        ("post", "/matches/{huge}/rounds/"),
        ("post", "/matches/{huge}/rounds/delete-last/"),
        ("post", "/matches/{huge}/abandon/"),
        ("post", "/matches/{huge}/share/"),
        ("post", "/matches/{match}/rounds/{huge}/restore/"),
        ("get", "/history/matches/{huge}/chart/"),
        ("get", "/history/matches/{huge}/export.json"),
        ("post", "/history/matches/{huge}/house-rule/"),
        ("get", "/rules/cabo/walkthrough/{huge}/"),
    ],
)
def test_a_number_past_the_databases_is_not_found(client, method, path):
    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")  # the asker has a match
    url = path.format(huge=HUGE, match=match_id)
    response = getattr(client, method)(url, headers=HTMX)
    assert response.status_code == 404


def test_the_largest_number_a_url_takes_still_fits_the_database(client):
    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    assert client.get(f"/matches/{'9' * 18}/").status_code == 404
    assert client.get(reverse("matches:match", args=[match_id])).status_code == 200
