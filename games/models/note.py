"""A player's private note on one game: only its writer ever sees it."""

from django.db import models

NOTE_MAX_LENGTH = 10_000


class PrivateNote(models.Model):
    seat = models.OneToOneField("games.Seat", on_delete=models.CASCADE, related_name="note")
    text = models.TextField(blank=True, max_length=NOTE_MAX_LENGTH)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"note of seat #{self.seat_id}"  # never the text: admin lists show this
