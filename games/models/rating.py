"""Ratings: the current rating per user and board, and the history row each game adds."""

from django.conf import settings
from django.db import models

OVERALL = "overall"


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    board = models.CharField(max_length=16)  # "overall", "usa" or "europe"
    mu = models.FloatField()
    sigma = models.FloatField()
    shown = models.FloatField(db_index=True)  # mu - 3 sigma
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "board"], name="one_rating_per_board"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.board}: {self.shown:.0f}"


class RatingChange(models.Model):
    """Never rewritten: the rebuild command must reproduce these rows exactly."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.ForeignKey("games.Seat", on_delete=models.CASCADE, related_name="rating_changes")
    board = models.CharField(max_length=16)
    place = models.PositiveSmallIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    shown_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    shown_after = models.FloatField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "game_id", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat", "board"], name="one_change_per_seat_and_board"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.board} {self.shown_before:.0f}→{self.shown_after:.0f}"
