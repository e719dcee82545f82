"""Django's checks of the project's own: a game's templates."""

from __future__ import annotations

from pathlib import Path

from django.core import checks

from scorepad.core.checks import each_game_has_its_templates
from scorepad.rules import GAMES
from tests.extra_game.lowest import GAME as LOWEST


def test_every_game_has_the_templates_its_pages_draw():
    assert each_game_has_its_templates() == []


def test_a_game_registered_without_its_templates_is_told_at_start_up(settings):
    GAMES[LOWEST.key] = LOWEST
    try:
        # Registered with Django's checks: run by `manage.py check`, runserver, migrate.
        found = checks.run_checks(tags=[checks.Tags.templates])
        missing = [error.msg for error in found if error.id == "scorepad.E001"]
        assert missing == [
            "The game 'lowest' has no template matches/entry/lowest.html.",
            "The game 'lowest' has no template guide/content/lowest.html.",
            "The game 'lowest' has no template guide/content/lowest.en.html.",
            "The game 'lowest' has no template guide/quick/lowest.en.html.",
            "The game 'lowest' has no template guide/faq/lowest.en.html.",
        ]
        # With its templates (as the extra game's tests give it), nothing is missing.
        templates = settings.TEMPLATES[0]
        extra = Path(__file__).parent / "extra_game" / "templates"
        settings.TEMPLATES = [{**templates, "DIRS": [extra, *templates["DIRS"]]}]
        assert each_game_has_its_templates() == []
    finally:
        del GAMES[LOWEST.key]
