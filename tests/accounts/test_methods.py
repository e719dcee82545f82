"""Each account page answers only the methods it serves, signed in or not."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

READ_ONLY = ["accounts:account", "accounts:statistics", "accounts:seats"]


@pytest.mark.parametrize("name", READ_ONLY)
def test_a_page_to_read_refuses_a_post(name, ana_phone, client):
    assert ana_phone.post(reverse(name)).status_code == 405
    assert client.post(reverse(name)).status_code == 405


@pytest.mark.parametrize("name", READ_ONLY)
def test_a_page_to_read_sends_a_visitor_to_sign_in(name, client):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('accounts:log_in')}?next={reverse(name)}"


@pytest.mark.parametrize(
    "name",
    ["accounts:sign_up", "accounts:log_in", "accounts:password_change", "accounts:password_reset"],
)
def test_a_form_page_refuses_other_methods(name, ana_phone):
    assert ana_phone.put(reverse(name)).status_code == 405
    assert ana_phone.patch(reverse(name)).status_code == 405
