"""Destination tickets: which are connected, with the best use of the owner's stations.

A ticket is completed when its two cities are joined by the player's own
routes plus, for each of their stations, at most one route of another player
touching that station's city (the same borrowed route for every ticket).
The engine picks the borrowings: most ticket points, then most completed
tickets. Borrowing never disconnects anything, so only the choices that can
join two groups of the player's network that matter are tried.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product

from .maps import Map, Ticket


@dataclass(frozen=True, slots=True)
class TicketOutcome:
    completed: list[str]  # in the order the tickets were given
    failed: list[str]
    borrowed: dict[str, str] = field(default_factory=dict)  # station city -> borrowed route id


class _Groups:
    """Union-find over cities: the groups of cities joined by the player's routes."""

    __slots__ = ("parent",)

    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, city: str) -> str:
        parent = self.parent
        root = city
        while (up := parent.get(root, root)) != root:
            root = up
        while city != root:
            up = parent[city]
            parent[city] = root
            city = up
        return root

    def join(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[ra] = rb


def ticket_outcome(
    game_map: Map,
    claims: Mapping[str, str],
    own_routes: Iterable[str],
    own_stations: Sequence[str],
    player: str,
    ticket_ids: Sequence[str],
) -> TicketOutcome:
    """Completed and failed tickets of `player` with the best borrowing for their stations."""
    routes = game_map.routes
    groups = _Groups()
    for route_id in own_routes:
        route = routes[route_id]
        groups.join(route.a, route.b)
    return outcome_on_network(game_map, claims, groups.find, own_stations, player, ticket_ids)


def outcome_on_network(
    game_map: Map,
    claims: Mapping[str, str],
    find: Callable[[str], str],
    own_stations: Sequence[str],
    player: str,
    ticket_ids: Sequence[str],
) -> TicketOutcome:
    """ticket_outcome, given `find`: a city's group label in the player's own network."""
    tickets = game_map.tickets
    ends = {}  # ticket id -> (group of a, group of b), for the tickets not joined yet
    for ticket_id in ticket_ids:
        ticket = tickets[ticket_id]
        ga, gb = find(ticket.a), find(ticket.b)
        if ga != gb:
            ends[ticket_id] = (ga, gb)
    borrowed: dict[str, str] = {}
    if ends and own_stations:
        options = _borrowing_options(game_map, claims, own_stations, player, find, ends)
        links, joined = _best_borrowing(options, ends, tickets)
        borrowed = {city: route_id for city, route_id, _, _ in links}
        for ticket_id in joined:
            del ends[ticket_id]
    completed = [t for t in ticket_ids if t not in ends]
    failed = [t for t in ticket_ids if t in ends]
    return TicketOutcome(completed, failed, borrowed)


def borrowable_routes(
    game_map: Map, claims: Mapping[str, str], player: str, city: str
) -> list[str]:
    """The routes a station of `player` in `city` may borrow: every route of another player
    into that city, in the map's order (the final scoring picks at most one of them)."""
    routes = []
    for route_id in game_map.routes_by_city.get(city, ()):
        owner = claims.get(route_id)
        if owner is not None and owner != player:
            routes.append(route_id)
    return routes


# One station's candidate borrowings: (station city, route id, group it joins, group joined).
_Link = tuple[str, str, str, str]


def _borrowing_options(
    game_map: Map,
    claims: Mapping[str, str],
    own_stations: Iterable[str],
    player: str,
    find: Callable[[str], str],
    ends: Mapping[str, tuple[str, str]],
) -> list[list[_Link]]:
    """Per station, the borrowings worth trying: one per distinct group it could join."""
    wanted = {g for pair in ends.values() for g in pair}
    per_station: list[list[_Link]] = []
    for city in sorted(own_stations):
        here = find(city)
        seen: dict[str, _Link] = {}
        for route_id in borrowable_routes(game_map, claims, player, city):
            there = find(game_map.routes[route_id].other_end(city))
            if there != here and there not in seen:
                seen[there] = (city, route_id, here, there)
        per_station.append(list(seen.values()))

    # A group matters if a ticket ends in it or more than one station could reach it
    # (two borrowings can meet there and bridge two ticket groups).
    reach: dict[str, int] = {}
    for links in per_station:
        for g in {g for link in links for g in (link[2], link[3])}:
            reach[g] = reach.get(g, 0) + 1
    useful = wanted | {g for g, n in reach.items() if n > 1}
    options = []
    for links in per_station:
        kept = [link for link in links if link[2] in useful and link[3] in useful]
        if kept:
            options.append(kept)
    return options


def _joined_by(links: Iterable[_Link], ends: Mapping[str, tuple[str, str]]) -> set[str]:
    """The tickets among `ends` that these borrowed links join."""
    parent: dict[str, str] = {}

    def find(g: str) -> str:
        while (up := parent.get(g, g)) != g:
            g = up
        return g

    for _, _, a, b in links:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    if not parent:
        return set()
    return {t for t, (a, b) in ends.items() if find(a) == find(b)}


def _best_borrowing(
    options: list[list[_Link]], ends: Mapping[str, tuple[str, str]], tickets: Mapping[str, Ticket]
) -> tuple[list[_Link], set[str]]:
    """The borrowing with the most ticket points, then the most tickets: the links it
    needs and the tickets it joins."""
    points = {t: tickets[t].points for t in ends}
    everything = (sum(points.values()), len(points))
    best_value = (-1, -1)
    best_choice: tuple[_Link, ...] = ()
    for choice in product(*options):
        joined = _joined_by(choice, ends)
        value = (sum(points[t] for t in joined), len(joined))
        if value > best_value:
            best_value, best_choice = value, choice
            if value == everything:
                break
    # Keep only the borrowings the result needs, so the report names what was really used.
    kept = list(best_choice)
    joined = _joined_by(kept, ends)
    for link in list(kept):
        rest = [other for other in kept if other is not link]
        if _joined_by(rest, ends) == joined:
            kept = rest
    return kept, joined
