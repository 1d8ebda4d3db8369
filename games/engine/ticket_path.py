"""The routes a player would show for a ticket: a path through their own claimed routes
between its two cities (fewest routes), or none while the cities are not joined.

Stations are left out: a station borrows a route only in the final scoring, and which one
it borrows is chosen then."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping

from .maps import Route


def ticket_path(routes: Mapping[str, Route], owned: Iterable[str], a: str, b: str) -> list[str]:
    """Route ids from `a` to `b` over the routes in `owned`, in order; [] when not joined."""
    links: dict[str, list[tuple[str, str]]] = {}
    for route_id in sorted(owned):
        route = routes[route_id]
        links.setdefault(route.a, []).append((route.b, route_id))
        links.setdefault(route.b, []).append((route.a, route_id))
    came: dict[str, tuple[str, str] | None] = {a: None}
    queue = deque([a])
    while queue:
        city = queue.popleft()
        if city == b:
            path = []
            while (step := came[city]) is not None:
                city, route_id = step
                path.append(route_id)
            return path[::-1]
        for nxt, route_id in links.get(city, ()):
            if nxt not in came:
                came[nxt] = (city, route_id)
                queue.append(nxt)
    return []
