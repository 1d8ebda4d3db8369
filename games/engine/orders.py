"""Standing orders: a player's plan for their next turn, left while it is not their turn.

An order list holds up to `MAX_ORDERS` instructions. When the turn comes, `orders_turn`
takes the first instruction that is legal and payable in the position as it stands and
gives the engine actions that play it, with the reason each earlier one was skipped.

Which instruction plays is decided from the position at the turn's start alone. What
follows within the turn (the second card after the row refilled, the tunnel's extra cards
once turned up, keeping every ticket drawn) is decided as the player would, from what the
turn has shown so far: the deck's order never decides anything.

Pure, as the rest of the engine: the JSON form in, actions and reason codes out.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from .cards import LOCO, Cards
from .doubles import tracks_shared, twin_closes
from .enums import ActionType, Phase
from .errors import IllegalMove
from .legal import legal_action_kinds, legal_options
from .maps import CARD_KINDS, LOCOMOTIVE, get_map
from .rules import apply
from .state import SECOND_CARD, TICKET_CHOICE, State, TunnelPending

MAX_ORDERS = 5
KEEP_LOCOMOTIVES = "keep_locomotives"  # pay a claim any way that spends the fewest locomotives
DECK = "deck"
KEEP_ALL = "all"
MOST_TUNNEL_EXTRA = 3  # a tunnel turns up three cards: never more to pay

# The kinds of instruction, as the JSON names them.
CLAIM = "claim_route"
STATION = "build_station"
FACE_UP = "draw_face_up"
TWO_BLIND = "draw_deck"
TICKETS = "draw_tickets"
ORDER_KINDS = (CLAIM, STATION, FACE_UP, TWO_BLIND, TICKETS)

# Why an instruction was skipped (or, for a tunnel, declined): stable codes, which the web
# layer turns into words. Most are the engine's own refusal codes.
ROUTE_TAKEN = "route_taken"
DOUBLE_ROUTE_CLOSED = "double_route_closed"
NOT_ENOUGH_TRAINS = "not_enough_trains"
NOT_ENOUGH_CARDS = "not_enough_cards"
TUNNEL_WITHOUT_LIMIT = "tunnel_without_limit"
TUNNEL_OVER_LIMIT = "tunnel_over_limit"
STATION_TAKEN = "station_taken"
NO_STATIONS_LEFT = "no_stations_left"
CARD_NOT_FACE_UP = "card_not_face_up"
NO_CARDS_TO_DRAW = "no_cards_to_draw"
NO_TICKETS_TO_DRAW = "no_tickets_to_draw"
TOO_FEW_TICKETS = "too_few_tickets"
SKIP_CODES = (
    ROUTE_TAKEN,
    DOUBLE_ROUTE_CLOSED,
    NOT_ENOUGH_TRAINS,
    NOT_ENOUGH_CARDS,
    TUNNEL_WITHOUT_LIMIT,
    STATION_TAKEN,
    NO_STATIONS_LEFT,
    CARD_NOT_FACE_UP,
    NO_CARDS_TO_DRAW,
    NO_TICKETS_TO_DRAW,
    TOO_FEW_TICKETS,
)
# What the played instruction left to the player: the ticket choice (an order may draw
# tickets, not choose them, unless it says keep all).
TICKETS_TO_CHOOSE = "tickets_to_choose"


class MalformedOrder(ValueError):
    """An order list that is not one: `variant` says what is wrong, `params` the values the
    sentence names (the web layer words it)."""

    def __init__(self, message: str, *, variant: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.variant = variant
        self.params = params


@dataclass(frozen=True, slots=True)
class Order:
    """One instruction. `kind` is one of ORDER_KINDS; the other fields as the kind needs:
    claim_route: route, pay (a colour or KEEP_LOCOMOTIVES), tunnel_extra (the most extra
    cards a tunnel may cost, None: do not claim it if it is a tunnel); build_station: city,
    pay (a colour); draw_face_up: color, then (a colour or DECK); draw_tickets: keep (a
    least number, or KEEP_ALL)."""

    kind: str
    route: str | None = None
    city: str | None = None
    pay: str | None = None
    tunnel_extra: int | None = None
    color: str | None = None
    then: str | None = None
    keep: int | str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in _FIELDS[self.kind]:
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


_FIELDS = {
    CLAIM: ("route", "pay", "tunnel_extra"),
    STATION: ("city", "pay"),
    FACE_UP: ("color", "then"),
    TWO_BLIND: (),
    TICKETS: ("keep",),
}


def _text(data: Mapping[str, Any], name: str, choices: Collection[str], kind: str) -> str:
    value = data.get(name)
    if not isinstance(value, str) or value not in choices:
        raise MalformedOrder(
            f"{kind} needs {name!r}, one of {', '.join(sorted(choices)[:12])}",
            variant="bad_field",
            field=name,
        )
    return value


def order_from_dict(map_id: str, data: Any) -> Order:
    """One instruction from its JSON form, checked against the map. Raises MalformedOrder."""
    if not isinstance(data, Mapping):
        raise MalformedOrder("an instruction must be a JSON object", variant="not_an_object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in ORDER_KINDS:
        raise MalformedOrder(
            f"unknown kind of instruction; use one of {', '.join(ORDER_KINDS)}",
            variant="unknown_kind",
        )
    game_map = get_map(map_id)
    colours = CARD_KINDS
    if kind == CLAIM:
        route = _text(data, "route", game_map.routes, kind)
        pay = _text(data, "pay", (*colours, KEEP_LOCOMOTIVES), kind)
        extra = data.get("tunnel_extra")
        if extra is not None and (
            not isinstance(extra, int)
            or isinstance(extra, bool)
            or not 0 <= extra <= MOST_TUNNEL_EXTRA
        ):
            raise MalformedOrder(
                f"tunnel_extra must be a whole number from 0 to {MOST_TUNNEL_EXTRA}",
                variant="bad_field",
                field="tunnel_extra",
            )
        if not game_map.routes[route].tunnel:
            extra = None
        return Order(CLAIM, route=route, pay=pay, tunnel_extra=extra)
    if kind == STATION:
        if not game_map.has_stations:
            raise MalformedOrder("this map has no stations", variant="no_stations_on_map")
        city = _text(data, "city", game_map.cities, kind)
        return Order(STATION, city=city, pay=_text(data, "pay", colours, kind))
    if kind == FACE_UP:
        color = _text(data, "color", colours, kind)
        if color == LOCOMOTIVE:  # a face-up locomotive is the whole turn: nothing follows
            return Order(FACE_UP, color=color)
        return Order(FACE_UP, color=color, then=_text(data, "then", (*colours[:LOCO], DECK), kind))
    if kind == TICKETS:
        keep = data.get("keep")
        if keep != KEEP_ALL and (
            not isinstance(keep, int) or isinstance(keep, bool) or not 1 <= keep <= 3
        ):
            raise MalformedOrder("keep must be 1, 2, 3 or 'all'", variant="bad_field", field="keep")
        return Order(TICKETS, keep=keep)
    return Order(TWO_BLIND)


def orders_from_list(map_id: str, data: Any) -> tuple[Order, ...]:
    """A whole order list (1 to MAX_ORDERS instructions). Raises MalformedOrder."""
    if not isinstance(data, list) or not data:
        raise MalformedOrder("orders must be a list of instructions", variant="not_a_list")
    if len(data) > MAX_ORDERS:
        raise MalformedOrder(
            f"at most {MAX_ORDERS} instructions", variant="too_many", most=MAX_ORDERS
        )
    return tuple(order_from_dict(map_id, item) for item in data)


@dataclass(frozen=True, slots=True)
class Skip:
    """An instruction not played, and why (one of SKIP_CODES)."""

    index: int
    code: str


@dataclass(frozen=True, slots=True)
class OrdersTurn:
    """What the orders do with a turn: `played` is the index of the instruction played (None:
    none was legal and payable, nothing is played), `actions` the engine actions in the
    order they apply, `skipped` the earlier instructions and why. `outcome` names what the
    played one left undone: TUNNEL_OVER_LIMIT (the tunnel was declined), TICKETS_TO_CHOOSE
    (the tickets drawn wait for the player's choice), or None."""

    played: int | None
    actions: tuple[Action, ...]
    skipped: tuple[Skip, ...]
    outcome: str | None = None


def turn_open_to_orders(state: State, player: str) -> bool:
    """Whether `player`'s turn has just begun: the one moment orders play."""
    return (
        state.phase == Phase.PLAY
        and state.pending is None
        and state.players[state.current] == player
        and not state.forfeited[state.current]
    )


def orders_turn(state: State, player: str, orders: Sequence[Order]) -> OrdersTurn:
    """The first of `orders` legal and payable now, played out to the turn's end.

    Nothing is played (played None, no skips) unless `player`'s turn has just begun. Every
    action returned is legal in turn: applying them one after the other never raises.
    """
    if not turn_open_to_orders(state, player):
        return OrdersTurn(None, (), ())
    skipped: list[Skip] = []
    for index, order in enumerate(orders):
        first = _first_action(state, player, order)
        if isinstance(first, str):
            skipped.append(Skip(index, first))
            continue
        actions, outcome = _play_out(state, player, order, first)
        return OrdersTurn(index, actions, tuple(skipped), outcome)
    return OrdersTurn(None, (), tuple(skipped))


def _first_action(state: State, player: str, order: Order) -> Action | str:
    """The action that begins the instruction, or the code of why it cannot begin."""
    kinds = legal_action_kinds(state, player)
    if order.kind == CLAIM:
        return _claim(state, player, order, kinds)
    if order.kind == STATION:
        if order.city in state.stations:
            return STATION_TAKEN
        if state.stations_left(player) <= 0:
            return NO_STATIONS_LEFT
        if ActionType.BUILD_STATION not in kinds:
            return NOT_ENOUGH_CARDS
        options = [
            option
            for option in legal_options(state, player, ActionType.BUILD_STATION)
            if isinstance(option, BuildStation)
            and option.city == order.city
            and _paid_in(option.cards, order.pay)
        ]
        best = _fewest_locomotives(options, order.pay)
        return best if best is not None else NOT_ENOUGH_CARDS
    if order.kind == FACE_UP:
        if ActionType.DRAW_CARD not in kinds:
            return NO_CARDS_TO_DRAW
        if order.color not in state.face_up:
            return CARD_NOT_FACE_UP
        return DrawCard("face_up", order.color)
    if order.kind == TWO_BLIND:
        if ActionType.DRAW_CARD not in kinds or not (state.deck or state.discard):
            return NO_CARDS_TO_DRAW
        return DrawCard(DECK)
    if not state.ticket_deck:
        return NO_TICKETS_TO_DRAW
    if isinstance(order.keep, int) and len(state.ticket_deck) < order.keep:
        return TOO_FEW_TICKETS
    return DrawTickets()


def _claim(state: State, player: str, order: Order, kinds: Sequence[ActionType]) -> Action | str:
    route_id = order.route
    assert route_id is not None  # order_from_dict gives every claim its route
    route = get_map(state.map_id).routes[route_id]
    owner = state.claims.get(route_id)
    if owner is not None:
        return ROUTE_TAKEN
    if route.tunnel and order.tunnel_extra is None:
        return TUNNEL_WITHOUT_LIMIT
    if state.trains[state.current] < route.length:
        return NOT_ENOUGH_TRAINS
    options: list[ClaimRoute] = []
    if ActionType.CLAIM_ROUTE in kinds:
        options = [
            option
            for option in legal_options(state, player, ActionType.CLAIM_ROUTE)
            if isinstance(option, ClaimRoute) and option.route == route_id
        ]
    if not options:
        # open to others, not to this player: the double's twin is theirs, or shut
        return DOUBLE_ROUTE_CLOSED if _twin_shut(state, player, route_id) else NOT_ENOUGH_CARDS
    if order.pay != KEEP_LOCOMOTIVES:
        options = [o for o in options if _paid_in(o.cards, order.pay)]
    best = _fewest_locomotives(options, order.pay)
    return best if best is not None else NOT_ENOUGH_CARDS


def _twin_shut(state: State, player: str, route_id: str) -> bool:
    """Whether a free route is shut to the player by the claim of its double's twin."""
    twin = get_map(state.map_id).routes[route_id].double_of
    owner = state.claims.get(twin) if twin else None
    return twin_closes(owner, player, tracks_shared(len(state.players)))


def _colour_of(cards: Cards) -> str | None:
    """The one colour (not locomotive) of a payment, None if it is all locomotives."""
    for kind, _count in cards:
        if kind != LOCOMOTIVE:
            return kind
    return None


def _paid_in(cards: Cards, pay: str | None) -> bool:
    """Whether a payment is in the colour the order names (with locomotives where the
    colour falls short; all locomotives when it names locomotives)."""
    return _colour_of(cards) == (None if pay == LOCOMOTIVE else pay)


def _locomotives(cards: Cards) -> int:
    return dict(cards).get(LOCOMOTIVE, 0)


def _fewest_locomotives[P: (ClaimRoute, BuildStation, PayTunnel)](
    options: Sequence[P], pay: str | None
) -> P | None:
    """The payment that spends the fewest locomotives (all locomotives, when that is what
    the order names); among equals, of the colour first in the box's order."""
    if not options:
        return None
    if pay == LOCOMOTIVE:
        return max(options, key=lambda o: (_locomotives(o.cards), -_kind_rank(o.cards)))
    return min(options, key=lambda o: (_locomotives(o.cards), _kind_rank(o.cards)))


def _kind_rank(cards: Cards) -> int:
    colour = _colour_of(cards)
    return CARD_KINDS.index(colour) if colour is not None else len(CARD_KINDS)


def _play_out(
    state: State, player: str, order: Order, first: Action
) -> tuple[tuple[Action, ...], str | None]:
    """The actions that play the instruction to the end of the turn (or to the ticket
    choice it leaves to the player), each decided from what the turn has shown so far."""
    actions = [first]
    now, _events = apply(state, player, first)
    outcome = None
    while now.phase == Phase.PLAY and now.players[now.current] == player:
        pending = now.pending
        if pending is None:
            break
        if pending is SECOND_CARD:
            step = _second_card(now, player, order)
        elif pending is TICKET_CHOICE:
            if order.keep != KEEP_ALL:
                outcome = TICKETS_TO_CHOOSE
                break
            step = KeepTickets(tuple(now.offered[now.current]))
        elif isinstance(pending, TunnelPending):
            step = _tunnel_answer(now, player, order, pending)
            if isinstance(step, DeclineTunnel):
                over = pending.extra > (order.tunnel_extra or 0)
                outcome = TUNNEL_OVER_LIMIT if over else NOT_ENOUGH_CARDS
        else:  # pragma: no cover (no other decision exists)
            break
        try:
            now, _events = apply(now, player, step)
        except IllegalMove:  # pragma: no cover (each step is picked from the legal ones)
            break
        actions.append(step)
    return tuple(actions), outcome


def _second_card(state: State, player: str, order: Order) -> Action:
    draws = list(legal_options(state, player, ActionType.DRAW_CARD))
    wanted = DrawCard("face_up", order.then) if order.then not in (None, DECK) else None
    for choice in (wanted, DrawCard(DECK)):
        if choice is not None and choice in draws:
            return choice
    return draws[0]  # the one the order did not foresee: the piles ran dry


def _tunnel_answer(state: State, player: str, order: Order, pending: TunnelPending) -> Action:
    if pending.extra > (order.tunnel_extra or 0):
        return DeclineTunnel()
    payments = [
        option
        for option in legal_options(state, player, ActionType.PAY_TUNNEL)
        if isinstance(option, PayTunnel)
    ]
    if not payments:
        return DeclineTunnel()
    return min(payments, key=lambda p: (_locomotives(p.cards), _kind_rank(p.cards)))


__all__ = [
    "CLAIM",
    "DECK",
    "FACE_UP",
    "KEEP_ALL",
    "KEEP_LOCOMOTIVES",
    "MAX_ORDERS",
    "ORDER_KINDS",
    "SKIP_CODES",
    "STATION",
    "TICKETS",
    "TICKETS_TO_CHOOSE",
    "TUNNEL_OVER_LIMIT",
    "TWO_BLIND",
    "MalformedOrder",
    "Order",
    "OrdersTurn",
    "Skip",
    "order_from_dict",
    "orders_from_list",
    "orders_turn",
    "turn_open_to_orders",
]
