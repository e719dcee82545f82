from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorepad.accounts.models import Claim
from scorepad.matches.models import HouseRule, Match, Owner, Round, Seat
from tests.records.conftest import build
from tests.records.matches import CABO_FR, ESCOBA

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db
ACCOUNT = reverse("accounts:account")
DELETE = reverse("accounts:delete")


def test_the_account_page_names_the_account_and_offers_its_data(ana, ana_phone):
    assert "No match kept in your account yet." in ana_phone.get(ACCOUNT).content.decode()
    build(Owner.objects.get_or_create(user=ana)[0], CABO_FR)
    content = ana_phone.get(ACCOUNT).content.decode()
    assert "ana@example.org" in content
    assert "1 match is kept in your account" in content
    assert f'href="{reverse("records:export_json")}"' in content
    assert f'href="{DELETE}"' in content
    assert f'action="{reverse("accounts:log_out")}"' in content


def test_the_account_page_is_for_a_signed_in_account(client, visitor):
    for browser in (client, visitor):
        response = browser.get(ACCOUNT)
        assert response.status_code == 302 and response["Location"].startswith(
            reverse("accounts:log_in")
        )
    assert client.post(ACCOUNT).status_code == 405


def test_the_export_holds_every_match_of_the_account_and_no_one_elses(ana, ana_phone, stranger):
    theirs = Owner.objects.create(user=ana)
    build(theirs, CABO_FR)
    build(theirs, ESCOBA)
    build(stranger, CABO_FR)
    response = ana_phone.get(reverse("records:export_json"))
    matches = json.loads(b"".join(response.streaming_content))
    assert sorted(match["game"] for match in matches) == ["cabo", "escoba"]


def test_deleting_the_account_needs_its_password(ana, ana_phone):
    assert 'name="password"' in ana_phone.get(DELETE).content.decode()
    response = ana_phone.post(DELETE, {"password": "not-it"})
    assert response.status_code == 422
    content = response.content.decode()
    assert "This is not your password." in content and 'id="id_password_error"' in content
    assert get_user_model().objects.filter(pk=ana.pk).exists()
    assert ana_phone.post(DELETE, {}).status_code == 422


def test_deleting_the_account_deletes_all_its_data_and_signs_out(ana, ben, ana_phone, stranger):
    theirs = Owner.objects.create(user=ana)
    mine = build(theirs, CABO_FR)
    HouseRule.objects.create(owner=theirs, game="cabo", name="Chez Marie", preset="fr", options={})
    elsewhere = build(stranger, ESCOBA)
    Claim.objects.create(user=ana, match=elsewhere, position=0)
    bens = Claim.objects.create(user=ben, match=elsewhere, position=1)
    response = ana_phone.post(DELETE, {"password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert response["Clear-Site-Data"] == '"cache", "storage"'  # nothing of it on the phone
    assert not get_user_model().objects.filter(pk=ana.pk).exists()
    assert not Owner.objects.filter(pk=theirs.pk).exists()
    assert not Match.objects.filter(pk=mine.pk).exists()
    assert not Round.objects.filter(match_id=mine.pk).exists()
    assert not Seat.objects.filter(match_id=mine.pk).exists()
    assert not HouseRule.objects.exists()
    assert list(Claim.objects.all()) == [bens]
    assert Match.objects.filter(pk=elsewhere.pk).exists()  # someone else's match stays
    assert "_auth_user_id" not in ana_phone.session
    assert ana_phone.get(ACCOUNT).status_code == 302


def test_a_failure_while_deleting_leaves_everything(ana, ana_phone, monkeypatch):
    theirs = Owner.objects.create(user=ana)
    build(theirs, CABO_FR)

    def fail(*args, **kwargs):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(get_user_model(), "delete", fail)
    with pytest.raises(RuntimeError):
        ana_phone.post(DELETE, {"password": PASSWORD})
    assert Owner.objects.filter(pk=theirs.pk).exists()
    assert Match.objects.filter(owner=theirs).count() == 1


def test_deleting_the_account_is_for_a_signed_in_account(client, visitor):
    for browser in (client, visitor):
        response = browser.post(DELETE, {"password": PASSWORD})
        assert response.status_code == 302 and response["Location"].startswith(
            reverse("accounts:log_in")
        )


def test_deleting_the_account_refuses_other_methods(ana_phone):
    assert ana_phone.put(DELETE).status_code == 405
