"""Links into the rules pages, for the scoreboard's "why?" next to a round's points."""

from __future__ import annotations

from django.urls import reverse

from scorepad.rules import GAMES


def rules_url(game_key: str) -> str:
    return reverse("guide:rules", args=[game_key])


def section_url(game_key: str, topic: str) -> str:
    """The rules section about ``topic``; the game's page when the topic is unknown."""
    url = rules_url(game_key)
    game = GAMES.get(game_key)
    if game is not None and topic in game.topics:
        return f"{url}#{topic}"
    return url
