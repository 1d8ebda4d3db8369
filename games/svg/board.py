"""The board as an SVG string: routes space by space, claims, stations, cities and names.

A pure function of the map and the public part of a player view (claims and
stations), in the spirit of python-chess's ``chess.svg.board``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Collection, Mapping
from functools import lru_cache

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games.engine.maps import get_map
from games.words.names import colour_name, map_name

from .layout import CITY_R, HEIGHT, LABEL_SIZE, TRACK_H, TWIN_OFFSET, WIDTH, layout_for
from .markup import attr, num, text
from .palette import (
    CARD_COLORS,
    CARD_LETTERS,
    PLAYER_COLORS,
    PLAYER_CSS,
    default_player_colors,
    ink_on,
    is_light,
    player_color_id,
    player_css,
    player_initials,
)
from .textwidth import FONT

# Extra link attributes: plain names only (no ":" so the SVG stays valid XML), never raw.
_ATTR_NAME = re.compile(r"[a-zA-Z_][\w.-]*")
_OWN_ATTRS = {"href", "class", "data-route"}
SPACE_GAP = 2.6
END_GAP = CITY_R + 2.5  # from a city's centre to the first space

_STATIC_STYLE = (
    ".ttrb{font-family:%(font)s}"
    ".ttrb .bg{fill:#efe8d6}"
    ".ttrb .r rect{stroke:#3b3b3b;stroke-width:.8}"
    "%(colours)s"
    ".ttrb .tn rect{stroke:#111;stroke-width:1.5;stroke-dasharray:3.5 2}"
    ".ttrb .fy rect{stroke:#1d4e89;stroke-width:1.3}"
    ".ttrb .lm{fill:#1d1d1d}"
    ".ttrb .own rect{stroke:#111;stroke-width:1.5;stroke-dasharray:none}"
    ".ttrb .own .lm{fill:#fff}"
    ".ttrb .cp{stroke:#111;stroke-width:%(coupling)s;fill:none}"
    ".ttrb .sh{fill:#000;opacity:.45;stroke:none}"
    ".ttrb .mk{font-size:6.6px;font-weight:800;stroke:none;text-anchor:middle;"
    "pointer-events:none}"
    ".ttrb .mk{fill:#fff}"
    "%(inks)s"
    ".ttrb .own .mk{font-size:8px;fill:#fff}"
    ".ttrb .own.lt .mk{fill:#1a1a1a}"
    ".ttrb .hit{stroke:transparent;stroke-width:16;fill:none}"
    ".ttrb .glow{stroke:none;fill:none}"
    ".ttrb .pick{cursor:pointer}"
    ".ttrb .pick:hover rect,.ttrb .pick:focus rect{stroke:#000;stroke-width:2.4}"
    ".ttrb .pick:hover .hit,.ttrb .pick:focus .hit{stroke:rgba(255,255,255,.55)}"
    ".ttrb .c circle{fill:#fffdf5;stroke:#2b2b2b;stroke-width:1.8}"
    ".ttrb .nw-ring{fill:none;stroke:#111;stroke-width:3.2;"
    "stroke-dasharray:5 3}"
    ".ttrb .nw path{fill:none}"
    ".ttrb .nw-edge{stroke:#111;stroke-width:25;stroke-dasharray:6 4}"
    ".ttrb .nw-core{stroke:#fffdf5;stroke-width:18}"
    ".ttrb .st{stroke:#111;stroke-width:1.4;stroke-linejoin:round}"
    ".ttrb text{font-size:%(size)spx;font-weight:600;fill:#1e1e1e;paint-order:stroke;"
    "stroke:#fbf7ec;stroke-width:3px;stroke-linejoin:round}"
)

# A locomotive seen from the side, about 6 units long, centred on the origin.
_LOCO = (
    "M-3.6 1.4V-1H-.4V-3.2H-2V-3.6H3.4V-3.2H2.6V-1.4H3.6V1.4Z"
    "M-2.4 1.4a1 1 0 1 0 .1 0ZM.4 1.4a1 1 0 1 0 .1 0ZM2.6 1.4a1 1 0 1 0 .1 0Z"
)
# A station: a house centred on the city, about twice a city dot's width so that it reads
# on a phone with the whole board on screen.
_STATION = "M-10 8.5V-2.5L0-11.5L10-2.5V8.5Z"


def board_svg(
    game_map,
    view: Mapping,
    *,
    selectable_routes: Collection[str] = (),
    route_href: Callable[[str], str] | None = None,
    route_attrs: Callable[[str], Mapping[str, str]] | None = None,
    highlight_routes: Collection[str] = (),
    new_routes: Collection[str] = (),
    new_stations: Collection[str] = (),
    player_colors: Mapping[str, str] | None = None,
    player_names: Mapping[str, str] | None = None,
    title: str | None = None,
    rings_mark: bool = False,
) -> str:
    """The whole board for one viewer.

    Only ``view["claims"]``, ``view["stations"]`` and ``view["players_order"]``
    are read, so nothing private in the view can reach the picture.
    ``new_routes`` and ``new_stations`` are marked with a dashed ring (what changed since the
    viewer last moved: ``board_rings``); with ``rings_mark`` the places where they go are
    marked (``RINGS_MARK``, ``STATION_RINGS_MARK``), so that a board drawn once for every
    viewer can take each viewer's own rings there afterwards. ``route_attrs`` gives extra
    attributes (``hx-get``, ``hx-target``...) for the link of each selectable route.
    ``player_colors`` maps a player to a palette id (``PLAYER_COLORS``) or a ``#hex`` colour;
    ``player_names`` gives the names shown in tooltips.
    """
    layout = layout_for(game_map)
    claims: Mapping[str, str] = view.get("claims") or {}
    stations: Mapping[str, str] = view.get("stations") or {}
    players = list(view.get("players_order") or [])
    for holder in [*claims.values(), *stations.values()]:
        if holder not in players:
            players.append(holder)
    colours = {**default_player_colors(players), **(player_colors or {})}
    names = player_names or {}
    owner_classes = {p: _owner_class(colours[p]) for p in players}
    initials = player_initials(players, names)
    selectable = set(selectable_routes) if route_href else set()

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="ttrb" viewBox="0 0 {WIDTH} {HEIGHT}"'
        f' width="100%" role="group" aria-label={attr(title or map_name(game_map.id))}>',
        f"<title>{text(title or map_name(game_map.id))}</title>",
        f"<style>{STYLE}</style>",
        _literal_owner_style(colours[p] for p in players),
        f'<defs><path id="ttr-lm" class="lm" d="{_LOCO}"/>'
        f'<path id="ttr-st" d="{_STATION}"/></defs>',
        f'<rect class="bg" width="{WIDTH}" height="{HEIGHT}" rx="12"/>',
    ]
    out += _highlights(game_map, layout, highlight_routes)
    route_rings, station_rings = board_rings(game_map, new_routes, new_stations)
    if rings_mark:
        out.append(RINGS_MARK)
    out.append(route_rings)
    pieces = _Pieces(game_map, layout)
    for route in sorted(game_map.routes.values(), key=lambda r: r.id):
        owner = claims.get(route.id)
        extra = route_attrs(route.id) if route_attrs and route.id in selectable else None
        out.append(
            pieces.route(
                route,
                owner_class=owner_classes.get(owner) if owner else None,
                owner_light=bool(owner and is_light(player_css(colours[owner]))),
                owner_name=names.get(owner, owner) if owner else None,
                owner_mark=initials.get(owner) if owner else None,
                href=route_href(route.id) if route_href and route.id in selectable else None,
                extra=tuple(extra.items()) if extra else None,
            )
        )
    if rings_mark:
        out.append(STATION_RINGS_MARK)
    out.append(station_rings)
    for cid in sorted(game_map.cities):
        owner = stations.get(cid)
        out.append(
            pieces.city(
                cid,
                station_class=owner_classes.get(owner) if owner else None,
                station_owner=names.get(owner, owner) if owner else None,
            )
        )
    out.append("</svg>")
    return "".join(out)


# Where a board drawn for every viewer takes one viewer's rings (board_rings): the routes'
# before the routes, so the trains stay on top of them; the stations' after the routes,
# before the cities, so no track hides them.
RINGS_MARK = "<!--rings-->"
STATION_RINGS_MARK = "<!--station-rings-->"


def board_rings(
    game_map, new_routes: Collection[str] = (), new_stations: Collection[str] = ()
) -> tuple[str, str]:
    """The dashed rings round the routes and stations new since a viewer's last turn: a band
    under each route's track (class "nw", for RINGS_MARK) and a circle round each station's
    city (class "nw-ring", for STATION_RINGS_MARK); "" where there are none."""
    layout = layout_for(game_map)
    routes = "".join(_highlights(game_map, layout, new_routes, kind="nw"))
    stations = "".join(
        f'<circle class="nw-ring" data-city={attr(cid)} cx="{num(layout.points[cid][0])}"'
        f' cy="{num(layout.points[cid][1])}" r="16"/>'
        for cid in sorted(set(new_stations))
        if cid in layout.points
    )
    return routes, stations


# A route or a city on the board is a pure function of the map, the language of its titles
# and what is drawn on it (owner, link, ring): every board of a map repeats nearly all of
# them, so each is drawn once per process and kept (most recently used first).
_PIECES_KEPT = 16384


class _Pieces:
    """The board's routes and cities for one map; kept across boards for the maps the engine
    knows by id (any other map object is drawn afresh)."""

    def __init__(self, game_map, layout):
        self.game_map, self.layout = game_map, layout
        try:
            known = get_map(game_map.id) is game_map
        except (KeyError, ValueError):
            known = False
        self.key = (get_language(), game_map.id) if known else None

    def route(self, route, *, extra, **drawn) -> str:
        if self.key is None:
            return _route(self.game_map, self.layout, route, extra=dict(extra or ()), **drawn)
        return _kept_route(*self.key, route.id, extra, tuple(sorted(drawn.items())))

    def city(self, cid: str, **drawn) -> str:
        if self.key is None:
            return _city(self.game_map.cities[cid].name, cid, self.layout, **drawn)
        return _kept_city(*self.key, cid, tuple(sorted(drawn.items())))


@lru_cache(maxsize=_PIECES_KEPT)
def _kept_route(language, map_id: str, route_id: str, extra, drawn) -> str:
    game_map = get_map(map_id)
    layout = layout_for(game_map)
    route = game_map.routes[route_id]
    return _route(game_map, layout, route, extra=dict(extra or ()), **dict(drawn))


@lru_cache(maxsize=_PIECES_KEPT)
def _kept_city(language, map_id: str, cid: str, drawn) -> str:
    game_map = get_map(map_id)
    return _city(game_map.cities[cid].name, cid, layout_for(game_map), **dict(drawn))


def _owner_class(colour: str) -> str:
    """The class naming a claim's owner colour: the palette id, or the literal #hex."""
    colour = player_color_id(colour)
    return f"o-{colour}" if colour in PLAYER_CSS else f"o-x{player_css(colour).lstrip('#')}"


