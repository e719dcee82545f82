"""Usable by everyone: axe-core on every page type (light and dark, English and French),
the keyboard, the screen reader's live region, and text zoomed to 200 %."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.test_csp_browser import every_page_type
from tests.browser.test_play_browser import row
from tests.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text(encoding="utf-8")

# The test's own script is not the site's: the page's policy may refuse it.
COMBINATIONS = {
    "light-en": {"color_scheme": "light", "locale": "en-GB"},
    "dark-en": {"color_scheme": "dark", "locale": "en-GB"},
    "light-fr": {"color_scheme": "light", "locale": "fr-FR"},
    "dark-fr": {"color_scheme": "dark", "locale": "fr-FR"},
}


@pytest.fixture(params=COMBINATIONS)
def browser_context_args(request) -> dict[str, object]:
    return {
        "viewport": PHONE,
        "bypass_csp": True,
        "service_workers": "block",  # as in tests/conftest.py: no precaching under test
        **COMBINATIONS[request.param],
    }


# Each serious or critical violation: its rule, and where (at most three places).
RUN_AXE = """async () => {
    const result = await axe.run(document, { resultTypes: ["violations"] });
    const where = (node) =>
        node.target.join(" ") + " (" + node.failureSummary.split("\\n")[1] + ")";
    return result.violations
        .filter((violation) => ["serious", "critical"].includes(violation.impact))
        .map((violation) =>
            violation.id + ": " + violation.nodes.slice(0, 3).map(where).join(" | "));
}"""


def serious_violations(page) -> list[str]:
    page.add_script_tag(content=AXE)
    return page.evaluate(RUN_AXE)


def enter_round(page, caller: str | None, hands: dict[str, str]) -> None:
    """In either language: the round's fields and button by their place, not their words."""
    if caller:
        row(page, caller).locator("label.caller-pick").click()
    for name, points in hands.items():
        row(page, name).locator("input.points-input").fill(points)
    page.locator("form.round-form button[type=submit]").click()


def test_no_page_has_a_serious_accessibility_violation(page, shot):
    page.goto("/matches/new/cabo/")
    for seat, name in enumerate(["Ana", "Ben", "Chloé"]):
        page.locator("[data-seats] input[type=text]").nth(seat).fill(name)
    page.locator("form button.wide[type=submit]").click()
    expect(page.locator("form.round-form")).to_be_visible()  # on the match's board
    match_url = page.url.split("#")[0]
    found = {}
    # The scoreboard with a round, with a refused entry, and with a round kept offline.
    enter_round(page, "Ana", {"Ana": "2", "Ben": "9", "Chloé": "5"})
    expect(page.locator("tbody.round")).to_have_count(1)
    found["scoreboard"] = serious_violations(page)
    enter_round(page, None, {})
    expect(page.locator("form.round-form .errorlist").first).to_be_visible()
    found["refused entry"] = serious_violations(page)
    page.context.set_offline(True)
    enter_round(page, "Ben", {"Ana": "2", "Ben": "1", "Chloé": "5"})
    expect(page.locator(".unsent li")).to_have_count(1)
    found["kept offline"] = serious_violations(page)
    shot("kept-offline")
    page.evaluate("localStorage.clear()")  # before the connection is back: nothing sent
    page.context.set_offline(False)
    more = [
        "/matches/new/cabanga/",
        match_url + "players/",
        "/rules/cabo/quick/",
        "/rules/cabo/faq/",
        "/rules/cabo/cards/",
        "/rules/cabanga/",
    ]
    # The admin's sign-in is Django's own page, not the app's.
    for url in [*every_page_type(match_url)[:-1], *more]:
        page.goto(url)
        found[url] = serious_violations(page)
    failing = {url: faults for url, faults in found.items() if faults}
    assert not failing, "\n".join(f"{url}: {faults}" for url, faults in failing.items())
