from __future__ import annotations

import os
import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; Django refuses database
# access from a thread with a running loop unless told the test knows what it does.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix, tmp_path_factory
) -> None:
    """On SQLite the tests use a database file, not Django's in-memory one. The browser
    tests' server answers each request in a thread of its own, and with an in-memory
    database all those threads share one connection: requests at once (the offline
    tests' service worker precaching pages) broke it ("bad parameter or other API
    misuse"), and the tests after it then lost their session."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "scorepad.sqlite3")


@pytest.fixture(autouse=True)
def _fast_and_english(settings) -> Iterator[None]:
    from django.utils import translation

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    yield
    # A request in French leaves French active in this thread (the locale middleware
    # sets it and nothing resets it): the next test starts in the default language.
    translation.deactivate()


@pytest.fixture(autouse=True)
def _no_kept_pages() -> None:
    """Each test starts with no page kept rendered by an earlier one (`core.pagecache`)."""
    from django.core.cache import cache

    cache.clear()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _chromium_path() -> str | None:
    configured = os.environ.get("SCOREPAD_CHROMIUM")
    if configured:
        return configured
    return shutil.which("chromium") or (
        "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None
    )


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # Flags: no sandbox as root; no background traffic on a machine with no network.
        browser = playwright.chromium.launch(
            executable_path=_chromium_path(),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


def _artifact_name(item) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid)[-120:]


@pytest.fixture
def browser_context_args() -> dict[str, object]:
    # The service worker precaches every rules page at install: dozens of requests at
    # once against the test server, which the tests of other pages do not need. The
    # offline tests allow it (tests/browser/test_offline_browser.py).
    return {
        "viewport": PHONE,
        "locale": "en-GB",
        "color_scheme": "light",
        "service_workers": "block",
    }


class Answering:
    """The live server's application, counting the requests it is answering: a test's
    database is emptied once the server owes its pages nothing more. On PostgreSQL the
    emptying (TRUNCATE, table after table) and a request still writing (a poll or a kept
    round of a page just closed) waited for each other: a deadlock, and the test erred
    at its teardown (CI)."""

    def __init__(self, app) -> None:
        self.app = app
        self.busy = 0
        self.changed = threading.Condition()

    def __call__(self, environ, start_response):
        with self.changed:
            self.busy += 1
        try:
            return self.app(environ, start_response)
        finally:
            with self.changed:
                self.busy -= 1
                self.changed.notify_all()

    def wait_until_idle(self, seconds: float = 10) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.busy == 0, timeout=seconds)


@pytest.fixture(autouse=True)
def _server_idle_before_emptying(request) -> Iterator[None]:
    """A test of the live server ends once the server answered its pages (`Answering`):
    torn down after the test's own fixtures (its pages closed), before its database is
    emptied (pytest-django's, set up before this one)."""
    if "live_server" not in request.fixturenames:
        yield
        return
    httpd = request.getfixturevalue("live_server").thread.httpd
    app = httpd.get_app()
    if not isinstance(app, Answering):
        app = Answering(app)
        httpd.set_app(app)
    yield
    app.wait_until_idle()


@pytest.fixture
def page(request, browser, live_server, browser_context_args) -> Iterator[object]:
    """A Chromium page at phone size against the live server; keeps evidence on failure."""
    context = browser.new_context(base_url=live_server.url, **browser_context_args)
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = _artifact_name(request.node)
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
            (ARTIFACTS / f"{name}.html").write_text(page.content(), encoding="utf-8")
        except Exception as error:  # the page may already be gone; keep the report going
            print(f"could not save the failure evidence: {error}")
    context.close()


@pytest.fixture
def page_kept_whole(browser, live_server, browser_context_args):
    """A page of a browser that keeps the pages it leaves whole, as a phone's does
    (the back/forward cache, which Playwright turns off by default)."""
    keeping = browser.browser_type.launch(
        executable_path=_chromium_path(),
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        ignore_default_args=["--disable-back-forward-cache"],
    )
    context = keeping.new_context(base_url=live_server.url, **browser_context_args)
    context.set_default_timeout(10_000)
    yield context.new_page()
    keeping.close()


@pytest.fixture
def shot(request, page):
    """Save a named full-page screenshot in test-artifacts/ to look at after the run."""

    def take(label: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{_artifact_name(request.node)}--{label}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def seen_shot(request, page):
    """Save what the phone's screen shows (not the whole page) in test-artifacts/."""

    def take(label: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        page.screenshot(path=str(ARTIFACTS / f"{name}--{label}--screen.png"))

    return take


# Each element of `selector` (its text one text node): its text, and that text cut into
# its lines as laid out ("Marie-", "Christine").
TEXT_LINES = """(selector) => [...document.querySelectorAll(selector)].map((element) => {
  const text = element.firstChild, lines = [];
  let top = null;
  for (let i = 0; i < text.length; i++) {
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    const at = Math.round(range.getBoundingClientRect().top);
    if (at !== top) lines.push("");
    top = at;
    lines[lines.length - 1] += text.data[i];
  }
  return [text.data, lines];
})"""


LANGUAGES = {"English": "en", "Français": "fr", "Nederlands": "nl"}


def choose_language(page, language: str) -> None:
    """Tap a language at the page's foot and wait for the page it sends back. The switch
    is a plain POST that loads the page again: a step straight after the tap (a reload,
    a goto, a fill) would otherwise race that load, and lose to it now and then."""
    from playwright.sync_api import expect

    with page.expect_navigation():
        page.get_by_role("button", name=language).click()
    expect(page.locator("html")).to_have_attribute("lang", LANGUAGES[language])
