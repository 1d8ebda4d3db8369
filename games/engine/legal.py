"""Everything a player may do now, with every distinct payment spelled out.

`legal_action_kinds` is cheap (no options are built); `legal_options` gives the actions of
one kind (a list, or a lazy sequence for claims and stations, which can run to hundreds);
`legal_actions` is their union as a list. A pending decision (second card, ticket choice,
tunnel) allows only the actions that answer it; `pass` only when nothing else is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from .actions import Action, DeclineTunnel, DrawCard, DrawTickets, KeepTickets, Pass, PayTunnel
from .board import GRAY, Board, RouteInfo, board
from .cards import CARD_KINDS, LOCO, color_payment
from .maps import LOCOMOTIVE, STATIONS_PER_PLAYER
from .options import ClaimOptions, StationOptions, count_one_color_payments, one_color_payments
from .rules.claims import FEW_PLAYERS
from .rules.tickets import LATER_KEEP, OPENING_KEEP
from .state import SECOND_CARD, TICKET_CHOICE, Claims, State, TunnelPending

DRAW_CARD, CLAIM_ROUTE, DRAW_TICKETS, BUILD_STATION = (
    "draw_card", "claim_route", "draw_tickets", "build_station"
)
KEEP_TICKETS, PAY_TUNNEL, DECLINE_TUNNEL, PASS = (
    "keep_tickets", "pay_tunnel", "decline_tunnel", "pass"
)
_TURN_KINDS = frozenset((DRAW_CARD, CLAIM_ROUTE, DRAW_TICKETS, BUILD_STATION, PASS))
_TUNNEL_KINDS = frozenset((PAY_TUNNEL, DECLINE_TUNNEL))

_DRAW_DECK = DrawCard("deck")
_DRAW_FACE_UP = {kind: DrawCard("face_up", kind) for kind in CARD_KINDS}
_COLOR_KINDS = range(LOCO)
_FERRY = "ferry"


def _acting_seat(state: State, player: str) -> int | None:
    """The player's seat if they may act now at all, else None."""
    if state.phase == "game_over":
        return None
    try:
        seat = state.players.index(player)
    except ValueError:
        return None
    if state.forfeited[seat]:
        return None
    if state.phase == "initial_tickets":
        return seat if state.offered[seat] else None
    return seat if seat == state.current else None


def legal_action_kinds(state: State, player: str) -> tuple[str, ...]:
    seat = _acting_seat(state, player)
    if seat is None:
        return ()
    if state.phase == "initial_tickets":
        return (KEEP_TICKETS,)
    pending = state.pending
    if pending is not None:
        if pending is SECOND_CARD:
            return (DRAW_CARD,)
        if pending is TICKET_CHOICE:
            return (KEEP_TICKETS,)
        if _tunnel_payments(pending, state.hands[seat]):
            return (PAY_TUNNEL, DECLINE_TUNNEL)
        return (DECLINE_TUNNEL,)
    kinds = []
    if state.deck or state.discard or state.face_up:
        kinds.append(DRAW_CARD)
    if _claimable(state, seat, None):
        kinds.append(CLAIM_ROUTE)
    if state.ticket_deck:
        kinds.append(DRAW_TICKETS)
    if _station_cost(state, seat) is not None:
        kinds.append(BUILD_STATION)
    return tuple(kinds) if kinds else (PASS,)


def legal_options(state: State, player: str, kind: str) -> Sequence[Action]:
    """The legal actions of one kind (empty if that kind is not legal now)."""
    seat = _acting_seat(state, player)
    if seat is None:
        return []
    pending = state.pending
    if state.phase == "initial_tickets" or pending is TICKET_CHOICE:
        return _keeps(state, seat) if kind == KEEP_TICKETS else []
    if pending is SECOND_CARD:
        return _draws(state) if kind == DRAW_CARD else []
    if pending is not None:
        if kind == PAY_TUNNEL:
            return [PayTunnel(c) for c in _tunnel_payments(pending, state.hands[seat])]
        return [DeclineTunnel()] if kind == DECLINE_TUNNEL else []
    if kind not in _TURN_KINDS:
        return []
    if kind == DRAW_CARD:
        return _draws(state)
    if kind == CLAIM_ROUTE:
        routes: list[RouteInfo] = []
        _claimable(state, seat, routes)
        hand = state.hands[seat]
        return ClaimOptions(hand, routes, _payment_counts(hand, routes))
    if kind == DRAW_TICKETS:
        return [DrawTickets()] if state.ticket_deck else []
    if kind == BUILD_STATION:
        cost = _station_cost(state, seat)
        if cost is None:
            return []
        free = sorted(board(state.map_id).cities.difference(state.stations))
        return StationOptions(free, one_color_payments(state.hands[seat], cost, 0))
    return [Pass()] if legal_action_kinds(state, player) == (PASS,) else []


def legal_actions(state: State, player: str) -> list[Action]:
    actions: list[Action] = []
    for kind in legal_action_kinds(state, player):
        actions.extend(legal_options(state, player, kind))
    return actions


def is_legal(state: State, player: str, action: Action) -> bool:
    return action in legal_options(state, player, action.type)


# --- per kind ---

def _draws(state: State) -> list[Action]:
    return list(_draw_options(state.face_up, state.pending is SECOND_CARD,
                              bool(state.deck or state.discard)))


