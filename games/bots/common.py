"""Pieces every heuristic bot uses: choosing a payment, a card to draw, tickets to keep."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from games.engine import (
    Action,
    ActionType,
    BuildStation,
    ClaimRoute,
    DrawCard,
    KeepTickets,
    PayTunnel,
)
from games.engine.maps import COLORS, LOCOMOTIVE
from games.engine.options import ClaimOptions

from .base import Seat
from .knowledge import INF, Knowledge


def payment_key(k: Knowledge, cards: Iterable[tuple[str, int]]) -> tuple[int, int]:
    """Fewest locomotives first, then the colour held most (keeps rare colours)."""
    d = dict(cards)
    held = max((k.hand.get(c, 0) for c in d if c != LOCOMOTIVE), default=0)
    return (d.get(LOCOMOTIVE, 0), -held)


class ClaimsByRoute(Mapping[str, Sequence[ClaimRoute]]):
    """route id -> the seat's claims of it (a list, in the order of the options), each
    list built when first read: most decisions read the claims of a route or two out of
    dozens."""

    __slots__ = ("_options", "_stretches", "_built")

    def __init__(self, options: Sequence[ClaimRoute], stretches: dict[str, tuple[int, int]]):
        self._options = options
        self._stretches = stretches  # route id -> (first index, index after the last)
        self._built: dict[str, Sequence[ClaimRoute]] = {}

    def __getitem__(self, route_id: str) -> Sequence[ClaimRoute]:
        built = self._built.get(route_id)
        if built is None:
            start, stop = self._stretches[route_id]
            built = self._built[route_id] = self._options[start:stop]
        return built

    def __contains__(self, route_id: object) -> bool:
        return route_id in self._stretches

    def __iter__(self) -> Iterator[str]:
        return iter(self._stretches)

    def __len__(self) -> int:
        return len(self._stretches)

    def __repr__(self) -> str:
        return f"ClaimsByRoute({dict(self.items())!r})"


def claims_by_route(seat: Seat) -> Mapping[str, Sequence[ClaimRoute]]:
    """route id -> the seat's legal claims of it, in the order of its options."""
    options = seat.options(ActionType.CLAIM_ROUTE)
    if isinstance(options, ClaimOptions):
        return ClaimsByRoute(options, options.route_stretches())
    by_route: dict[str, list[ClaimRoute]] = {}
    for a in options:
        by_route.setdefault(a.route, []).append(a)
    return by_route


def cheapest[A: (ClaimRoute, PayTunnel, BuildStation)](k: Knowledge, options: Sequence[A]) -> A:
    return min(options, key=lambda a: payment_key(k, a.cards))


def thrifty(k: Knowledge, options: Sequence[ClaimRoute], rest: Iterable[str]) -> ClaimRoute:
    """The payment that leaves the fewest cards missing for the `rest` of a plan (a gray
    route paid in a colour the plan does not need), then the cheapest."""
    rest = tuple(rest)

    def key(a: ClaimRoute) -> tuple[int, tuple[int, int]]:
        hand = dict(k.hand)
        for c, n in a.cards:
            hand[c] -= n
        return (sum(k.allocate(rest, hand)[0].values()), payment_key(k, a.cards))

    return min(options, key=key)


def tunnel_safe(k: Knowledge, route_id: str) -> bool:
    """A tunnel is worth trying with at least one spare card that can pay an extra."""
    r = k.map.routes[route_id]
    if not r.tunnel or k.endgame():
        return True
    locos = k.hand.get(LOCOMOTIVE, 0)
    if r.color == "gray":
        best = max(k.hand.get(c, 0) for c in COLORS)
        return best + locos - r.length >= 1
    return k.hand.get(r.color, 0) + locos - r.length >= 1


def best_claim(
    seat: Seat,
    k: Knowledge,
    wanted: Iterable[str] | None,
    order: Callable[[str], float] | None = None,
    by_route: Mapping[str, Sequence[ClaimRoute]] | None = None,
    keep_for: Iterable[str] | None = None,
) -> ClaimRoute | None:
    """The claim of a `wanted` route (any route if None) that `order` ranks highest (by
    default the longest), paid as cheaply as possible (with `keep_for`, the routes still to
    claim after it, paid to leave them the fewest cards missing: `thrifty`)."""
    by_route = claims_by_route(seat) if by_route is None else by_route
    routes = [r for r in by_route if wanted is None or r in wanted]
    routes = [r for r in routes if tunnel_safe(k, r)]
    if not routes:
        return None
    order = order or (lambda r: k.map.routes[r].length)
    route = max(routes, key=lambda r: (order(r), r))
    if keep_for is not None:
        return thrifty(k, by_route[route], [r for r in keep_for if r != route])
    return cheapest(k, by_route[route])


