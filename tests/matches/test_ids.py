"""Ids in URLs tell nothing about how many matches, rounds or house rules the site keeps."""

from __future__ import annotations

from itertools import pairwise

import pytest

from scorepad.matches.models import HouseRule, Match, Owner, Round

pytestmark = pytest.mark.django_db
JAVASCRIPT_SAFE = 2**53


def test_matches_rounds_and_house_rules_get_random_ids_javascript_holds_exactly():
    owner = Owner.objects.create()
    matches = [
        Match.objects.create(owner=owner, game="cabo", preset="fr", players=["A", "B"])
        for _ in range(20)
    ]
    rounds = [Round.objects.create(match=matches[0], number=n, data={}) for n in range(1, 21)]
    rules = [
        HouseRule.objects.create(owner=owner, game="cabo", name=f"Rule {n}", preset="fr")
        for n in range(20)
    ]
    for made in (matches, rounds, rules):
        ids = [item.pk for item in made]
        assert all(0 < pk < JAVASCRIPT_SAFE for pk in ids)
        assert len(set(ids)) == len(ids)
        # Sequential ids would differ by one; random ones almost never sit side by side.
        assert sum(abs(a - b) == 1 for a, b in pairwise(ids)) == 0
        assert max(ids) > 2**32
