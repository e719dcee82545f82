"""The practice page is offered beside the game it belongs to, and nowhere else."""

from __future__ import annotations

import pytest
from django.urls import reverse


def test_the_index_offers_the_fifteens_practice_once_beside_escoba(client):
    page = client.get(reverse("guide:index")).content.decode()
    assert page.count("Find the fifteens") == 1
    escoba = page[page.index("game-escoba") :]
    assert escoba.index(reverse("guide:practice")) < escoba.index("</li>")


@pytest.mark.parametrize(("game", "shown"), [("escoba", 1), ("cabo", 0), ("cabanga", 0)])
def test_a_rules_page_links_its_own_practice_page_only(client, game, shown):
    page = client.get(reverse("guide:rules", args=[game])).content.decode()
    button = f'<a class="button secondary" href="{reverse("guide:practice")}">'
    assert page.count(button) == shown
