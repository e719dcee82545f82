"""The end of a match at phone size: every player's place, the words of each game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.conftest import choose_language

from .test_setup_browser import open_setup, play_cabo_round, start_cabo

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_cabo_tiebreak_ends_with_everyone_placed_and_one_star(page, shot):
    # RULES.md example 6 under the Dutch rules, then a tiebreak that Ben wins.
    start_cabo(page, ["Ana", "Ben", "Chloé", "Dan"], ("Dutch rules", "nl"))
    play_cabo_round(page, "Dan", {"Ana": 104, "Ben": 61, "Chloé": 61, "Dan": 67})
    expect(page.locator("tfoot .totals td")).to_have_text(["104", "61", "61", "77"])
    # Ana is past the target: four over it, not "−4 to go".
    expect(page.locator("tfoot .distance td")).to_have_text(["4 over", "39", "39", "23"])
    # Why the match goes on is in the sticky standing, in sight after the round.
    tiebreak = page.locator(".standing .standing-result")
    expect(tiebreak).to_have_text("Tiebreak: Ben and Chloé play one more round")
    expect(tiebreak).to_be_in_viewport()
    shot("tiebreak-due")
    for name, points in (("Ben", 3), ("Chloé", 5)):
        page.locator(".entry-row", has_text=name).locator("input.points-input").fill(str(points))
    page.locator(".entry-row", has_text="Ben").locator("label.caller-pick").click()
    page.get_by_role("button", name="Record the round").click()

    expect(page.locator(".standing-result")).to_have_text("Ben wins")
    expect(page.locator(".standings li")).to_have_text(
        [
            re.compile(r"^1st\s+Ben\s+61$"),
            re.compile(r"^2nd\s+Chloé\s+61\s+lost the tiebreak$"),
            re.compile(r"^3rd\s+Dan\s+77$"),
            re.compile(r"^4th\s+Ana\s+104\s+reached 100: loses$"),
        ]
    )
    expect(page.locator(".grid thead th", has_text="★")).to_have_text(["★ Ben"])
    expect(page.locator(".standings")).to_be_in_viewport()
    shot("tiebreak-decided")


def test_french_says_points_d_ana_and_escoba_counts_deals_in_every_language(page, shot):
    page.goto("/")
    choose_language(page, "Français")
    open_setup(page, "cabo")
    page.locator('input[name="player_0"]').fill("Ana")
    page.locator('input[name="player_1"]').fill("Ben")
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page.get_by_label("Points d’Ana")).to_be_visible()
    expect(page.get_by_label("Points de Ben")).to_be_visible()

    open_setup(page, "escoba")
    expect(page.get_by_role("heading", name="Escoba\u00a0: nouvelle partie")).to_be_visible()
    page.locator('input[name="player_0"]').fill("Ana")
    page.locator('input[name="player_1"]').fill("Ben")
    page.get_by_role("button", name="Commencer la partie").click()
    expect(page.get_by_role("heading", name="Saisir la donne 1")).to_be_visible()
    expect(page.get_by_role("button", name="Enregistrer la donne")).to_be_visible()
    shot("escoba-fr")

    choose_language(page, "Nederlands")
    expect(page.get_by_role("heading", name="Ronde 1 invoeren")).to_be_visible()
