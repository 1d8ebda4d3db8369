"""A player's time away: the days they set on the settings page, as moments in their zone.

Written only by games/services/vacation.py (it also moves the clocks of their games); the
clocks read it through games/selectors/vacations.py.
"""

from django.conf import settings
from django.db import models


class Vacation(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    # The days away, in the player's own calendar; a return before the last day moves
    # `last_day` back to the day of return (the days after it are not used).
    first_day = models.DateField()
    last_day = models.DateField()
    # The same span as moments: from the first day's start (or the moment it was set, for
    # a vacation starting today) to the end of the last day (or the moment of return).
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(db_index=True)
    # The open pages of the player's games were told that the time away began, and that it
    # ended (games.services.vacation.vacation_tell: their "away until" changes then).
    told_started = models.BooleanField(default=False)
    told_ended = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["starts_at"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(last_day__gte=models.F("first_day")),
                name="vacation_days_in_order",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} away {self.first_day}–{self.last_day}"
