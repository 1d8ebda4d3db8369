"""Pieces every heuristic bot uses: choosing a payment, a card to draw, tickets to keep."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games.engine import (
    Action,
    ActionType,
    BuildStation,
    ClaimRoute,
    DrawCard,
    KeepTickets,
)
from games.engine.maps import COLORS, LOCOMOTIVE

from .base import Seat
from .knowledge import INF, Knowledge


def payment_key(k: Knowledge, cards: Iterable[tuple[str, int]]) -> tuple[int, int]:
    """Fewest locomotives first, then the colour held most (keeps rare colours)."""
    d = dict(cards)
    held = max((k.hand.get(c, 0) for c in d if c != LOCOMOTIVE), default=0)
    return (d.get(LOCOMOTIVE, 0), -held)


def claims_by_route(seat: Seat) -> dict[str, list[ClaimRoute]]:
    out: dict[str, list[ClaimRoute]] = {}
    for a in seat.options(ActionType.CLAIM_ROUTE):
        out.setdefault(a.route, []).append(a)
    return out


def cheapest(k: Knowledge, options: Sequence[Action]) -> Action:
    return min(options, key=lambda a: payment_key(k, a.cards))


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
    by_route: dict[str, list[ClaimRoute]] | None = None,
) -> ClaimRoute | None:
    """The claim of a `wanted` route (any route if None) that `order` ranks highest (by
    default the longest), paid as cheaply as possible."""
    by_route = claims_by_route(seat) if by_route is None else by_route
    routes = [r for r in by_route if wanted is None or r in wanted]
    routes = [r for r in routes if tunnel_safe(k, r)]
    if not routes:
        return None
    order = order or (lambda r: k.map.routes[r].length)
    route = max(routes, key=lambda r: (order(r), r))
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
        if needs.get(c):
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
    builds: dict[str, list[BuildStation]] = {}
    for a in seat.options(ActionType.BUILD_STATION):
        builds.setdefault(a.city, []).append(a)
    if not builds:
        return None
    _planned, _ok, blocked = k.plan(k.open_tickets())
    for t in k.open_tickets():
        ticket = k.map.tickets[t]
        cost, routes = k.path(ticket.a, ticket.b, through_others=True)
        if cost == INF or cost < 100 or cost >= 200:
            continue
        others = [r for r in routes if r in k.claims]
        rest = [r for r in routes if r not in k.claims]
        if len(others) != 1:
            continue
        if rest:
            trains = sum(k.map.routes[r].length for r in rest)
            if t not in blocked or trains > k.trains - 2 or ticket.points < 6:
                continue
        r = k.map.routes[others[0]]
        for city in (r.a, r.b):
            if city in builds:
                return min(builds[city], key=lambda a: payment_key(k, a.cards))
    return None
