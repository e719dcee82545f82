from __future__ import annotations

import re
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.core import mail
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from scorepad.accounts.models import Attempt

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


# A new password lifts the sign-in pause of its name (F45) ------------------------------

LOG_IN = reverse("accounts:log_in")
PAUSED = "signing in with this name from this network is paused"
NETWORK_PAUSED = "signing in from it is paused"


def wrong_passwords(name: str, count: int, address: str = "10.0.0.1") -> list[int]:
    client = Client()
    return [
        client.post(
            LOG_IN, {"username": name, "password": f"wrong{n}"}, REMOTE_ADDR=address
        ).status_code
        for n in range(count)
    ]


def sign_in(name: str, password: str, address: str = "10.0.0.1"):
    """A phone that was not signed in tries `name` and `password` from `address`."""
    return Client().post(LOG_IN, {"username": name, "password": password}, REMOTE_ADDR=address)


def ask_for_a_link(client, email: str = "ana@example.org") -> str:
    """The form of the link sent to `email`, as the browser opening it lands on it."""
    mail.outbox.clear()
    client.post(RESET, {"email": email})
    (message,) = mail.outbox
    return client.get(reset_link(message), follow=True).redirect_chain[-1][0]


def new_password_by_email(email: str = "ana@example.org", password: str = NEW):
    """On a phone of their own: asks for the link, opens it and sets `password`."""
    client = Client()
    form = ask_for_a_link(client, email)
    return client.post(form, {"new_password1": password, "new_password2": password}, follow=True)


def test_a_new_password_from_the_emailed_link_lifts_the_pause_of_its_name(client, ana):
    """QA: the pause page offers "Forgot your password?"; the new password then works."""
    assert wrong_passwords("ana", 5) == [422, 422, 422, 422, 429]
    paused = sign_in("ana", PASSWORD)
    assert paused.status_code == 429 and PAUSED in paused.content.decode()
    form = ask_for_a_link(client)
    done = client.post(form, {"new_password1": NEW, "new_password2": NEW}, follow=True)
    assert done.redirect_chain[-1][0] == reverse("accounts:password_reset_complete")
    assert "You can sign in with your new password now." in done.content.decode()
    assert sign_in("ana", PASSWORD).status_code == 422  # the old one no longer works
    signed_in = sign_in("ana", NEW)
    assert signed_in.status_code == 302
    assert signed_in.client.session["_auth_user_id"] == str(ana.pk)


def test_the_success_page_says_so_in_french_and_dutch(client):
    client.cookies["django_language"] = "fr"
    assert (
        "Vous pouvez vous connecter"
        in client.get(reverse("accounts:password_reset_complete")).content.decode()
    )
    client.cookies["django_language"] = "nl"
    assert (
        "Je kunt nu inloggen"
        in client.get(reverse("accounts:password_reset_complete")).content.decode()
    )


def test_the_pause_is_lifted_on_every_network_whatever_the_name_was_typed_as(ana):
    """django-axes counts the account's own name, whatever its capitals or the email
    address typed: the pause of each of them goes."""
    assert wrong_passwords("ANA", 5, address="10.0.0.1")[-1] == 429
    assert wrong_passwords("Ana@Example.org", 5, address="10.0.0.2")[-1] == 429
    new_password_by_email()
    assert sign_in("aNa", NEW, address="10.0.0.1").status_code == 302
    assert sign_in("ana@example.org", NEW, address="10.0.0.2").status_code == 302


def test_changing_the_password_while_signed_in_lifts_the_pause_too(ana, ana_phone):
    """Someone else's wrong tries paused the name on the café's Wi-Fi; its owner, signed
    in on their phone, changes the password."""
    assert wrong_passwords("ana", 5)[-1] == 429
    response = ana_phone.post(
        CHANGE, {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW}
    )
    assert response["Location"] == reverse("accounts:password_changed")
    assert sign_in("ana", NEW).status_code == 302


def test_a_network_paused_as_a_whole_stays_paused_for_other_names(ana, ben):
    """Ana's own wrong tries stay counted for the café's network, which many guesses
    paused as a whole: only her name, given a new password, signs in there again."""
    assert wrong_passwords("ana", 5)[-1] == 429
    for n in range(7):
        wrong_passwords(f"guess{n}", 4)  # 33 wrong passwords in all from this network
    assert NETWORK_PAUSED in sign_in("ben", PASSWORD).content.decode()
    new_password_by_email()
    paused = sign_in("ben", PASSWORD)
    assert paused.status_code == 429 and NETWORK_PAUSED in paused.content.decode()
    assert sign_in("carl", "anything").status_code == 429
    assert sign_in("ana", NEW).status_code == 302
    assert sign_in("ben", PASSWORD, address="10.0.0.2").status_code == 302  # elsewhere