# The board's one <style> is the same text on every board, so the site's
# Content-Security-Policy can allow it by its hash (see STYLE below and ttr_site/csp.py).
STYLE = _STATIC_STYLE % {
    "font": FONT,
    "colours": "".join(
        f".ttrb .k-{name} rect{{fill:{css}}}"
        for name, css in CARD_COLORS.items()
        if name != "locomotive"
    ),
    "size": LABEL_SIZE,
    "coupling": num(TRACK_H / 2),
    "inks": "".join(f".ttrb .k-{name} .mk{{fill:{ink_on(name)}}}" for name in CARD_COLORS),
} + "".join(f".ttrb .o-{pid} rect,.ttrb .o-{pid}.st{{fill:{css}}}" for pid, css, _ in PLAYER_COLORS)


def _literal_owner_style(colours) -> str:
    """Rules for owner colours given as a literal #hex rather than a palette id: a second
    <style> (seats on the site always get palette colours, so pages never carry one)."""
    literal = sorted({player_css(c) for c in colours if player_color_id(c) not in PLAYER_CSS})
    rules = "".join(
        f".ttrb .o-x{css.lstrip('#')} rect,.ttrb .o-x{css.lstrip('#')}.st{{fill:{css}}}"
        for css in literal
    )
    return f"<style>{rules}</style>" if rules else ""


