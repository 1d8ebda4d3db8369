"""What one seat can work out about the board from its own view: open routes, paths, needs.

Everything here reads a `player_view` of the seat (never a State): claims, face-up cards,
the seat's own hand and tickets, everyone's counts.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from games.engine import borrowable_routes, get_map
from games.engine.doubles import tracks_shared, twin_closes
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


class _Graph:
    """`weighted_adjacency` in numbers, for `Knowledge.path`. Cities are numbered in id
    order, so the search's heap breaks ties between equal costs as it would between ids;
    each city's edges keep their order, so ties between equal paths go the same way."""

    __slots__ = ("city", "edges", "route_ids", "route", "twinned", "_lengths", "_costs")

    def __init__(self, map_id: str) -> None:
        m = get_map(map_id)
        adj = weighted_adjacency(map_id)
        self.city = {c: i for i, c in enumerate(sorted(adj))}
        self.route_ids: tuple[str, ...] = tuple(m.routes)
        self.route = {rid: i for i, rid in enumerate(self.route_ids)}
        # per route number: the routes whose twin it is (its claim may close them)
        self.twinned = tuple(
            tuple(self.route[u.id] for u in m.routes.values() if u.double_of == r)
            for r in self.route_ids
        )
        lengths = dict.fromkeys(self.route_ids, 0)
        costs = dict.fromkeys(self.route_ids, 0.0)
        self.edges: list[tuple[tuple[int, int], ...]] = [()] * len(self.city)
        for c, edges in adj.items():
            self.edges[self.city[c]] = tuple(
                (self.route[rid], self.city[other]) for rid, other, _, _ in edges
            )
            for rid, _, length, cost in edges:
                lengths[rid] = length
                costs[rid] = cost
        self._lengths = tuple(lengths[r] for r in self.route_ids)
        self._costs = tuple(costs[r] for r in self.route_ids)

    @cache  # noqa: B019 (one graph per map, kept for the process anyway)
    def within(self, trains: int) -> tuple[float | None, ...]:
        """Per route number: its planning cost, or None if it is longer than `trains`."""
        return tuple(
            None if length > trains else cost
            for length, cost in zip(self._lengths, self._costs, strict=True)
        )


@cache
def _graph(map_id: str) -> _Graph:
    return _Graph(map_id)


