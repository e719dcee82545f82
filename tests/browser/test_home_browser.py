from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_switches_the_home_page_to_french_then_dutch(page, shot):
    page.goto("/")
    expect(page.get_by_role("heading", name="Three games")).to_be_visible()
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", name="Trois jeux")).to_be_visible()
    shot("fr")
    page.get_by_role("button", name="Nederlands").click()
    expect(page.get_by_role("heading", name="Drie spellen")).to_be_visible()
    shot("nl")
    page.emulate_media(color_scheme="dark")
    shot("nl-dark")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    page.get_by_role("button", name="Français").click()
    expect(page.get_by_role("heading", name="Trois jeux")).to_be_visible()
    shot("fr-dark")