def _track(layout, route) -> tuple[float, float, float, float]:
    """Start point, angle (degrees) and length of a route's track, twins set side by side."""
    a, b = sorted((route.a, route.b))
    (ax, ay), (bx, by) = layout.points[a], layout.points[b]
    d = math.dist((ax, ay), (bx, by))
    ux, uy = (bx - ax) / d, (by - ay) / d
    shift = 0.0
    if route.double_of:
        shift = -TWIN_OFFSET if route.id < route.double_of else TWIN_OFFSET
    return ax - uy * shift, ay + ux * shift, math.degrees(math.atan2(uy, ux)), d


def space_positions(layout, route) -> tuple[float, list[float]]:
    """Length of one space and the x of each along the track's own axis."""
    _, _, _, d = _track(layout, route)
    avail = d - 2 * END_GAP
    size = (avail - SPACE_GAP * (route.length - 1)) / route.length
    return size, [END_GAP + k * (size + SPACE_GAP) for k in range(route.length)]


def _colour_word(colour: str) -> str:
    return "purple" if colour == "purple" else colour


def _route_title(game_map, route, owner_name) -> str:
    a = game_map.cities[route.a].name
    b = game_map.cities[route.b].name
    parts = [f"{a} – {b}", str(route.length), colour_name(_colour_word(route.color))]
    if route.tunnel:
        parts.append(pgettext("a kind of route", "tunnel"))
    if route.locomotives:
        parts.append(
            ngettext(
                "ferry, %(count)d locomotive", "ferry, %(count)d locomotives", route.locomotives
            )
            % {"count": route.locomotives}
        )
    if owner_name:
        parts.append(_("claimed by %(player)s") % {"player": owner_name})
    return " · ".join(parts)


