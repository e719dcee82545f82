"""A few reset links an hour per email address and per network, a few accounts an hour
per network: nobody's inbox is flooded through Scorepad, nor its database filled."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from scorepad.accounts import views
from scorepad.accounts.models import Attempt

from .test_sign_up import sign_up_data

pytestmark = pytest.mark.django_db
RESET = reverse("accounts:password_reset")
SIGN_UP = reverse("accounts:sign_up")
RESET_REFUSED = "Several links were asked for in the last hour"
SIGN_UP_REFUSED = "Many accounts were made from this network in the last hour"


def reset(client: Client, email: str, address: str = "10.0.0.1"):
    return client.post(RESET, {"email": email}, REMOTE_ADDR=address)


def test_one_address_gets_a_few_links_an_hour_then_is_told_why_not(client, ana):
    for _ in range(views.RESETS_PER_EMAIL):
        assert reset(client, "ana@example.org").status_code == 302
    refused = reset(client, "ana@example.org", address="10.0.0.2")  # another network too
    assert refused.status_code == 429
    assert RESET_REFUSED in refused.content.decode()
    assert len(mail.outbox) == views.RESETS_PER_EMAIL
    # Another address still gets its link.
    assert reset(client, "ben@example.org").status_code == 302


def test_an_address_without_an_account_is_counted_alike(client, ana):
    """The refusal would otherwise tell which addresses have an account."""
    for _ in range(views.RESETS_PER_EMAIL):
        assert reset(client, "nobody@example.org").status_code == 302
    assert reset(client, "NOBODY@example.org").status_code == 429
    assert mail.outbox == []


def test_one_network_asks_for_a_few_links_an_hour_whatever_the_addresses(client, ana):
    for number in range(views.RESETS_PER_ADDRESS):
        assert reset(client, f"guess{number}@example.org").status_code == 302
    assert reset(client, "ana@example.org").status_code == 429
    assert mail.outbox == []
    assert reset(client, "ana@example.org", address="10.0.0.9").status_code == 302
    assert len(mail.outbox) == 1


def test_an_hour_later_the_links_can_be_asked_for_again_and_old_attempts_go(client, ana):
    for _ in range(views.RESETS_PER_EMAIL):
        reset(client, "ana@example.org")
    Attempt.objects.update(at=Attempt.objects.first().at - timedelta(minutes=61))
    assert reset(client, "ana@example.org").status_code == 302
    assert Attempt.objects.count() == 2  # this one's email and network, the old ones gone


def test_attempts_are_kept_without_the_email_or_the_network_address(client, ana):
    reset(client, "ana@example.org", address="10.0.0.7")
    kept = " ".join(f"{a.scope} {a.key}" for a in Attempt.objects.all())
    assert "ana" not in kept and "10.0.0.7" not in kept


def test_one_network_makes_a_few_accounts_an_hour(client):
    for number in range(views.SIGN_UPS_PER_ADDRESS):
        data = sign_up_data(username=f"player{number}", email=f"p{number}@example.org")
        assert Client().post(SIGN_UP, data, REMOTE_ADDR="10.0.0.1").status_code == 302
    refused = client.post(SIGN_UP, sign_up_data(), REMOTE_ADDR="10.0.0.1")
    assert refused.status_code == 429
    page = refused.content.decode()
    assert SIGN_UP_REFUSED in page
    assert 'value="ana"' in page  # what was typed stays
    assert not get_user_model().objects.filter(username="ana").exists()
    assert client.post(SIGN_UP, sign_up_data(), REMOTE_ADDR="10.0.0.2").status_code == 302


def test_a_form_with_faults_is_not_counted(client):
    for _ in range(views.SIGN_UPS_PER_ADDRESS + 1):
        assert client.post(SIGN_UP, sign_up_data(password2="other")).status_code == 422
    assert not Attempt.objects.exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [("fr", "Plusieurs liens ont été demandés"), ("nl", "Er zijn het afgelopen uur")],
)
def test_the_refusal_speaks_the_visitors_language(client, ana, language, said):
    client.cookies["django_language"] = language
    for _ in range(views.RESETS_PER_EMAIL):
        reset(client, "ana@example.org")
    assert said in reset(client, "ana@example.org").content.decode()
