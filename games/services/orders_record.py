"""What a move does to its seat's standing orders, inside the move's transaction (the game
and its seats locked): a move by hand drops them; the first move an order plays closes them
with the engine's report, for their owner to read."""

from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from games.mail.keys import order_key
from games.mail.outbox import record
from games.models import Move, NotificationKind, OrdersStatus, Seat, StandingOrders


@dataclass(frozen=True)
class OrderStep:
    """A move played by the standing orders of `seat_id`: `first` for the move that begins
    the turn (it needs the orders still standing, and closes them with `report`)."""

    seat_id: int
    first: bool
    report: dict[str, Any] = field(default_factory=dict)


def orders_drop_locked(*, seat: Seat) -> None:
    """The player moved by hand: orders standing for this turn are dropped."""
    if not seat.orders_standing:
        return
    StandingOrders.objects.filter(seat=seat, status=OrdersStatus.STANDING).delete()
    seat.orders_standing = False
    Seat.objects.filter(pk=seat.pk).update(orders_standing=False)


def orders_close_locked(*, seat: Seat, report: dict[str, Any], move: Move | None) -> None:
    """The turn came: the orders are done, played (with the move they made) or not."""
    status = OrdersStatus.PLAYED if move is not None else OrdersStatus.NONE_PLAYABLE
    StandingOrders.objects.filter(seat=seat, status=OrdersStatus.STANDING).update(
        status=status, report=report, played_move=move, done_at=timezone.now()
    )
    seat.orders_standing = False
    Seat.objects.filter(pk=seat.pk).update(orders_standing=False)
    if move is not None:  # its owner hears what was played (and the game as it is now)
        record(
            user=seat.user,
            game=seat.game,
            kind=NotificationKind.ORDER_PLAYED,
            key=order_key(game_id=seat.game_id, move_id=move.pk, user_id=seat.user_id),
        )
