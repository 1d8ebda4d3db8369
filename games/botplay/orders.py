"""Play a seat's standing orders when its turn begins, after commit, as a bot's turn is
played (games.botplay.queue): the services announce each new position; when it begins the
turn of a seat whose orders stand, a task (games.botplay.tasks.play_standing_orders) plays
them against that version. A broker that is down loses nothing: the minute sweep
(games.heartbeat.sweeps.play_stalled_orders) plays orders nothing has played."""

from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.db.models import Max

from games import engine
from games.botplay.queue import task_publish
from games.botplay.tasks import play_standing_orders
from games.engine.orders import turn_open_to_orders
from games.models import Move, Seat
from games.models.game import ACTIVE_STATUSES
from games.services.events import position_changed


def seat_with_orders_to_play(state: "engine.State", seats) -> Seat | None:
    """The seat whose turn has just begun, if its standing orders wait for it."""
    return next(
        (
            seat
            for seat in seats
            if seat.orders_standing
            and not seat.bot_level
            and turn_open_to_orders(state, seat.player_id)
        ),
        None,
    )


def queue_standing_orders(sender, *, game, seats, state: "engine.State", **_) -> None:
    if not game.is_active:
        return
    seat = seat_with_orders_to_play(state, seats)
    if seat is not None:
        transaction.on_commit(partial(publish, game.pk, seat.pk, game.version))


def publish(game_id: int, seat_id: int, version: int) -> bool:
    """Hand the orders to a worker."""
    return task_publish(
        play_standing_orders,
        (game_id, seat_id, version),
        lost=f"the orders of seat {seat_id} in game {game_id}; the minute sweep will play them",
    )


def stalled_order_seats(now: datetime, after: timedelta):
    """(seat, game version) of every seat whose standing orders wait at the start of its
    turn where nothing has moved for `after`: their task was lost or its worker died."""
    seats = Seat.objects.filter(
        to_move=True, orders_standing=True, game__status__in=ACTIVE_STATUSES, bot_level=""
    )
    stalled = []
    for seat in seats.select_related("game"):
        last = Move.objects.filter(game_id=seat.game_id).aggregate(last=Max("created_at"))["last"]
        if last is None or last <= now - after:
            stalled.append((seat, seat.game.version))
    return stalled


position_changed.connect(queue_standing_orders, dispatch_uid="games.botplay.orders")
