"""The drawings of the "how to play" pages: a claim, a double route, a tunnel, a ferry, a
station and the longest path, in the board's own look (its colours, spaces and cars).

Each figure is a pure function of a few city names (never translated) and its title; the
sentences around it are the page's. Every figure carries the same one <style> (STYLE), so
the Content-Security-Policy allows it by its hash like the board's.
"""

from __future__ import annotations

from .markup import attr, num, text
from .palette import CARD_COLORS, CARD_LETTERS, PLAYER_CSS, ink_on

STYLE = (
    ".ttrr{font-family:system-ui,sans-serif}"
    ".ttrr .bg{fill:#efe8d6}"
    ".ttrr .sp{stroke:#3b3b3b;stroke-width:.8}"
    ".ttrr .tn{stroke:#111;stroke-width:1.5;stroke-dasharray:3.5 2}"
    ".ttrr .car{stroke:#111;stroke-width:1.5}"
    ".ttrr .cd{stroke:#333;stroke-width:.8}"
    ".ttrr .city{fill:#fffdf5;stroke:#2b2b2b;stroke-width:1.8}"
    ".ttrr .name{font-size:10px;font-weight:600;fill:#1e1e1e;text-anchor:middle}"
    ".ttrr .l{text-anchor:start}.ttrr .r{text-anchor:end}"
    ".ttrr .mk{font-size:7px;font-weight:800;text-anchor:middle}"
    ".ttrr .big{font-size:13px;font-weight:800;fill:#1e1e1e;text-anchor:middle}"
    ".ttrr .arrow{stroke:#555;stroke-width:2;fill:none}"
    ".ttrr .no{stroke:#b00020;stroke-width:3;stroke-linecap:round}"
    ".ttrr .way{fill:none;stroke:#ffd43b;stroke-width:14;stroke-linecap:round;"
    "stroke-linejoin:round;opacity:.75}"
    ".ttrr .st{stroke:#111;stroke-width:1.4}"
)

SPACE_W, SPACE_H, GAP = 26, 10, 3
CARD_W, CARD_H = 16, 24
ME, OTHER = PLAYER_CSS["teal"], PLAYER_CSS["magenta"]
# A locomotive seen from the side (the board's), and a station: a house on its city.
_LOCO = (
    "M-3.6 1.4V-1H-.4V-3.2H-2V-3.6H3.4V-3.2H2.6V-1.4H3.6V1.4Z"
    "M-2.4 1.4a1 1 0 1 0 .1 0ZM.4 1.4a1 1 0 1 0 .1 0ZM2.6 1.4a1 1 0 1 0 .1 0Z"
)
_STATION = "M-8 7V-2L0-9.5L8-2V7Z"


def _svg(width: int, height: int, title: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ttrr rule-figure" role="img"'
        f' viewBox="0 0 {width} {height}" aria-label={attr(title)}>'
        f"<title>{text(title)}</title><style>{STYLE}</style>"
        f'<rect class="bg" width="{width}" height="{height}" rx="8"/>{body}</svg>'
    )


def _city(x: float, y: float, name: str, *, below: bool = True) -> str:
    ty = y + 19 if below else y - 12
    # Names at the edges run inwards, so a long one stays inside the picture.
    cls, tx = ("name l", x - 8) if x < 100 else ("name r", x + 8) if x > 220 else ("name", x)
    return (
        f'<circle class="city" cx="{num(x)}" cy="{num(y)}" r="6"/>'
        f'<text class="{cls}" x="{num(tx)}" y="{num(ty)}">{text(name)}</text>'
    )


def _track(x0: float, x1: float, y: float, count: int) -> list[float]:
    """The left edges of `count` spaces centred between x0 and x1."""
    width = count * SPACE_W + (count - 1) * GAP
    start = (x0 + x1 - width) / 2
    return [start + i * (SPACE_W + GAP) for i in range(count)]


