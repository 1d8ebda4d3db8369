"""What each player built: one row per claimed route or built station, written with the move.

The engine state (game.state) stays the authority for play; these rows are the same facts
in a form a query can count (profiles, heat maps). They are written only by the move's
transaction (games/services/claims.py derives them from the move's events) and can be rebuilt from
the Move log: `python manage.py rebuild_claims --check`.
"""

from django.db import models


class Claim(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="claims")
    seat = models.ForeignKey("games.Seat", on_delete=models.CASCADE, related_name="claims")
    move = models.ForeignKey("games.Move", on_delete=models.CASCADE, related_name="claims")
    map_id = models.CharField("map", max_length=16)
    # A route (route_id, length) or a station (city): exactly one of the two is set.
    route_id = models.CharField("route", max_length=64, blank=True)
    length = models.PositiveSmallIntegerField(default=0)
    city = models.CharField("station city", max_length=64, blank=True)
    cards = models.JSONField(default=dict)  # colour -> count, every card paid
    # For a tunnel: the extra cards the reveal asked for (0 when it asked none); else null.
    tunnel_extra = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["game", "move__number", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(route_id="") & ~models.Q(city=""))
                | (~models.Q(route_id="") & models.Q(city="")),
                name="claim_is_a_route_or_a_station",
            ),
            models.UniqueConstraint(
                fields=["game", "route_id"],
                condition=~models.Q(route_id=""),
                name="one_claim_per_route",
            ),
            models.UniqueConstraint(
                fields=["game", "city"], condition=~models.Q(city=""), name="one_station_per_city"
            ),
        ]
        indexes = [
            models.Index(fields=["map_id", "route_id"]),
            models.Index(fields=["seat"]),
        ]

    def __str__(self) -> str:
        what = self.route_id or f"station in {self.city}"
        return f"game #{self.game_id}: {what} by seat {self.seat_id}"

    @property
    def is_station(self) -> bool:
        return bool(self.city)
