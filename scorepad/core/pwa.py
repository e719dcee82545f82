"""What makes Scorepad an installable app that keeps working with no signal: the web app
manifest, the service worker (served from the site's root so that it may look after
every page) and the page it shows when a page needs the server and there is none."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

# The colours of static/css/scorepad.css: the accent, and the page behind it.
THEME_COLOUR = "#1f6f4a"
BACKGROUND_COLOUR = "#f6f4ee"

# What every page needs, and the rules read offline (lists.js: their walkthroughs' steps),
# kept by the service worker when it installs.
SHELL = [
    "css/scorepad.css",
    "css/guide.css",
    "records/records.css",
    "django_htmx/htmx-2.min.js",
    "js/scorepad.js",
    "js/app.js",
    "js/offline-rounds.js",
    "js/lists.js",
    "favicon.svg",
    "icons/icon-192.png",
]

# Pages worth reading at the table with no signal: the same for every visitor, so the
# service worker keeps the last copy (in the language last used). Nothing else is kept.
READABLE_OFFLINE = ["/rules/"]


def _icon(name: str, size: int, purpose: str = "any") -> dict[str, str]:
    return {
        "src": static(f"icons/{name}"),
        "sizes": f"{size}x{size}",
        "type": "image/png",
        "purpose": purpose,
    }


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """`/favicon.ico`, which some browsers and bookmark tools ask for whatever the page
    names: the app's icon, as a PNG (every browser takes one there), kept a day."""
    response = HttpResponseRedirect(static("icons/icon-192.png"))
    response["Cache-Control"] = "public, max-age=86400"
    return response


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    home = reverse("home")
    data = {
        "name": "Scorepad",
        "short_name": "Scorepad",
        "description": gettext("Keep score for Cabo, Escoba and Cabanga! at the table."),
        "lang": request.LANGUAGE_CODE,
        "start_url": home,
        "scope": home,
        "id": home,
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            _icon("icon-192.png", 192),
            _icon("icon-512.png", 512),
            _icon("icon-maskable-512.png", 512, "maskable"),
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


def _pages_to_keep() -> list[str]:
    """The readable pages, fetched when the worker installs (in the visitor's language,
    `language`): the guide's, as the guide lists them (a game's own pages, a walkthrough
    where it has one)."""
    return apps.get_app_config("guide").readable_pages()


def _shell_digest() -> str:
    """What the shell files hold: in development their names carry no hash."""
    digest = hashlib.sha256()
    for path in SHELL:
        found = finders.find(path)
        if found:
            digest.update(Path(found).read_bytes())
    return digest.hexdigest()


def worker_version(shell: list[str]) -> str:
    """Changes with every deploy that changes the app: the static files (their hashed
    names in production, their contents), the worker's own code, `SCOREPAD_RELEASE`."""
    source = get_template("pwa/service-worker.js").template.source
    text = "\n".join([source, *shell, _shell_digest(), str(settings.SCOREPAD_RELEASE)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    shell = [static(path) for path in SHELL]
    config = {
        "version": worker_version(shell),
        "shell": shell,
        "offline": reverse("offline"),
        "readable": READABLE_OFFLINE,
        "pages": _pages_to_keep(),
        # The worker differs with the language, so a language switched installs it
        # again, and the pages it keeps come again in that language (QA: offline, the
        # steps not read since came back in the language of the first visit).
        "language": get_language(),
    }
    response = render(
        request,
        "pwa/service-worker.js",
        {"config": json.dumps(config)},
        content_type="text/javascript; charset=utf-8",
    )
    # Browsers check for a new worker on each visit: never from a cache.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker for a page that needs the server. No session, no
    token in it: the same page for everyone, in the visitor's language."""
    response = render(request, "pwa/offline.html")
    response["Cache-Control"] = "no-cache"
    return response