# Plans are pure functions of (map, seat, claims, tickets, trains): remembered, since a
# search asks for the same ones many times. Cleared when it grows large.
_PLANS: dict[tuple[Any, ...], tuple[list[str], list[str], list[str]]] = {}
_PLANS_MAX = 50_000
# So are paths without `free` routes (the same key and the `path` call's own arguments).
_PATHS: dict[tuple[Any, ...], tuple[float, tuple[str, ...]]] = {}


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
        "_steps",
        "_claims_key",
    )

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me = view["viewer"]
        self.map: Map = get_map(view["map"])
        self.claims: Mapping[str, str] = view["claims"]
        self.mine = frozenset(r for r, o in self.claims.items() if o == self.me)
        self.shared = tracks_shared(len(view["players_order"]))
        self.entry = view["players"][self.me]
        self.hand: dict[str, int] = dict(self.entry.get("hand") or {})
        self.trains: int = self.entry["trains"]
        self.tickets: list[str] = list(self.entry.get("tickets") or [])
        self.progress: Mapping[str, bool] = self.entry.get("ticket_progress") or {}
        self._open: dict[str, bool] = {}
        # per route number, the step `path` takes along it (None: closed), without and
        # with `through_others`; made at the first search
        self._steps: tuple[list[float | None], list[float | None]] | None = None
        self._claims_key: frozenset[tuple[str, str]] | None = None
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
                ok = not twin_closes(self.claims.get(twin), self.me, self.shared)
        self._open[route_id] = ok
        return ok

    def route_cost(self, route_id: str) -> float:
        """Planning cost of a route still to claim: its trains, a little more for ferries'
        locomotives and a tunnel's risk."""
        r = self.map.routes[route_id]
        return r.length + 0.6 * r.locomotives + (0.4 if r.tunnel else 0.0)

    def _route_steps(self) -> tuple[list[float | None], list[float | None]]:
        """Per route number: what a step along it costs in `path` (None where it cannot
        go), without and with `through_others`."""
        g = _graph(self.map.id)
        alone: list[float | None] = list(g.within(self.trains))
        route = g.route
        twinned = g.twinned
        me = self.me
        shared = self.shared
        claims = self.claims
        # rivals' routes one of the seat's stations may borrow: the engine's rule
        lent = {r for c in self.stations for r in borrowable_routes(self.map, claims, me, c)}
        borrowed = []  # rivals' routes, by what they cost through others
        for rid, owner in claims.items():
            i = route[rid]
            if owner == me or rid in lent:
                alone[i] = 0.0  # its own, or one a station borrows
            else:
                alone[i] = None
                borrowed.append(i)
            if twin_closes(owner, me, shared):
                for j in twinned[i]:  # a claimed twin closes the route (is_open)
                    if g.route_ids[j] not in claims:
                        alone[j] = None
        through = alone.copy()
        for i in borrowed:
            through[i] = 100.0
        self._steps = (alone, through)
        return self._steps

    def path(
        self,
        a: str,
        b: str,
        free: Iterable[str] = (),
        through_others: bool = False,
        limit: float = INF,
    ) -> tuple[float, list[str]]:
        """Cheapest way to join a and b: own routes (and `free` ones) cost nothing, open
        routes their planning cost. With `through_others`, a route of another player costs
        100 (a station could borrow one). Returns (cost, route ids not yet owned), or
        (INF, []) when there is none cheaper than `limit`."""
        if free:
            return self._path(a, b, free, through_others, limit)
        key = (self._position(), a, b, through_others, limit)
        hit = _PATHS.get(key)
        if hit is None:
            cost, routes = self._path(a, b, (), through_others, limit)
            if len(_PATHS) >= _PLANS_MAX:
                _PATHS.clear()
            hit = _PATHS[key] = (cost, tuple(routes))
        return hit[0], list(hit[1])

    def _path(
        self, a: str, b: str, free: Iterable[str], through_others: bool, limit: float
    ) -> tuple[float, list[str]]:
        g = _graph(self.map.id)
        both = self._steps or self._route_steps()
        steps = both[1] if through_others else both[0]
        if free:
            route = g.route
            steps = steps.copy()
            for rid in free:
                i = route.get(rid)
                if i is not None:
                    steps[i] = 0.0
        edges = g.edges
        start = g.city[a]
        goal = g.city[b]
        dist = [INF] * len(edges)
        dist[start] = 0.0
        back: list[Any] = [None] * len(edges)  # city -> (route number, city before)
        heap = [(0.0, start)]
        pop = heapq.heappop
        push = heapq.heappush
        while heap:
            d, city = pop(heap)
            if city == goal or d >= limit:
                break
            if d > dist[city]:
                continue
            for i, other in edges[city]:
                step = steps[i]
                if step is None:
                    continue
                nd = d + step
                if nd < dist[other]:
                    dist[other] = nd
                    back[other] = (i, city)
                    push(heap, (nd, other))
        cost = dist[goal]
        if cost >= limit:
            return INF, []
        route_ids = g.route_ids
        mine = self.mine
        claims = self.claims
        routes = []
        city = goal
        while city != start:
            i, city = back[city]
            rid = route_ids[i]
            if rid not in mine and (through_others or rid not in claims):
                routes.append(rid)
        return cost, routes

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
        key = (self._position(), tickets, budget)
        hit = _PLANS.get(key)
        if hit is not None:
            return list(hit[0]), list(hit[1]), list(hit[2])
        result = self._plan(tickets, budget)
        if len(_PLANS) >= _PLANS_MAX:
            _PLANS.clear()
        _PLANS[key] = result
        return list(result[0]), list(result[1]), list(result[2])

    def _position(self) -> tuple[Any, ...]:
        """What a path or plan of this seat depends on, besides its own arguments."""
        if self._claims_key is None:
            self._claims_key = frozenset(self.claims.items())
        return (self.map.id, self.me, self.shared, self._claims_key, self.stations, self.trains)

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

    def allocate(
        self, routes: Iterable[str], hand: Mapping[str, int] | None = None
    ) -> tuple[dict[str, int], dict[str, int]]:
        """(cards missing for `routes`, cards of the hand (or of `hand`) left over once
        they are paid)."""
        left = dict(self.hand if hand is None else hand)
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
            colour = _most_left(left)
            have = min(left.get(colour, 0), rest)
            left[colour] = left.get(colour, 0) - have
            if rest - have:
                missing["gray"] = missing.get("gray", 0) + rest - have
        return missing, left

    def endgame(self) -> bool:
        """The end is near: someone is low on trains or the last round is on."""
        if self.view.get("last_round_ends_after") is not None:
            return True
        return bool(min(p["trains"] for p in self.view["players"].values()) <= 6)


def _most_left(left: Mapping[str, int]) -> str:
    """The colour with the most cards in `left`, the first in COLORS on a tie."""
    best = COLORS[0]
    most = left.get(best, 0)
    for colour in COLORS:
        n = left.get(colour, 0)
        if n > most:
            best, most = colour, n
    return best
