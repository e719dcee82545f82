from __future__ import annotations

import pytest
from django.urls import reverse

from scorepad.accounts.lockout import NETWORK_FAILURE_LIMIT
from scorepad.matches.models import Match
from tests.records.conftest import build, client_of
from tests.records.matches import CABO_FR

from .conftest import PASSWORD, make_user

pytestmark = pytest.mark.django_db
LOG_IN = reverse("accounts:log_in")
LOG_OUT = reverse("accounts:log_out")
ACCOUNT = reverse("accounts:account")


def test_signing_in_with_the_right_password_goes_home(client, ana):
    response = client.post(LOG_IN, {"username": "ana", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert client.get(ACCOUNT).status_code == 200


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Signed in as ana."),
        ("fr", "Vous êtes connecté en tant que ana."),
        ("nl", "Je bent ingelogd als ana."),
    ],
)
def test_signing_in_with_nothing_to_bring_along_says_who_is_signed_in(client, ana, language, said):
    """QA: with no match of the browser to bring along, the home page came without a word."""
    client.cookies["django_language"] = language
    response = client.post(LOG_IN, {"username": "ANA", "password": PASSWORD}, follow=True)
    assert [str(message) for message in response.context["messages"]] == [said]


def test_signing_in_returns_to_the_page_that_asked(client, ana):
    response = client.get(ACCOUNT)
    assert response.status_code == 302 and response["Location"] == f"{LOG_IN}?next={ACCOUNT}"
    response = client.post(LOG_IN, {"username": "ana", "password": PASSWORD, "next": ACCOUNT})
    assert response["Location"] == ACCOUNT


def test_a_wrong_password_is_told_on_the_form(client, ana):
    response = client.post(LOG_IN, {"username": "ana", "password": "not-it"})
    assert response.status_code == 422
    assert "No account has this name and this password." in response.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("typed", ["Ana", "ANA", "ana@example.org", "Ana@Example.ORG"])
