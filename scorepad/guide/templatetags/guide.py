"""The guide's template helpers (`{% load guide %}`)."""

from __future__ import annotations

from django import template

from scorepad.guide.links import practice_link

register = template.Library()


@register.simple_tag
def practice_page(game: object) -> tuple[str, str] | None:
    """`{% practice_page game as practice %}`: the game's practice page (address, title)."""
    return practice_link(getattr(game, "key", ""))
