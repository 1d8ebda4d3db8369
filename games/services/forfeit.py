"""A seat that ran out of time is forfeited: called by the deadline sweep (a Celery task).

A move made at the last second and the sweep may arrive together; the row lock
puts them in line and everything is re-checked under it, so exactly one wins:
if the move came first the turn has passed and this does nothing; if the
forfeit came first the move's version is stale and it is refused. A move that
arrives after the deadline but before the sweep is still accepted.
"""

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import engine

from .locking import lock_game
from .transition import record_transition

log = logging.getLogger(__name__)

FORFEIT_ACTION = {"type": "forfeit"}


def game_forfeit(*, game_id: int, seat_id: int, reason: str, now: datetime | None = None):
    """Forfeit the seat if, under the lock, its deadline has really passed; else do nothing.

    Returns the forfeit Move, or None when there was nothing to do (already moved,
    already forfeited, game over, deadline not reached): safe to call twice.
    When fewer than two players remain the engine ends the game and the last one
    standing wins; when every player still in the game is overdue too (nobody kept
    their opening tickets), the game is aborted instead: no one won it.
    """
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        game = lock_game(game_id)
        if not game.is_active:
            return None
        seats = list(game.seats.select_related("user"))
        seat = next((s for s in seats if s.pk == int(seat_id)), None)
        if seat is None or seat.forfeited or not seat.to_move:
            return None
        if seat.deadline is None or seat.deadline > now:
            return None
        # Overdue: every seat that had to act by now and has not.
        overdue = {
            s.pk
            for s in seats
            if s.to_move and not s.forfeited and s.deadline and s.deadline <= now
        }
        survivors = [s for s in seats if not s.forfeited and s.pk != seat.pk]
        move = seat_leaves(
            game=game,
            seats=seats,
            seat=seat,
            action=dict(FORFEIT_ACTION),
            now=now,
            abort_if_over=all(s.pk in overdue for s in survivors),
        )
        log.info("game %s: seat %s forfeited (%s)", game.pk, seat.pk, reason)
    return move


def seat_leaves(*, game, seats, seat, action: dict, now: datetime, abort_if_over: bool):
    """The seat is out of the game from now on (its routes stay): the engine passes its turn,
    or ends the game when fewer than two are left. The game row must be locked.

    With `abort_if_over`, a game this ends is aborted rather than finished (nobody who is
    left has kept the clock either)."""
    state = engine.State.from_dict(game.state)
    previous = engine.player_view(state, None)
    new_state, events = engine.forfeit(state, seat.player_id)
    seat.forfeited_at = now
    seat.save(update_fields=["forfeited_at", "resigned"])
    # The engine passes the turn; the seat's own clock stops here.
    ends_game = new_state.phase == engine.Phase.GAME_OVER
    return record_transition(
        game=game,
        seats=seats,
        seat=seat,
        action=action,
        new_state=new_state,
        events=events,
        previous=previous,
        now=now,
        abort_if_over=ends_game and abort_if_over,
    )
