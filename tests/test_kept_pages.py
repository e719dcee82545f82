"""Pages kept rendered (`scorepad.core.pagecache`): served again without rendering, never
stale, never with someone else's secret, and a 304 when asked again unchanged."""

from __future__ import annotations

import gzip
import re
import uuid
import zlib

import pytest
from django.test import Client
from django.urls import reverse

from scorepad.core import pagecache
from scorepad.matches import services
from scorepad.matches.models import HouseRule, Owner
from scorepad.records import exchange
from tests.matches.helpers import round_post
from tests.records.conftest import build, build_match, client_of
from tests.records.matches import CABO_FR

pytestmark = pytest.mark.django_db
RULES = reverse("guide:rules", args=["cabo"])
HISTORY = reverse("records:history")
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
MASKED = re.compile(r"[a-zA-Z0-9]{64}")  # a CSRF token, wherever it stands


@pytest.fixture
def owner(db) -> Owner:
    return Owner.objects.create()


@pytest.fixture
def visitor(owner) -> Client:
    return client_of(owner)


def test_a_rules_page_is_rendered_once_then_served_as_kept(client):
    first, second = client.get(RULES), client.get(RULES)
    assert [t.name for t in first.templates][:1] == ["guide/rules.html"]
    assert second.templates == []  # nothing rendered
    assert second.status_code == 200
    assert MASKED.sub("", second.content.decode()) == MASKED.sub("", first.content.decode())


def test_each_answer_of_a_kept_page_carries_a_working_csrf_token_of_its_own():
    browser = Client(enforce_csrf_checks=True)
    tokens = [TOKEN.search(browser.get(RULES).content.decode()).group(1) for _ in range(2)]
    assert tokens[0] != tokens[1]  # masked afresh on each answer (BREACH)
    assert "csrf-token-slot" not in browser.get(RULES).content.decode()
    for token in tokens:
        answer = browser.post(
            reverse("set_language"), {"language": "fr", "next": RULES, "csrfmiddlewaretoken": token}
        )
        assert answer.status_code == 302


def test_a_kept_page_goes_compressed_with_a_token_of_its_own_each_time(client):
    plain = client.get(RULES)
    answers = [client.get(RULES, headers={"accept-encoding": "gzip, br"}) for _ in range(2)]
    pages = []
    for answer in answers:
        assert answer["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in answer["Vary"]
        assert answer["ETag"].startswith("W/")
        assert len(answer.content) < len(plain.content) / 3
        # One gzip member that a browser's decoder reads to its end (zlib stops after one).
        decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)
        pages.append(decoder.decompress(answer.content).decode())
        assert decoder.eof and not decoder.unused_data
        assert gzip.decompress(answer.content).decode() == pages[-1]
    tokens = [TOKEN.search(page)[1] for page in pages]
    assert tokens[0] != tokens[1]
    assert MASKED.sub("", pages[0]) == MASKED.sub("", plain.content.decode())


def test_a_new_browser_gets_a_csrf_cookie_from_a_kept_page(client):
    client.get(RULES)
    newcomer = Client(enforce_csrf_checks=True)
    answer = newcomer.get(RULES)
    token = TOKEN.search(answer.content.decode()).group(1)
    assert "csrftoken" in answer.cookies
    sent = {"language": "nl", "next": RULES, "csrfmiddlewaretoken": token}
    assert newcomer.post(reverse("set_language"), sent).status_code == 302


def test_kept_pages_follow_the_language_and_the_query(client):
    assert (
        "Wat je nodig hebt" in client.get(RULES, headers={"accept-language": "nl"}).content.decode()
    )
    assert "What you need" in client.get(RULES, headers={"accept-language": "en"}).content.decode()
    back_here = 'name="next" type="hidden" value="/rules/cabo/?preset=official"'
    assert back_here in client.get(RULES, {"preset": "official"}).content.decode()
    assert back_here not in client.get(RULES).content.decode()


def test_a_kept_page_asked_again_unchanged_is_a_304(client):
    first = client.get(RULES)
    assert first["ETag"]
    again = client.get(RULES, headers={"if-none-match": first["ETag"]})
    assert again.status_code == 304
    assert "Accept-Language" in again["Vary"] and "HX-Request" in again["Vary"]
    french = client.get(RULES, headers={"if-none-match": first["ETag"], "accept-language": "fr"})
    assert french.status_code == 200


def test_a_page_from_an_earlier_deploy_is_not_a_304(client, monkeypatch):
    first = client.get(RULES)
    monkeypatch.setattr(pagecache, "code_version", lambda: "the next deploy")
    assert client.get(RULES, headers={"if-none-match": first["ETag"]}).status_code == 200


