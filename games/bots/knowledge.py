"""What one seat can work out about the board from its own view: open routes, paths, needs.

Everything here reads a `player_view` of the seat (never a State): claims, face-up cards,
the seat's own hand and tickets, everyone's counts.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from functools import cache

from games.engine import get_map
from games.engine.maps import COLORS, LOCOMOTIVE, Map

INF = float("inf")
# Route length -> the trains a route of that length is worth claiming for, per train: the
# scoring table makes long routes worth more per train (1, 1, 1.33, 1.75, 2, 2.5, ...).


@cache
def adjacency(map_id: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """city -> ((route id, other city), ...)."""
    m = get_map(map_id)
    out: dict[str, list[tuple[str, str]]] = {c: [] for c in m.cities}
    for r in m.routes.values():
        out[r.a].append((r.id, r.b))
        out[r.b].append((r.id, r.a))
    return {c: tuple(v) for c, v in out.items()}


@cache
def weighted_adjacency(map_id: str) -> dict[str, tuple[tuple[str, str, int, float], ...]]:
    """city -> ((route id, other city, length, planning cost), ...)."""
    m = get_map(map_id)
    out: dict[str, list[tuple[str, str, int, float]]] = {c: [] for c in m.cities}
    for r in m.routes.values():
        cost = r.length + 0.6 * r.locomotives + (0.4 if r.tunnel else 0.0)
        out[r.a].append((r.id, r.b, r.length, cost))
        out[r.b].append((r.id, r.a, r.length, cost))
    return {c: tuple(v) for c, v in out.items()}


# Plans are pure functions of (map, seat, claims, tickets, trains): remembered, since a
# search asks for the same ones many times. Cleared when it grows large.
_PLANS: dict[tuple, tuple[list[str], list[str], list[str]]] = {}
_PLANS_MAX = 50_000


class Knowledge:
    """The board as one seat sees it (built from that seat's `player_view`)."""

    __slots__ = (
        "view",
        "me",
        "map",
        "claims",
        "mine",
        "shared",
        "entry",
        "hand",
        "trains",
        "tickets",
        "progress",
        "stations",
        "_open",
    )

    def __init__(self, view: Mapping) -> None:
        self.view = view
        self.me = view["viewer"]
        self.map: Map = get_map(view["map"])
        self.claims: Mapping[str, str] = view["claims"]
        self.mine = frozenset(r for r, o in self.claims.items() if o == self.me)
        self.shared = len(view["players_order"]) > 3
        self.entry = view["players"][self.me]
        self.hand: dict[str, int] = dict(self.entry.get("hand") or {})
        self.trains: int = self.entry["trains"]
        self.tickets: list[str] = list(self.entry.get("tickets") or [])
        self.progress: Mapping[str, bool] = self.entry.get("ticket_progress") or {}
        self._open: dict[str, bool] = {}
        # cities of own stations: a rival's route into one may be borrowed
        self.stations = frozenset(c for c, o in view["stations"].items() if o == self.me)

    # --- routes ---
    def is_open(self, route_id: str) -> bool:
        """Whether this seat could ever claim the route (free, and its twin does not close it)."""
        cached = self._open.get(route_id)
        if cached is not None:
            return cached
        ok = route_id not in self.claims
        if ok:
            twin = self.map.routes[route_id].double_of
            if twin is not None:
                owner = self.claims.get(twin)
                if owner is not None and (not self.shared or owner == self.me):
                    ok = False
        self._open[route_id] = ok
        return ok

    def route_cost(self, route_id: str) -> float:
        """Planning cost of a route still to claim: its trains, a little more for ferries'
        locomotives and a tunnel's risk."""
        r = self.map.routes[route_id]
        return r.length + 0.6 * r.locomotives + (0.4 if r.tunnel else 0.0)

    def path(
        self, a: str, b: str, free: Iterable[str] = (), through_others: bool = False
    ) -> tuple[float, list[str]]:
        """Cheapest way to join a and b: own routes (and `free` ones) cost nothing, open
        routes their planning cost. With `through_others`, a route of another player costs
        100 (a station could borrow one). Returns (cost, route ids not yet owned)."""
        free = set(free)
        adj = weighted_adjacency(self.map.id)
        mine = self.mine
        claims = self.claims
        stations = self.stations
        is_open = self.is_open
        dist = {a: 0.0}
        back: dict[str, tuple[str, str]] = {}
        heap = [(0.0, a)]
        trains = self.trains
        while heap:
            d, city = heapq.heappop(heap)
            if city == b:
                break
            if d > dist[city]:
                continue
            for rid, other, length, cost in adj[city]:
                if rid in mine or rid in free:
                    step = 0.0
                elif rid in claims:
                    if stations and (city in stations or other in stations):
                        step = 0.0  # a station borrows it
                    elif not through_others:
                        continue
                    else:
                        step = 100.0
                elif length > trains or not is_open(rid):
                    continue
                else:
                    step = cost
                nd = d + step
                if nd < dist.get(other, INF):
                    dist[other] = nd
                    back[other] = (rid, city)
                    heapq.heappush(heap, (nd, other))
        if b not in dist:
            return INF, []
        routes = []
        city = b
        while city != a:
            rid, prev = back[city]
            if rid not in mine and (through_others or rid not in claims):
                routes.append(rid)
            city = prev
        return dist[b], routes

    def ticket_done(self, ticket_id: str) -> bool:
        return bool(self.progress.get(ticket_id))

    def plan(
        self, tickets: Iterable[str], budget: int | None = None
    ) -> tuple[list[str], list[str], list[str]]:
        """Greedy joint plan for `tickets` (in the given order): each ticket's cheapest path
        counts the routes already planned as free. Returns (planned routes to claim,
        tickets planned, tickets that cannot be made within `budget` trains)."""
        budget = self.trains if budget is None else budget
        tickets = tuple(tickets)
        key = (
            self.map.id,
            self.me,
            self.shared,
            frozenset(self.claims.items()),
            self.stations,
            tickets,
            budget,
            self.trains,
        )
        hit = _PLANS.get(key)
        if hit is not None:
            return list(hit[0]), list(hit[1]), list(hit[2])
        result = self._plan(tickets, budget)
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        _PLANS[key] = result
        return list(result[0]), list(result[1]), list(result[2])

    def _plan(
        self, tickets: tuple[str, ...], budget: int
    ) -> tuple[list[str], list[str], list[str]]:
        planned: list[str] = []
        planned_set: set[str] = set()
        used = 0
        ok: list[str] = []
        failed: list[str] = []
        for t in tickets:
            ticket = self.map.tickets[t]
            cost, routes = self.path(ticket.a, ticket.b, planned_set)
            new = [r for r in routes if r not in planned_set]
            trains = sum(self.map.routes[r].length for r in new)
            if cost == INF or used + trains > budget:
                failed.append(t)
                continue
            used += trains
            ok.append(t)
            for r in new:
                planned_set.add(r)
                planned.append(r)
        return planned, ok, failed

    def open_tickets(self) -> list[str]:
        """Own tickets not yet completed, most valuable first."""
        pts = self.map.tickets
        return sorted(
            (t for t in self.tickets if not self.ticket_done(t)), key=lambda t: -pts[t].points
        )

    # --- cards ---
    def needs(self, routes: Iterable[str]) -> dict[str, int]:
        """Cards still missing (colour -> count, "locomotive" for ferries and shortfalls) to
        claim all `routes`, allocating the hand greedily: coloured routes first, then gray
        ones in the colour most held."""
        return self.allocate(routes)[0]

    def allocate(self, routes: Iterable[str]) -> tuple[dict[str, int], dict[str, int]]:
        """(cards missing for `routes`, cards of the hand left over once they are paid)."""
        left = dict(self.hand)
        missing: dict[str, int] = {}
        grays = []
        for rid in sorted(routes, key=lambda r: -self.map.routes[r].length):
            r = self.map.routes[rid]
            need_locos = r.locomotives
            have = min(left.get(LOCOMOTIVE, 0), need_locos)
            left[LOCOMOTIVE] = left.get(LOCOMOTIVE, 0) - have
            if need_locos - have:
                missing[LOCOMOTIVE] = missing.get(LOCOMOTIVE, 0) + need_locos - have
            rest = r.length - need_locos
            if r.color == "gray":
                grays.append((rid, rest))
                continue
            have = min(left.get(r.color, 0), rest)
            left[r.color] = left.get(r.color, 0) - have
            if rest - have:
                missing[r.color] = missing.get(r.color, 0) + rest - have
        for _rid, rest in grays:
            colour = max(COLORS, key=lambda c: (left.get(c, 0), -COLORS.index(c)))
            have = min(left.get(colour, 0), rest)
            left[colour] = left.get(colour, 0) - have
            if rest - have:
                missing["gray"] = missing.get("gray", 0) + rest - have
        return missing, left

    def endgame(self) -> bool:
        """The end is near: someone is low on trains or the last round is on."""
        if self.view.get("last_round_ends_after") is not None:
            return True
        return min(p["trains"] for p in self.view["players"].values()) <= 6
