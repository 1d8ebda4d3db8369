"""The rating history chart, drawn on the server as SVG.

Date on x (proportional to time), shown rating on y, one point per rated game
with a <title> tooltip. The viewBox scales to the container (width 100%); the
sizes below are chosen so text stays legible on a 375-pixel-wide phone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from xml.sax.saxutils import escape, quoteattr

from django.utils import dateformat
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.words.names import ordinal

# About the width a phone gives the chart, so one unit is about one CSS pixel there.
WIDTH, HEIGHT = 340, 220
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 14, 48
AXIS_LABEL_X = 12  # the rotated "Rating", left of the widest (four-digit) tick labels
FONT = 13
MIN_SPAN = 20  # rating points: a flat history still gets a readable axis
TICK_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)
X_TICKS = 4


@dataclass(frozen=True)
class ChartPoint:
    when: datetime  # already in the viewer's time zone
    rating: float
    tooltip: str
    provisional: bool = False


def tooltip(
    *,
    game_id: int,
    map_label: str,
    place: int,
    players: int,
    tied: bool,
    forfeited: bool,
    before: float,
    after: float,
) -> str:
    """E.g. "Game #12 (Europe): 2nd of 4 — 1532 → 1547"."""
    values = {
        "number": game_id,
        "map": map_label,
        "place": ordinal(place),
        "count": players,
        "before": round(before),
        "after": round(after),
    }
    if forfeited:
        return (
            _(
                "Game #%(number)s (%(map)s): %(place)s of %(count)d (forfeited) — "
                "%(before)d → %(after)d"
            )
            % values
        )
    if tied:
        return (
            _("Game #%(number)s (%(map)s): %(place)s of %(count)d (tied) — %(before)d → %(after)d")
            % values
        )
    return _("Game #%(number)s (%(map)s): %(place)s of %(count)d — %(before)d → %(after)d") % values


def private_tooltip(*, before: float, after: float) -> str:
    """A game the viewer may not open: only that it moved the rating."""
    return _("A private game — %(before)d → %(after)d") % {
        "before": round(before),
        "after": round(after),
    }


def _n(value: float) -> str:
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def _y_ticks(low: float, high: float) -> tuple[float, float, list[int]]:
    """An axis range covering [low, high] with at most five round ticks."""
    if high - low < MIN_SPAN:
        middle = (high + low) / 2
        low, high = middle - MIN_SPAN / 2, middle + MIN_SPAN / 2
    step = next((s for s in TICK_STEPS if (high - low) / s <= 4), TICK_STEPS[-1])
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    return first, last, list(range(int(first), int(last) + 1, step))


def _date_label(when: datetime, span_days: float) -> str:
    # Abbreviated month names as the reader's language writes them ("Jan.", "jan.", "janv."),
    # never the server's locale.
    return dateformat.format(when, "N Y" if span_days > 300 else "j N")


def rating_chart_svg(points: Sequence[ChartPoint], *, title: str, color: str = "#0072b2") -> str:
    if not points:
        raise ValueError("a chart needs at least one point")
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    y_min, y_max, y_ticks = _y_ticks(min(p.rating for p in points), max(p.rating for p in points))
    start, end = points[0].when, points[-1].when
    span = (end - start).total_seconds()

    def x_at(when: datetime) -> float:
        if span <= 0:
            return LEFT + plot_w / 2
        return LEFT + plot_w * (when - start).total_seconds() / span

    def y_at(rating: float) -> float:
        return TOP + plot_h * (y_max - rating) / (y_max - y_min)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%"'
        f' role="img" aria-labelledby="rating-chart-title" font-family="system-ui, sans-serif"'
        f' font-size="{FONT}" class="rating-chart">',
        f'<title id="rating-chart-title">{escape(title)}</title>',
    ]
    # Horizontal grid lines and the rating scale.
    for tick in y_ticks:
        tick_y = _n(y_at(tick))
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{tick_y}" y2="{tick_y}" stroke="#ddd"/>'
            f'<text x="{LEFT - 5}" y="{tick_y}" text-anchor="end" dominant-baseline="middle"'
            f' fill="#555">{tick}</text>'
        )
    # Date labels: evenly spaced over the history, never the same label twice.
    span_days = span / 86400
    seen = set()
    count = 1 if span <= 0 else X_TICKS
    for i in range(count):
        when = start + (end - start) * (i / (count - 1)) if count > 1 else start
        label = _date_label(when, span_days)
        if label in seen:
            continue
        seen.add(label)
        anchor = "start" if i == 0 and count > 1 else "end" if i == count - 1 else "middle"
        out.append(
            f'<text x="{_n(x_at(when))}" y="{TOP + plot_h + 18}" text-anchor="{anchor}"'
            f' fill="#555">{escape(label)}</text>'
        )
    date_axis = escape(pgettext("rating chart axis", "Date"))
    rating_axis = escape(pgettext("rating chart axis", "Rating"))
    out.append(
        f'<text x="{LEFT + plot_w / 2:.0f}" y="{HEIGHT - 6}" text-anchor="middle"'
        f' fill="#333">{date_axis}</text>'
        f'<text x="0" y="0" transform="translate({AXIS_LABEL_X} {TOP + plot_h / 2:.0f})'
        f' rotate(-90)"'
        f' text-anchor="middle" fill="#333">{rating_axis}</text>'
        f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + plot_h}" stroke="#888"/>'
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + plot_h}" y2="{TOP + plot_h}"'
        f' stroke="#888"/>'
    )
    coords = [(x_at(p.when), y_at(p.rating)) for p in points]
    if len(coords) > 1:
        path = " ".join(f"{_n(x)},{_n(y)}" for x, y in coords)
        out.append(
            f'<polyline points="{path}" fill="none" stroke={quoteattr(color)} stroke-width="2"/>'
        )
    for point, (x, y) in zip(points, coords, strict=True):
        fill = "#fff" if point.provisional else color
        out.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="5" fill={quoteattr(fill)}'
            f' stroke={quoteattr(color)} stroke-width="2" class="rating-point">'
            f"<title>{escape(point.tooltip)}</title></circle>"
        )
    out.append("</svg>")
    return "".join(out)
