"""A player leaves: marked out and skipped from then on; their routes and stations stay."""

from __future__ import annotations

from typing import Any

from ..board import board
from ..enums import EventType, Phase
from ..seats import active_seat
from ..state import State, TunnelPending
from .draft import Draft, thaw
from .tickets import start_play_if_ready
from .tunnels import return_tunnel_cards
from .turns import finish_game, next_active, previous_active


def forfeit(state: State, player: str) -> tuple[State, list[dict[str, Any]]]:
    """The state after `player` leaves the game (at any moment, in turn or not), and its events.

    Raises IllegalMove if the game is over (`game_over`), `player` is not in it
    (`unknown_player`) or has already left (`player_forfeited`).
    """
    seat = active_seat(state, player)
    d = thaw(state)
    europe = board(state.map_id).map.has_stations
    offered = d.offered[seat]
    if offered and not (europe and d.phase == Phase.INITIAL_TICKETS):
        d.ticket_deck += offered  # offered tickets go back under the deck (Europe opening: out)
    d.set_seat("offered", seat, ())
    d.set_seat("forfeited", seat, True)
    d.events.append({"type": EventType.PLAYER_FORFEITED, "player": player})
    if len(d.players) - sum(d.forfeited) < 2:
        if isinstance(d.pending, TunnelPending) and d.current == seat:
            return_tunnel_cards(d, seat)
        finish_game(d)
    elif d.phase == Phase.INITIAL_TICKETS:
        start_play_if_ready(d)
    elif d.current == seat:
        _leave_mid_turn(d, seat)
    elif d.last_round_ends_after == seat:
        # The last turn now falls to the active player seated before the one who left.
        d.last_round_ends_after = previous_active(d, seat)
    events = d.events
    for event in events:
        event["turn"] = state.turn
    return d.freeze(), events


def _leave_mid_turn(d: Draft, seat: int) -> None:
    if isinstance(d.pending, TunnelPending):
        return_tunnel_cards(d, seat)
    d.pending = None
    if d.last_round_ends_after == seat:
        finish_game(d)  # theirs was the very last turn
        return
    d.current = next_active(d, seat)
    d.turn += 1
    d.events.append({"type": EventType.TURN_PASSED, "player": d.players[d.current]})
