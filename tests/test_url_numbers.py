"""A number in a URL past what the database holds is a page that does not exist (404),
not a server error: SQLite raised OverflowError on a match id of 23 digits (QA38). So is
a link's token or a player's name with a NUL: PostgreSQL refused it with a DataError."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.accounts.conftest import make_user
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


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/live/%00/"),
        ("get", "/live/%00/board/"),
        ("get", "/live/a%00b/rounds/"),
        ("post", "/live/%00/rounds/"),
        ("get", "/live/{token}%00/"),  # a token's shape, then a NUL
        ("post", "/live/{token}%00/rounds/1/"),
        ("get", "/account/live/%00/me/"),
        ("post", "/account/live/{token}%00/me/"),
        ("get", "/history/players/An%00a/"),
        ("get", "/history/players/An%2500a/"),  # escaped once more, as the pages write a name
        ("get", "/history/players/Ana%7F/"),
    ],
)
def test_a_nul_in_a_links_token_or_a_players_name_is_not_found(client, method, path):
    create_match(client, "cabo", ["Ana", "Ben"], preset="fr")  # the asker has a match
    client.force_login(make_user("ana"))  # and an account, for its pages of a link
    url = path.format(token="x" * 32)
    response = getattr(client, method)(url, headers=HTMX)
    assert response.status_code == 404


def test_a_players_page_still_takes_any_name_a_player_may_have(client):
    create_match(client, "cabo", ["Ana/Bé", "Ben"], preset="fr")
    assert client.get(reverse("records:player", args=["Ana/Bé"])).status_code == 200
