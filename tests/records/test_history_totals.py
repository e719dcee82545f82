"""The history tells two matches of one evening apart: each one's totals."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.records.conftest import build
from tests.records.matches import CABO_FR, ESCOBA_TEAMS

pytestmark = pytest.mark.django_db


def test_each_match_of_the_history_shows_its_rounds_and_totals(owner, visitor):
    build(owner, CABO_FR)
    build(owner, ESCOBA_TEAMS)
    page = visitor.get(reverse("records:history")).content.decode()
    assert re.search(r'3 rounds played:\s*<span class="nowrap">Ana <strong>\d+</strong>', page)
    assert '<span class="nowrap">Us <strong>' in page  # a team's total
    french = visitor.get(reverse("records:history"), headers={"accept-language": "fr"})
    assert "3 manches jouées\u00a0:" in french.content.decode()  # French spacing
    assert "deals played:" in page and "donnes jouées\u00a0:" in french.content.decode()  # Escoba
