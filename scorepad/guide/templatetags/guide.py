"""The guide's template helpers (`{% load guide %}`)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from scorepad.guide.links import practice_link
from scorepad.rules import Game

register = template.Library()


@register.simple_tag
def practice_page(game: object) -> tuple[str, str] | None:
    """`{% practice_page game as practice %}`: the game's practice page (address, title)."""
    return practice_link(getattr(game, "key", ""))


@register.simple_tag
def choice_label(game: Game, option: str, value: str) -> str:
    """`{% choice_label game "kamikaze" "zero_call" %}`: a choice under the very name the
    set-up form gives it, so that a reader finds on one page what the other says. A
    choice the engine does not have is a mistake in the page: it fails, not a raw key."""
    for choice in game.option(option).choices:
        if choice.value == value:
            return gettext(choice.label)
    raise KeyError(f"{game.key}: no choice {value!r} for {option!r}")
