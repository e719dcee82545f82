from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_home_page_names_the_three_games(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    content = response.content.decode()
    for name in ("Cabo", "Escoba", "Cabanga!"):
        assert name in content


def test_the_home_page_follows_the_browser_language(client):
    response = client.get(reverse("home"), headers={"accept-language": "fr-BE,fr;q=0.9"})
    assert '<html lang="fr">' in response.content.decode()
    assert "Trois jeux" in response.content.decode()


def test_the_language_switcher_remembers_the_choice(client):
    response = client.post(reverse("set_language"), {"language": "nl", "next": "/"})
    assert response.status_code == 302
    response = client.get(reverse("home"), headers={"accept-language": "fr"})
    assert '<html lang="nl">' in response.content.decode()
    assert "Drie spellen" in response.content.decode()


def test_the_home_page_refuses_post(client):
    assert client.post(reverse("home")).status_code == 405


def test_pages_make_no_external_requests(client):
    content = client.get(reverse("home")).content.decode()
    assert "http://" not in content
    assert "https://" not in content


def test_htmx_is_served_locally_with_the_csrf_header_on_body(client):
    content = client.get(reverse("home")).content.decode()
    assert "/static/django_htmx/htmx" in content
    assert 'hx-headers=\'{"X-CSRFToken"' in content
