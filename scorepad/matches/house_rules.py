"""The house rules the set-up offers (saved from a match's page, listed in the history)."""

from __future__ import annotations

from .models import HouseRule, Owner


def house_rules_for(owner: Owner | None, game_key: str) -> list[HouseRule]:
    """The owner's house rules for one game, by name; each has `.name`, `.preset`, `.options`."""
    if owner is None:
        return []
    return list(HouseRule.objects.filter(owner=owner, game=game_key).order_by("name"))
