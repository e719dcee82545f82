"""The installable app: its manifest, its icons, its service worker and offline page."""

from __future__ import annotations

import json
import re
import struct

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def static_file(url: str) -> str:
    assert url.startswith(settings.STATIC_URL), url
    found = finders.find(url.removeprefix(settings.STATIC_URL))
    assert found, f"{url} resolves to no file"
    return found


def png_size(path: str) -> tuple[int, int]:
    with open(path, "rb") as png:
        head = png.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_makes_an_app_that_opens_without_the_browser_bars(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == manifest["short_name"] == "Scorepad"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["theme_color"] == "#1f6f4a"
    assert manifest["background_color"] == "#f6f4ee"


def test_every_icon_of_the_manifest_is_a_png_of_its_size(client):
    icons = client.get("/manifest.webmanifest").json()["icons"]
    assert {(icon["sizes"], icon["purpose"]) for icon in icons} == {
        ("192x192", "any"),
        ("512x512", "any"),
        ("512x512", "maskable"),
    }
    for icon in icons:
        width, height = png_size(static_file(icon["src"]))
        assert f"{width}x{height}" == icon["sizes"]


def test_the_favicon_address_leads_to_the_apps_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert "max-age=86400" in response["Cache-Control"]
    assert png_size(static_file(response["Location"])) == (192, 192)
    assert client.post("/favicon.ico").status_code == 405


def test_the_manifest_speaks_the_visitors_language(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["lang"] == "fr"
    assert "table" in manifest["description"] and "Keep score" not in manifest["description"]


def test_every_page_links_the_manifest_the_theme_colours_and_a_skip_link(client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'content="#1f6f4a" media="(prefers-color-scheme: light)"' in page
    assert 'content="#1c1f1c" media="(prefers-color-scheme: dark)"' in page
    assert 'data-service-worker="/sw.js"' in page
    assert '<a class="skip-link" href="#main">' in page


def test_the_service_worker_is_served_from_the_root_never_from_a_cache(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert 'request.method !== "GET"' in body


def test_the_service_worker_keeps_an_existing_shell_and_the_readable_pages(client):
    config = client.get("/sw.js").content.decode().split("const CONFIG = ", 1)[1].split(";\n")[0]
    config = json.loads(config)
    for url in config["shell"]:
        static_file(url)
    for page in config["pages"]:
        assert page.startswith(tuple(config["readable"]))
        assert client.get(page).status_code == 200, page
    assert config["offline"] == "/offline/"


def test_a_new_release_is_a_new_service_worker(client, settings):
    settings.SCOREPAD_RELEASE = "one"
    first = client.get("/sw.js").content
    assert client.get("/sw.js").content == first
    settings.SCOREPAD_RELEASE = "two"
    assert client.get("/sw.js").content != first


def test_a_language_switched_is_a_new_service_worker_keeping_the_pages_in_it(client):
    english = client.get("/sw.js").content
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "nl"
    dutch = client.get("/sw.js").content.decode()
    assert dutch.encode() != english
    assert '"language": "nl"' in dutch


def test_the_offline_page_holds_no_session_and_no_token(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "nl"
    response = client.get("/offline/")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-cache"
    assert response["Content-Language"] == "nl"
    assert "csrfmiddlewaretoken" not in response.content.decode()
    assert "sessionid" not in response.cookies
    assert "data-offline-page" in response.content.decode()


@pytest.mark.parametrize("url", ["/manifest.webmanifest", "/sw.js", "/offline/"])
def test_the_app_files_refuse_a_post(client, url):
    assert client.post(url).status_code == 405


def test_the_offline_page_words_fit_every_game_escobas_deals_too(client):
    """One page stands in for every match's board (QA46): it says neither rounds, which
    Escoba's pages call deals, nor deals."""
    content = client.get("/offline/").content.decode()
    main = content[content.index("<main") : content.index("</main>")]
    words = re.sub(r'(id|class)="[^"]*"', "", main)
    assert re.findall(r"\b(?:rounds?|deals?)\b", words, flags=re.IGNORECASE) == []
    assert "What you enter with no connection stays on this phone" in main
    assert 'data-waiting-other="{n} scores are kept on this phone' in main
