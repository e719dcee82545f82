"""No request gets a bare 500: bad bodies, missing pages, a database that went away."""

from __future__ import annotations

from unittest import mock

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import InterfaceError, OperationalError
from django.test import Client
from django.urls import reverse

from tests.accounts.conftest import make_user
from tests.matches.helpers import create_match, post_setup

pytestmark = pytest.mark.django_db


def a_client_with_a_form_token() -> tuple[Client, str]:
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.get(reverse("matches:new", args=["cabo"]))
    return client, client.cookies["csrftoken"].value


@pytest.mark.parametrize("charset", ["utf-16", "latin-1"])
@pytest.mark.parametrize(
    "url",
    [
        reverse("matches:new", args=["cabo"]),
        reverse("set_language"),
        reverse("records:import"),
    ],
)
def test_a_form_posted_in_another_charset_gets_a_400_page(charset, url):
    client, token = a_client_with_a_form_token()
    body = f"csrfmiddlewaretoken={token}&player_0=Ana%E9".encode()
    response = client.post(
        url, data=body, content_type=f"application/x-www-form-urlencoded; charset={charset}"
    )
    assert response.status_code == 400
    assert "Request not understood" in response.content.decode()
    assert 'class="brand"' in response.content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "Page not found"), ("fr", "Page introuvable"), ("nl", "Pagina niet gevonden")],
)
def test_a_missing_page_is_a_404_in_the_visitors_language(client, language, words):
    response = client.get("/nowhere/", headers={"accept-language": language})
    assert response.status_code == 404
    assert words in response.content.decode()
    assert f'<html lang="{language}">' in response.content.decode()


def test_a_match_not_found_offers_to_sign_in(client):
    owner = Client()
    pk = create_match(owner, "cabo", ["Ana", "Ben"], preset="official")
    url = reverse("matches:match", args=[pk])
    body = client.get(url).content.decode()  # another browser: signed out of the account
    assert "A match kept in an account opens here once you sign in to it." in body
    assert f'href="{reverse("accounts:log_in")}"' in body
    # Nothing of the match, its number neither (but in the language switch's way back).
    assert str(pk) not in body.replace(url, "")
    # Not on a page that is nobody's.
    assert "sign in to it" not in client.get("/rules/nowhere/").content.decode()


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_a_signed_in_player_is_not_asked_to_sign_in_on_a_404_and_keeps_the_account_link(
    client, language
):
    """QA: another account's match, opened by someone signed in, offered "Sign in"
    (which led back to the home page, saying nothing) and the bar lost "Account"."""
    owner = Client()
    pk = create_match(owner, "cabo", ["Ana", "Ben"], preset="official")
    client.force_login(make_user("bram"))
    url = reverse("matches:match", args=[pk])
    response = client.get(url, headers={"accept-language": language})
    assert response.status_code == 404
    body = response.content.decode()
    assert f'href="{reverse("accounts:account")}"' in body
    assert reverse("accounts:log_in") not in body
    assert str(pk) not in body.replace(url, "")
    # A page that is nobody's keeps the link too.
    body = client.get("/nowhere/", headers={"accept-language": language}).content.decode()
    assert f'href="{reverse("accounts:account")}"' in body


def test_a_404_page_goes_without_the_account_link_when_the_database_went_away(client):
    client.force_login(make_user("bram"))
    with mock.patch("django.contrib.auth.get_user", side_effect=OperationalError("server closed")):
        response = client.get("/nowhere/")
    assert response.status_code == 404
    assert reverse("accounts:account") not in response.content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "This page cannot be opened like this"),
        ("fr", "Cette page ne s’ouvre pas ainsi"),
        ("nl", "Deze pagina kan zo niet worden geopend"),
    ],
)
def test_an_address_that_takes_a_form_opened_as_a_page_says_so(client, language, words):
    """Django's 405 is empty: a blank page. It says what happened, and the way home."""
    url = reverse(
        "matches:delete_last", args=[create_match(client, "cabo", ["A", "B"], preset="fr")]
    )
    response = client.get(url, headers={"accept-language": language})
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert words in response.content.decode()
    assert 'class="button" href="/"' in response.content.decode()
    # htmx gets the bare answer (its requests are the app's own: a broken client).
    assert client.get(url, headers={"HX-Request": "true"}).content == b""


def test_a_form_without_its_token_gets_a_403_page_that_says_to_reload():
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("matches:new", args=["cabo"]), {"player_0": "Ana"})
    assert response.status_code == 403
    assert "This form has expired" in response.content.decode()


def test_a_fault_in_the_app_is_a_500_page_in_the_apps_style():
    client = Client(raise_request_exception=False)
    with mock.patch("scorepad.matches.home.render", side_effect=RuntimeError("boom")):
        response = client.get(reverse("home"))
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()
    assert 'class="brand"' in response.content.decode()


@pytest.mark.parametrize("error", [OperationalError, InterfaceError])
def test_a_database_that_went_away_gets_a_503_with_retry_after(error):
    client = Client(raise_request_exception=False)
    with mock.patch("scorepad.matches.home.render", side_effect=error("server closed")):
        response = client.get(reverse("home"), headers={"accept-language": "fr"})
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert "Revenez dans un instant" in response.content.decode()


def test_a_database_that_fails_while_the_session_is_saved_also_gets_a_503():
    client = Client(raise_request_exception=False)
    # Setting up a match gives the browser its owner: the session is saved on the way out.
    with mock.patch.object(SessionStore, "save", side_effect=OperationalError("gone")):
        response = post_setup(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"


def test_the_health_check_answers_ok_while_the_database_answers(client):
    response = client.get(reverse("health"))
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert client.head(reverse("health")).status_code == 200


def test_the_health_check_answers_503_when_the_database_does_not(client):
    broken = mock.MagicMock()
    broken.cursor.side_effect = OperationalError("connection refused")
    with mock.patch("scorepad.core.views.connection", broken):
        response = client.get(reverse("health"))
    assert response.status_code == 503
    assert response["Retry-After"] == "30"


def test_an_undo_that_is_not_a_plain_number_is_ignored(client):
    match_id = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    for undo in ("²", "١", "-1", "9" * 40, ""):
        response = client.get(reverse("matches:match", args=[match_id]), {"undo": undo})
        assert response.status_code == 200
