"""Which pages the guide holds for a game: its sheets, its walkthrough when the guide has
one, and the pages only it has (`guide.tools`); read for the buttons beside its rules and
for the pages a phone keeps to read with no signal. A game only the engine knows has its
sheets and nothing more."""

from __future__ import annotations

from django.urls import reverse

from scorepad.guide.tools import TOOLS
from scorepad.guide.walkthroughs import WALKTHROUGHS
from scorepad.rules import GAMES

SHEETS = ("rules", "quick", "faq")


def walkthrough_url(game_key: str) -> str | None:
    """The first step of the game's walkthrough, or None when the guide has none."""
    return reverse("guide:walkthrough", args=[game_key, 1]) if game_key in WALKTHROUGHS else None


def offered_pages(game_key: str) -> list[tuple[str, str]]:
    """The address and the title of each page of the game's own that its rules page and
    the guide's index offer beside the rules (Escoba's practice)."""
    return [
        (reverse(f"guide:{tool.name}"), str(tool.title))
        for tool in TOOLS
        if tool.game == game_key and tool.offered
    ]


def readable_pages() -> list[str]:
    """Every page of the guide that needs no question answered: the index, the pages of
    one game's own, and each game's sheets and walkthrough."""
    pages = [reverse("guide:index"), *(reverse(f"guide:{tool.name}") for tool in TOOLS)]
    for key in GAMES:
        pages += [reverse(f"guide:{sheet}", args=[key]) for sheet in SHEETS]
        if key in WALKTHROUGHS:
            # Each step at the address its links name (QA: only the walkthrough's first
            # address, which no link names, was kept: none of it opened offline).
            steps = range(1, len(WALKTHROUGHS[key].steps) + 1)
            pages += [reverse("guide:walkthrough", args=[key, number]) for number in steps]
    return pages
