"""Destination tickets: the opening keep, drawing three mid-game, keeping at least one."""

from __future__ import annotations

from ..actions import KeepTickets
from ..board import Board
from ..enums import EventType, Phase
from ..errors import IllegalMove
from ..maps import LATER_KEEP, OPENING_KEEP, TICKETS_PER_DRAW
from ..state import TICKET_CHOICE
from .draft import Draft
from .turns import end_turn, finish_game, next_active


def draw_tickets(d: Draft, seat: int) -> None:
    if not d.ticket_deck:
        raise IllegalMove("no_tickets_to_draw", "The destination ticket deck is empty.")
    drawn = d.ticket_deck[:TICKETS_PER_DRAW]
    d.ticket_deck = d.ticket_deck[TICKETS_PER_DRAW:]
    d.set_seat("offered", seat, drawn)
    d.pending = TICKET_CHOICE
    d.events.append(
        {"type": EventType.TICKETS_DRAWN, "player": d.players[seat], "count": len(drawn)}
    )


def keep_tickets(d: Draft, board: Board, seat: int, action: KeepTickets) -> None:
    offered = d.offered[seat]
    kept = action.tickets
    opening = d.phase == Phase.INITIAL_TICKETS
    if len(set(kept)) != len(kept):
        raise IllegalMove("not_offered", "Name each ticket you keep once.", variant="named_twice")
    for ticket in kept:
        if ticket not in offered:
            raise IllegalMove(
                "not_offered",
                f"The ticket {ticket!r} was not offered to you.",
                variant="not_offered",
                ticket=repr(ticket),
            )
    least = min(OPENING_KEEP if opening else LATER_KEEP, len(offered))
    if len(kept) < least:
        raise IllegalMove(
            "keep_at_least", f"Keep at least {least} of the offered tickets.", count=least
        )
    returned = tuple(t for t in offered if t not in kept)
    d.set_seat("tickets", seat, d.tickets[seat] + tuple(t for t in offered if t in kept))
    d.set_seat("offered", seat, ())
    if not (opening and board.map.has_stations):
        d.ticket_deck += returned  # returned tickets go under the deck (Europe opening: out)
    d.events.append(
        {
            "type": EventType.TICKETS_KEPT,
            "player": d.players[seat],
            "count": len(kept),
            "returned": len(returned),
        }
    )
    if opening:
        start_play_if_ready(d)
    else:
        end_turn(d)


def start_play_if_ready(d: Draft) -> None:
    """When every active player has kept opening tickets, the first player moves first."""
    if any(offer and not out for offer, out in zip(d.offered, d.forfeited, strict=True)):
        return
    if len(d.players) - sum(d.forfeited) < 2:
        finish_game(d)
        return
    d.phase = Phase.PLAY
    if d.forfeited[d.current]:
        d.current = next_active(d, d.current)
    d.turn += 1  # the opening was turn 1, everyone's at once
    d.events.append({"type": EventType.TURN_PASSED, "player": d.players[d.current]})