def _space(x: float, y: float, color: str, *, tunnel: bool = False, loco: bool = False) -> str:
    cls = "sp tn" if tunnel else "sp"
    out = (
        f'<rect class="{cls}" x="{num(x)}" y="{num(y - SPACE_H / 2)}" width="{SPACE_W}"'
        f' height="{SPACE_H}" rx="2" fill="{CARD_COLORS[color]}"/>'
    )
    if loco:
        out += _loco(x + SPACE_W / 2, y)
    elif color != "gray":
        out += (
            f'<text class="mk" x="{num(x + SPACE_W / 2)}" y="{num(y + 2.5)}"'
            f' fill="{ink_on(color)}">{text(CARD_LETTERS[color])}</text>'
        )
    return out


def _loco(x: float, y: float, *, scale: float = 1) -> str:
    size = f" scale({num(scale)})" if scale != 1 else ""
    return f'<path d="{_LOCO}" fill="#1d1d1d" transform="translate({num(x)} {num(y)}){size}"/>'


def _car(x: float, y: float, css: str) -> str:
    return (
        f'<rect class="car" x="{num(x)}" y="{num(y - SPACE_H / 2)}" width="{SPACE_W}"'
        f' height="{SPACE_H}" rx="2" fill="{css}"/>'
    )


def _card(x: float, y: float, color: str) -> str:
    fill = "#ffffff" if color == "locomotive" else CARD_COLORS[color]
    out = (
        f'<rect class="cd" x="{num(x)}" y="{num(y)}" width="{CARD_W}" height="{CARD_H}" rx="2.5"'
        f' fill="{fill}"/>'
    )
    if color == "locomotive":
        for i, band in enumerate(("red", "yellow", "green", "blue")):
            out += (
                f'<rect x="{num(x + 2)}" y="{num(y + 3 + i * 4.5)}" width="{CARD_W - 4}"'
                f' height="4" fill="{CARD_COLORS[band]}"/>'
            )
        out += _loco(x + CARD_W / 2, y + CARD_H / 2, scale=1.2)
    else:
        out += (
            f'<text class="mk" x="{num(x + CARD_W / 2)}" y="{num(y + CARD_H / 2 + 2.5)}"'
            f' fill="{ink_on(color)}">{text(CARD_LETTERS[color])}</text>'
        )
    return out


def _cards(x: float, y: float, colors: list[str]) -> str:
    return "".join(_card(x + i * (CARD_W + 3), y, c) for i, c in enumerate(colors))


def _arrow(x0: float, y0: float, x1: float, y1: float) -> str:
    """A straight arrow, down or to the right."""
    if y0 == y1:
        head = f"M{num(x1 - 5)} {num(y1 - 5)}L{num(x1)} {num(y1)}L{num(x1 - 5)} {num(y1 + 5)}"
    else:
        head = f"M{num(x1 - 5)} {num(y1 - 5)}L{num(x1)} {num(y1)}L{num(x1 + 5)} {num(y1 - 5)}"
    return f'<path class="arrow" d="M{num(x0)} {num(y0)}L{num(x1)} {num(y1)}{head}"/>'


def claim_figure(a: str, b: str, title: str) -> str:
    """A blue route of 3 spaces, paid with 2 blue cards and a locomotive, then the player's
    cars on it and its 4 points."""
    body = [_city(30, 30, a, below=False), _city(290, 30, b, below=False)]
    body += [_space(x, 30, "blue") for x in _track(30, 290, 30, 3)]
    body.append(_cards(131, 48, ["blue", "blue", "locomotive"]))
    body.append(_arrow(160, 78, 160, 92))
    body += [_city(30, 110, a), _city(290, 110, b)]
    body += [_car(x, 110, ME) for x in _track(30, 290, 110, 3)]
    body.append('<text class="big" x="250" y="88">+4</text>')
    return _svg(320, 140, title, "".join(body))


