from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db
CHANGE = reverse("accounts:password_change")
RESET = reverse("accounts:password_reset")
NEW = "another-long-evening-17"


def test_changing_the_password_needs_the_old_one(ana, ana_phone):
    response = ana_phone.post(
        CHANGE, {"old_password": "nope", "new_password1": NEW, "new_password2": NEW}
    )
    assert response.status_code == 422
    assert "This is not your password." in response.content.decode()
    response = ana_phone.post(
        CHANGE, {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
    )
    assert response["Location"] == reverse("accounts:password_changed")
    ana.refresh_from_db()
    assert ana.check_password(NEW)
    # The phone that changed it stays signed in.
    assert ana_phone.get(reverse("accounts:account")).status_code == 200


def test_changing_the_password_is_for_a_signed_in_account(client):
    response = client.get(CHANGE)
    assert response.status_code == 302 and response["Location"].startswith(
        reverse("accounts:log_in")
    )


def reset_link(email: mail.EmailMessage) -> str:
    return re.search(r"http://testserver(/account/password/reset/\S+/)", email.body).group(1)


def test_a_forgotten_password_is_reset_through_a_link_sent_by_email(client, ana):
    response = client.post(RESET, {"email": "ANA@example.org"})
    assert response["Location"] == reverse("accounts:password_reset_sent")
    (email,) = mail.outbox
    assert email.to == ["ana@example.org"]
    assert "A new password for Scorepad" in email.subject and "ana" in email.body
    form = client.get(reset_link(email), follow=True)
    assert 'name="new_password1"' in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW, "new_password2": NEW})
    assert done["Location"] == reverse("accounts:password_reset_complete")
    ana.refresh_from_db()
    assert ana.check_password(NEW)
    used = client.get(reset_link(email), follow=True)
    assert "This link no longer works" in used.content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_email(client, ana):
    response = client.post(RESET, {"email": "nobody@example.org"})
    assert response["Location"] == reverse("accounts:password_reset_sent")
    assert mail.outbox == []


def test_the_reset_email_speaks_the_visitors_language(client, ana):
    client.cookies["django_language"] = "fr"
    client.post(RESET, {"email": "ana@example.org"})
    (email,) = mail.outbox
    assert "Un nouveau mot de passe" in email.subject
    assert "Ouvrez ce lien" in email.body


def test_a_broken_reset_address_is_told_on_the_form(client):
    response = client.post(RESET, {"email": "not an address"})
    assert response.status_code == 422
    assert "Enter a valid email address." in response.content.decode()


def test_the_reset_form_names_its_field_as_the_sign_up_form_does(client):
    client.cookies["django_language"] = "fr"
    assert "Adresse e-mail" in client.get(RESET).content.decode()


def test_a_new_password_is_told_in_the_visitors_words_beside_it(ana, ana_phone):
    """In Dutch as the rest of the app speaks it ("je", not Django's "uw"), the help in
    one sentence, and a fault beside the new password, not beside its confirmation."""
    ana_phone.cookies["django_language"] = "nl"
    form = ana_phone.get(CHANGE).content.decode()
    assert "Uw " not in form and "<ul><li>" not in form
    response = ana_phone.post(
        CHANGE, {"old_password": "nope", "new_password1": "12345678", "new_password2": "12345678"}
    )
    content = response.content.decode()
    assert "Dat is niet je wachtwoord." in content and "Uw " not in content
    assert "Dit wachtwoord bevat alleen cijfers." in content
    assert 'id="id_new_password1_error"' in content
    assert 'id="id_new_password2_error"' not in content
    ana.refresh_from_db()
    assert ana.check_password(PASSWORD)


def test_a_reset_password_is_checked_beside_it_too(client, ana):
    client.post(RESET, {"email": "ana@example.org"})
    form = client.get(reset_link(mail.outbox[0]), follow=True)
    response = client.post(
        form.redirect_chain[-1][0], {"new_password1": "short", "new_password2": "short"}
    )
    assert response.status_code == 422
    content = response.content.decode()
    assert "at least 8 characters" in content and 'id="id_new_password1_error"' in content
    ana.refresh_from_db()
    assert ana.check_password(PASSWORD)