def _mark(letter: str, x: float, angle: float) -> str:
    """A letter at (x, 0) of a route's own axis, kept upright whatever the route's angle."""
    return (
        f'<text class="mk" transform="translate({num(x)} 0) rotate({num(-angle)})" y="2.4"'
        f">{text(letter)}</text>"
    )


def _route(
    game_map,
    layout,
    route,
    *,
    owner_class,
    owner_light,
    owner_name,
    owner_mark=None,
    href,
    extra=None,
) -> str:
    x, y, angle, d = _track(layout, route)
    size, starts = space_positions(layout, route)
    classes = ["r", f"k-{route.color}"]
    if route.tunnel:
        classes.append("tn")
    if route.locomotives:
        classes.append("fy")
    if owner_class is not None:
        classes += ["own", owner_class] + (["lt"] if owner_light else [])
    half = TRACK_H / 2
    # The track's two ends in board units: the page's script finds the route nearest a tap.
    rad = math.radians(angle)
    ends = (
        *(x + math.cos(rad) * END_GAP, y + math.sin(rad) * END_GAP),
        *(x + math.cos(rad) * (d - END_GAP), y + math.sin(rad) * (d - END_GAP)),
    )
    parts = [
        f'<g id={attr("route-" + route.id)} class="{" ".join(classes)}"'
        f' data-seg="{" ".join(num(v) for v in ends)}"'
        f' transform="translate({num(x)} {num(y)}) rotate({num(angle)})">',
        f"<title>{text(_route_title(game_map, route, owner_name))}</title>",
    ]
    if href is not None:  # a wide touch target, and a glow the game page shows at rest
        line = f"M{num(END_GAP)} 0H{num(d - END_GAP)}"
        parts.append(f'<path class="glow" d="{line}"/><path class="hit" d="{line}"/>')
    if owner_class is None:
        w, h = num(size), num(TRACK_H)
        for start in starts:
            parts.append(f'<rect x="{num(start)}" y="-{num(half)}" width="{w}" height="{h}"/>')
        for start in starts[: route.locomotives]:
            parts.append(f'<use href="#ttr-lm" x="{num(start + size / 2)}"/>')
        # The colour's letter on one space (not one a ferry's locomotive takes).
        free = starts[route.locomotives :]
        if route.color in CARD_LETTERS and free:
            centre = free[(len(free) - 1) // 2] + size / 2
            parts.append(_mark(str(CARD_LETTERS[route.color]), centre, angle))
    else:
        # The owner's train: cars a little larger than the spaces, joined by a dark coupling,
        # each with a shadow under it and the owner's initial on it.
        car_h = TRACK_H + 2
        w, h, top = num(size), num(car_h), num(-car_h / 2)
        parts.append(f'<path class="cp" d="M{num(starts[0] - 1)} 0H{num(starts[-1] + size + 1)}"/>')
        shadow = "".join(f"M{num(x0 + 0.9)} {num(1.3 - car_h / 2)}h{w}v{h}h-{w}Z" for x0 in starts)
        parts.append(f'<path class="sh" d="{shadow}"/>')
        for start in starts:
            parts.append(f'<rect x="{num(start)}" y="{top}" width="{w}" height="{h}" rx="1.6"/>')
        for k, start in enumerate(starts):
            if k < route.locomotives:
                parts.append(f'<use href="#ttr-lm" x="{num(start + size / 2)}"/>')
            elif owner_mark:
                parts.append(_mark(owner_mark, start + size / 2, angle))
    parts.append("</g>")
    body = "".join(parts)
    if href is None:
        return body
    more = "".join(
        f" {name}={attr(value)}"
        for name, value in (extra or {}).items()
        if _ATTR_NAME.fullmatch(name) and name not in _OWN_ATTRS
    )
    return f'<a href={attr(href)} data-route={attr(route.id)} class="pick"{more}>{body}</a>'


def _highlights(game_map, layout, route_ids, kind="hl") -> list[str]:
    """A band under each highlighted route's track: a dark edge and a bright core, drawn before
    the routes so the owner's trains stay on top. Only the game page shows highlights; its
    stylesheet (static/css/game.css) gives them their look, wide enough to see on a phone."""
    out = []
    for rid in sorted(set(route_ids)):
        route = game_map.routes.get(rid)
        if route is None:
            continue
        x, y, angle, d = _track(layout, route)
        rad = math.radians(angle)
        x1, y1 = x + math.cos(rad) * END_GAP, y + math.sin(rad) * END_GAP
        x2, y2 = x + math.cos(rad) * (d - END_GAP), y + math.sin(rad) * (d - END_GAP)
        line = f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}"
        out.append(
            f'<g class="{kind}" data-route={attr(rid)}>'
            f'<path class="{kind}-edge" d="{line}"/><path class="{kind}-core" d="{line}"/></g>'
        )
    return out


def _station_title(owner: str, city: str) -> str:
    return _("Station of %(player)s in %(city)s") % {"player": owner, "city": city}


def _city(name, cid, layout, *, station_class, station_owner) -> str:
    px, py = layout.points[cid]
    label = layout.labels[cid]
    anchor = "" if label.anchor == "start" else f' text-anchor="{label.anchor}"'
    parts = [
        f'<g id={attr("city-" + cid)} class="c">',
        f'<circle cx="{num(px)}" cy="{num(py)}" r="{num(CITY_R)}"/>',
    ]
    if station_class is not None:
        parts.append(
            f'<use href="#ttr-st" class="st {station_class}" x="{num(px)}" y="{num(py)}">'
            f"<title>{text(_station_title(station_owner, name))}</title></use>"
        )
    parts.append(f'<text x="{num(label.x)}" y="{num(label.y)}"{anchor}>{text(name)}</text>')
    parts.append("</g>")
    return "".join(parts)


__all__ = [
    "RINGS_MARK",
    "STATION_RINGS_MARK",
    "board_rings",
    "board_svg",
    "space_positions",
    "PLAYER_COLORS",
]
