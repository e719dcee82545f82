from __future__ import annotations

import pytest
from django.urls import reverse

from scorepad.matches.house_rules import house_rules_for
from scorepad.matches.models import HouseRule
from scorepad.records.forms import HouseRuleForm

from .conftest import build, build_match
from .matches import CABO_FR, ESCOBA

pytestmark = pytest.mark.django_db
RULES = reverse("records:house_rules")


def save_url(match) -> str:
    return reverse("records:save_house_rule", args=[match.pk])


def test_a_matchs_rules_are_saved_under_a_name(owner, visitor):
    match = build(owner, CABO_FR)
    assert "Name of the house rule" in visitor.get(save_url(match)).content.decode()
    response = visitor.post(save_url(match), {"name": "  Chez   Marie "})
    assert response.status_code == 302 and response["Location"] == RULES
    rule = HouseRule.objects.get()
    assert (rule.owner, rule.game, rule.name, rule.preset) == (owner, "cabo", "Chez Marie", "fr")
    assert rule.options == match.options and rule.used_by(match)
    listed = visitor.get(RULES).content.decode()
    assert "Chez Marie" in listed
    assert "Target score: 50" in listed  # what it changes from French rules


def test_a_house_rule_name_is_unique_per_game(owner, visitor):
    cabo = build(owner, CABO_FR)
    escoba = build(owner, ESCOBA)
    visitor.post(save_url(cabo), {"name": "Chez Marie"})
    response = visitor.post(save_url(cabo), {"name": "chez marie"})
    assert response.status_code == 422
    assert "You already have house rules called" in response.content.decode()
    assert visitor.post(save_url(escoba), {"name": "Chez Marie"}).status_code == 302
    assert HouseRule.objects.count() == 2


def test_a_name_differing_only_in_the_case_of_an_accented_letter_is_the_same_name(owner, visitor):
    # SQLite's iexact folds ASCII letters alone: École and école got saved twice.
    match = build(owner, CABO_FR)
    assert visitor.post(save_url(match), {"name": "École"}).status_code == 302
    other = build(owner, {**CABO_FR, "options": {**CABO_FR["options"], "target": 150}})
    response = visitor.post(save_url(other), {"name": "école"})
    assert response.status_code == 422
    assert "You already have house rules called “École” for this game." in (
        response.content.decode()
    )
    assert HouseRule.objects.count() == 1


def test_rules_already_saved_are_not_saved_again_under_another_name(owner, visitor):
    # The set-up page names the house rule its options are: two names, one of them wrong.
    match = build(owner, CABO_FR)
    visitor.post(save_url(match), {"name": "Short game"})
    again = build(owner, CABO_FR)
    response = visitor.post(save_url(again), {"name": "Marie's"}, headers={"Accept-Language": "fr"})
    assert response.status_code == 422
    assert "Ces règles sont déjà enregistrées, sous «\u00a0Short game\u00a0»." in (
        response.content.decode()
    )
    assert list(HouseRule.objects.values_list("name", flat=True)) == ["Short game"]


def test_a_name_taken_by_a_request_at_the_same_time_gets_the_same_message(
    owner, visitor, monkeypatch
):
    match = build(owner, CABO_FR)
    HouseRule.objects.create(owner=owner, game="cabo", name="Chez Marie", preset="fr", options={})
    # The other request saved its rule after this one's check: the check saw no rule.
    monkeypatch.setattr(HouseRuleForm, "clean_name", lambda form: form.cleaned_data["name"])
    response = visitor.post(save_url(match), {"name": "Chez Marie"})
    assert response.status_code == 422
    content = response.content.decode()
    assert "You already have house rules called “Chez Marie” for this game." in content
    assert 'id="name-errors"' in content
    assert HouseRule.objects.count() == 1


