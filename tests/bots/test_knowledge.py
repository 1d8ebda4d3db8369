"""What a seat works out about the board: cheapest paths and its claims grouped by route,
checked against plain versions at positions of bot games on both maps."""

from __future__ import annotations

import heapq
import random

import pytest

from games.bots import make_bot, seat_for
from games.bots.common import claims_by_route
from games.bots.knowledge import INF, Knowledge, weighted_adjacency
from games.engine import ActionType, Phase, apply, new_game, players_to_act


def _seats(map_id: str, n: int, seed: int, every: int = 3):
    """The seats of every `every`-th decision of a game between bots (some of them random,
    so hands grow large and odd claims are made)."""
    names = ["planner", "random", "long_route", "destination_hungry", "random"]
    bots = [make_bot(names[(seed + i) % len(names)]) for i in range(n)]
    state = new_game(map_id, [f"p{i + 1}" for i in range(n)], seed)
    history: list[dict] = []
    move = 0
    while state.phase != Phase.GAME_OVER:
        player = players_to_act(state)[0]
        seat = seat_for(state, player, tuple(history), random.Random(move))
        if move % every == 0:
            yield seat
        state, events = apply(state, player, bots[state.players.index(player)].decide(seat))
        history.extend(events)
        move += 1


def _positions():
    for map_id in ("usa", "europe"):
        for n in (2, 3, 4, 5):
            yield from _seats(map_id, n, seed=n)


def _cost(k: Knowledge, route_id: str) -> float:
    """A route's planning cost, as the map's weighted adjacency gives it."""
    r = k.map.routes[route_id]
    return next(c for rid, _, _, c in weighted_adjacency(k.map.id)[r.a] if rid == route_id)


def _plain_path(k: Knowledge, a: str, b: str, through_others: bool) -> float:
    """The cheapest cost from a to b by the rule `Knowledge.path` states, searched over the
    map's routes as they are."""
    routes_at: dict[str, list] = {}
    for r in k.map.routes.values():
        routes_at.setdefault(r.a, []).append(r)
        routes_at.setdefault(r.b, []).append(r)
    best = {a: 0.0}
    heap = [(0.0, a)]
    while heap:
        d, city = heapq.heappop(heap)
        if city == b:
            return d
        if d > best[city]:
            continue
        for r in routes_at[city]:
            other = r.b if city == r.a else r.a
            if r.id in k.mine:
                step = 0.0
            elif r.id in k.claims:
                if k.stations & {r.a, r.b}:
                    step = 0.0
                elif through_others:
                    step = 100.0
                else:
                    continue
            elif r.length <= k.trains and k.is_open(r.id):
                step = _cost(k, r.id)
            else:
                continue
            if d + step < best.get(other, INF):
                best[other] = d + step
                heapq.heappush(heap, (d + step, other))
    return INF


def _joins(k: Knowledge, a: str, b: str, routes: list[str], through_others: bool) -> bool:
    """Whether `routes`, with the seat's own routes and those its stations borrow, join a
    and b."""
    usable = set(routes) | set(k.mine)
    for rid in k.claims:
        r = k.map.routes[rid]
        if k.stations & {r.a, r.b}:
            usable.add(rid)
    reached = {a}
    frontier = [a]
    while frontier:
        city = frontier.pop()
        for rid in usable:
            r = k.map.routes[rid]
            if city in (r.a, r.b):
                other = r.b if city == r.a else r.a
                if other not in reached:
                    reached.add(other)
                    frontier.append(other)
    return b in reached


@pytest.mark.parametrize("through_others", [False, True])
def test_a_path_is_the_cheapest_and_its_routes_join_the_cities(through_others):
    checked = 0
    for seat in _positions():
        k = Knowledge(seat.view)
        tickets = sorted(k.map.tickets)[checked % 5 :: 9]
        for t in tickets:
            ticket = k.map.tickets[t]
            cost, routes = k.path(ticket.a, ticket.b, through_others=through_others)
            plain = _plain_path(k, ticket.a, ticket.b, through_others)
            if plain == INF:
                assert (cost, routes) == (INF, [])
                continue
            assert cost == pytest.approx(plain)
            assert not set(routes) & k.mine
            if not through_others:
                assert not set(routes) & set(k.claims)
            assert _joins(k, ticket.a, ticket.b, routes, through_others)
            rivals = [r for r in routes if r in k.claims]
            open_cost = sum(_cost(k, r) for r in routes if r not in k.claims)
            borrowed = sum(1 for r in rivals if k.stations & {k.map.routes[r].a, k.map.routes[r].b})
            assert open_cost + 100.0 * (len(rivals) - borrowed) == pytest.approx(cost)
            # a limit at or below the cost finds nothing; above it, the same path
            assert k.path(ticket.a, ticket.b, through_others=through_others, limit=cost) == (
                INF,
                [],
            )
            assert k.path(ticket.a, ticket.b, through_others=through_others, limit=cost + 0.5) == (
                cost,
                routes,
            )
            checked += 1
    assert checked > 2000


def test_free_routes_cost_nothing_on_a_path():
    checked = 0
    for seat in _positions():
        k = Knowledge(seat.view)
        for t in sorted(k.map.tickets)[::15]:
            ticket = k.map.tickets[t]
            cost, routes = k.path(ticket.a, ticket.b)
            if cost in (INF, 0.0):
                continue
            # the path's own routes given free: nothing left to pay, nothing to claim
            assert k.path(ticket.a, ticket.b, free=routes)[0] == 0.0
            # one of them given free: the cost falls by at most that route's
            one = routes[0]
            cheaper, _ = k.path(ticket.a, ticket.b, free=[one])
            assert cheaper == pytest.approx(cost - _cost(k, one))
            checked += 1
    assert checked > 1200


def test_claims_by_route_groups_the_seats_claim_options_by_route():
    checked = 0
    for seat in _positions():
        if ActionType.CLAIM_ROUTE not in seat.kinds:
            assert not claims_by_route(seat)
            continue
        grouped: dict[str, list] = {}
        for a in seat.options(ActionType.CLAIM_ROUTE):
            grouped.setdefault(a.route, []).append(a)
        by_route = claims_by_route(seat)
        assert list(by_route) == list(grouped)  # in the options' order
        assert len(by_route) == len(grouped)
        for rid, claims in grouped.items():
            assert rid in by_route
            assert by_route[rid] == claims
        assert dict(by_route.items()) == grouped
        assert "no-such-route" not in by_route
        with pytest.raises(KeyError):
            by_route["no-such-route"]
        checked += 1
    assert checked > 250
