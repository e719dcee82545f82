from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorepad.accounts.models import Claim
from tests.records.conftest import build
from tests.records.matches import CABO_FR

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator(client):
    client.force_login(
        get_user_model().objects.create_superuser("operator", "op@example.org", "pw")
    )
    return client


def test_the_operator_lists_claims_and_may_delete_but_not_make_one(operator, ana, owner):
    claim = Claim.objects.create(user=ana, match=build(owner, CABO_FR), position=0)
    listed = operator.get(reverse("admin:accounts_claim_changelist"))
    assert reverse("admin:accounts_claim_change", args=[claim.pk]) in listed.content.decode()
    assert operator.get(reverse("admin:accounts_claim_add")).status_code == 403
    change = reverse("admin:accounts_claim_change", args=[claim.pk])
    assert operator.post(change, {"position": "1"}).status_code == 403
    operator.post(reverse("admin:accounts_claim_delete", args=[claim.pk]), {"post": "yes"})
    assert not Claim.objects.exists()
