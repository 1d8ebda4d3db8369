"""A board's heat map: each route drawn in a colour for how often it was claimed, with a
legend. Server-side SVG from counts only (the Claim rows), so it shows no game's secret.

The scale is sequential and colour-blind safe (light yellow to dark purple, from the
viridis/inferno family), and each route's <title> gives its exact count, so the colour is
never the only cue.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from django.utils.translation import ngettext

from .layout import CITY_R, HEIGHT, LABEL_SIZE, TWIN_OFFSET, WIDTH, layout_for
from .markup import attr, num, text
from .textwidth import FONT

# Lightest (claimed rarely) to darkest (claimed most); unclaimed routes are pale grey.
SCALE = ("#fde725", "#5ec962", "#21918c", "#3b528b", "#440154")
UNCLAIMED = "#d9d4c7"
LEGEND_H = 46

_STYLE = (
    ".ttrh{font-family:%(font)s}"
    ".ttrh .bg{fill:#efe8d6}"
    ".ttrh line{stroke-linecap:round}"
    ".ttrh .c circle{fill:#fffdf5;stroke:#2b2b2b;stroke-width:1.4}"
    ".ttrh text{font-size:%(size)spx;font-weight:600;fill:#1e1e1e;paint-order:stroke;"
    "stroke:#fbf7ec;stroke-width:3px;stroke-linejoin:round}"
    ".ttrh .lg text{stroke:none}"
)
# The same text in every heat map: the site's Content-Security-Policy allows it by hash.
STYLE = _STYLE % {"font": FONT, "size": LABEL_SIZE}


def buckets(top: int) -> list[tuple[int, int]]:
    """Up to len(SCALE) count ranges (low, high) splitting 1..top as evenly as whole
    numbers allow."""
    if top <= 0:
        return []
    n = min(len(SCALE), top)
    edges = [math.ceil(top * k / n) for k in range(n + 1)]
    return [(edges[k] + 1 if k else 1, edges[k + 1]) for k in range(n)]


def legend_items(counts: Mapping[str, int], none_label: str) -> list[tuple[str, str]]:
    """(colour, label) for each step of the scale, "never" first: the page's own legend."""
    ranges = buckets(max(counts.values(), default=0))
    return [(UNCLAIMED, none_label)] + [
        (SCALE[k], str(low) if low == high else f"{low}–{high}")
        for k, (low, high) in enumerate(ranges)
    ]


def _colour(count: int, ranges: list[tuple[int, int]]) -> str:
    for k, (low, high) in enumerate(ranges):
        if low <= count <= high:
            return SCALE[k]
    return UNCLAIMED


def heat_map_svg(
    game_map,
    counts: Mapping[str, int],
    *,
    title: str,
    legend_label: str,
    none_label: str,
    claim_word=lambda n: ngettext("%(n)d claim", "%(n)d claims", n) % {"n": n},
) -> str:
    """The board with every route coloured by `counts[route id]` and a legend under it."""
    layout = layout_for(game_map)
    top = max(counts.values(), default=0)
    ranges = buckets(top)
    height = HEIGHT + LEGEND_H
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ttrh" viewBox="0 0 {WIDTH} {height}"'
        f' width="100%" role="img" aria-label={attr(title)}>',
        f"<title>{text(title)}</title>",
        f"<style>{STYLE}</style>",
        f'<rect class="bg" width="{WIDTH}" height="{height}" rx="12"/>',
    ]
    routes = sorted(game_map.routes.values(), key=lambda r: (counts.get(r.id, 0), r.id))
    for route in routes:  # the most claimed drawn last, on top
        count = counts.get(route.id, 0)
        (ax, ay), (bx, by) = _ends(layout, route)
        width = 4.5 if count else 2.5
        names = f"{game_map.cities[route.a].name} – {game_map.cities[route.b].name}"
        ends = f'x1="{num(ax)}" y1="{num(ay)}" x2="{num(bx)}" y2="{num(by)}"'
        if count:  # a dark casing keeps the lightest colour visible on the board
            out.append(f'<line {ends} stroke="#3a3a3a" stroke-width="{num(width + 2)}"/>')
        out.append(
            f'<line {ends} stroke="{_colour(count, ranges)}" stroke-width="{num(width)}">'
            f"<title>{text(f'{names}: {claim_word(count)}')}</title></line>"
        )
    for cid in sorted(game_map.cities):
        px, py = layout.points[cid]
        label = layout.labels[cid]
        anchor = "" if label.anchor == "start" else f' text-anchor="{label.anchor}"'
        out.append(
            f'<g class="c"><circle cx="{num(px)}" cy="{num(py)}" r="{num(CITY_R - 1.5)}"/>'
            f'<text x="{num(label.x)}" y="{num(label.y)}"{anchor}>'
            f"{text(game_map.cities[cid].name)}</text></g>"
        )
    out.append(_legend(ranges, legend_label, none_label))
    out.append("</svg>")
    return "".join(out)


def _ends(layout, route):
    a, b = sorted((route.a, route.b))
    (ax, ay), (bx, by) = layout.points[a], layout.points[b]
    d = math.dist((ax, ay), (bx, by)) or 1.0
    ux, uy = (bx - ax) / d, (by - ay) / d
    shift = 0.0
    if route.double_of:
        shift = -TWIN_OFFSET if route.id < route.double_of else TWIN_OFFSET
    trim = CITY_R + 1.5
    return (
        (ax - uy * shift + ux * trim, ay + ux * shift + uy * trim),
        (bx - uy * shift - ux * trim, by + ux * shift - uy * trim),
    )


def _legend(ranges, legend_label: str, none_label: str) -> str:
    y = HEIGHT + 8
    parts = [f'<g class="lg"><text x="24" y="{y + 20}">{text(legend_label)}</text>']
    x = 250.0
    items = [(UNCLAIMED, none_label)] + [
        (SCALE[k], str(low) if low == high else f"{low}–{high}")
        for k, (low, high) in enumerate(ranges)
    ]  # as legend_items
    for colour, label in items:
        parts.append(
            f'<rect x="{num(x)}" y="{y + 8}" width="34" height="14" rx="3" fill="{colour}"'
            ' stroke="#555" stroke-width=".6"/>'
            f'<text x="{num(x + 40)}" y="{y + 20}">{text(label)}</text>'
        )
        x += 40 + 12 + 8.5 * len(label) + 24
    parts.append("</g>")
    return "".join(parts)
