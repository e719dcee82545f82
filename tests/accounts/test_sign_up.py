from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorepad.matches.models import Owner

from .conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db
SIGN_UP = reverse("accounts:sign_up")


def sign_up_data(**changes) -> dict:
    return {
        "username": "ana",
        "email": "ana@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **changes,
    }


def test_the_sign_up_page_asks_for_a_name_an_email_and_the_password_twice(client):
    content = client.get(SIGN_UP).content.decode()
    for field in ('name="username"', 'type="email"', 'name="password1"', 'name="password2"'):
        assert field in content


def test_signing_up_makes_the_account_and_signs_in(client):
    response = client.post(SIGN_UP, sign_up_data())
    assert response.status_code == 302 and response["Location"] == reverse("accounts:account")
    user = get_user_model().objects.get()
    assert (user.username, user.email) == ("ana", "ana@example.org")
    assert user.check_password(PASSWORD)
    assert client.get(reverse("accounts:account")).status_code == 200


def test_signing_up_goes_back_to_the_page_that_asked_but_never_elsewhere(client):
    response = client.post(SIGN_UP + "?next=/history/", sign_up_data())
    assert response["Location"] == "/history/"
    client.post(reverse("accounts:log_out"))
    response = client.post(
        SIGN_UP, sign_up_data(username="ben", email="ben@example.org", next="https://evil.example/")
    )
    assert response["Location"] == reverse("accounts:account")


def test_a_sign_up_sent_back_keeps_the_page_to_go_back_to_in_its_address(client):
    """Its Reload and Back ask for the address the form was sent to (app.js), which
    must still say where to go on (QA)."""
    refused = client.post(SIGN_UP + "?next=/history/", sign_up_data(password2="other"))
    assert refused.status_code == 422
    assert f'action="{SIGN_UP}?next=/history/"' in refused.content.decode()
    refused = client.post(SIGN_UP, sign_up_data(password2="other", next="https://evil.example/"))
    assert f'action="{SIGN_UP}"' in refused.content.decode()


def test_the_sign_in_link_of_the_sign_up_page_keeps_the_page_to_go_back_to(client):
    log_in = reverse("accounts:log_in")
    content = client.get(SIGN_UP + "?next=/history/").content.decode()
    assert f'href="{log_in}?next=/history/"' in content
    content = client.get(SIGN_UP + "?next=https://evil.example/").content.decode()
    assert f'href="{log_in}"' in content and f"{log_in}?next=https" not in content


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"password2": "something-else-77"}, "password2", "The two password fields didn’t match."),
        ({"email": ""}, "email", "This field is required."),
        ({"email": "not an address"}, "email", "Enter a valid email address."),
        ({"password1": "12345678", "password2": "12345678"}, "password1", "entirely numeric"),
        ({"password1": "ab1", "password2": "ab1"}, "password1", "at least 8 characters"),
        ({"username": "no spaces please"}, "username", "Enter a valid username."),
    ],
)
def test_a_mistake_comes_back_next_to_its_field(client, changes, field, message):
    response = client.post(SIGN_UP, sign_up_data(**changes))
    assert response.status_code == 422
    content = response.content.decode()
    assert message in content
    assert f'id="id_{field}_error"' in content
    assert not get_user_model().objects.exists()


def test_an_email_address_or_a_name_serves_one_account_only(client, db):
    make_user("ana", "Ana@Example.org")
    response = client.post(SIGN_UP, sign_up_data(username="ana2", email="ana@example.org"))
    assert response.status_code == 422
    assert "An account already uses this email address." in response.content.decode()
    response = client.post(SIGN_UP, sign_up_data(email="other@example.org"))
    assert "An account already has this name." in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_a_name_that_is_another_accounts_address_and_the_reverse_are_taken(client, db):
    """Signing in takes a name or an address: one text means one account (QA)."""
    make_user("carol", "carol@example.com")
    response = client.post(
        SIGN_UP, sign_up_data(username="Carol@Example.com", email="mallory@example.org")
    )
    assert response.status_code == 422
    assert "An account already has this name." in response.content.decode()
    make_user("bob@example.net", "bob@example.org")
    response = client.post(SIGN_UP, sign_up_data(username="mallory", email="BOB@example.net"))
    assert response.status_code == 422
    assert "An account already uses this email address." in response.content.decode()
    assert get_user_model().objects.count() == 2


def test_the_mistakes_are_told_in_the_visitors_language(client):
    client.cookies["django_language"] = "fr"
    response = client.post(SIGN_UP, sign_up_data(email=""))
    assert "Ce champ est obligatoire." in response.content.decode()
    assert "Créer un compte" in response.content.decode()
    # In the words of the field's label ("Adresse e-mail"), not Django's "courriel".
    response = client.post(SIGN_UP, sign_up_data(email="pas une adresse"))
    assert "Saisissez une adresse e-mail valide." in response.content.decode()


