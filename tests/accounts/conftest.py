from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

# An owner and a browser whose session belongs to them, as the records tests have them.
from tests.records.conftest import owner, stranger, visitor  # noqa: F401

PASSWORD = "a-long-table-talk-42"


def make_user(name: str, email: str | None = None):
    return get_user_model().objects.create_user(
        name, email or f"{name.lower()}@example.org", PASSWORD
    )


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def ana(db):
    return make_user("ana")


@pytest.fixture
def ben(db):
    return make_user("ben")


@pytest.fixture
def ana_phone(ana) -> Client:
    return signed_in(ana)


@pytest.fixture
def ben_phone(ben) -> Client:
    return signed_in(ben)