def test_the_database_refuses_a_name_taken_in_another_case_at_the_same_time(
    owner, visitor, monkeypatch
):
    match = build(owner, CABO_FR)
    HouseRule.objects.create(owner=owner, game="cabo", name="Chez Marie", preset="fr", options={})
    monkeypatch.setattr(HouseRuleForm, "clean_name", lambda form: form.cleaned_data["name"])
    response = visitor.post(save_url(match), {"name": "CHEZ marie"})
    assert response.status_code == 422
    assert "You already have house rules called “CHEZ marie” for this game." in (
        response.content.decode()
    )
    assert list(HouseRule.objects.values_list("name", flat=True)) == ["Chez Marie"]


def test_a_house_rule_needs_a_name(owner, visitor):
    match = build(owner, CABO_FR)
    response = visitor.post(save_url(match), {"name": "   "})
    assert response.status_code == 422
    assert 'id="name-errors"' in response.content.decode()
    assert not HouseRule.objects.exists()


def test_a_house_rule_name_is_kept_without_what_shows_nothing(owner, visitor):
    """Zero-width spaces alone were saved as a name: a blank button on the set-up page;
    beside a name, a second rule that read the same."""
    match = build(owner, CABO_FR)
    response = visitor.post(save_url(match), {"name": "\u200b\u200b"})
    assert response.status_code == 422
    assert 'id="name-errors"' in response.content.decode()
    assert visitor.post(save_url(match), {"name": "Chez\u200b Marie\u200b"}).status_code == 302
    assert HouseRule.objects.get().name == "Chez Marie"
    other = build(owner, {**CABO_FR, "options": {**CABO_FR["options"], "target": 150}})
    response = visitor.post(save_url(other), {"name": "\u200bchez marie"})
    assert "You already have house rules called “Chez Marie” for this game." in (
        response.content.decode()
    )


def test_house_rules_of_another_visitors_match_cannot_be_saved(owner, other_visitor):
    match = build(owner, CABO_FR)
    assert other_visitor.post(save_url(match), {"name": "Mine"}).status_code == 404
    assert other_visitor.get(save_url(match)).status_code == 404
    assert not HouseRule.objects.exists()


def test_saving_a_house_rule_of_a_missing_match_is_not_found(visitor):
    assert (
        visitor.post(reverse("records:save_house_rule", args=[404]), {"name": "X"}).status_code
        == 404
    )


def delete(client, rule):
    return client.post(reverse("records:delete_house_rule", args=[rule.pk]))


def restore(client, rule):
    return client.post(reverse("records:restore_house_rule", args=[rule.pk]))


def test_a_house_rule_is_deleted(owner, visitor):
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="Old", preset="fr", options={})
    response = delete(visitor, rule)
    assert response.status_code == 302
    assert not HouseRule.objects.exists()
    assert house_rules_for(owner, "cabo") == []


def test_a_deleted_house_rule_comes_back_with_its_undo(owner, visitor):
    """QA: one tap deleted a house rule for good, where a match's deletion has an Undo."""
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="Old", preset="fr", options={})
    response = delete(visitor, rule)
    assert response["Location"] == f"{RULES}?deleted={rule.pk}"
    page = visitor.get(response["Location"]).content.decode()
    assert "House rule “Old” (Cabo) deleted." in page
    assert reverse("records:restore_house_rule", args=[rule.pk]) in page
    assert restore(visitor, rule)["Location"] == RULES
    assert "House rule “Old” restored." in visitor.get(RULES).content.decode()
    assert HouseRule.objects.get() == rule and house_rules_for(owner, "cabo") == [rule]
    # A second tap (the page shown again by Back) finds it back already: said nothing.
    assert restore(visitor, rule)["Location"] == RULES
    assert HouseRule.objects.count() == 1
    assert "deleted." not in visitor.get(f"{RULES}?deleted={rule.pk}").content.decode()


def test_only_the_last_house_rule_deleted_can_come_back(owner, visitor):
    first = HouseRule.objects.create(owner=owner, game="cabo", name="One", preset="fr", options={})
    second = HouseRule.objects.create(owner=owner, game="cabo", name="Two", preset="nl", options={})
    delete(visitor, first)
    delete(visitor, second)
    assert list(HouseRule.with_deleted.all()) == [second]
    assert restore(visitor, first).status_code == 404
    assert "“One”" not in visitor.get(f"{RULES}?deleted={first.pk}").content.decode()