def test_on_a_paused_network_the_name_with_a_new_password_is_not_free_for_guesses(ana):
    for n in range(8):
        wrong_passwords(f"guess{n}", 4)
    new_password_by_email()
    # Five wrong tries at the new one pause the name there again, as anywhere.
    assert wrong_passwords("ana", 5) == [422, 422, 422, 422, 429]
    assert sign_in("ana", NEW).status_code == 429


def test_on_a_paused_network_the_new_password_lets_its_name_in_for_the_cool_off_time(ana):
    for n in range(8):
        wrong_passwords(f"guess{n}", 4)
    new_password_by_email()
    assert sign_in("ana", NEW).status_code == 302
    Attempt.objects.filter(scope="new-password").update(at=F("at") - timedelta(minutes=16))
    # The network is still paused, its wrong tries recent: a second phone of Ana's waits.
    assert NETWORK_PAUSED in sign_in("ana", NEW).content.decode()


def test_another_accounts_pause_is_untouched(ana, ben):
    assert wrong_passwords("ana", 5)[-1] == 429
    assert wrong_passwords("ben", 5)[-1] == 429
    new_password_by_email()
    assert PAUSED in sign_in("ben", PASSWORD).content.decode()
    assert sign_in("ana", NEW).status_code == 302


def test_a_link_asked_for_and_opened_but_not_used_lifts_nothing(client, ana):
    assert wrong_passwords("ana", 5)[-1] == 429
    form = ask_for_a_link(client)
    assert 'name="new_password1"' in client.get(form).content.decode()
    assert PAUSED in sign_in("ana", PASSWORD).content.decode()
    client.post(form, {"new_password1": NEW, "new_password2": NEW})  # now used
    assert sign_in("ana", NEW).status_code == 302


def test_a_new_password_the_form_refuses_lifts_nothing(client, ana):
    assert wrong_passwords("ana", 5)[-1] == 429
    refused = client.post(
        ask_for_a_link(client), {"new_password1": "short", "new_password2": "short"}
    )
    assert refused.status_code == 422
    assert PAUSED in sign_in("ana", PASSWORD).content.decode()
    signed_in = Client()
    signed_in.force_login(ana)
    refused = signed_in.post(CHANGE, {"old_password": "nope", "new_password1": NEW})
    assert refused.status_code == 422
    assert PAUSED in sign_in("ana", PASSWORD).content.decode()
    signed_in.post(CHANGE, {"old_password": PASSWORD, "new_password1": NEW, "new_password2": NEW})
    assert sign_in("ana", NEW).status_code == 302


def test_a_used_or_broken_link_lifts_nothing(client, ana):
    form = ask_for_a_link(client)
    client.post(form, {"new_password1": NEW, "new_password2": NEW})
    assert wrong_passwords("ana", 5)[-1] == 429  # paused again after it
    again = client.post(form, {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert "This link no longer works" in again.content.decode()
    uid = urlsafe_base64_encode(force_bytes(ana.pk))
    other = Client()
    broken = other.get(reverse("accounts:password_reset_confirm", args=[uid, "not-a-token"]))
    assert "This link no longer works" in broken.content.decode()
    refused = other.post(
        reverse("accounts:password_reset_confirm", args=[uid, "set-password"]),
        {"new_password1": PASSWORD, "new_password2": PASSWORD},
    )
    assert "This link no longer works" in refused.content.decode()
    assert PAUSED in sign_in("ana", NEW).content.decode()
    ana.refresh_from_db()
    assert ana.check_password(NEW)
    new_password_by_email(password=PASSWORD)  # a new link, used
    assert sign_in("ana", PASSWORD).status_code == 302


def test_setting_a_new_password_costs_the_same_queries_however_many_networks_paused_it(
    client, ana, ben
):
    """The pause goes in one write, whether one network or a dozen paused the name."""
    now = timezone.now()
    AccessAttempt.objects.bulk_create(
        AccessAttempt(
            username=user.username,
            ip_address=f"10.{seat}.0.{n}",
            user_agent="phone",
            failures_since_start=5,
            attempt_time=now,
        )
        for seat, (user, networks) in enumerate([(ana, 1), (ben, 12)])
        for n in range(networks)
    )
    queries = []
    for email in ["ana@example.org", "ben@example.org"]:
        form = ask_for_a_link(client, email)
        with CaptureQueriesContext(connection) as context:
            done = client.post(form, {"new_password1": NEW, "new_password2": NEW})
        assert done.status_code == 302
        queries.append(len(context))
        client.logout()
    assert queries[0] == queries[1]
    assert not AccessAttempt.objects.filter(username__in=["ana", "ben"]).exists()