def test_the_name_signs_in_whatever_its_capitals_and_so_does_the_email_address(client, ana, typed):
    response = client.post(LOG_IN, {"username": typed, "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(ana.pk)


@pytest.mark.parametrize("typed", ["élodie", "ÉLODIE", "Élodie", "ELODIE@example.org"])
def test_an_accented_capital_is_a_capital_too(client, typed):
    elodie = make_user("Élodie", "elodie@example.org")
    make_user("Elodie", "other@example.org")  # no accent: another name
    response = client.post(LOG_IN, {"username": typed, "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(elodie.pk)


def test_an_address_that_is_also_another_accounts_name_signs_its_owner_in(client):
    """QA: an account named as Carol's address (sign-up refuses that now) kept Carol out
    of signing in with her address; the address is looked up as an address first."""
    carol = make_user("carol", "carol@example.com")
    make_user("Carol@Example.com", "mallory@example.com")
    response = client.post(LOG_IN, {"username": "carol@example.com", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(carol.pk)


def test_the_password_minds_its_capitals(client, ana):
    response = client.post(LOG_IN, {"username": "ana", "password": PASSWORD.upper()})
    assert response.status_code == 422
    assert "_auth_user_id" not in client.session


def test_a_wrong_password_is_told_in_french(client, ana):
    client.cookies["django_language"] = "fr"
    response = client.post(LOG_IN, {"username": "ana", "password": "not-it"})
    assert response.status_code == 422
    content = response.content.decode()
    assert "Aucun compte n’a ce nom et ce mot de passe." in content
    assert "Nom d’utilisateur ou adresse e-mail" in content


def test_wrong_passwords_count_against_one_name_whatever_its_capitals(client, ana):
    for attempt, typed in enumerate(["Ana", "ANA", "ana@example.org", "aNa"]):
        response = client.post(LOG_IN, {"username": typed, "password": f"wrong{attempt}"})
        assert response.status_code == 422, typed
    assert client.post(LOG_IN, {"username": "ana", "password": "wrong"}).status_code == 429


def test_the_navigation_offers_to_sign_in_or_shows_the_account(client, ana_phone):
    assert f'href="{LOG_IN}"' in client.get(reverse("home")).content.decode()
    content = ana_phone.get(reverse("home")).content.decode()
    assert f'href="{ACCOUNT}"' in content and f'href="{LOG_IN}"' not in content


def wrong_passwords(client, name: str, count: int, address: str = "127.0.0.1") -> list:
    return [
        client.post(LOG_IN, {"username": name, "password": f"wrong{n}"}, REMOTE_ADDR=address)
        for n in range(count)
    ]


def test_five_wrong_passwords_pause_signing_in_with_a_message(client, ana):
    assert [response.status_code for response in wrong_passwords(client, "ana", 5)] == [
        *[422] * 4,
        429,
    ]
    locked = client.post(LOG_IN, {"username": "ana", "password": PASSWORD})
    assert locked.status_code == 429
    assert "signing in with this name from this network is paused for 15 minutes" in (
        locked.content.decode()
    )
    assert "_auth_user_id" not in client.session


def test_a_paused_name_is_offered_to_reset_its_password(client, ana):
    wrong_passwords(client, "ana", 5)
    locked = client.post(LOG_IN, {"username": "ana", "password": PASSWORD})
    assert locked.status_code == 429
    content = locked.content.decode()
    assert f'href="{reverse("accounts:password_reset")}"' in content
    assert "Forgot your password?" in content
    # QA48: an error page's top bar has no "Sign in"; another player signs in from here.
    assert f'<a class="button secondary" href="{LOG_IN}">Sign in with another name</a>' in content


def test_another_name_on_the_same_network_still_signs_in(client, ana, ben):
    """A table on one café Wi-Fi: Ana's five wrong tries do not pause Ben (QA46)."""
    wrong_passwords(client, "ana", 5)
    response = client.post(LOG_IN, {"username": "ben", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(ben.pk)


def test_the_paused_name_still_signs_in_from_another_network(client, ana):
    wrong_passwords(client, "ana", 5, address="10.0.0.1")
    response = client.post(
        LOG_IN, {"username": "ana", "password": PASSWORD}, REMOTE_ADDR="10.0.0.2"
    )
    assert response.status_code == 302


def test_the_last_try_is_warned_of_beside_the_password(client, ana):
    responses = wrong_passwords(client, "ana", 4)
    warning = "One try left: after one more wrong password"
    assert [warning in response.content.decode() for response in responses] == [
        False,
        False,
        False,
        True,
    ]
    form = responses[-1].context["form"]
    assert any(warning in fault for fault in form.errors["password"])


def test_one_network_trying_many_names_is_paused_too(client, ana):
    """Four tries for each of many names is no way around the pause."""
    names = [f"guess{n}" for n in range(NETWORK_FAILURE_LIMIT // 4 + 1)]
    answers = [
        response.status_code for name in names for response in wrong_passwords(client, name, 4)
    ]
    assert answers[: NETWORK_FAILURE_LIMIT - 1] == [422] * (NETWORK_FAILURE_LIMIT - 1)
    assert answers[NETWORK_FAILURE_LIMIT - 1] == 429
    locked = client.post(LOG_IN, {"username": "ana", "password": PASSWORD})
    assert locked.status_code == 429
    assert "from this network" in locked.content.decode()
    assert "Sign in with another name" not in locked.content.decode()  # all names wait
    elsewhere = client.post(
        LOG_IN, {"username": "ana", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9"
    )
    assert elsewhere.status_code == 302


def test_signing_out_says_so_and_where_the_matches_are(ana_phone):
    response = ana_phone.post(LOG_OUT, follow=True)
    assert response.redirect_chain == [(reverse("home"), 302)]
    content = response.content.decode()
    assert "You are signed out. Your matches stay in your account" in content
    assert f'href="{LOG_IN}"' in content
    # Said once: the next page does not say it again.
    assert "You are signed out" not in ana_phone.get(reverse("home")).content.decode()


def test_signing_out_has_the_browser_drop_what_it_kept_for_the_account(ana_phone):
    # The rounds kept unsent and the pages held, for the next person at the phone.
    response = ana_phone.post(LOG_OUT)
    assert response["Clear-Site-Data"] == '"cache", "storage"'
    assert "Clear-Site-Data" not in ana_phone.get(reverse("home"))


def test_signing_out_takes_a_post(ana_phone):
    assert ana_phone.get(LOG_OUT).status_code == 405
    assert ana_phone.get(ACCOUNT).status_code == 200


def test_signing_out_leaves_the_matches_with_the_account(client, owner, ana):
    match = build(owner, CABO_FR)
    browser = client_of(owner)
    browser.post(LOG_IN, {"username": "ana", "password": PASSWORD})
    response = browser.post(LOG_OUT)
    assert response.status_code == 302 and response["Location"] == reverse("home")
    # A fresh anonymous visitor: neither the account's matches nor the old browser's.
    assert browser.get(reverse("matches:match", args=[match.pk])).status_code == 404
    assert match.pk not in [m.pk for m in browser.get(reverse("records:history")).context["page"]]
    assert Match.objects.get(pk=match.pk).owner.user == ana
    browser.post(LOG_IN, {"username": "ana", "password": PASSWORD})
    assert browser.get(reverse("matches:match", args=[match.pk])).status_code == 200


def test_the_navigations_sign_in_comes_back_to_the_match_being_scored(visitor, owner, ana):
    match = build(owner, CABO_FR)
    board = reverse("matches:match", args=[match.pk])
    page = visitor.get(board).content.decode()
    assert f'href="{LOG_IN}?next={board}"' in page
    # Sent back with a fault, the way on stays in the address its Reload asks for (QA).
    refused = visitor.post(f"{LOG_IN}?next={board}", {"username": "ana", "password": "no"})
    assert f'action="{LOG_IN}?next={board}"' in refused.content.decode()
    signed_in = visitor.post(LOG_IN, {"username": "ana", "password": PASSWORD, "next": board})
    assert signed_in["Location"] == board
    assert visitor.get(board).status_code == 200  # taken over with the browser's matches
