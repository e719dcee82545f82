"""Hypothesis fuzz of every form the pages show and of the match file: whatever a
client sends, the answer is never a 5xx. Derandomized, so every run tries the same
inputs and a failure is reproducible."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorepad.records import exchange
from tests.matches.helpers import create_match, round_post
from tests.records.matches import ALL

pytestmark = pytest.mark.django_db

FUZZ = settings(
    derandomize=True,
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# What a field may receive: text of any kind (no lone surrogate: no client can encode
# one in a form), numbers of every size, and the values that broke parsers before.
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)
NASTY = st.sampled_from(
    ["", " ", "-1", "0", "1", "201", "²", "١", "1e9", "NaN", "on", "true", "\x00", "9" * 40]
)
VALUES = st.one_of(TEXT, NASTY, st.integers().map(str))


class Forms(HTMLParser):
    """The forms of a page: action, method and the name of each field with its value."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append(
                {"action": attrs.get("action"), "method": attrs.get("method", "get"), "fields": {}}
            )
        elif tag in {"input", "select", "textarea", "button"} and self.forms and attrs.get("name"):
            fields = self.forms[-1]["fields"]
            fields.setdefault(attrs["name"], attrs.get("value") or "")


def forms_of(client: Client, url: str) -> list[dict]:
    parser = Forms()
    parser.feed(client.get(url).content.decode())
    return [form for form in parser.forms if form["action"]]


@pytest.fixture
def table(client) -> tuple[Client, dict]:
    """A browser with a match of each game in every state a form appears in (rounds,
    a deleted round to restore, a finished match, a house rule), and the pages' forms."""
    cabo = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    escoba = create_match(client, "escoba", ["Ana", "Ben", "Chloé", "Dan"], preset="classic")
    cabanga = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    add = reverse("matches:add_round", args=[cabo])
    for number in (1, 2):
        client.post(add, round_post(number, caller="0", hand_0="3", hand_1="7"))
    deleted = client.post(reverse("matches:delete_last", args=[cabo]), {"number": "2"})["Location"]
    finished = reverse("matches:add_round", args=[cabanga])
    client.post(finished, round_post(1, points_0="20", out_1="on", points_2="3"))
    client.post(reverse("records:save_house_rule", args=[cabo]), {"name": "Chez Marie"})
    urls = [
        deleted,
        reverse("matches:edit_round", args=[cabo, 1]),
        reverse("matches:players", args=[cabo]),
        reverse("records:history"),
        reverse("records:players"),
        reverse("records:player", args=["Ana"]),
        reverse("records:house_rules"),
        reverse("guide:practice"),
    ]
    for game, match_id in (("cabo", cabo), ("escoba", escoba), ("cabanga", cabanga)):
        urls += [
            reverse("matches:new", args=[game]),
            reverse("matches:match", args=[match_id]),
            reverse("records:save_house_rule", args=[match_id]),
        ]
    forms = {}
    for url in urls:
        for form in forms_of(client, url):
            forms.setdefault((form["action"], form["method"]), form["fields"])
    return client, forms


def answer(client: Client, action: str, method: str, data: dict, htmx: bool):
    headers = {"hx-request": "true"} if htmx else {}
    if method.lower() == "post":
        return client.post(action, data, headers=headers)
    return client.get(action, data, headers=headers)


@settings(FUZZ, max_examples=80)
@given(data=st.data())
def test_no_form_field_value_gets_a_5xx(table, data):
    client, forms = table
    (action, method), fields = data.draw(st.sampled_from(sorted(forms.items())))
    posted = {}
    for name, value in fields.items():
        choice = data.draw(st.sampled_from(["keep", "fuzz", "drop"]))
        if choice == "keep":
            posted[name] = value
        elif choice == "fuzz":
            posted[name] = data.draw(VALUES)
    posted |= data.draw(st.dictionaries(TEXT, VALUES, max_size=3))
    response = answer(client, action, method, posted, data.draw(st.booleans()))
    assert response.status_code < 500, (action, posted)


@FUZZ
@given(number=VALUES, fields=st.dictionaries(TEXT, VALUES, max_size=6))
def test_no_round_entry_or_correction_gets_a_5xx(table, number, fields):
    client, forms = table
    for action, method in forms:
        if action.endswith("/rounds/"):
            posted = round_post(1) | {"number": number} | fields
            assert answer(client, action, method, posted, False).status_code < 500
            correction = action + "1/"
            assert answer(client, correction, "post", posted, False).status_code < 500


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def valid_document(index: int) -> dict:
    spec = ALL[index]
    return {"format": exchange.FORMAT, "first_dealer": spec["players"][0], **spec}


@st.composite
def match_files(draw) -> bytes:
    """A valid match file with some of its values replaced, or something else entirely."""
    kind = draw(st.sampled_from(["mutated", "json", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        return json.dumps(draw(JSON)).encode()
    document = valid_document(draw(st.integers(0, len(ALL) - 1)))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from([*document, "options", "teams", "created", "extra"]))
        target = document
        if key == "rounds" and document["rounds"] and draw(st.booleans()):
            target = draw(st.sampled_from(document["rounds"]))
            key = draw(st.sampled_from([*target, "hands", "sides"]))
        target[key] = draw(JSON)
    return json.dumps(document).encode()


@settings(FUZZ, max_examples=60)
@given(content=match_files())
def test_no_match_file_gets_a_5xx(client, content):
    upload = SimpleUploadedFile("matches.json", content, "application/json")
    response = client.post(reverse("records:import"), {"file": upload})
    assert response.status_code in {302, 400, 422}, content[:300]