def test_a_deleted_house_rules_name_is_free_and_its_undo_then_says_so(owner, visitor):
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="Old", preset="fr", options={})
    delete(visitor, rule)
    match = build(owner, CABO_FR)
    assert visitor.post(save_url(match), {"name": "OLD"}).status_code == 302
    visitor.get(RULES)  # the message of the save
    restore(visitor, rule)
    said = "A house rule called “OLD” was saved since: the deleted one stays deleted."
    assert said in visitor.get(RULES).content.decode()
    assert [saved.name for saved in HouseRule.objects.all()] == ["OLD"]


def test_a_deleted_house_rules_undo_says_its_rules_were_saved_since_under_another_name(
    owner, visitor
):
    """One name for one set of rules, as the save form has it: an Undo left two names
    for the same rules, and the set-up could name only one."""
    match = build(owner, CABO_FR)
    visitor.post(save_url(match), {"name": "Chez Marie"})
    rule = HouseRule.objects.get()
    delete(visitor, rule)
    assert visitor.post(save_url(match), {"name": "Chez Paul"}).status_code == 302
    visitor.get(RULES)  # the message of the save
    restore(visitor, rule)
    said = "Its rules were saved since, as “Chez Paul”: “Chez Marie” stays deleted."
    assert said in visitor.get(RULES).content.decode()
    assert [saved.name for saved in HouseRule.objects.all()] == ["Chez Paul"]
    # Other rules of the same game are no obstacle.
    other = HouseRule.objects.create(owner=owner, game="cabo", name="Short", preset="nl")
    delete(visitor, other)
    restore(visitor, other)
    assert "House rule “Short” restored." in visitor.get(RULES).content.decode()


@pytest.mark.parametrize("deleted", ["x", "0", "-1", "9" * 30, ""])
def test_a_house_rules_page_asked_with_a_strange_deletion_shows_the_rules(visitor, deleted):
    response = visitor.get(RULES, {"deleted": deleted})
    assert response.status_code == 200
    assert "Undo" not in response.content.decode()


def test_another_visitors_house_rule_cannot_be_restored(owner, visitor, other_visitor, client):
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="Old", preset="fr", options={})
    delete(visitor, rule)
    assert restore(other_visitor, rule).status_code == 404
    assert restore(client, rule).status_code == 404
    assert "“Old”" not in other_visitor.get(f"{RULES}?deleted={rule.pk}").content.decode()
    assert not HouseRule.objects.exists()


def test_another_visitors_house_rule_cannot_be_deleted(owner, other_visitor, client):
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="Old", preset="fr", options={})
    url = reverse("records:delete_house_rule", args=[rule.pk])
    assert other_visitor.post(url).status_code == 404
    assert client.post(url).status_code == 404
    assert HouseRule.objects.exists()


def test_the_house_rule_pages_refuse_the_wrong_method(owner, visitor):
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="Old", preset="fr", options={})
    assert visitor.get(reverse("records:delete_house_rule", args=[rule.pk])).status_code == 405
    assert visitor.post(RULES).status_code == 405
    assert visitor.put(save_url(build(owner, CABO_FR))).status_code == 405


def test_the_house_rules_page_lists_only_the_visitors_own(owner, stranger, visitor):
    HouseRule.objects.create(owner=stranger, game="cabo", name="Theirs", preset="fr", options={})
    content = visitor.get(RULES).content.decode()
    assert "Theirs" not in content and "No house rule yet." in content


