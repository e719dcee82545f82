"""Which saved house rule a match used, to label the history without a query per match."""

from __future__ import annotations

from collections.abc import Iterable

from scorepad.matches.models import HouseRule, Match, options_key


def rule_names(rules: Iterable[HouseRule]) -> dict[tuple[str, str], str]:
    """(game, options key) → house rule name, to label matches without a query each."""
    return {(rule.game, rule.key): rule.name for rule in rules}


def rule_of(match: Match, names: dict[tuple[str, str], str]) -> str | None:
    return names.get((match.game, options_key(match.preset, match.options)))
