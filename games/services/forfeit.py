"""A seat that ran out of time is forfeited: called by the deadline sweep (a Celery task).

A move made at the last second and the sweep may arrive together; the row lock
puts them in line and everything is re-checked under it, so exactly one wins:
if the move came first the turn has passed and this does nothing; if the
forfeit came first the move's version is stale and it is refused. A move that
arrives after the deadline but before the sweep is still accepted.
"""

import logging
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine
from games.mail import notify
from games.models import BotLevel, Game, Move, Seat
from games.selectors.replay import FORFEIT_ACTION
from games.services.events import game_version_bump, position_announce

from .clock import game_set_deadlines
from .finish import game_abort
from .locking import game_lock
from .transition import game_position, move_record

log = logging.getLogger(__name__)

# The level of the bot that plays on the seat of a player who left.
TAKEOVER_LEVEL = BotLevel.CASUAL


def game_forfeit(
    *, game_id: int, seat_id: int, reason: str, now: datetime | None = None
) -> Move | Seat | None:
    """Forfeit the seat if, under the lock, its deadline has really passed; else do nothing.

    Returns the forfeit Move (or the seat, when a bot takes it over), or None when there
    was nothing to do (already moved,
    already forfeited, game over, deadline not reached): safe to call twice.
    When fewer than two players remain the engine ends the game and the last one
    standing wins; when every player still in the game is overdue too (nobody kept
    their opening tickets), the game is aborted instead: no one won it.
    """
    now = now or timezone.now()
    with transaction.atomic(durable=True):
        game = game_lock(game_id=game_id)
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


def seat_leaves(
    *,
    game: Game,
    seats: list[Seat],
    seat: Seat,
    action: dict[str, Any],
    now: datetime,
    abort_if_over: bool,
) -> Move | Seat:
    """The seat is out of the game from now on (its routes stay): the engine passes its turn,
    or ends the game when fewer than two are left; or, when the game's creator chose so and
    people are still playing, a bot plays the seat on. A game only bots would play on ends
    without a result. The game row must be locked.

    With `abort_if_over`, a game this ends is aborted rather than finished (nobody who is
    left has kept the clock either)."""
    people_left = [s for s in seats if s.pk != seat.pk and not s.forfeited and not s.bot_level]
    if game.bot_takeover and people_left:
        return take_over_seat(game=game, seats=seats, seat=seat, now=now)
    state = game_position(game=game)
    previous = engine.player_view(state, None)
    new_state, events = engine.forfeit(state, seat.player_id)
    events = _told_leaving(events, resigned=bool(action.get("resigned")))
    seat.forfeited_at = now
    seat.save(update_fields=["forfeited_at", "resigned"])
    # The engine passes the turn; the seat's own clock stops here.
    ends_game = new_state.phase == engine.Phase.GAME_OVER
    move = move_record(
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
    if game.is_active and not people_left:
        # Only bots would play on, for nobody: the game ends without a result.
        game_abort(game=game, seats=seats, now=now)
    return move


def _told_leaving(events: list[dict[str, Any]], *, resigned: bool) -> list[dict[str, Any]]:
    """The engine's events of a seat leaving, with what the log tells and the engine does not
    know: that the player resigned (rather than ran out of time), and that a game this ends
    is won by the last player left, not on points (games/log_sentences.py)."""
    told = []
    for event in events:
        kind = event.get("type")
        if kind == engine.EventType.PLAYER_FORFEITED and resigned:
            event = {**event, "resigned": True}
        elif kind == engine.EventType.GAME_OVER:
            event = {**event, "last_left": True}
        told.append(event)
    return told


def take_over_seat(*, game: Game, seats: list[Seat], seat: Seat, now: datetime) -> Seat:
    """The player is out (last place in the ratings), and a bot plays their seat on, with its
    hand and tickets: the engine does not hear of it. The game row must be locked."""
    seat.forfeited_at = now
    seat.bot_level = TAKEOVER_LEVEL
    seat.deadline = None
    seat.save(update_fields=["forfeited_at", "resigned", "bot_level", "deadline"])
    game_set_deadlines(game=game, seats=seats)
    for other in seats:
        if other.pk != seat.pk:
            other.save(update_fields=["deadline"])
    game_version_bump(game=game)
    game.save(update_fields=["version", "deadline"])
    notify.on_seat_left(game, seats, seat)
    position_announce(game=game, seats=seats, state=game_position(game=game))
    log.info("game %s: a %s bot took over seat %s", game.pk, TAKEOVER_LEVEL, seat.pk)
    return seat
