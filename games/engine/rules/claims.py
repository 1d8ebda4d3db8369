"""Claiming a route: open track, enough trains, the right cards; tunnels hand over to tunnels.py."""

from __future__ import annotations

from ..actions import ClaimRoute
from ..board import GRAY, Board, RouteInfo
from ..cards import LOCO, Cards
from ..doubles import tracks_shared, twin_closes
from ..errors import IllegalMove
from ..maps import CARD_KINDS, get_map
from .award import card_list, complete_claim
from .draft import Draft
from .payments import split, take_from_hand
from .tunnels import start_tunnel
from .turns import end_turn


def check_open(d: Draft, route: RouteInfo, player: str) -> None:
    if route.id in d.claims:
        raise IllegalMove(
            "route_taken", f"{_name(d, route)} is already claimed.", route=_name(d, route)
        )
    shared = tracks_shared(len(d.players))
    if twin_closes(d.claims.get(route.twin or ""), player, shared):
        if not shared:
            raise IllegalMove(
                "double_route_closed",
                f"With {len(d.players)} players only one track of {_name(d, route)} can be used.",
                variant="few_players",
                count=len(d.players),
                route=_name(d, route),
            )
        raise IllegalMove(
            "double_route_closed",
            f"You already hold the other track of {_name(d, route)}.",
            variant="own_twin",
            route=_name(d, route),
        )


def check_route_payment(route: RouteInfo, cards: Cards) -> tuple[int, int, int]:
    color, n_color, n_loco = split(cards)
    if n_color + n_loco != route.length:
        raise IllegalMove(
            "wrong_cards",
            f"This route takes exactly {route.length} cards, not {n_color + n_loco}.",
            variant="route_length",
            count=route.length,
            given=n_color + n_loco,
        )
    if route.color != GRAY and color != LOCO and color != route.color:
        raise IllegalMove(
            "wrong_cards",
            f"This route is {CARD_KINDS[route.color]}: pay with {CARD_KINDS[route.color]} "
            "cards or locomotives.",
            variant="route_colour",
            colour=CARD_KINDS[route.color],
        )
    if n_loco < route.locomotives:
        raise IllegalMove(
            "wrong_cards",
            f"This ferry needs at least {route.locomotives} locomotive(s).",
            variant="ferry_locomotives",
            count=route.locomotives,
        )
    return color, n_color, n_loco


def claim_route(d: Draft, board: Board, seat: int, action: ClaimRoute) -> None:
    route = board.routes.get(action.route)
    if route is None:
        raise IllegalMove(
            "unknown_route",
            f"There is no route {action.route!r} on this map.",
            route=repr(action.route),
        )
    player = d.players[seat]
    if route.id in d.claims or route.twin in d.claims:
        check_open(d, route, player)
    if route.length > d.trains[seat]:
        raise IllegalMove(
            "not_enough_trains",
            f"You have {d.trains[seat]} trains left; this route needs {route.length}.",
            count=d.trains[seat],
            needed=route.length,
        )
    cards = action.cards
    color, n_color, n_loco = check_route_payment(route, cards)
    hands = list(d.hands)  # d.set_hand, written out: once per claim
    hands[seat] = take_from_hand(hands[seat], color, n_color, n_loco)
    d.hands = tuple(hands)
    if route.tunnel:
        start_tunnel(d, seat, route, color, n_color, n_loco, cards)
        return
    d.discard += card_list(cards)
    complete_claim(d, seat, route, cards)
    end_turn(d)


def _name(d: Draft, route: RouteInfo) -> str:
    cities = get_map(d.map_id).cities
    return f"{cities[route.a].name}–{cities[route.b].name}"
