"""Links into the rules pages, for the scoreboard's "why?" next to a round's points."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scorepad.rules import GAMES


def rules_url(game_key: str, preset: str = "") -> str:
    """The game's rules page, its tables following ``preset`` when the game has it."""
    url = reverse("guide:rules", args=[game_key])
    game = GAMES.get(game_key)
    presets = [p.key for p in game.presets] if game is not None else []
    if len(presets) > 1 and preset in presets:
        url += f"?preset={preset}"
    return url


def section_url(game_key: str, topic: str, preset: str = "") -> str:
    """The rules section about ``topic``; the game's page when the topic is unknown."""
    url = rules_url(game_key, preset)
    game = GAMES.get(game_key)
    if game is not None and topic in game.topics:
        return f"{url}#{topic}"
    return url


# What each engine topic is about, as the scoreboard names its link to the rules.
TOPIC_TITLES = {
    "call": _("Calling Cabo"),
    "failed-call": _("The caller's penalty"),
    "caller-tie": _("A tie with the caller"),
    "failed-lowest-zero": _("Lowest hand after a failed call"),
    "kamikaze": _("Kamikaze"),
    "reset-100": _("Exactly 100"),
    "end-target": _("End of the match"),
    "final-tie": _("A tie for the win"),
    "tiebreak": _("Tiebreak round"),
    "most-cards": _("Most cards"),
    "most-oros": _("Most oros"),
    "most-sevens": _("Most sevens"),
    "velo": _("The velo"),
    "escobas": _("Escobas"),
    "escoba-ties": _("Ties in a deal"),
    "all-oros": _("All ten oros"),
    "top-tie": _("A tie at the top"),
    "round-points": _("Minus points"),
    "went-out": _("Going out"),
    "end-threshold": _("The end threshold"),
    "end-rounds": _("A fixed number of rounds"),
    "shared-victory": _("Shared victory"),
}


def topic_title(topic: str) -> str:
    return str(TOPIC_TITLES.get(topic, _("The rules")))
