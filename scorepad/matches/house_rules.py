"""The house rules the set-up offers (saved from a match's page, listed in the history)."""

from __future__ import annotations

from scorepad.core.wording import folded

from .models import HouseRule, Owner


def house_rules_for(owner: Owner | None, game_key: str) -> list[HouseRule]:
    """The owner's house rules for one game, by name; each has `.name`, `.preset`, `.options`."""
    if owner is None:
        return []
    # By name as a reader sorts them, capitals and accents aside (École before Short
    # game): the database would sort by code points, and SQLite's collation has no other.
    rules = HouseRule.objects.filter(owner=owner, game=game_key)
    return sorted(rules, key=lambda rule: (folded(rule.name), rule.name))
