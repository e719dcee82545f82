"""An account's email address, the one the reset links go to, changed by its owner."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from .conftest import PASSWORD, make_user
from .test_passwords import RESET, reset_link

pytestmark = pytest.mark.django_db
EMAIL = reverse("accounts:email_change")
ACCOUNT = reverse("accounts:account")


def test_the_account_page_leads_to_the_address_shown_in_its_field(ana_phone):
    assert f'href="{EMAIL}"' in ana_phone.get(ACCOUNT).content.decode()
    page = ana_phone.get(EMAIL).content.decode()
    assert 'value="ana@example.org"' in page and 'autocomplete="current-password"' in page


def test_a_new_address_with_the_password_is_kept_and_said(ana, ana_phone):
    response = ana_phone.post(EMAIL, {"email": "ana.new@example.net", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == ACCOUNT
    ana.refresh_from_db()
    assert ana.email == "ana.new@example.net"
    page = ana_phone.get(ACCOUNT).content.decode()
    assert "Links for a forgotten password now go to ana.new@example.net." in page


def test_the_old_address_gets_no_link_and_a_link_sent_to_it_before_no_longer_works(
    client, ana, ana_phone
):
    client.post(RESET, {"email": "ana@example.org"})
    (before,) = mail.outbox
    ana_phone.post(EMAIL, {"email": "ana.new@example.net", "password": PASSWORD})
    old = client.get(reset_link(before), follow=True)
    assert "This link no longer works" in old.content.decode()
    client.post(RESET, {"email": "ana@example.org"})
    assert len(mail.outbox) == 1
    client.post(RESET, {"email": "ana.new@example.net"})
    assert mail.outbox[-1].to == ["ana.new@example.net"]


@pytest.mark.parametrize(
    ("data", "fault"),
    [
        ({"email": "ana.new@example.net", "password": "not-it"}, "This is not your password."),
        ({"email": "not an address", "password": PASSWORD}, "Enter a valid email address."),
        ({"email": "", "password": PASSWORD}, "This field is required."),
        ({"email": "BEN@example.org", "password": PASSWORD}, "An account already uses this"),
        # Another account's name: signing in takes a name or an address.
        ({"email": "Carol@Example.com", "password": PASSWORD}, "An account already uses this"),
    ],
)
def test_a_bad_change_is_refused_beside_its_field_and_nothing_changes(
    ana, ben, ana_phone, data, fault
):
    make_user("carol@example.com", "carol@example.org")
    response = ana_phone.post(EMAIL, data)
    assert response.status_code == 422
    assert fault in response.content.decode()
    ana.refresh_from_db()
    assert ana.email == "ana@example.org"


def test_the_same_address_in_other_capitals_is_ones_own(ana, ana_phone):
    response = ana_phone.post(EMAIL, {"email": "Ana@Example.org", "password": PASSWORD})
    assert response.status_code == 302
    ana.refresh_from_db()
    assert ana.email == "Ana@Example.org"


def test_it_is_said_in_french(ana_phone):
    ana_phone.cookies["django_language"] = "fr"
    response = ana_phone.post(EMAIL, {"email": "x@example.net", "password": "not-it"})
    page = response.content.decode()
    assert "Changer l’adresse e-mail" in page
    assert "Ce n’est pas votre mot de passe." in page


def test_signed_out_it_asks_to_sign_in_and_other_methods_are_refused(client, ana_phone):
    response = client.get(EMAIL)
    assert response.status_code == 302 and response["Location"].startswith(
        reverse("accounts:log_in")
    )
    assert client.post(EMAIL, {"email": "x@example.net", "password": PASSWORD}).status_code == 302
    assert ana_phone.put(EMAIL).status_code == 405
