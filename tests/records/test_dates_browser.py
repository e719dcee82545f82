"""A phone shows the dates in its own time zone, which its browser tells once (QA39)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorepad.matches.models import Match

from .conftest import build
from .matches import CABO_FR
from .test_records_browser import sign_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
# 01:40 on 18 October in Brussels (summer time, UTC+2); 19:40 on the 17th in New York.
AFTER_MIDNIGHT = datetime(2026, 10, 17, 23, 40, tzinfo=UTC)


@pytest.fixture
def browser_context_args(browser_context_args) -> dict[str, object]:
    return {**browser_context_args, "timezone_id": "Europe/Brussels"}


def test_the_history_lists_a_match_on_the_day_it_was_played_where_the_phone_is(
    page, browser, live_server, browser_context_args, owner, seen_shot
):
    match = build(owner, CABO_FR)
    Match.objects.filter(pk=match.pk).update(created=AFTER_MIDNIGHT)
    history = reverse("records:history")
    sign_in_as(page, live_server, owner)
    page.goto(history)
    when = page.locator(".match-meta time")
    expect(when).to_have_text("18 Oct 2026")
    expect(when).to_have_attribute("datetime", "2026-10-18T01:40:00+02:00")
    seen_shot("brussels")

    # A second phone of the same player, in New York: its first page is in the default
    # zone (no extra load to learn its own); every page after it, in New York's.
    context = browser.new_context(
        base_url=live_server.url, **{**browser_context_args, "timezone_id": "America/New_York"}
    )
    try:
        abroad = context.new_page()
        sign_in_as(abroad, live_server, owner)
        abroad.goto(history)
        expect(abroad.locator(".match-meta time")).to_have_text("18 Oct 2026")
        abroad.wait_for_function("() => document.cookie.includes('scorepad_zone=')")
        zone = [c["value"] for c in context.cookies() if c["name"] == "scorepad_zone"]
        assert zone == ["America/New_York"]
        abroad.reload()
        expect(abroad.locator(".match-meta time")).to_have_text("17 Oct 2026")
        abroad.goto(reverse("records:chart", args=[match.pk]))
        expect(abroad.get_by_text("17 Oct 2026")).to_be_visible()
    finally:
        context.close()
    # Back on the first phone: still Brussels (the page kept for New York is not its).
    page.reload()
    expect(page.locator(".match-meta time")).to_have_text("18 Oct 2026")
