"""Destination tickets as SVG cards: the two cities, the points, a mini-map and progress."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext

from .layout import HEIGHT, WIDTH, layout_for
from .markup import attr, num, text
from .textwidth import FONT, text_width

TICKET_W, TICKET_H = 200, 104
MAP_X, MAP_Y, MAP_W = 112, 22, 80  # the mini-map's corner and width
NAME_W = 100  # room for a city name, left of the mini-map

# The same text in every ticket picture: the site's Content-Security-Policy allows it by hash.
STYLE = (
    f".ttrt{{font-family:{FONT};max-width:100%;height:auto}}"
    ".ttrt .tn{font-weight:700;fill:#1e1e1e}.ttrt.long .tn{fill:#fff}"
    ".ttrt .pt{font-size:15px;font-weight:800;text-anchor:middle;fill:#fff}"
    ".ttrt .sm{font-size:10px;font-weight:600}"
)
_STYLE = f"<style>{STYLE}</style>"
_CHECK = "M-4.5 0l3 3.2 6-6.4"


def _fit(name: str, width: float, size: float = 14.0) -> float:
    """The largest font size (down to 9) at which a name fits the given width."""
    while size > 9 and text_width(name, size) > width:
        size -= 0.5
    return size


def _mini_map(game_map, a: str, b: str) -> str:
    layout = layout_for(game_map)
    scale = MAP_W / WIDTH
    height = HEIGHT * scale

    def at(cid):
        x, y = layout.points[cid]
        return MAP_X + x * scale, MAP_Y + y * scale

    dots = "".join(f"M{num(x)} {num(y)}h.01" for x, y in map(at, sorted(layout.points)))
    (ax, ay), (bx, by) = at(a), at(b)
    return (
        f'<rect x="{MAP_X - 3}" y="{MAP_Y - 3}" width="{MAP_W + 6}" height="{num(height + 6)}"'
        ' rx="4" fill="#efe8d6" stroke="#c9bfa4"/>'
        f'<path d="{dots}" stroke="#8d8676" stroke-width="2.2" stroke-linecap="round"/>'
        f'<path d="M{num(ax)} {num(ay)}L{num(bx)} {num(by)}" stroke="#d7263d" stroke-width="1.4"'
        ' stroke-dasharray="3 2"/>'
        f'<circle cx="{num(ax)}" cy="{num(ay)}" r="3.2" fill="#d7263d" stroke="#fff"/>'
        f'<circle cx="{num(bx)}" cy="{num(by)}" r="3.2" fill="#d7263d" stroke="#fff"/>'
    )


def _progress(done: bool | None, muted: str) -> str:
    if done is None:
        return ""
    y = TICKET_H - 14
    if done:
        word = pgettext("a ticket", "done")
        return (
            f'<g class="done"><circle cx="{MAP_X + 6}" cy="{y}" r="8" fill="#1b7f3b"/>'
            f'<path d="{_CHECK}" transform="translate({MAP_X + 6} {y})" stroke="#fff"'
            ' stroke-width="2.2" fill="none"/>'
            f'<text class="sm" x="{MAP_X + 18}" y="{y + 4}" fill="#1b7f3b">{text(word)}</text></g>'
        )
    not_yet = pgettext("a ticket, short", "not yet")
    return (
        f'<g class="pending"><circle cx="{MAP_X + 6}" cy="{y}" r="7" fill="none"'
        f' stroke="{muted}" stroke-width="1.6" stroke-dasharray="3 2"/>'
        f'<text class="sm" x="{MAP_X + 18}" y="{y + 4}" fill="{muted}">{text(not_yet)}</text></g>'
    )


def ticket_label(a: str, b: str, points: int, *, long: bool, done: bool | None) -> str:
    """ "Ticket Wien – Paris, 12 points, long route, done": the ticket's facts, one per part."""
    parts = [
        _("Ticket %(a)s – %(b)s") % {"a": a, "b": b},
        ngettext("%(count)d point", "%(count)d points", points) % {"count": points},
    ]
    if long:
        parts.append(pgettext("a ticket's kind", "long route"))
    if done is not None:
        parts.append(pgettext("a ticket", "done") if done else pgettext("a ticket", "not yet done"))
    return pgettext("between items of a list", ", ").join(parts)


def ticket_svg(game_map, ticket_id: str, *, done: bool | None = None) -> str:
    """One destination ticket; ``done`` True/False adds a progress mark, None leaves it off."""
    ticket = game_map.tickets[ticket_id]
    a, b = game_map.cities[ticket.a].name, game_map.cities[ticket.b].name
    long = ticket.long
    face, edge = ("#1f3a5f", "#e8c872") if long else ("#fbf4e0", "#b9a77a")
    ink = "#fff" if long else "#1e1e1e"
    label = ticket_label(a, b, ticket.points, long=long, done=done)
    size = min(_fit(a, NAME_W), _fit(b, NAME_W))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ttrt{" long" if long else ""}"'
        f' viewBox="0 0 {TICKET_W} {TICKET_H}" width="{num(TICKET_W * 1.5)}"'
        f' role="img" aria-label={attr(label)} data-ticket={attr(ticket_id)}>',
        _STYLE,
        f"<title>{text(label)}</title>",
        f'<rect x="1" y="1" width="{TICKET_W - 2}" height="{TICKET_H - 2}" rx="8" fill="{face}"'
        f' stroke="{edge}" stroke-width="2"/>',
    ]
    if long:
        long_route = pgettext("printed on a long ticket", "LONG ROUTE")
        parts.append(
            f'<text class="sm" x="10" y="15" fill="{edge}" letter-spacing="1">'
            f"{text(long_route)}</text>"
        )
    points = npgettext("printed beside a ticket's points", "point", "points", ticket.points)
    parts += [
        f'<text class="tn" x="10" y="36" font-size="{num(size)}" fill="{ink}">{text(a)}</text>',
        f'<text class="tn" x="10" y="{num(40 + size + 2)}" font-size="{num(size)}"'
        f' fill="{ink}">{text(b)}</text>',
        f'<circle cx="24" cy="{TICKET_H - 19}" r="14" fill="{"#b8860b" if long else "#d7263d"}"'
        ' stroke="#fff" stroke-width="1.5"/>',
        f'<text class="pt" x="24" y="{TICKET_H - 14}">{text(ticket.points)}</text>',
        f'<text class="sm" x="43" y="{TICKET_H - 15}" fill="{ink}">{text(points)}</text>',
        _mini_map(game_map, ticket.a, ticket.b),
        _progress(done, "#c8d3e0" if long else "#555"),
        "</svg>",
    ]
    return "".join(parts)
