"""One rule for every view that swaps: a fragment only for an htmx swap, else the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

SWAP = {"HTTP_HX_REQUEST": "true"}
RESTORE = {"HTTP_HX_REQUEST": "true", "HTTP_HX_HISTORY_RESTORE_REQUEST": "true"}
BOOSTED = {"HTTP_HX_REQUEST": "true", "HTTP_HX_BOOSTED": "true"}

PAGES = [
    reverse("guide:walkthrough", args=["escoba", 2]),
    reverse("guide:practice") + "?deck=spanish&table=5o&played=12c",
    reverse("guide:cabo_cards") + "?card=AS",
]


@pytest.mark.parametrize("url", PAGES)
def test_an_htmx_swap_gets_only_the_fragment(client, url):
    response = client.get(url, **SWAP)
    assert response.status_code == 200
    assert b"<html" not in response.content
    assert b'class="topbar"' not in response.content


@pytest.mark.parametrize("headers", [RESTORE, BOOSTED, {}], ids=["restore", "boosted", "plain"])
@pytest.mark.parametrize("url", PAGES)
def test_a_history_restore_a_boosted_or_a_plain_request_gets_the_whole_page(client, url, headers):
    response = client.get(url, **headers)
    assert response.status_code == 200
    assert b"<html" in response.content
    assert b'class="topbar"' in response.content


@pytest.mark.parametrize("url", PAGES)
def test_caches_keep_the_page_and_its_fragment_apart(client, url):
    vary = client.get(url)["Vary"]
    assert "HX-Request" in vary
    assert "HX-History-Restore-Request" in vary
