"""The guide's template helpers (`{% load guide %}`)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from scorepad.guide import pages
from scorepad.guide.tools.escoba import every_fifteen
from scorepad.rules import Game

register = template.Library()


@register.simple_tag
def walkthrough_url(game: Game) -> str | None:
    """`{% walkthrough_url game as walkthrough %}`: its first step, None without one."""
    return pages.walkthrough_url(game.key)


@register.simple_tag
def offered_pages(game: Game) -> list[tuple[str, str]]:
    """`{% offered_pages game as offered %}`: the pages of the game's own offered beside
    its rules (address, title)."""
    return pages.offered_pages(game.key)


@register.simple_tag
def fifteens() -> list:
    """`{% fifteens as fifteens %}`: every fifteen of Escoba, for its quick reference."""
    return every_fifteen()


@register.simple_tag
def choice_label(game: Game, option: str, value: str) -> str:
    """`{% choice_label game "kamikaze" "zero_call" %}`: a choice under the very name the
    set-up form gives it, so that a reader finds on one page what the other says. A
    choice the engine does not have is a mistake in the page: it fails, not a raw key."""
    for choice in game.option(option).choices:
        if choice.value == value:
            return gettext(choice.label)
    raise KeyError(f"{game.key}: no choice {value!r} for {option!r}")
