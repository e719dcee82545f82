"""Every URL of the app, asked by everyone who might ask it.

The URLs come from the URL configuration itself, so a new page cannot be forgotten: a
URL that no rule below classifies fails `test_every_url_is_classified`. Each role asks
every URL with GET and POST; each gets what its rule says, and no answer to someone
other than the owner holds anything of the owner's (player names, house rule, ids).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from scorepad.accounts.models import Claim
from scorepad.matches import services, sharing
from scorepad.matches.models import HouseRule, Match, Owner, Round, ShareLink
from tests.records.conftest import build_match, client_of

pytestmark = pytest.mark.django_db

# What only the owner's answers may hold: their players' names and house rule.
SECRETS = ("Ophelia", "Octavio", "OlgasTable")
OTHER_PLAYERS = ("Bertrand", "Barnabé")


@dataclass(frozen=True)
class Url:
    name: str  # "namespace:name"
    params: tuple[str, ...]


def _walk(patterns, prefix: str = "") -> Iterator[Url]:
    for entry in patterns:
        if isinstance(entry, URLResolver):
            namespace = f"{prefix}{entry.namespace}:" if entry.namespace else prefix
            yield from _walk(entry.url_patterns, namespace)
        elif isinstance(entry, URLPattern) and entry.name:
            params = tuple(entry.pattern.regex.groupindex)
            yield Url(f"{prefix}{entry.name}", params)


def app_urls() -> list[Url]:
    return sorted(set(_walk(get_resolver().url_patterns)), key=lambda url: url.name)


# How each URL answers, by name. `public`: anyone, the same for all (no one's data).
# `mine`: anyone, but each sees only their own data (a list, an export, a form).
# `owner`: one object of the owner's; anyone else gets a 404 (or 405 for a method the
# view never takes), exactly as for an object that does not exist.
# `staff`: Django's admin; nobody here is staff, so it answers with its sign-in page.
PUBLIC = {
    "health",
    "favicon",
    "manifest",
    "service_worker",
    "offline",
    "set_language",
    "guide:index",
    "guide:practice",
    "guide:cabo_cards",
    "guide:quick",
    "guide:faq",
    "guide:rules",
    "guide:walkthrough_start",
    "guide:walkthrough",
    "matches:pick_game",
    "matches:new",
    "accounts:sign_up",
    "accounts:log_in",
    "accounts:log_out",
    "accounts:password_reset",
    "accounts:password_reset_sent",
    "accounts:password_reset_confirm",
    "accounts:password_reset_complete",
}
MINE = {
    "home",
    "records:history",
    "records:import",
    "records:export_json",
    "records:export_csv",
    "records:players",
    "records:player",
    "records:house_rules",
}
OWNER = {
    "matches:match",
    "matches:scoresheet",
    "matches:add_round",
    "matches:edit_round",
    "matches:delete_last",
    "matches:restore",
    "matches:undo_correction",
    "matches:again",
    "matches:players",
    "matches:abandon",
    "matches:resume",
    "matches:delete",
    "matches:restore_match",
    "records:chart",
    "records:match_json",
    "records:match_csv",
    "records:save_house_rule",
    "records:delete_house_rule",
    "records:restore_house_rule",
    "matches:share",
    "matches:stop_sharing",
    "matches:share_again",
    "matches:round_why",
    "accounts:claimed_seats",
    "accounts:free_seat",
}
# An account's own pages: a visitor who is not signed in is sent to sign in (302); another
# account sees its own; one object of the owner's (a match, a claim) is a 404 to them.
ACCOUNT = {
    "accounts:account",
    "accounts:statistics",
    "accounts:seats",
    "accounts:claim_everywhere",
    "accounts:delete",
    "accounts:email_change",
    "accounts:password_change",
    "accounts:password_changed",
    "accounts:claim_followed",
}
ACCOUNT_OWNER = {"accounts:claim", "accounts:release"}
# Reached through a shared link's token: what each holder may do is in LINK_ANSWERS.
LINK = {
    "live:page",
    "live:board",
    "live:add_round",
    "live:edit_round",
    "live:round_why",
    "live:undo_correction",
}
# (role, URL name, method) → the answers allowed. A follower reads; a co-scorer also
# records and corrects rounds (an empty post is refused: 400 or 422); a stopped link, and any
# other token, is a 404 like a link that never was.
READS = {
    ("live:page", "GET"),
    ("live:board", "GET"),
    ("live:round_why", "GET"),
    ("live:edit_round", "GET"),
}
LINK_ANSWERS = {
    "follow link": {
        ("live:page", "GET"): {200},
        ("live:board", "GET"): {200},
        ("live:round_why", "GET"): {200},
    },
    "co-scorer link": {
        **{read: {200} for read in READS},
        ("live:add_round", "POST"): {400, 422},
        # The address a refused round came back at (without JavaScript), asked again: the
        # link's own board.
        ("live:add_round", "GET"): {302},
        ("live:edit_round", "POST"): {400, 422},
        # Undo of a correction, without the correction it undoes: a broken client.
        ("live:undo_correction", "POST"): {400},
    },
}


def rule_of(url: Url) -> str | None:
    if url.name.startswith("admin:"):
        return "staff"
    rules = (
        ("public", PUBLIC),
        ("mine", MINE),
        ("owner", OWNER),
        ("link", LINK),
        ("account", ACCOUNT),
        ("account owner", ACCOUNT_OWNER),
    )
    for rule, names in rules:
        if url.name in names:
            return rule
    return None


@dataclass
class Table:
    """The owner's data every URL is asked about, and the browsers that ask."""

    owner: Owner
    match: Match
    finished: Match
    deleted_round: Round
    house_rule: HouseRule
    claim: Claim
    clients: dict[str, Callable[[], Client]]
    tokens: dict[str, str]  # the link each role holds

    def kwargs(self, url: Url, role: str = "owner") -> dict:
        values = {
            "token": self.tokens.get(role, self.tokens["stopped link"]),
            "kind": "follow",
            "match_id": self.match.pk,
            "number": 1,
            "round_id": self.deleted_round.pk,
            "rule_id": self.house_rule.pk,
            "claim_id": self.claim.pk,
            "position": 0,
            "uidb64": "MQ",
            "game_key": "cabo",
            "name": "Ophelia",
            # Django's admin
            "app_label": "matches",
            "object_id": str(self.match.pk),
            "content_type_id": 1,
            "id": 1,
            "url": "matches/match/",
        }
        if url.name == "records:chart":  # a chart is drawn for a finished match
            values["match_id"] = self.finished.pk
        return {param: values[param] for param in url.params}

    def snapshot(self) -> list:
        """What a request of someone else must never change."""
        matches = Match.objects.filter(owner=self.owner).order_by("pk")
        rounds = Round.objects.filter(match__owner=self.owner).order_by("pk")
        return [
            list(matches.values_list("pk", "version", "players", "deleted_at", "abandoned_at")),
            list(rounds.values_list("pk", "number", "data", "deleted_at")),
            list(HouseRule.objects.filter(owner=self.owner).values_list("pk", "name")),
            list(Claim.objects.values_list("pk", "user", "match", "position")),
            list(get_user_model().objects.values_list("pk", "password", "is_active")),
            list(ShareLink.objects.order_by("pk").values_list("pk", "token", "revoked_at")),
        ]


