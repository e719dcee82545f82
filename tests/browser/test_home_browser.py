from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import choose_language

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_visitor_switches_the_home_page_to_french_then_dutch(page, shot):
    page.goto("/")
    expect(page.get_by_role("heading", name="Three games")).to_be_visible()
    choose_language(page, "Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", name="Trois jeux")).to_be_visible()
    shot("fr")
    choose_language(page, "Nederlands")
    expect(page.get_by_role("heading", name="Drie spellen")).to_be_visible()
    shot("nl")
    page.emulate_media(color_scheme="dark")
    shot("nl-dark")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    choose_language(page, "Français")
    expect(page.get_by_role("heading", name="Trois jeux")).to_be_visible()
    shot("fr-dark")


@pytest.mark.parametrize("width", [390, 360, 320])
@pytest.mark.parametrize("language", ["English", "Français", "Nederlands"])
def test_the_top_bar_holds_on_one_line_of_a_phone_in_every_language(page, shot, language, width):
    """The brand (the link home) and the navigation side by side, not wrapped onto a second
    line that would take a sixth of the screen on every page: at 360 and 320 px French
    and Dutch wrapped (106 px)."""
    page.set_viewport_size({"width": width, "height": 640})
    page.goto("/history/")
    choose_language(page, language)
    nav = page.locator("header.topbar nav")
    links = nav.get_by_role("link")
    expect(links).to_have_count(3)  # history, rules, sign in
    for link in links.all():
        box = link.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (link.inner_text(), box)
        assert box["x"] + box["width"] <= width, (link.inner_text(), box)
    tops = {round(link.bounding_box()["y"]) for link in links.all()}
    assert tops == {round(page.locator(".brand").bounding_box()["y"])}, tops
    bar = page.locator("header.topbar").bounding_box()
    assert bar["height"] <= 61, bar  # one row of 44 px tap targets and its padding
    expect(nav.locator("[aria-current=page]")).to_have_count(1)  # the history
    page.get_by_role("link", name="Scorepad").click()
    expect(page.get_by_role("link", name="Scorepad")).to_have_attribute("aria-current", "page")
    expect(nav.locator("[aria-current=page]")).to_have_count(0)
    shot(f"{language}-{width}")
