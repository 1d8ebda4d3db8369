"""The analysis of a finished game: the Strong bot's view of each decision, made by a task.

One per game. `result` holds only what anyone who may see the finished game may know: the
public part of each move played and of the bot's choice (never the cards of a claim), the
estimated final points and their spread, and every player's estimated final score as the
deciding seat saw it then (games.bots.analysis).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy


class AnalysisStatus(models.TextChoices):
    QUEUED = "queued", pgettext_lazy("analysis status", "Waiting")
    RUNNING = "running", pgettext_lazy("analysis status", "Running")
    DONE = "done", pgettext_lazy("analysis status", "Done")
    FAILED = "failed", pgettext_lazy("analysis status", "Failed")


class GameAnalysis(models.Model):
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="analysis")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    status = models.CharField(
        max_length=16, choices=AnalysisStatus.choices, default=AnalysisStatus.QUEUED
    )
    decisions_done = models.PositiveIntegerField(default=0)
    decisions_total = models.PositiveIntegerField(default=0)
    # The budget it was made with: the Strong bot's simulated actions per decision, and the
    # rollouts of each move to the end of the game.
    bot_budget = models.PositiveIntegerField(default=0)
    rollouts = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"analysis of game #{self.game_id} ({self.status})"

    @property
    def is_done(self) -> bool:
        return self.status == AnalysisStatus.DONE

    @property
    def percent(self) -> int:
        if not self.decisions_total:
            return 0
        return min(100, round(100 * self.decisions_done / self.decisions_total))
