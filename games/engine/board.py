"""Precomputed indexes over a map, so the rules and legal-move search never scan raw data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .cards import KIND_INDEX
from .maps import COLORS, Map, get_map

GRAY = -1


# eq=False: each route has exactly one RouteInfo per board, so identity is equality (and
# much faster to test in the open-route index).
@dataclass(frozen=True, slots=True, eq=False)
class RouteInfo:
    id: str
    a: str
    b: str
    length: int
    color: int  # card kind index, GRAY for a gray route
    tunnel: bool
    locomotives: int  # ferry symbols
    twin: str | None
    points: int


@dataclass(frozen=True, slots=True)
class Board:
    map: Map
    routes: dict[str, RouteInfo]
    # Non-ferry routes by colour index (GRAY included), shortest first: a search for a
    # claimable route of a colour can stop at the first one longer than the player can pay.
    by_color: dict[int, tuple[RouteInfo, ...]]
    ferries: tuple[RouteInfo, ...]
    cities: frozenset[str]
    regular_tickets: tuple[str, ...]
    long_tickets: tuple[str, ...]


@cache
def board(map_id: str) -> Board:
    game_map = get_map(map_id)
    routes = {
        r.id: RouteInfo(
            id=r.id,
            a=r.a,
            b=r.b,
            length=r.length,
            color=GRAY if r.color == "gray" else KIND_INDEX[r.color],
            tunnel=r.tunnel,
            locomotives=r.locomotives,
            twin=r.double_of,
            points=game_map.route_points(r.length),
        )
        for r in game_map.routes.values()
    }
    by_color = {
        color: tuple(
            sorted(
                (r for r in routes.values() if r.color == color and not r.locomotives),
                key=lambda r: (r.length, r.id),
            )
        )
        for color in (GRAY, *range(len(COLORS)))
    }
    ferries = tuple(sorted((r for r in routes.values() if r.locomotives), key=lambda r: r.id))
    return Board(
        map=game_map,
        routes=routes,
        by_color=by_color,
        ferries=ferries,
        cities=frozenset(game_map.cities),
        regular_tickets=game_map.regular_tickets,
        long_tickets=game_map.long_tickets,
    )
