from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_walking_the_escoba_deal_with_next_and_previous(page, shot):
    page.goto("/rules/escoba/walkthrough/1/")
    expect(page.locator(".guide-step-title")).to_have_text("The deal")
    shot("escoba-step-1")
    page.get_by_role("link", name="Next →").click()
    expect(page).to_have_url(re.compile(r"/rules/escoba/walkthrough/2/$"))
    expect(page.locator(".guide-step-title")).to_have_text("Taking the velo")
    page.get_by_role("link", name="Next →").click()
    page.get_by_role("link", name="Next →").click()
    expect(page.locator(".guide-step-title")).to_have_text("An escoba")
    shot("escoba-step-4")
    page.get_by_role("link", name="← Previous").click()
    expect(page).to_have_url(re.compile(r"/walkthrough/3/$"))
    expect(page.locator(".guide-step-title")).to_have_text("Ada cannot make fifteen")
    page.go_back()
    expect(page.locator(".guide-step-title")).to_have_text("An escoba")
    page.goto("/rules/escoba/walkthrough/14/")
    expect(page.locator(".guide-score")).to_contain_text("Points")
    shot("escoba-score")


def test_tapping_cards_on_the_practice_page(page, shot):
    page.goto("/rules/escoba/practice/")
    table = page.locator("fieldset").first
    for name in ("3 of bastos", "5 of copas", "sota of espadas", "2 of oros"):
        table.get_by_role("img", name=name).click()
    page.locator("fieldset").nth(1).get_by_role("img", name="7 of oros").click()
    results = page.locator("#results")
    expect(results).to_contain_text("7 of oros makes fifteen 2 ways")
    expect(page).to_have_url(re.compile(r"played=7O"))
    shot("practice")


def test_the_cabo_rules_in_french(page, shot):
    page.goto("/rules/cabo/")
    page.get_by_role("button", name="Français").click()
    expect(page.locator("h1")).to_contain_text("Cabo")
    expect(page.get_by_role("heading", name="Annoncer Cabo")).to_be_visible()
    shot("cabo-fr")
    page.locator('a[href="?preset=nl#values"]').click()
    expect(page).to_have_url(re.compile(r"preset=nl"))
    expect(page.locator("#values")).to_contain_text("−1")
    shot("cabo-fr-nl-values")
    # The page is long; keep close-ups of its top and of the value table to look at.
    page.locator(".guide-toc").screenshot(path=str(shot("toc").with_suffix(".toc.png")))
    page.locator("#values").screenshot(path=str(shot("values").with_suffix(".values.png")))


@pytest.mark.parametrize("language", ["en", "fr", "nl"])
def test_every_page_at_phone_size(page, shot, language):
    page.goto("/rules/")
    if language != "en":
        page.locator(f'button.lang[value="{language}"]').click()
        expect(page.locator("html")).to_have_attribute("lang", language)
    for url, label in (
        ("/rules/cabo/", "cabo"),
        ("/rules/escoba/", "escoba"),
        ("/rules/cabanga/", "cabanga"),
        ("/rules/cabo/walkthrough/11/", "cabo-walk-score"),
        ("/rules/cabo/walkthrough/5/", "cabo-walk-snap"),
        ("/rules/cabanga/walkthrough/2/", "cabanga-walk-throw"),
        ("/rules/cabanga/walkthrough/8/", "cabanga-walk-score"),
        ("/rules/escoba/walkthrough/10/", "escoba-walk-later"),
        ("/rules/escoba/practice/?table=12C&played=5B", "practice-escoba"),
    ):
        assert page.goto(url).status == 200
        expect(page.locator("html")).to_have_attribute("lang", language)
        shot(f"{language}-{label}")
