"""The score progression of a match, laid out for an inline SVG: pure geometry.

One line per side from 0 before the first round to its total after each round, and
the end line of the match (the target, or the threshold; a vertical line after the
last round when the match lasts a fixed number of rounds). Colours and dash patterns
come from the template's style, so the chart follows the light or dark scheme.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scorepad.rules import get_game
from scorepad.rules.base import MatchState

WIDTH = 360
HEIGHT = 220
LEFT, RIGHT, TOP, BOTTOM = 36, 12, 12, 26
# The height an end line's name takes above it (12 px bold, set 4 above the line).
LABEL_ROOM = 18
STYLES = 6
MARKED_ROUNDS = 20


@dataclass(frozen=True)
class Line:
    side: str
    style: int
    path: str
    dots: tuple[tuple[float, float], ...]
    end: tuple[float, float]
    total: int


@dataclass(frozen=True)
class EndLine:
    x1: float
    y1: float
    x2: float
    y2: float
    value: int
    vertical: bool
    # Far beyond every total (a match to 1000 after a few rounds): not drawn to scale,
    # which would squeeze the lines together; named at the chart's edge instead.
    beyond: bool = False

    @property
    def label_below(self) -> bool:
        """Its name goes under a line too near the chart's top to hold it above (QA:
        "Target 100" cut in half when the scale ends at the target)."""
        return not self.vertical and self.y1 < LABEL_ROOM


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    lines: tuple[Line, ...]
    y_ticks: tuple[tuple[float, int], ...]
    x_ticks: tuple[tuple[float, int], ...]
    end_line: EndLine | None
    rounds: int


def end_value(state: MatchState) -> tuple[int | None, bool]:
    """The match's end line and whether it counts rounds (vertical) rather than points."""
    return get_game(state.setup.game).end_line(state.setup.options)


def nice_step(span: float, parts: int = 4) -> int:
    """A round step (1, 2, 5, 10, 20, 50…) cutting `span` in about `parts` pieces."""
    raw = max(span / parts, 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return int(factor * power)
    return int(10 * power)


def _far(end: int, low: int, high: int) -> bool:
    """Whether the end line lies past every total by more than the way from 0 to the
    furthest of them on its side: drawn to scale, it would squeeze the lines together."""
    return end > 2 * high if end > 0 else end < 2 * low


def _fmt(number: float) -> str:
    return f"{number:.1f}".rstrip("0").rstrip(".")


def score_chart(state: MatchState) -> Chart:
    sides = state.setup.sides
    series = {side: [0] + [result.totals[side] for result in state.rounds] for side in sides}
    rounds = len(state.rounds)
    end, vertical = end_value(state)
    last_x = max(rounds, end if vertical and end else 0, 1)
    values = [value for points in series.values() for value in points]
    beyond = end is not None and not vertical and _far(end, min(0, *values), max(1, *values))
    if end is not None and not vertical and not beyond:
        values.append(end)
    low, high = min(0, *values), max(1, *values)
    step = nice_step(high - low)
    low, high = math.floor(low / step) * step, math.ceil(high / step) * step
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x_of(number: float) -> float:
        return round(LEFT + (right - LEFT) * number / last_x, 1)

    def y_of(value: float) -> float:
        return round(bottom - (bottom - TOP) * (value - low) / (high - low), 1)

    lines = []
    for index, side in enumerate(sides):
        points = [(x_of(number), y_of(value)) for number, value in enumerate(series[side])]
        path = "M" + " L".join(f"{_fmt(x)} {_fmt(y)}" for x, y in points)
        dots = tuple(points[1:]) if rounds <= MARKED_ROUNDS else ()
        lines.append(Line(side, index % STYLES, path, dots, points[-1], series[side][-1]))
    x_step = nice_step(last_x, 6)
    x_ticks = tuple((x_of(number), number) for number in range(0, last_x + 1, x_step))
    y_ticks = tuple((y_of(value), value) for value in range(low, high + 1, step))
    end_line = None
    if end is not None and vertical:
        end_line = EndLine(x_of(end), TOP, x_of(end), bottom, end, True)
    elif beyond:  # at the edge it lies past
        edge = TOP if end > high else bottom
        end_line = EndLine(LEFT, edge, right, edge, end, False, beyond=True)
    elif end is not None:
        end_line = EndLine(LEFT, y_of(end), right, y_of(end), end, False)
    return Chart(
        WIDTH, HEIGHT, LEFT, right, TOP, bottom, tuple(lines), y_ticks, x_ticks, end_line, rounds
    )
