from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import reverse

from scorepad.matches.models import HouseRule, RoundChange
from scorepad.matches.services import record_round

from .conftest import build, build_match
from .matches import CABO_FR

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator(client):
    user = get_user_model().objects.create_superuser("operator", "op@example.org", "pw")
    client.force_login(user)
    return client


@pytest.fixture
def journaled(owner):
    import uuid

    match = build_match(owner, "cabo", ["Ana", "Ben"])
    record_round(
        match,
        {"caller": "Ana", "hands": {"Ana": 1, "Ben": 4}},
        number=1,
        entry_key=uuid.uuid4(),
        owner=owner,
    )
    HouseRule.objects.create(
        owner=owner, game="cabo", name="Chez Marie", preset="fr", options=match.options
    )
    return match


@pytest.mark.parametrize(
    "model",
    ["matches/owner", "matches/match", "matches/round", "matches/roundchange", "matches/houserule"],
)
def test_every_model_has_a_list_in_the_admin(operator, journaled, model):
    app, name = model.split("/")
    response = operator.get(reverse(f"admin:{app}_{name}_changelist"))
    assert response.status_code == 200
    # The list shows the one object of that kind, linked to its page.
    listed = apps.get_model(app, name).objects.get()
    assert reverse(f"admin:{app}_{name}_change", args=[listed.pk]) in response.content.decode()


def test_a_match_shows_its_rounds_and_journal_read_only(operator, journaled):
    response = operator.get(reverse("admin:matches_match_change", args=[journaled.pk]))
    content = response.content.decode()
    assert response.status_code == 200
    assert "Round changes" in content or "round changes" in content
    assert 'name="players"' not in content  # entered data is read-only
    assert 'name="rounds-0-data"' not in content


def test_the_journal_cannot_be_edited_or_added_to(operator, journaled):
    change = RoundChange.objects.get()
    assert (
        operator.post(reverse("admin:matches_roundchange_change", args=[change.pk]), {}).status_code
        == 403
    )
    assert operator.get(reverse("admin:matches_roundchange_add")).status_code == 403
    assert operator.get(reverse("admin:matches_match_add")).status_code == 403


def test_the_match_list_searches_players(operator, owner):
    build(owner, CABO_FR)
    build_match(owner, "cabanga", ["Xavier", "Yann", "Zoé"])
    content = operator.get(
        reverse("admin:matches_match_changelist"), {"q": "Xavier"}
    ).content.decode()
    assert "Xavier, Yann, Zoé" in content and "Ana, Ben" not in content


def test_a_match_saved_in_the_admin_moves_its_version_on(rf, journaled):
    """Its kept pages (keyed on the version) show at once what was changed there."""
    from django.contrib import admin
    from django.utils import timezone

    from scorepad.matches.models import Match

    before = journaled.version
    journaled.abandoned_at = timezone.now()
    admin.site._registry[Match].save_model(rf.post("/"), journaled, None, True)
    assert Match.objects.get(pk=journaled.pk).version == before + 1
