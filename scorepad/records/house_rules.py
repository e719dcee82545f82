"""Saved house rules, for the match set-up form and the history filters."""

from __future__ import annotations

from collections.abc import Iterable

from scorepad.matches.models import Match, Owner

from .models import HouseRule, options_key


def house_rules_for(owner: Owner | None, game_key: str) -> list[HouseRule]:
    """The owner's house rules for one game, by name; each has `.name`, `.preset`, `.options`."""
    if owner is None:
        return []
    return list(HouseRule.objects.filter(owner=owner, game=game_key).order_by("name"))


def rule_names(rules: Iterable[HouseRule]) -> dict[tuple[str, str], str]:
    """(game, options key) → house rule name, to label matches without a query each."""
    return {(rule.game, rule.key): rule.name for rule in rules}


def rule_of(match: Match, names: dict[tuple[str, str], str]) -> str | None:
    return names.get((match.game, options_key(match.preset, match.options)))