@lru_cache(maxsize=8192)
def _draw_options(face_up: tuple[str, ...], second: bool, blind: bool) -> tuple[Action, ...]:
    options: list[Action] = [_DRAW_DECK] if blind else []
    for kind in CARD_KINDS:
        if kind in face_up and not (second and kind == LOCOMOTIVE):
            options.append(_DRAW_FACE_UP[kind])
    return tuple(options)


def _open_index(claims: Claims, b: Board, shared_doubles: bool) -> dict:
    """Unclaimed routes by colour (GRAY and ferries apart), shortest first, cached per Claims.

    Each entry is (route, owner of its twin or None). Routes closed to everyone (twin taken
    in a 2-3 player game) are left out; a twin held by the asking player is checked later.
    """
    try:
        return claims.open_index
    except AttributeError:
        pass
    parent = getattr(claims, "parent", None)
    if parent is not None and hasattr(parent[0], "open_index"):
        index = _derive(parent[0].open_index, b.routes[parent[1]], parent[2], shared_doubles, b)
        claims.open_index = index
        return index
    index = {}
    for color, routes in ((c, b.by_color[c]) for c in (*_COLOR_KINDS, GRAY)):
        index[color] = _open_of(routes, claims, shared_doubles)
    index[_FERRY] = _open_of(b.ferries, claims, shared_doubles)
    if isinstance(claims, Claims):
        claims.open_index = index
    return index


def _group(route: RouteInfo):
    return _FERRY if route.locomotives else route.color


def _derive(index: dict, route: RouteInfo, player: str, shared_doubles: bool, b: Board) -> dict:
    """The parent's open-route index after `player` claimed `route`."""
    index = dict(index)
    group = _group(route)
    index[group] = tuple(e for e in index[group] if e[0] is not route)
    if route.twin is not None:
        twin = b.routes[route.twin]
        group = _group(twin)
        if shared_doubles:
            index[group] = tuple(
                (r, player) if r is twin else (r, owner) for r, owner in index[group]
            )
        else:
            index[group] = tuple(e for e in index[group] if e[0] is not twin)
    return index


def _open_of(routes, claims: Claims, shared_doubles: bool) -> tuple:
    out = []
    for route in routes:
        if route.id in claims:
            continue
        twin_owner = claims.get(route.twin) if route.twin else None
        if twin_owner is not None and not shared_doubles:
            continue
        out.append((route, twin_owner))
    return tuple(out)


def _claimable(state: State, seat: int, into: list | None) -> bool:
    """Is any route claimable now? With `into`, collect every claimable route there."""
    hand = state.hands[seat]
    trains = state.trains[seat]
    player = state.players[seat]
    index = _open_index(state.claims, board(state.map_id), len(state.players) > FEW_PLAYERS)
    loco = hand[LOCO]
    found = False
    for color in _COLOR_KINDS:
        limit = hand[color] + loco
        if limit > trains:
            limit = trains
        for route, twin_owner in index[color]:
            if route.length > limit:
                break
            if twin_owner != player:
                if into is None:
                    return True
                into.append(route)
                found = True
    best = max(hand[:LOCO]) + loco
    limit = best if best < trains else trains
    for route, twin_owner in index[GRAY]:
        if route.length > limit:
            break
        if twin_owner != player:
            if into is None:
                return True
            into.append(route)
            found = True
    if loco:
        for route, twin_owner in index[_FERRY]:
            if route.length <= limit and loco >= route.locomotives and twin_owner != player:
                if into is None:
                    return True
                into.append(route)
                found = True
    return found


def _payment_counts(hand: tuple[int, ...], routes: list[RouteInfo]) -> list[int]:
    """How many distinct payments each route has (gray ones share a count per shape)."""
    loco = hand[LOCO]
    gray: dict[tuple[int, int], int] = {}
    counts = []
    for route in routes:
        length = route.length
        if route.color == GRAY:
            shape = (length, route.locomotives)
            count = gray.get(shape)
            if count is None:
                count = gray[shape] = count_one_color_payments(hand, length, route.locomotives)
        else:
            count = min(length, loco) - max(0, length - hand[route.color]) + 1
        counts.append(count)
    return counts


def _station_cost(state: State, seat: int) -> int | None:
    """The cost of the player's next station if they can build one now, else None."""
    if not board(state.map_id).map.has_stations:
        return None
    player = state.players[seat]
    built = sum(1 for owner in state.stations.values() if owner == player)
    if built >= STATIONS_PER_PLAYER:
        return None
    hand = state.hands[seat]
    cost = built + 1
    if max(hand[:LOCO]) + hand[LOCO] < cost:
        return None
    return cost


def _tunnel_payments(pending: TunnelPending, hand: tuple[int, ...]) -> list:
    extra, color, loco = pending.extra, pending.color, hand[LOCO]
    if color == LOCO:
        return [((LOCOMOTIVE, extra),)] if loco >= extra else []
    return [
        color_payment(color, extra - k, k)
        for k in range(max(0, extra - hand[color]), min(extra, loco) + 1)
    ]


def _keeps(state: State, seat: int) -> list[Action]:
    offered = state.offered[seat]
    least = OPENING_KEEP if state.phase == "initial_tickets" else LATER_KEEP
    least = max(1, min(least, len(offered)))
    return [
        KeepTickets(kept)
        for size in range(least, len(offered) + 1)
        for kept in combinations(offered, size)
    ]
