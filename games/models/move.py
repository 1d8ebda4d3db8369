"""The append-only move log: replaying it from the game's seed rebuilds the state."""

from django.db import models


class Move(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField()
    # Null for moves made by the site itself; a forfeit names the forfeited seat.
    seat = models.ForeignKey(
        "games.Seat", on_delete=models.PROTECT, related_name="moves", null=True, blank=True
    )
    action = models.JSONField()
    events = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    # Played by the seat's standing orders (said to everyone in the log), not by hand.
    by_order = models.BooleanField(default=False, db_default=False)
    # The game's version this move brought it to: the page's parts read what changed in a
    # version from its move's events (games.web.views.parts). Null for moves written before.
    version = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="unique_move_number"),
        ]

    def __str__(self) -> str:
        return f"game #{self.game_id} move {self.number}: {self.action.get('type')}"
