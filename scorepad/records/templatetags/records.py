"""The score chart as an inclusion tag (`{% score_chart match %}`), and figure formats."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from django import template
from django.utils.formats import number_format
from django.utils.translation import pgettext

from scorepad.core import wording
from scorepad.matches.models import Match
from scorepad.rules.base import MatchState

from .. import chart

register = template.Library()


@register.inclusion_tag("records/chart.html#chart")
def score_chart(match: Match, state: MatchState | None = None, open_table: bool = False) -> dict:
    """The chart of `match` (pass `state` when the page has it already, to skip a replay)."""
    state = state or match.state()
    vertical = chart.end_value(state)[1]
    drawn = chart.score_chart(state)
    return {
        "match": match,
        "game": match.rules,
        "state": state,
        "chart": drawn,
        "description": wording.chart_description(match.rules, drawn.rounds),
        "end_label_kind": "rounds" if vertical else match.rules.end_kind,
        "open_table": open_table,
    }


@register.filter
def percent(rate: float | None) -> str:
    """0.4 → "40%" in English, "40 %" (a narrow no-break space) in French: where the
    sign goes is the language's, so the catalogue says it. No rate (nothing to count) → "–"."""
    if rate is None:
        return "–"
    value = number_format(_half_up(Decimal(str(rate)) * 100, "1"), 0)
    return pgettext("a percentage, as 50%", "%(value)s%%") % {"value": value}


@register.filter
def figure(value: float | None) -> str:
    """An average with one decimal, in the reader's number format, negative with a minus
    sign as the scoreboards write it ("−1.5", QA); "–" for none."""
    if value is None:
        return "–"
    return number_format(_half_up(Decimal(str(value)), "0.1"), 1).replace("-", "\u2212")


def _half_up(value: Decimal, step: str) -> Decimal:
    """Rounded as people round (0.25 → 0.3, 62.5 % → 63 %), not to the even neighbour
    as Python's round() does (0.2, 62 %)."""
    return value.quantize(Decimal(step), rounding=ROUND_HALF_UP)
