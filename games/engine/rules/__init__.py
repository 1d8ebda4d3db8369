"""apply(state, player, action) -> (new_state, events): the one entry point of the rules.

Checks run in a fixed order (who must act now: game over, unknown or forfeited player,
opening, whose turn; then the pending decision) before the action's own rule module takes
over.
"""

from __future__ import annotations

from typing import Any, cast

from ..actions import (
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
from ..board import board
from ..enums import EventType, Phase
from ..errors import IllegalMove
from ..legal import PASS, legal_action_kinds
from ..seats import acting_seat, not_acting
from ..state import SECOND_CARD, TICKET_CHOICE, State
from .claims import claim_route
from .draft import STATE, Draft, copy_fields, thaw
from .draws import draw_card, usual_draw
from .stations import build_station
from .tickets import draw_tickets, keep_tickets
from .tunnels import decline_tunnel, pay_tunnel
from .turns import end_turn


def apply(state: State, player: str, action: Action) -> tuple[State, list[dict[str, Any]]]:
    """The state after `player` takes `action`, and the events it caused, each with the
    number of the turn it happened in (`turn`). The turn changed with the move exactly when
    the new state's `turn` differs from the old one's (a turn_passed event names who is next).

    Raises IllegalMove if the game is over, `player` is not in it or not to act now, or the
    rules do not allow `action` now (its `code` says which; `malformed_action` if `action`
    is not an Action); `state` is never changed either way.
    """
    kind = type(action)
    seat = state.current
    pending = state.pending
    if (  # the current player starts a turn or draws a second card (acting_seat's usual
        # case, written out: this runs for every action; `is`, since a StrEnum's == is
        # Python's slow generic compare, and a phase given as a plain string simply takes
        # the longer way)
        state.phase is _PLAY
        and state.players[seat] == player
        and not state.forfeited[seat]
        and (kind is DrawCard if pending is SECOND_CARD else pending is None)
        and kind not in _ANSWERS
    ):
        if kind is DrawCard:
            d = copy_fields(state)
            events = usual_draw(d, seat, player, cast(DrawCard, action), pending is not None)
            if events is not None:
                d.__class__ = STATE  # d.freeze(), written out (no events slot set)
                return d, events
            # something else happens: the whole rule from the start, on a new draft
    else:
        acting = acting_seat(state, player)
        if acting is None:
            raise not_acting(state, player, action)
        seat = acting
        _check_pending(state, kind)
    d = thaw(state)
    events = d.events
    if kind is DrawCard:
        draw_card(d, seat, cast(DrawCard, action))
    elif kind is ClaimRoute:
        claim_route(d, board(state.map_id), seat, cast(ClaimRoute, action))
    elif kind is KeepTickets:
        keep_tickets(d, board(state.map_id), seat, cast(KeepTickets, action))
    elif kind is DrawTickets:
        draw_tickets(d, seat)
    elif kind is BuildStation:
        build_station(d, board(state.map_id), seat, cast(BuildStation, action))
    elif kind is PayTunnel:
        pay_tunnel(d, board(state.map_id), seat, cast(PayTunnel, action))
    elif kind is DeclineTunnel:
        decline_tunnel(d, board(state.map_id), seat)
    elif kind is Pass:
        _pass(state, d, player)
    else:
        raise IllegalMove(
            "malformed_action", f"{action!r} is not an action", variant="not_an_action"
        )
    turn = state.turn  # every event says the turn it happened in (a turn_passed ends it)
    for event in events:
        event["turn"] = turn
    del d.events  # d.freeze(), written out: this runs for every action
    d.__class__ = STATE
    return d, events


_PLAY = Phase.PLAY


# The actions that only answer a pending decision.
_ANSWERS = frozenset((PayTunnel, DeclineTunnel, KeepTickets))


def _check_pending(state: State, kind: type) -> None:
    """A pending decision allows only the actions that answer it (the opening's only
    decision is the ticket choice)."""
    pending = state.pending
    if state.phase == Phase.INITIAL_TICKETS:
        if kind is not KeepTickets:
            raise IllegalMove(
                "tickets_pending",
                "Everyone first chooses which destination tickets to keep.",
                variant="opening",
            )
    elif pending is None:
        if kind is PayTunnel or kind is DeclineTunnel:
            raise IllegalMove("no_tunnel_pending", "You have no tunnel to pay for.")
        if kind is KeepTickets:
            raise IllegalMove(
                "nothing_to_keep", "You have no tickets to choose from.", variant="none_offered"
            )
    elif pending is SECOND_CARD:
        if kind is not DrawCard:
            raise IllegalMove("draw_second_card", "Draw your second train card.")
    elif pending is TICKET_CHOICE:
        if kind is not KeepTickets:
            raise IllegalMove(
                "tickets_pending", "Choose which of the drawn tickets to keep.", variant="drawn"
            )
    elif kind is not PayTunnel and kind is not DeclineTunnel:
        raise IllegalMove("tunnel_pending", "Pay the tunnel's extra cards or decline it.")


def _pass(state: State, d: Draft, player: str) -> None:
    if legal_action_kinds(state, player) != (PASS,):
        raise IllegalMove("pass_not_allowed", "You can only pass when you have no other move.")
    d.events.append({"type": EventType.PASSED, "player": player})
    end_turn(d, passed=True)
