"""A seat's standing orders: the plan its player leaves for their next turn (games.engine.orders).

Hidden information until played: only its owner reads it. Once the turn came it stays as
the record of what happened (which instruction was played, why the earlier ones were not),
shown to its owner alone, until they set new orders.
"""

from django.db import models


class OrdersStatus(models.TextChoices):
    STANDING = "standing"  # waits for the seat's next turn
    PLAYED = "played"  # an instruction was played (the move is `played_move`)
    NONE_PLAYABLE = "none_playable"  # the turn came and no instruction was legal and payable


class StandingOrders(models.Model):
    seat = models.OneToOneField(
        "games.Seat", on_delete=models.CASCADE, related_name="standing_orders"
    )
    # The instructions, in their JSON form (games.engine.orders.Order.to_dict), first first.
    orders = models.JSONField(default=list)
    status = models.CharField(
        max_length=16, choices=OrdersStatus.choices, default=OrdersStatus.STANDING
    )
    set_at = models.DateTimeField()
    # Once the turn came: when, the first move the order made, and the engine's report
    # ({"played": index or None, "skipped": [[index, code], ...], "outcome": code or None}).
    done_at = models.DateTimeField(null=True, blank=True)
    played_move = models.ForeignKey(
        "games.Move", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    report = models.JSONField(default=dict, blank=True)

    def __str__(self) -> str:
        return f"orders of seat {self.seat_id} ({self.status})"