CABO_ROUND = {"caller": "Ophelia", "hands": {"Ophelia": 3, "Octavio": 20}}


def signed_in(user) -> Callable[[], Client]:
    def browser() -> Client:
        client = Client()
        client.force_login(user)
        return client

    return browser


@pytest.fixture
def table(db) -> Table:
    accounts = get_user_model().objects
    olga = accounts.create_user("olga", "olga@example.org", "a long pass phrase")
    owner = Owner.objects.create(user=olga)
    match = build_match(owner, "cabo", ["Ophelia", "Octavio"], [CABO_ROUND, CABO_ROUND])
    extra = services.record_round(match, CABO_ROUND, number=3, entry_key=uuid.uuid4(), owner=owner)
    services.delete_last_round(match, number=extra.number, owner=owner)
    finished = build_match(
        owner, "cabo", ["Ophelia", "Octavio"], [CABO_ROUND] * 3, options={"target": 50}
    )
    assert finished.finished
    house_rule = HouseRule.objects.create(
        owner=owner, game="cabo", name="OlgasTable", preset=match.preset, options=match.options
    )
    tokens = {
        "follow link": sharing.share(match, "follow").token,
        "co-scorer link": sharing.share(match, "score").token,
        "stopped link": sharing.share(finished, "follow").token,
    }
    sharing.stop_sharing(finished, "follow")
    claim = Claim.objects.create(user=olga, match=match, position=0)
    stranger = Owner.objects.create()
    build_match(
        stranger,
        "cabo",
        list(OTHER_PLAYERS),
        [CABO_ROUND | {"caller": "Bertrand", "hands": {"Bertrand": 3, "Barnabé": 20}}],
    )
    ben = accounts.create_user("ben", "ben@example.org", "another pass phrase")
    build_match(Owner.objects.create(user=ben), "cabo", ["Bea", "Bo"], [])
    clients = {
        "owner": signed_in(olga),
        "another account": signed_in(ben),
        "another browser": lambda: client_of(stranger),
        "a new visitor": Client,
        # A link's holder is a phone that opened it: a new visitor, as far as the app knows.
        **dict.fromkeys(tokens, Client),
    }
    deleted_round = Round.objects.get(pk=extra.pk)
    return Table(owner, match, finished, deleted_round, house_rule, claim, clients, tokens)