def test_the_deploy_is_told_by_its_code_templates_and_catalogues():
    assert re.fullmatch(r"[0-9a-f]{32}", pagecache.code_version())


def test_a_new_csrf_cookie_changes_the_etag(client):
    first = client.get(RULES)
    client.cookies["csrftoken"] = "x" * 32
    assert client.get(RULES, headers={"if-none-match": first["ETag"]}).status_code == 200


def test_a_page_with_a_flash_message_is_shown_once_and_not_kept(owner, visitor):
    match = build(owner, CABO_FR)
    visitor.get(RULES)
    saved = visitor.post(reverse("records:save_house_rule", args=[match.pk]), {"name": "Ours"})
    assert saved.status_code == 302
    assert "House rule saved." in visitor.get(RULES).content.decode()
    assert "House rule saved." not in visitor.get(RULES).content.decode()


def test_the_history_import_form_gets_a_fresh_one_time_key_on_each_answer(visitor):
    keys = {re.search(r'name="key" value="([^"]+)"', visitor.get(HISTORY).content.decode())[1]}
    keys.add(re.search(r'name="key" value="([^"]+)"', visitor.get(HISTORY).content.decode())[1])
    assert len(keys) == 2
    assert all(uuid.UUID(key).version == 4 for key in keys)


def test_the_history_shows_a_round_recorded_after_it_was_kept(owner, visitor):
    match = build_match(owner, "cabo", ["Ana", "Ben"], preset="fr")
    assert "In progress" in visitor.get(HISTORY).content.decode()
    visitor.post(
        reverse("matches:add_round", args=[match.pk]),
        round_post(1, caller="0", hand_0="0", hand_1="120"),
    )
    content = visitor.get(HISTORY).content.decode()
    assert 'Won by <span class="name-whole">Ana</span>' in content
    home = visitor.get(reverse("home")).content.decode()
    assert reverse("matches:match", args=[match.pk]) not in home


def test_someone_elses_kept_history_is_never_shown(owner, visitor):
    build(owner, CABO_FR)
    visitor.get(HISTORY)
    stranger = client_of(Owner.objects.create())
    assert "No match yet." in stranger.get(HISTORY).content.decode()
    assert "No match yet." in Client().get(HISTORY).content.decode()


CABANGA_ROUND = {"hands": {"Ana": 0, "Ben": 3, "Chloé": 4}}
CHANGES = {
    "a round recorded": lambda owner, match: services.record_round(
        match, CABANGA_ROUND, number=1, entry_key=uuid.uuid4(), owner=owner
    ),
    "abandoned": lambda owner, match: services.abandon_match(match),
    "deleted": lambda owner, match: services.delete_match(match),
    "players renamed": lambda owner, match: services.correct_players(
        match, ["Ana", "Bo", "Chloé"], "Ana", owner=owner
    ),
    "a match set up": lambda owner, match: build_match(owner, "cabo", ["C", "D"], preset="fr"),
    "a house rule saved": lambda owner, match: HouseRule.objects.create(
        owner=owner, game="cabanga", name="Chez nous", preset=match.preset, options=match.options
    ),
    "a file imported": lambda owner, match: exchange.save_matches(
        owner, exchange.check_documents([exchange.match_document(match)])
    ),
}


def version_of(owner: Owner) -> int:
    return Owner.objects.get(pk=owner.pk).version


@pytest.mark.parametrize("change", CHANGES)
def test_every_change_of_an_owners_data_moves_their_version(owner, change):
    match = build_match(owner, "cabanga", ["Ana", "Ben", "Chloé"])
    before = version_of(owner)
    CHANGES[change](owner, match)
    assert version_of(owner) > before


def test_a_resumed_or_restored_match_and_a_deleted_house_rule_move_the_version(owner):
    match = build_match(owner, "cabanga", ["Ana", "Ben", "Chloé"])
    rule = HouseRule.objects.create(owner=owner, game="cabo", name="X", preset="fr", options={})
    services.abandon_match(match)
    services.delete_match(match)
    versions = [version_of(owner)]
    for change in (lambda: services.resume_match(match), lambda: services.restore_match(match)):
        change()
        versions.append(version_of(owner))
    rule.delete()
    versions.append(version_of(owner))
    assert versions == sorted(set(versions))


def test_a_change_that_changes_nothing_leaves_the_version(owner):
    match = build_match(owner, "cabanga", ["Ana", "Ben", "Chloé"])
    before = version_of(owner)
    services.resume_match(match)  # not abandoned
    services.restore_match(match)  # not deleted
    assert version_of(owner) == before