def test_house_rules_for_gives_the_set_up_form_the_saved_rules(owner, stranger):
    match = build_match(owner, "cabo", ["Ana", "Ben"], preset="nl", options={"target": 50})
    HouseRule.objects.create(
        owner=owner, game="cabo", name="Short", preset="nl", options=match.options
    )
    HouseRule.objects.create(owner=owner, game="escoba", name="Other", preset="classic", options={})
    HouseRule.objects.create(owner=stranger, game="cabo", name="Theirs", preset="fr", options={})
    rules = house_rules_for(owner, "cabo")
    assert [(rule.name, rule.preset, rule.options["target"]) for rule in rules] == [
        ("Short", "nl", 50)
    ]
    assert house_rules_for(None, "cabo") == []


def test_the_options_a_house_rule_changes_are_listed_in_the_pages_language(owner, visitor):
    """French puts a non-breaking space before a semicolon (and a colon), and a negative
    value takes a minus sign."""
    match = build(owner, CABO_FR)
    match.options = {**match.options, "target": -5, "decks": 2}
    match.save()
    visitor.post(save_url(match), {"name": "Chez Marie"})
    visitor.cookies["django_language"] = "fr"
    listed = visitor.get(RULES).content.decode()
    assert "Jeux de 52 cartes\u00a0: 2\u00a0; Score cible\u00a0: −5" in listed


def test_a_house_rule_without_a_name_is_told_so_in_the_pages_language(owner, visitor):
    match = build(owner, CABO_FR)
    response = visitor.post(save_url(match), {"name": ""}, headers={"Accept-Language": "fr"})
    assert response.status_code == 422
    assert "Donnez un nom à la règle maison." in response.content.decode()
    assert not HouseRule.objects.exists()


def test_rules_saved_from_a_board_go_back_to_it_and_say_so(owner, visitor):
    match = build(owner, CABO_FR)
    board = reverse("matches:match", args=[match.pk])
    page = visitor.get(board).content.decode()
    link = f"{save_url(match)}?from=board"
    assert f'href="{link}"' in page
    form = visitor.get(link).content.decode()
    assert f'<a class="back" href="{board}">← Back to the scoreboard</a>' in form
    # Sent to an address that keeps the way back: refused, the page's Reload or Back asks
    # for that address (QA: it lost ?from=board and led to the history).
    assert f'action="{link}"' in form
    refused = visitor.post(link, {"name": ""}).content.decode()
    assert f'<a class="back" href="{board}">← Back to the scoreboard</a>' in refused
    assert f'action="{link}"' in refused
    response = visitor.post(link, {"name": "Chez Marie"})
    assert response.status_code == 302 and response["Location"] == board
    # A page sent before the way back went in the address said it in a field.
    HouseRule.objects.all().delete()
    response = visitor.post(save_url(match), {"name": "Chez Marie", "from": "board"})
    assert response.status_code == 302 and response["Location"] == board
    assert "House rule saved." in visitor.get(board).content.decode()
    # From the history, or with a "from" no board has, the house rules list as before.
    evil = visitor.get(f"{save_url(match)}?from=/evil").content.decode()
    assert 'href="/history/">← History' in evil
    assert f'action="{save_url(match)}"' in evil
    other = build(owner, {**CABO_FR, "options": {"target": 150}})
    response = visitor.post(save_url(other), {"name": "Long", "from": "https://evil.example"})
    assert response["Location"] == RULES


def test_house_rules_are_listed_by_name_capitals_and_accents_aside(owner, visitor):
    names = ["Short game", "école", "Apéro", "zébu"]
    for target, name in zip((60, 70, 80, 90), names, strict=True):
        match = build(owner, {**CABO_FR, "options": {"target": target}})
        assert visitor.post(save_url(match), {"name": name}).status_code == 302
    expected = ["Apéro", "école", "Short game", "zébu"]
    assert [rule.name for rule in house_rules_for(owner, "cabo")] == expected
    listed = visitor.get(RULES).content.decode()
    assert [listed.index(name) for name in expected] == sorted(listed.index(n) for n in expected)
    setup = visitor.get(reverse("matches:new", args=["cabo"])).content.decode()
    offered = setup.split('class="house-rules"')[1]
    assert [offered.index(name) for name in expected] == sorted(offered.index(n) for n in expected)
