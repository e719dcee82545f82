"""Checks run by `manage.py check` (and so by runserver, migrate and every test run)."""

from __future__ import annotations

from django.core import checks
from django.template import TemplateDoesNotExist
from django.template.loader import get_template


def templates_of(key: str) -> list[str]:
    """The templates the pages draw for the game `key`: its round's entry lines
    (`RoundForm.entry_template`) and its rules prose in English, which the other languages
    fall back to (`guide.views._prose`, and the rules page's include of the sheet)."""
    prose = [f"guide/{kind}/{key}.en.html" for kind in ("content", "quick", "faq")]
    return [f"matches/entry/{key}.html", f"guide/content/{key}.html", *prose]


@checks.register(checks.Tags.templates)
def each_game_has_its_templates(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """A game registered in the engine without the templates its pages draw is said at
    start-up, not found by a player as an error page (its rules, its board)."""
    from scorepad.rules import GAMES

    missing = []
    for game in GAMES.values():
        for name in templates_of(game.key):
            try:
                get_template(name)
            except TemplateDoesNotExist:
                missing.append(
                    checks.Error(
                        f"The game {game.key!r} has no template {name}.",
                        hint="Each game's pages draw it: see scorepad/core/checks.py.",
                        id="scorepad.E001",
                    )
                )
    return missing