def draw_toward(seat: Seat, k: Knowledge, needs: dict[str, int]) -> Action | None:
    """The card draw that best serves `needs` (colour -> missing count, "gray" for any
    one colour, "locomotive")."""
    options = seat.options(ActionType.DRAW_CARD)
    if not options:
        return None
    total = sum(needs.values())
    most_held = max(COLORS, key=lambda c: (k.hand.get(c, 0), c))

    def value(a: DrawCard) -> float:
        if a.source == "deck":
            return 6.0
        c = a.color
        if c == LOCOMOTIVE:
            return 9.0 if total >= 3 else (7.0 if needs.get(LOCOMOTIVE) else 3.0)
        if c is not None and needs.get(c):
            return 10.0 + needs[c]
        if needs.get("gray") and c == most_held:
            return 7.5
        return 1.0

    return max(options, key=lambda a: (value(a), a.source, a.color or ""))


def keep_value(
    k: Knowledge, kept: Sequence[str], fail_weight: float, risk: float, share: float = 0.66
) -> float:
    """Worth of keeping `kept` on top of the open tickets: the points that fit in a joint
    plan, minus `fail_weight` times those that do not, minus `risk` per train planned
    beyond two thirds of the trains left."""
    current = k.open_tickets()
    order = sorted([*current, *kept], key=lambda t: -k.map.tickets[t].points)
    planned, ok, failed = k.plan(order)
    used = sum(k.map.routes[r].length for r in planned)
    pts = k.map.tickets
    gain = sum(pts[t].points for t in ok if t in kept)
    loss = sum(pts[t].points for t in failed if t in kept)
    return gain - fail_weight * loss - risk * max(0.0, used - share * k.trains)


def choose_keep(seat: Seat, k: Knowledge, score: Callable[[Sequence[str]], float]) -> KeepTickets:
    options = seat.options(ActionType.KEEP_TICKETS)
    return max(options, key=lambda a: (score(a.tickets), -len(a.tickets), a.tickets))


def pay_or_decline(seat: Seat, k: Knowledge, want: bool) -> Action:
    pays = seat.options(ActionType.PAY_TUNNEL)
    if want and pays:
        return min(pays, key=lambda a: payment_key(k, a.cards))
    return seat.options(ActionType.DECLINE_TUNNEL)[0]


def station_completing(seat: Seat, k: Knowledge) -> BuildStation | None:
    """A station that borrows one rival route for an open ticket: one that completes it at
    once, or one that makes a blocked ticket (no path of its own within its trains)
    possible again with routes it can still build."""
    if ActionType.BUILD_STATION not in seat.kinds:
        return None
    options = seat.options(ActionType.BUILD_STATION)
    if not options:
        return None
    tickets = k.open_tickets()
    blocked = None  # the open tickets without a plan of their own, worked out when asked
    builds: dict[str, list[BuildStation]] | None = None
    for t in tickets:
        ticket = k.map.tickets[t]
        # a path dearer than 200 borrows two rival routes or more: no station for it
        cost, routes = k.path(ticket.a, ticket.b, through_others=True, limit=200)
        if cost == INF or cost < 100:
            continue
        others = [r for r in routes if r in k.claims]
        if len(others) != 1:
            continue
        rest = [r for r in routes if r not in k.claims]
        if rest:
            trains = sum(k.map.routes[r].length for r in rest)
            if trains > k.trains - 2 or ticket.points < 6:
                continue
            if blocked is None:
                blocked = k.plan(tickets)[2]
            if t not in blocked:
                continue
        r = k.map.routes[others[0]]
        if builds is None:
            builds = {}
            for a in options:
                builds.setdefault(a.city, []).append(a)
        for city in (r.a, r.b):
            if city in builds:
                return min(builds[city], key=lambda a: payment_key(k, a.cards))
    return None