def double_route_figure(a: str, b: str, twin: str, title: str) -> str:
    """Two parallel tracks: one claimed; with 2 or 3 players its twin is closed (crossed)."""
    body = [_city(30, 55, a), _city(290, 55, b)]
    xs = _track(30, 290, 0, 3)
    body += [_car(x, 45, ME) for x in xs]
    body += [_space(x, 65, twin) for x in xs]
    body.append(
        f'<path class="no" d="M{num(xs[0] + 8)} 56L{num(xs[-1] + SPACE_W - 8)} 74'
        f'M{num(xs[0] + 8)} 74L{num(xs[-1] + SPACE_W - 8)} 56"/>'
    )
    return _svg(320, 95, title, "".join(body))


def tunnel_figure(a: str, b: str, color: str, title: str) -> str:
    """A tunnel of 2 spaces in `color`: 2 cards of it laid, 3 cards turned up (one of that
    colour, one of another, a locomotive), so 2 more of that colour (or locomotives) to pay."""
    other = "red" if color != "red" else "blue"
    body = [_city(30, 30, a, below=False), _city(290, 30, b, below=False)]
    body += [_space(x, 30, color, tunnel=True) for x in _track(30, 290, 30, 2)]
    body.append(_cards(20, 58, [color, color]))
    body.append(_arrow(70, 70, 95, 70))
    body.append(_cards(110, 58, [color, other, "locomotive"]))
    body.append('<text class="big" x="200" y="76">=</text>')
    body.append(_cards(220, 58, [color, color]))
    body.append('<text class="big" x="280" y="76">+2</text>')
    return _svg(320, 100, title, "".join(body))


def ferry_figure(a: str, b: str, title: str) -> str:
    """A gray ferry of 2 spaces with one locomotive symbol: 1 locomotive and 1 card of any
    one colour."""
    body = [_city(30, 30, a, below=False), _city(290, 30, b, below=False)]
    xs = _track(30, 290, 30, 2)
    body.append(_space(xs[0], 30, "gray", loco=True))
    body.append(_space(xs[1], 30, "gray"))
    body.append(_cards(141, 52, ["locomotive", "yellow"]))
    return _svg(320, 90, title, "".join(body))


def station_figure(a: str, city: str, b: str, title: str) -> str:
    """The player's route reaches a city where they built a station; the other player's route
    on from it counts for the player's tickets (only), so their ticket a–b is joined."""
    body = [
        '<path class="way" d="M30 50L160 50L290 50"/>',
        _city(30, 50, a),
        _city(290, 50, b),
    ]
    body += [_car(x, 50, ME) for x in _track(30, 160, 50, 3)]
    body += [_car(x, 50, OTHER) for x in _track(160, 290, 50, 3)]
    body.append(_city(160, 50, city))
    body.append(f'<path class="st" d="{_STATION}" fill="{ME}" transform="translate(160 36)"/>')
    return _svg(320, 85, title, "".join(body))


def longest_path_figure(title: str) -> str:
    """A player's routes with a branch: the longest path is the one continuous line of the
    most cars (3 + 3 + 2 = 8); the branch of 1 is left out."""
    body = ['<path class="way" d="M25 40L120 40L215 40L295 90"/>']
    body += [_car(x, 40, ME) for x in _track(25, 120, 40, 3)]
    body += [_car(x, 40, ME) for x in _track(120, 215, 40, 3)]
    # A slanted route of 2 and a short branch down of 1.
    body.append(
        f'<g transform="translate(255 65) rotate(32)">{_car(-SPACE_W - 1.5, 0, ME)}'
        f"{_car(1.5, 0, ME)}</g>"
    )
    body.append(f'<g transform="translate(120 72) rotate(90)">{_car(-SPACE_W / 2, 0, ME)}</g>')
    body += [
        f'<circle class="city" cx="{x}" cy="{y}" r="6"/>'
        for x, y in ((25, 40), (120, 40), (215, 40), (295, 90), (120, 104))
    ]
    body.append('<text class="big" x="200" y="118">3 + 3 + 2 = 8</text>')
    return _svg(320, 130, title, "".join(body))
