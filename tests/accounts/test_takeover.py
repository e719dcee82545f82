"""Signing up or in takes over the matches the browser kept anonymously."""

from __future__ import annotations

import json
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scorepad.accounts.takeover import free_name, move_everything
from scorepad.matches import services
from scorepad.matches.models import (
    BrowserSession,
    HouseRule,
    Match,
    Owner,
    RoundChange,
    Submission,
)
from scorepad.records import exchange
from tests.matches.helpers import create_match
from tests.records.conftest import build, client_of
from tests.records.matches import CABO_FR, CABO_TIEBREAK, ESCOBA

from .conftest import PASSWORD

pytestmark = pytest.mark.django_db
LOG_IN = reverse("accounts:log_in")


def sign_in(browser: Client, name: str = "ana") -> None:
    response = browser.post(LOG_IN, {"username": name, "password": PASSWORD})
    assert response.status_code == 302


def rule(owner: Owner, name: str, game: str = "cabo", **options) -> HouseRule:
    return HouseRule.objects.create(owner=owner, game=game, name=name, preset="fr", options=options)


def history_ids(browser: Client) -> set[int]:
    return {match.pk for match in browser.get(reverse("records:history")).context["page"]}


def test_signing_up_links_the_browsers_owner_to_the_new_account(owner, visitor):
    match = build(owner, CABO_FR)
    response = visitor.post(
        reverse("accounts:sign_up"),
        {
            "username": "ana",
            "email": "ana@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    owner.refresh_from_db()
    assert owner.user.username == "ana"
    assert Owner.objects.count() == 1
    second_phone = Client()
    sign_in(second_phone)
    assert history_ids(second_phone) == {match.pk}


def test_signing_in_moves_everything_to_the_accounts_owner_and_renames_a_clashing_rule(
    owner, visitor, ana
):
    theirs = Owner.objects.create(user=ana)
    kept = build(theirs, ESCOBA)
    rule(theirs, "Chez Marie")
    rule(theirs, "Chez Marie (2)")
    rule(theirs, "Dimanche", target=50)
    played_here = build(owner, CABO_FR)
    rule(owner, "chez marie", target=80)  # another rule under the name: renamed
    rule(owner, "Chez Marie", game="escoba")
    rule(owner, "Sunday")
    rule(owner, "dimanche", target=50)  # the same rule under the same name: kept once
    Submission.objects.create(owner=owner, key=uuid.uuid4(), match=played_here)
    sign_in(visitor)
    assert not Owner.objects.filter(pk=owner.pk).exists()
    assert set(Match.objects.filter(owner=theirs).values_list("pk", flat=True)) == {
        kept.pk,
        played_here.pk,
    }
    names = set(HouseRule.objects.filter(owner=theirs).values_list("game", "name"))
    assert names == {
        ("cabo", "Chez Marie"),
        ("cabo", "Chez Marie (2)"),
        ("cabo", "chez marie (3)"),
        ("escoba", "Chez Marie"),
        ("cabo", "Sunday"),
        ("cabo", "Dimanche"),
    }
    assert Submission.objects.get().owner == theirs
    assert set(RoundChange.objects.values_list("owner", flat=True)) == {theirs.pk}
    assert history_ids(visitor) == {kept.pk, played_here.pk}
    assert "scorepad_owner" not in visitor.session


def test_matches_a_file_brought_to_this_browser_from_the_account_are_kept_once(owner, visitor, ana):
    """QA26: the history exported on one phone and imported on another, then that phone
    signed in: every match was there twice, and every statistic doubled. So is a copy
    of an earlier state of an account's match (QA28: exported before its last rounds).
    A copy changed otherwise is another version of the match: both stay, nothing is
    lost."""
    theirs = Owner.objects.create(user=ana)
    cabo, escoba = build(theirs, CABO_FR), build(theirs, ESCOBA)
    exported = json.dumps([exchange.match_document(cabo), exchange.match_document(escoba)])
    file = SimpleUploadedFile("matches.json", exported.encode(), "application/json")
    assert visitor.post(reverse("records:import"), {"file": file}).status_code == 302
    # The Cabo match as it was before its last round (an export taken then): a copy.
    cabo_copy = Match.objects.get(owner=owner, game="cabo")
    services.delete_last_round(cabo_copy, number=cabo_copy.round_count, owner=owner)
    # The Escoba one changed otherwise (its first deal typed another way): another version.
    escoba_copy = Match.objects.get(owner=owner, game="escoba")
    first = escoba_copy.rounds.get(number=1)
    first.data["sides"]["Ada"]["escobas"] += 1
    first.save(update_fields=["data"])
    played_here = build(owner, CABO_TIEBREAK)
    visitor.get(reverse("records:history"))  # the import's message, read
    sign_in(visitor)
    said = [str(m) for m in visitor.get(reverse("records:history")).context["messages"]]
    assert said == [
        "Signed in as ana.",
        "The 2 matches of this browser are now kept in your account.",
        "1 match of this browser was in your account already (a match file brought it"
        " here): it is kept once.",
    ]
    assert history_ids(visitor) == {cabo.pk, escoba.pk, escoba_copy.pk, played_here.pk}
    # The copy came along, deleted: nothing is lost.
    assert Match.objects.filter(owner=theirs, deleted_at__isnull=False).count() == 1


def test_a_browser_that_kept_nothing_changes_nothing(client, ana):
    theirs = Owner.objects.create(user=ana)
    sign_in(client)
    assert list(Owner.objects.all()) == [theirs]


def test_a_reserved_token_without_an_owner_is_dropped(client, ana):
    client.get(reverse("matches:new", args=["cabo"]))  # reserves a token for the set-up
    assert "scorepad_owner" in client.session
    sign_in(client)
    assert "scorepad_owner" not in client.session
    assert not Owner.objects.exists()


def test_matches_set_up_after_signing_in_belong_to_the_account(client, ana):
    sign_in(client)
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    assert Match.objects.get(pk=match_id).owner.user == ana


def test_another_accounts_owner_is_never_taken(owner, ana, ben):
    """A token in the session that names someone's account's owner is not a browser's."""
    bens = Owner.objects.create(user=ben)
    build(bens, CABO_FR)
    forged = client_of(bens)
    sign_in(forged)
    assert Owner.objects.get(pk=bens.pk).user == ben
    assert not Match.objects.filter(owner__user=ana).exists()


def owner_relations() -> list:
    """Every model keyed on Owner, those without a reverse accessor (`related_name="+"`) too."""
    return [rel for rel in Owner._meta.get_fields(include_hidden=True) if rel.one_to_many]


def test_every_relation_to_an_owner_is_moved(owner, ana):
    """A new model keyed on Owner must be handled by `move_everything`: this lists them.
    A session is not moved: it names the owner of the data it holds (`matches.sessions`)."""
    relations = {(rel.related_model.__name__, rel.field.name) for rel in owner_relations()}
    assert relations - {("BrowserSession", "owner")} == {
        ("Match", "owner"),
        ("HouseRule", "owner"),
        ("Submission", "owner"),
        ("RoundChange", "owner"),
    }
    target = Owner.objects.create(user=ana)
    build(owner, CABO_FR)
    rule(owner, "Chez Marie")
    Submission.objects.create(owner=owner, key=uuid.uuid4())
    move_everything(owner, target)
    for rel in owner_relations():
        assert not rel.related_model.objects.filter(**{rel.field.name: owner}).exists()


def test_a_free_name_fits_the_names_length(owner):
    long = "M" * 40
    rule(owner, long)
    assert free_name(owner, "cabo", long) == "M" * 36 + " (2)"
    assert free_name(owner, "escoba", long) == long


def test_signing_in_says_how_many_matches_of_the_browser_came_along(owner, visitor, ana):
    build(owner, CABO_FR)
    build(owner, ESCOBA)
    response = visitor.post(LOG_IN, {"username": "ana", "password": PASSWORD}, follow=True)
    assert "The 2 matches of this browser are now kept in your account." in (
        response.content.decode()
    )
    visitor.post(reverse("accounts:log_out"))
    again = visitor.post(LOG_IN, {"username": "ana", "password": PASSWORD}, follow=True)
    assert "of this browser" not in again.content.decode()


def test_an_account_owner_made_at_the_same_moment_gets_the_matches(owner, ana, monkeypatch):
    """Another page of the account made its owner after this sign-in looked: the link
    refused by the database, the matches move instead."""
    from scorepad.accounts import takeover

    match = build(owner, CABO_FR)
    theirs = Owner.objects.create(user=ana)
    monkeypatch.setattr(takeover, "account_owner", lambda user: None)
    assert takeover.take_over(owner.token, ana) == (theirs, 0)
    assert Match.objects.get(pk=match.pk).owner == theirs
    assert not Owner.objects.filter(pk=owner.pk).exists()


def test_the_accounts_kept_history_shows_the_matches_that_came_along(owner, visitor, ana):
    theirs = Owner.objects.create(user=ana)
    kept = build(theirs, ESCOBA)
    other_phone = Client()
    sign_in(other_phone)
    assert history_ids(other_phone) == {kept.pk}  # now kept rendered under its version
    played_here = build(owner, CABO_FR)
    sign_in(visitor)
    assert history_ids(other_phone) == {kept.pk, played_here.pk}


def test_signing_in_after_browsing_hands_the_browsers_owner_over_and_forgets_it(
    owner, visitor, ana
):
    """The session names the owner it was read with (`matches.sessions`); when signing in
    deletes that owner (its matches go to the account's), the session names none, then
    the account's."""
    theirs = Owner.objects.create(user=ana)
    played_here = build(owner, CABO_FR)
    visitor.get(reverse("records:history"))
    assert BrowserSession.objects.get(pk=visitor.session.session_key).owner == owner
    sign_in(visitor)
    assert not Owner.objects.filter(pk=owner.pk).exists()
    assert not BrowserSession.objects.filter(owner_id=owner.pk).exists()
    assert history_ids(visitor) == {played_here.pk}
    assert BrowserSession.objects.get(pk=visitor.session.session_key).owner == theirs
