"""What one player may do now, told as the table shows it: the kinds of action, the cards
they may draw, each route they may claim with its distinct ways to pay, the station they may
build and its cost, the tickets they must choose from, a tunnel's ways to pay.

Read from the legal-move generator itself (legal.py), never worked out again: the claims'
payments come from its lazy ClaimOptions without an action made for each, so what the
page offers is exactly what `apply` accepts.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from typing import cast

from .actions import ClaimRoute, DrawCard, PayTunnel
from .cards import Cards
from .doubles import tracks_shared, twin_closes
from .enums import ActionType
from .legal import fewest_kept, legal_action_kinds, legal_options
from .maps import Map, get_map
from .options import ClaimOptions, StationOptions
from .seats import acting_seat
from .state import State
from .ticket_path import ticket_path
from .view_types import ChoicesView

DRAW_CARD = ActionType.DRAW_CARD
CLAIM_ROUTE = ActionType.CLAIM_ROUTE
BUILD_STATION = ActionType.BUILD_STATION
KEEP_TICKETS = ActionType.KEEP_TICKETS
PAY_TUNNEL = ActionType.PAY_TUNNEL


def choices_of(state: State, player: str) -> ChoicesView | None:
    """What `player` may do now; None when they have nothing to do (not their turn, out of
    the game, or the game is over)."""
    kinds = legal_action_kinds(state, player)
    if not kinds:
        return None
    choices: ChoicesView = {
        "kinds": list(kinds),
        "draw": None,
        "claims": {},
        "station": None,
        "keep": None,
        "tunnel_payments": [],
    }
    if DRAW_CARD in kinds:
        draws = cast(Sequence[DrawCard], legal_options(state, player, DRAW_CARD))
        choices["draw"] = {
            "deck": any(draw.source == "deck" for draw in draws),
            "face_up": [draw.color for draw in draws if draw.source == "face_up" and draw.color],
        }
    if CLAIM_ROUTE in kinds:
        claims = legal_options(state, player, CLAIM_ROUTE)
        if isinstance(claims, ClaimOptions):
            by_route = claims.route_payments()
        else:  # a plain sequence of ClaimRoute (never in practice: the generator is lazy)
            by_route = {}
            for claim in cast(Sequence[ClaimRoute], claims):
                by_route.setdefault(claim.route, []).append(claim.cards)
        choices["claims"] = {route: _distinct(ways) for route, ways in by_route.items()}
    if BUILD_STATION in kinds:
        stations = legal_options(state, player, BUILD_STATION)
        if isinstance(stations, StationOptions) and stations.payments:
            payments = _distinct(stations.payments)
            choices["station"] = {
                # Every way offered pays the same number of cards: the station's cost.
                "cost": sum(payments[0].values()),
                "cities": list(stations.cities),
                "payments": payments,
            }
    if KEEP_TICKETS in kinds and (seat := acting_seat(state, player)) is not None:
        choices["keep"] = {
            "tickets": list(state.offered[seat]),
            "at_least": fewest_kept(state, seat),
        }
    if PAY_TUNNEL in kinds:
        choices["tunnel_payments"] = _distinct(
            [
                pay.cards
                for pay in cast(Sequence[PayTunnel], legal_options(state, player, PAY_TUNNEL))
            ]
        )
    return choices


def _distinct(payments: list[Cards]) -> list[dict[str, int]]:
    """The distinct payments, in the generator's order, as {colour: count}."""
    return [dict(cards) for cards in dict.fromkeys(payments)]


def ticket_paths(state: State, player: str, tickets: list[str]) -> dict[str, list[str]]:
    """Each ticket's path through the player's own routes (route ids in order), [] while its
    cities are not joined by them (stations borrow a route only in the final scoring)."""
    if not tickets:
        return {}
    game_map = get_map(state.map_id)
    owned = [route for route, owner in state.claims.items() if owner == player]
    paths = {}
    for ticket_id in tickets:
        ticket = game_map.tickets[ticket_id]
        paths[ticket_id] = ticket_path(game_map.routes, owned, ticket.a, ticket.b)
    return paths


def missing_links(state: State, player: str, paths: dict[str, list[str]]) -> dict[str, list[str]]:
    """For each ticket not joined yet (an empty path), the open routes still to claim on the
    way that takes the fewest trains, over the player's own routes (free) and the routes
    still open to them; [] when no way is left. The routes a ticket needs are a plan, not a
    promise: another player may claim them first."""
    open_tickets = [t for t, path in paths.items() if not path]
    if not open_tickets:
        return {}
    game_map = get_map(state.map_id)
    claims = state.claims
    shared = tracks_shared(len(state.players))
    links: dict[str, list[tuple[int, str, str]]] = {}  # city -> (trains, next city, route)
    for route in game_map.routes.values():
        owner = claims.get(route.id)
        if owner == player:
            cost = 0
        elif owner is None and not twin_closes(claims.get(route.double_of or ""), player, shared):
            cost = route.length
        else:
            continue
        links.setdefault(route.a, []).append((cost, route.b, route.id))
        links.setdefault(route.b, []).append((cost, route.a, route.id))
    return {t: _cheapest_open_way(game_map, links, claims, t) for t in open_tickets}


def _cheapest_open_way(
    game_map: Map,
    links: Mapping[str, list[tuple[int, str, str]]],
    claims: Mapping[str, str],
    ticket_id: str,
) -> list[str]:
    ticket = game_map.tickets[ticket_id]
    best = {ticket.a: 0}
    came: dict[str, tuple[str, str]] = {}
    queue = [(0, ticket.a)]
    while queue:
        trains, city = heapq.heappop(queue)
        if city == ticket.b:
            way = []
            while city in came:
                city, route_id = came[city]
                if route_id not in claims:
                    way.append(route_id)
            return way[::-1]
        if trains > best[city]:
            continue
        for cost, nxt, route_id in links.get(city, ()):
            if trains + cost < best.get(nxt, trains + cost + 1):
                best[nxt] = trains + cost
                came[nxt] = (city, route_id)
                heapq.heappush(queue, (trains + cost, nxt))
    return []
