"""Every form the app shows leaves its checks to the server (`novalidate`): a browser's
own "Please fill out this field." is in the browser's language and beside no field,
where the server's message is in the page's language, next to the field it is about."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from .conftest import build
from .matches import CABO_FR

pytestmark = pytest.mark.django_db

# What makes a browser refuse a form by itself, with its own message.
CHECKED = {"required", "min", "max", "pattern", "minlength"}
CHECKED_TYPES = {"email", "number", "url"}


class _Forms(HTMLParser):
    """Each form of a page: (its `action`, novalidate or not, whether a control of it
    carries a check the browser makes)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[list] = []
        self._open = False

    def handle_starttag(self, tag, attrs) -> None:
        attributes = dict(attrs)
        if tag == "form":
            self.forms.append([attributes.get("action"), "novalidate" in attributes, False])
            self._open = True
        elif self._open and tag in {"input", "select", "textarea"}:
            checked = CHECKED & attributes.keys() or attributes.get("type") in CHECKED_TYPES
            self.forms[-1][2] = self.forms[-1][2] or bool(checked)

    def handle_endtag(self, tag) -> None:
        if tag == "form":
            self._open = False


def browser_checked_forms(content: bytes) -> list[str]:
    reader = _Forms()
    reader.feed(content.decode())
    return [action for action, novalidate, checked in reader.forms if checked and not novalidate]


def test_no_form_is_checked_by_the_browser_in_its_own_language(owner, visitor):
    match = build(owner, CABO_FR)
    pages = [
        reverse("home"),
        reverse("matches:new", args=["cabo"]),
        reverse("matches:new", args=["escoba"]),
        reverse("matches:new", args=["cabanga"]),
        reverse("matches:match", args=[match.pk]),
        reverse("matches:edit_round", args=[match.pk, 1]),
        reverse("matches:players", args=[match.pk]),
        reverse("records:history"),
        reverse("records:save_house_rule", args=[match.pk]),
        reverse("records:house_rules"),
        reverse("accounts:sign_up"),
        reverse("accounts:log_in"),
    ]
    for page in pages:
        response = visitor.get(page)
        assert response.status_code == 200, page
        assert browser_checked_forms(response.content) == [], page


def test_no_account_form_is_checked_by_the_browser(db):
    phone = Client()
    phone.force_login(get_user_model().objects.create_user("ana", "ana@example.org", "x-42-y"))
    for name in ("account", "password_change", "password_reset", "delete", "statistics"):
        response = phone.get(reverse(f"accounts:{name}"))
        assert response.status_code == 200, name
        assert browser_checked_forms(response.content) == [], name


def test_the_reader_sees_a_required_field_in_a_form_left_to_the_browser():
    page = (
        b'<form action="/a"><input name="x" required></form>'
        b'<form action="/b" novalidate><input required></form>'
    )
    assert browser_checked_forms(page) == ["/a"]
