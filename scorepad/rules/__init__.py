"""The scorepad's rules engine: pure Python, one module per game.

``GAMES`` maps each game's key to its rules, in the order the app lists them.
"""

from __future__ import annotations

from .base import Game
from .cabanga import GAME as CABANGA
from .cabo import GAME as CABO
from .escoba import GAME as ESCOBA

GAMES: dict[str, Game] = {game.key: game for game in (CABO, ESCOBA, CABANGA)}


def get_game(key: str) -> Game:
    """The game of that key; KeyError for any other."""
    return GAMES[key]


__all__ = ["GAMES", "Game", "get_game"]
