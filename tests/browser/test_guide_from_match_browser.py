"""A rule looked up from a match: the guide's pages lead back to that match in one tap."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_play_browser import row, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def back_link(page):
    return page.locator("main").get_by_role("link", name="Back to the match")


def expect_in_sight_and_thumb_sized(page, link) -> None:
    expect(link).to_be_in_viewport()
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, box


def how_the_board_came(page) -> str:
    """Back (the page just before was the board) or a link followed."""
    return page.evaluate("() => performance.getEntriesByType('navigation')[0].type")


def test_the_rules_opened_from_a_match_lead_back_to_it(page, shot):
    start_match(page, "cabo", ["Ana", "Ben", "Chloé"])
    board = page.url
    # A round half typed before the rule is looked up.
    row(page, "Ben").locator("input.points-input").fill("7")

    page.locator(".match-head").get_by_role("link", name="Rules").click()
    expect(page.get_by_role("heading", name="Cabo rules")).to_be_visible()
    expect_in_sight_and_thumb_sized(page, back_link(page))
    shot("rules-from-match")
    # Straight back: the board as it was left, the typed 7 with it.
    back_link(page).click()
    expect(page).to_have_url(board)
    expect(row(page, "Ben").locator("input.points-input")).to_have_value("7")
    assert how_the_board_came(page) == "back_forward"
    expect(page.get_by_text("Enter round 1")).to_be_visible()

    # Deeper into the guide, the way back is still there, and still to the board.
    page.locator(".match-head").get_by_role("link", name="Rules").click()
    page.locator("main").get_by_role("link", name="Walkthrough").click()
    expect(page).to_have_url(re.compile(r"/walkthrough/"))
    expect_in_sight_and_thumb_sized(page, back_link(page))
    shot("walkthrough-from-match")
    back_link(page).click()
    expect(page).to_have_url(board)
    expect(page.get_by_text("Enter round 1")).to_be_visible()
    assert how_the_board_came(page) == "navigate"

    # Left for another page, the match is forgotten: the guide has no way back to it.
    page.locator("header.topbar").get_by_role("link", name="History").click()
    expect(page).to_have_url(re.compile(r"/history/"))
    page.locator("header.topbar").get_by_role("link", name="Rules").click()
    expect(page.get_by_role("heading", name="Rules and walkthroughs")).to_be_visible()
    page.locator(".game-cabo").get_by_role("link", name="Rules", exact=True).click()
    expect(page.get_by_role("heading", name="Cabo rules")).to_be_visible()
    expect(back_link(page)).to_be_hidden()


def test_a_page_of_the_match_leads_the_guide_back_to_its_board(page):
    """QA: through "Correct names / dealer" first, the guide had no way back."""
    start_match(page, "cabo", ["Ana", "Ben"])
    board = page.url
    page.locator(".match-head").get_by_role("link", name="Correct names / dealer").click()
    expect(
        page.get_by_role("heading", name="Correct the names and the first dealer")
    ).to_be_visible()
    page.locator("header.topbar").get_by_role("link", name="Rules").click()
    expect(page.get_by_role("heading", name="Rules and walkthroughs")).to_be_visible()
    expect_in_sight_and_thumb_sized(page, back_link(page))
    back_link(page).click()
    expect(page).to_have_url(board)
    expect(page.get_by_text("Enter round 1")).to_be_visible()


def test_a_guide_opened_without_a_match_offers_no_way_back(page):
    page.goto("/rules/")
    expect(page.get_by_role("heading", name="Rules and walkthroughs")).to_be_visible()
    page.wait_for_load_state("load")
    expect(back_link(page)).to_be_hidden()
    page.goto("/rules/escoba/")
    page.wait_for_load_state("load")
    expect(back_link(page)).to_be_hidden()
