"""Everything a player may do now, with every distinct payment spelled out.

`legal_action_kinds` is cheap (no options are built); `legal_options` builds the actions of
one kind; `legal_actions` is their union. A pending decision (second card, ticket choice,
tunnel) allows only the actions that answer it; `pass` only when nothing else is legal.
"""

from __future__ import annotations

from itertools import combinations

from .actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from .board import GRAY, board
from .cards import CARD_KINDS, LOCO, color_payment
from .maps import LOCOMOTIVE, STATIONS_PER_PLAYER
from .rules.claims import FEW_PLAYERS
from .rules.tickets import LATER_KEEP, OPENING_KEEP
from .state import SECOND_CARD, TICKET_CHOICE, State, TunnelPending

DRAW_CARD, CLAIM_ROUTE, DRAW_TICKETS, BUILD_STATION = (
    "draw_card", "claim_route", "draw_tickets", "build_station"
)
KEEP_TICKETS, PAY_TUNNEL, DECLINE_TUNNEL, PASS = (
    "keep_tickets", "pay_tunnel", "decline_tunnel", "pass"
)

_DRAW_DECK = DrawCard("deck")
_DRAW_FACE_UP = {kind: DrawCard("face_up", kind) for kind in CARD_KINDS}
_COLOR_KINDS = range(LOCO)


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
    if _claims(state, seat, first_only=True):
        kinds.append(CLAIM_ROUTE)
    if state.ticket_deck:
        kinds.append(DRAW_TICKETS)
    if _station_payments(state, seat):
        kinds.append(BUILD_STATION)
    return tuple(kinds) if kinds else (PASS,)


def legal_options(state: State, player: str, kind: str) -> list[Action]:
    """The legal actions of one kind (empty if that kind is not legal now)."""
    if kind not in legal_action_kinds(state, player):
        return []
    seat = state.players.index(player)
    if kind == DRAW_CARD:
        return _draws(state)
    if kind == CLAIM_ROUTE:
        return _claims(state, seat, first_only=False)
    if kind == DRAW_TICKETS:
        return [DrawTickets()]
    if kind == KEEP_TICKETS:
        return _keeps(state, seat)
    if kind == BUILD_STATION:
        payments = _station_payments(state, seat)
        free = sorted(board(state.map_id).cities.difference(state.stations))
        return [BuildStation(city, cards) for city in free for cards in payments]
    if kind == PAY_TUNNEL:
        return [PayTunnel(c) for c in _tunnel_payments(state.pending, state.hands[seat])]
    if kind == DECLINE_TUNNEL:
        return [DeclineTunnel()]
    return [Pass()]


def legal_actions(state: State, player: str) -> list[Action]:
    actions: list[Action] = []
    for kind in legal_action_kinds(state, player):
        actions.extend(legal_options(state, player, kind))
    return actions


def is_legal(state: State, player: str, action: Action) -> bool:
    return action in legal_options(state, player, action.type)


# --- per kind ---

def _draws(state: State) -> list[Action]:
    options: list[Action] = [_DRAW_DECK] if state.deck or state.discard else []
    second = state.pending is SECOND_CARD
    for kind in CARD_KINDS:
        if kind in state.face_up and not (second and kind == LOCOMOTIVE):
            options.append(_DRAW_FACE_UP[kind])
    return options


def _claims(state: State, seat: int, first_only: bool) -> list[Action]:
    """Every claim the player can pay now; with first_only, stop at the first one found."""
    b = board(state.map_id)
    hand = state.hands[seat]
    trains = state.trains[seat]
    claims = state.claims
    player = state.players[seat]
    shared_doubles = len(state.players) > FEW_PLAYERS
    loco = hand[LOCO]
    options: list[Action] = []

    def is_open(route) -> bool:
        if route.id in claims:
            return False
        twin = route.twin
        return twin is None or twin not in claims or (shared_doubles and claims[twin] != player)

    for color in _COLOR_KINDS:
        limit = min(hand[color] + loco, trains)
        for route in b.by_color[color]:
            if route.length > limit:
                break
            if is_open(route):
                if first_only:
                    return [route]
                length = route.length
                for k in range(max(0, length - hand[color]), min(length, loco) + 1):
                    options.append(ClaimRoute(route.id, color_payment(color, length - k, k)))
    best = max(hand[:LOCO])
    limit = min(best + loco, trains)
    for route in b.by_color[GRAY]:
        if route.length > limit:
            break
        if is_open(route):
            if first_only:
                return [route]
            options.extend(
                ClaimRoute(route.id, cards) for cards in _one_color_payments(hand, route.length, 0)
            )
    if loco:
        for route in b.ferries:
            if (route.length <= limit and loco >= route.locomotives and is_open(route)):
                if first_only:
                    return [route]
                options.extend(
                    ClaimRoute(route.id, cards)
                    for cards in _one_color_payments(hand, route.length, route.locomotives)
                )
    return options


def _one_color_payments(hand: tuple[int, ...], total: int, min_loco: int) -> list:
    """Distinct ways to pay `total` cards in any one colour plus locomotives (>= min_loco)."""
    loco = hand[LOCO]
    payments = []
    for color in _COLOR_KINDS:
        have = hand[color]
        if have:
            for k in range(max(min_loco, total - have), min(total - 1, loco) + 1):
                payments.append(color_payment(color, total - k, k))
    if loco >= total:
        payments.append(((LOCOMOTIVE, total),))
    return payments


def _station_payments(state: State, seat: int) -> list:
    if not board(state.map_id).map.has_stations:
        return []
    player = state.players[seat]
    built = sum(1 for owner in state.stations.values() if owner == player)
    if built >= STATIONS_PER_PLAYER:
        return []
    return _one_color_payments(state.hands[seat], built + 1, 0)


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
    least = min(least, len(offered))
    return [
        KeepTickets(kept)
        for size in range(max(least, 1), len(offered) + 1)
        for kept in combinations(offered, size)
    ]
