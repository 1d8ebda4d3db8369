"""The analysis chart: each player's estimated final score over the turns, as SVG.

Each player's line joins the estimates made at their own decisions (from their own view
then: games.bots.analysis), and ends at the score they really made. Lines differ by dash as
well as by colour, each point's <title> says its turn, estimate and spread, and the legend
names each line, so colour is never the only cue.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from .markup import attr, num, text
from .textwidth import FONT

WIDTH, HEIGHT = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 14, 34
DASHES = ("", "7 4", "2 4", "10 4 2 4", "4 2")

_STYLE = (
    ".ttra{font-family:%(font)s;font-size:12px}"
    ".ttra .bg{fill:#fbf7ec}"
    ".ttra .grid{stroke:#d9d4c7;stroke-width:1}"
    ".ttra .axis{stroke:#2b2b2b;stroke-width:1.2}"
    ".ttra text{fill:#1e1e1e}"
    ".ttra polyline{fill:none;stroke-width:2.5;stroke-linejoin:round}"
)
# The same text in every chart: the site's Content-Security-Policy allows it by hash.
STYLE = _STYLE % {"font": FONT}


def _ticks(top: float, bottom: float = 0.0) -> list[int]:
    """Round values from below the lowest score (0, or a negative one) to above the highest."""
    span = top - bottom
    step = next((s for s in (5, 10, 20, 25, 50, 100) if span / s <= 6), 200)
    low = math.floor(bottom / step) * step
    return list(range(low, int(top) + step, step))


def score_chart_svg(
    *,
    players: Sequence[str],
    decisions: Sequence[Mapping],
    final: Mapping[str, float] | None,
    colors: Mapping[str, str],
    names: Mapping[str, str],
    title: str,
) -> str:
    """The chart: `decisions` as games.bots.analysis.analyse_decision made them, each with
    its "turn"; `colors` the players' CSS colours."""
    series: dict[str, list[tuple[int, Mapping]]] = {p: [] for p in players}
    for d in decisions:
        if d["player"] in series and d.get("turn"):
            series[d["player"]].append((d["turn"], d))
    last_turn = max([d.get("turn") or 0 for d in decisions] + [1]) + 1
    values = [d["played_points"]["mean"] for d in decisions]
    values += list((final or {}).values())
    top = max(values + [10.0]) * 1.1
    # A negative score (tickets failed) is drawn where it is, below the zero line.
    ticks = _ticks(top, min(values + [0.0]) * 1.1)
    top, bottom = ticks[-1], ticks[0]
    first_turn = min([t for pts in series.values() for t, _d in pts] + [1])

    def x(turn: float) -> float:
        span = max(1, last_turn - first_turn)
        return LEFT + (WIDTH - LEFT - RIGHT) * (turn - first_turn) / span

    def y(points: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (top - points) / (top - bottom)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ttra" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-labelledby="ttra-title"><style>{STYLE}</style>'
        f'<title id="ttra-title">{text(title)}</title>'
        f'<rect class="bg" width="{WIDTH}" height="{HEIGHT}"/>'
    ]
    for tick in ticks:
        out.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{num(y(tick))}" '
            f'y2="{num(y(tick))}"/><text x="{LEFT - 6}" y="{num(y(tick) + 4)}" '
            f'text-anchor="end">{tick}</text>'
        )
    out.append(
        f'<line class="axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{num(y(0))}" y2="{num(y(0))}"/>'
    )
    span = last_turn - first_turn
    step = next((s for s in (1, 2, 5, 10, 20, 25, 50) if span / s <= 10), 100)
    for turn in [first_turn] + [t for t in range(step, last_turn + 1, step) if t > first_turn]:
        out.append(
            f'<text x="{num(x(turn))}" y="{HEIGHT - BOTTOM + 16}" '
            f'text-anchor="middle">{turn}</text>'
        )
    out.append(
        f'<text x="{(LEFT + WIDTH - RIGHT) // 2}" y="{HEIGHT - 3}" text-anchor="middle">'
        f"{text(_('Turn'))}</text>"
    )
    for k, player in enumerate(players):
        colour = colors.get(player, "#777777")
        points = [(x(turn), y(d["played_points"]["mean"])) for turn, d in series[player]]
        if final and player in final:
            points.append((x(last_turn), y(final[player])))
        dash = DASHES[k % len(DASHES)]
        dash_attr = f" stroke-dasharray={attr(dash)}" if dash else ""
        name = names.get(player, player)
        out.append(f"<g><title>{text(name)}</title>")
        if len(points) > 1:
            line = " ".join(f"{num(px)},{num(py)}" for px, py in points)
            out.append(f"<polyline points={attr(line)} stroke={attr(colour)}{dash_attr}/>")
        for turn, d in series[player]:
            est = d["played_points"]
            label = _("%(player)s, turn %(turn)d: about %(points)d points (±%(spread)d)") % {
                "player": name,
                "turn": turn,
                "points": round(est["mean"]),
                "spread": round(est["spread"]),
            }
            out.append(
                f'<circle cx="{num(x(turn))}" cy="{num(y(est["mean"]))}" r="3.2" '
                f"fill={attr(colour)}><title>{text(label)}</title></circle>"
            )
        if final and player in final:
            label = _("%(player)s's final score: %(points)d") % {
                "player": name,
                "points": final[player],
            }
            out.append(
                f'<rect x="{num(x(last_turn) - 5)}" y="{num(y(final[player]) - 5)}" '
                f'width="10" height="10" fill={attr(colour)} stroke="#1e1e1e">'
                f"<title>{text(label)}</title></rect>"
            )
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def legend_key_svg(*, colour: str, index: int) -> str:
    """A short stretch of the player's line (its colour and dash) for the chart's legend."""
    dash = DASHES[index % len(DASHES)]
    dash_attr = f" stroke-dasharray={attr(dash)}" if dash else ""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" class="analysis-key" viewBox="0 0 32 10" '
        'width="32" height="10" aria-hidden="true">'
        f'<line x1="1" y1="5" x2="31" y2="5" stroke={attr(colour)} stroke-width="3"{dash_attr}/>'
        "</svg>"
    )
