"""A game added in test code only plays through every page: the app holds no list of
games but the engine's registry, and no page branches on a game's key."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scorepad.matches.models import Match
from scorepad.rules import GAMES
from tests.matches.helpers import create_match, round_post, text_of

from .lowest import GAME as LOWEST

pytestmark = pytest.mark.django_db


@pytest.fixture
def lowest(settings):
    """The game registered, and its entry partial and rules prose found, for one test only."""
    templates = settings.TEMPLATES[0]
    settings.TEMPLATES = [
        {**templates, "DIRS": [Path(__file__).parent / "templates", *templates["DIRS"]]}
    ]
    GAMES[LOWEST.key] = LOWEST
    yield LOWEST
    del GAMES[LOWEST.key]


def points(number: int, *values: int) -> dict:
    return round_post(number, **{f"points_{i}": str(value) for i, value in enumerate(values)})


def totals_of(match_id: int) -> dict:
    return dict(Match.objects.get(pk=match_id).state().totals)


def test_a_game_known_only_to_the_engine_plays_through_every_page(lowest, client):
    assert "Lowest" in client.get(reverse("matches:pick_game")).content.decode()
    setup_page = client.get(reverse("matches:new", args=["lowest"])).content.decode()
    assert "Lowest total after the last round wins." in setup_page
    match_id = create_match(client, "lowest", ["Ana", "Ben", "Chloé"], preset="three")
    add = reverse("matches:add_round", args=[match_id])

    board = client.get(reverse("matches:match", args=[match_id])).content.decode()
    assert 'class="entry-rows lowest-entry"' in board  # its own partial, by its key
    assert re.search(r'<input type="number" name="points_0"[^>]*inputmode="numeric"', board)

    # A refused round: the engine's message beside the field, linked to it; nothing saved.
    refused = client.post(add, points(1, 3, -5, 1))
    assert refused.status_code == 422
    page = refused.content.decode()
    assert 'id="id_points_1_error"' in page
    assert "Points are a whole number, 0 or more" in page
    assert re.search(r'name="points_1"[^>]*aria-describedby="id_points_1_error"', page)
    assert totals_of(match_id) == {"Ana": 0, "Ben": 0, "Chloé": 0}

    assert client.post(add, points(1, 3, 5, 1)).status_code == 302
    assert client.post(add, points(2, 2, 2, 2)).status_code == 302
    assert totals_of(match_id) == {"Ana": 5, "Ben": 7, "Chloé": 3}

    # Correction: the form comes back filled in, and the totals follow the change.
    edit = reverse("matches:edit_round", args=[match_id, 1])
    assert 'name="points_1" value="5"' in client.get(edit).content.decode()
    answer = client.post(edit, {**points(1, 3, 0, 1)})
    assert answer.status_code == 302
    assert totals_of(match_id) == {"Ana": 5, "Ben": 2, "Chloé": 3}

    assert client.post(add, points(3, 1, 1, 4)).status_code == 302
    finished = client.get(reverse("matches:match", args=[match_id])).content.decode()
    assert "Ben wins" in text_of(finished)
    assert "lowest-entry" not in finished  # no entry once the match is over

    # History: the match, the chart and the player's generic figures.
    assert "Ana, Ben, Chloé" in text_of(client.get(reverse("records:history")).content.decode())
    assert client.get(reverse("records:chart", args=[match_id])).status_code == 200
    ben = client.get(reverse("records:player", args=["Ben"])).content.decode()
    assert "<h2>Lowest</h2>" in ben
    assert re.search(r"<dt>Rounds played</dt><dd>3</dd>", ben)
    assert re.search(r"<dt>Points per round</dt><dd>1(\.0)?</dd>", ben)

    # Export, then import into another browser: the same match, replayed.
    document = json.loads(client.get(reverse("records:match_json", args=[match_id])).content)
    assert document["game"] == "lowest"
    other = Client()
    upload = SimpleUploadedFile("lowest.json", json.dumps(document).encode(), "application/json")
    assert other.post(reverse("records:import"), {"file": upload}).status_code == 302
    imported = Match.objects.exclude(pk=match_id).get(game="lowest")
    assert dict(imported.state().totals) == {"Ana": 6, "Ben": 3, "Chloé": 7}
    assert imported.state().winners == ("Ben",)


@pytest.mark.parametrize("page", ["rules", "quick", "faq"])
def test_the_rules_pages_of_a_game_known_only_to_the_engine_draw_what_it_gives(
    lowest, client, page
):
    response = client.get(reverse(f"guide:{page}", args=["lowest"]))
    assert response.status_code == 200
    text = response.content.decode()
    assert "Lowest" in text
    # The engine gives Lowest no card values: its pages ask for the table, and none is drawn.
    assert 'id="values"' in text or 'id="quick-values"' in text or page == "faq"
    assert "guide-values" not in text
    # Nor has it a walkthrough or a page of its own to practise on: no link to one.
    assert "/rules/lowest/walkthrough/" not in text
    assert 'class="button secondary" href="/rules/escoba/' not in text


def test_the_rules_page_of_a_game_known_only_to_the_engine_shows_its_presets(lowest, client):
    page = client.get(reverse("guide:rules", args=["lowest"])).content.decode()
    assert "Three rounds" in page  # the preset's column in the options table
    assert "How many rounds" in page


def test_the_guide_offers_the_game_known_only_to_the_engine_without_a_walkthrough(lowest, client):
    index = client.get(reverse("guide:index")).content.decode()
    lowest_card = index[index.index("game-lowest") :]
    lowest_card = lowest_card[: lowest_card.index("</li>")]
    assert 'href="/rules/lowest/"' in lowest_card
    assert "/walkthrough/" not in lowest_card
    # What a phone keeps for reading with no signal: every page it offers, none it lacks.
    config = client.get("/sw.js").content.decode().split("const CONFIG = ", 1)[1]
    pages = json.loads(config.split(";\n")[0])["pages"]
    assert {"/rules/lowest/", "/rules/lowest/quick/", "/rules/lowest/faq/"} <= set(pages)
    assert "/rules/lowest/walkthrough/" not in pages
    for page in pages:
        assert client.get(page).status_code == 200, page


def test_the_game_is_gone_once_the_test_is_over():
    assert "lowest" not in GAMES