def test_a_signed_in_account_is_sent_to_its_page(ana_phone):
    response = ana_phone.get(SIGN_UP)
    assert response.status_code == 302 and response["Location"] == reverse("accounts:account")


def test_sign_up_refuses_other_methods(client):
    assert client.put(SIGN_UP).status_code == 405
    assert client.delete(SIGN_UP).status_code == 405


def test_a_new_visitor_gets_no_owner_by_signing_up_alone(client):
    client.post(SIGN_UP, sign_up_data())
    assert not Owner.objects.exists()


@pytest.mark.parametrize(
    ("language", "help"),
    [
        ("en", "letters, digits and the signs @ . + - _ only"),
        ("fr", "lettres, chiffres et les signes @ . + - _ uniquement"),
        ("nl", "letters, cijfers en de tekens @ . + - _, niets anders"),
    ],
)
def test_the_name_s_help_lists_the_signs_it_allows(client, language, help):
    """Django's Dutch help listed a comma (refused) for the full stop (allowed)."""
    content = client.get(SIGN_UP, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert help in content
    assert "@/,/+" not in content
    response = client.post(SIGN_UP, sign_up_data(username="ana.speler"))
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("nl", "Dit wachtwoord is te kort: het moet minstens 8 tekens hebben."),
        ("fr", "Ce mot de passe est trop court\u00a0: il lui faut au moins 8 caractères."),
    ],
)
def test_a_short_password_is_told_in_the_visitors_language_beside_it(client, language, message):
    """Django's Dutch catalogue has no sentence for its own: it showed in English."""
    client.cookies["django_language"] = language
    response = client.post(SIGN_UP, sign_up_data(password1="kort-1", password2="kort-1"))
    assert response.status_code == 422
    content = response.content.decode()
    assert message in content and "too short" not in content
    assert 'id="id_password1_error"' in content and 'id="id_password2_error"' not in content


def test_two_different_passwords_are_told_once_beside_the_confirmation(client):
    response = client.post(SIGN_UP, sign_up_data(password1="1234", password2="12345"))
    content = response.content.decode()
    assert "The two password fields didn’t match." in content
    assert 'id="id_password2_error"' in content and 'id="id_password1_error"' not in content


def test_a_name_that_differs_from_an_account_only_by_its_capitals_is_taken(client):
    make_user("ana")
    response = client.post(SIGN_UP, sign_up_data(username="Ana", email="other@example.org"))
    assert response.status_code == 422
    # Said once, in the app's words (QA26: Django's "A user with that username").
    assert response.content.decode().count("An account already has this name.") == 1
    assert get_user_model().objects.count() == 1


@pytest.mark.parametrize("taken", ["élodie", "ÉLODIE"])
def test_a_name_that_differs_only_by_an_accented_capital_is_taken_too(client, taken):
    make_user("Élodie", "elodie@example.org")
    response = client.post(SIGN_UP, sign_up_data(username=taken, email="other@example.org"))
    assert response.status_code == 422
    assert "An account already has this name." in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_an_email_address_taken_in_other_capitals_is_refused(client):
    make_user("ana", "Ana@Example.org")
    response = client.post(SIGN_UP, sign_up_data(username="ben", email="ana@example.ORG"))
    assert response.status_code == 422
    assert "An account already uses this email address." in response.content.decode()


def test_an_email_address_taken_links_to_a_new_password(client):
    """The one who forgot they had an account is a tap from a reset link (QA46)."""
    make_user("ana", "ana@example.org")
    response = client.post(SIGN_UP, sign_up_data(username="ana2", email="ana@example.org"))
    assert response.status_code == 422
    reset = reverse("accounts:password_reset")
    html = response.content.decode()
    assert f'<a href="{reset}">Forgot your password?</a>' in html
    (fault,) = response.context["form"].errors["email"]
    assert fault.startswith("An account already uses this email address.")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"username": "annelies-p", "email": "x@example.org"}, "too close to your name."),
        ({"username": "zoe", "email": "anneliesp@example.org"}, "too close to your email address."),
    ],
)
def test_a_password_close_to_the_name_or_email_says_which_in_a_whole_sentence(
    client, changes, message
):
    """Django glues its field's name into its sentence: Dutch then read "de e-mailadres"
    (QA46); our sentences name the field themselves."""
    data = sign_up_data(password1="annelies-p1", password2="annelies-p1", **changes)
    response = client.post(SIGN_UP, data)
    assert response.status_code == 422
    (fault,) = response.context["form"].errors["password1"]
    assert fault == f"This password is {message}"