def ask(client: Client, method: str, path: str):
    client.raise_request_exception = False
    return client.get(path) if method == "GET" else client.post(path, {})


def test_every_url_is_classified():
    unclassified = [url.name for url in app_urls() if rule_of(url) is None]
    assert unclassified == [], "say in tests/test_authorisation.py who may ask these"


def test_the_walk_sees_every_part_of_the_app():
    names = {url.name for url in app_urls()}
    assert {"home", "matches:match", "records:history", "guide:rules", "admin:index"} <= names


OTHERS = (
    "another account",
    "another browser",
    "a new visitor",
    "follow link",
    "co-scorer link",
    "stopped link",
)


def body_of(response) -> str:
    if response.streaming:
        return b"".join(response.streaming_content).decode(errors="replace")
    return response.content.decode(errors="replace")


def expected(role: str, url: Url, method: str) -> set[int] | None:
    """The answers `role` may get; None for "anything but a 5xx" (public and own pages)."""
    rule = rule_of(url)
    if rule == "owner":
        return {404, 405}
    if rule in ("account", "account owner"):
        if role != "another account":  # not signed in: asked to sign in first
            return {302, 405}
        return {404, 405} if rule == "account owner" else None
    if rule == "link":
        return LINK_ANSWERS.get(role, {}).get((url.name, method), {404, 405})
    if rule == "staff" and method == "GET" and url.name != "admin:login":
        return {302, 404}
    return None


@pytest.mark.parametrize("role", OTHERS)
def test_nobody_else_gets_or_changes_anything_of_the_owners(table, role):
    before = table.snapshot()
    # A link shows its own match (the players' names), never anything else of the owner's.
    shown = ("Ophelia", "Octavio") if role in LINK_ANSWERS else ()
    failures = []
    for url in app_urls():
        path = reverse(url.name, kwargs=table.kwargs(url, role))
        for method in ("GET", "POST"):
            response = ask(table.clients[role](), method, path)
            # The page may repeat the address asked (the language switcher's "next"):
            # that is the asker's own input, not the owner's data.
            body = body_of(response).replace(path, "")
            leaked = [secret for secret in SECRETS if secret in body and secret not in shown]
            if str(table.match.pk) in body or str(table.finished.pk) in body:
                leaked.append("a match id")
            if leaked:
                failures.append(f"{method} {path} ({rule_of(url)}) shows {leaked}")
            allowed = expected(role, url, method)
            status = response.status_code
            if status >= 500 or (allowed is not None and status not in allowed):
                failures.append(f"{method} {path} ({rule_of(url)}) answered {status}")
    assert failures == [], "\n".join(failures)
    assert table.snapshot() == before


def test_the_owner_gets_every_page_of_theirs(table):
    """The other side of the walk: what strangers are refused, the owner is given, and
    the owner's own lists do show the names the walk looks for (so it could see a leak)."""
    failures = []
    for url in app_urls():
        rule = rule_of(url)
        if rule not in ("owner", "mine", "account", "account owner"):
            continue
        # The owner follows their own match by its working link, as any follower would.
        path = reverse(url.name, kwargs=table.kwargs(url, "follow link"))
        response = ask(table.clients["owner"](), "GET", path)
        # The import's address asked again (after a refused file) lands on the history,
        # the rounds' address (after a refused round, without JavaScript) on the board.
        asked_again = ("records:import", "matches:add_round")
        allowed = (200, 302, 405) if url.name in asked_again else (200, 405)
        if response.status_code not in allowed:
            failures.append(f"GET {path} answered the owner {response.status_code}")
    assert failures == [], "\n".join(failures)
    history = table.clients["owner"]().get(reverse("records:history")).content.decode()
    assert "Ophelia" in history and "Bertrand" not in history


@pytest.mark.parametrize("role", OTHERS)
def test_public_pages_answer_everyone(table, role):
    failures = []
    for url in app_urls():
        if rule_of(url) != "public":
            continue
        path = reverse(url.name, kwargs=table.kwargs(url))
        status = ask(table.clients[role](), "GET", path).status_code
        if status not in (200, 302, 405):
            failures.append(f"GET {path} answered {status}")
    assert failures == [], "\n".join(failures)
