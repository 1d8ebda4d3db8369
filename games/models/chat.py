"""Table chat: short plain-text messages per game, and players' reports of them."""

from django.conf import settings
from django.db import models

CHAT_MAX_LENGTH = 500

# Something to read: one character that is not a space. Python (which trims the text) and
# JSON Schema's regular expressions (ECMA-262) count different characters as spaces (NEL
# and the information separators for Python, the byte order mark for ECMA), so the one
# pattern names both, and the server and the schema agree on every text.
SOMETHING_TO_READ = r"[^\s\x1c-\x1f\x85\ufeff]"


class ChatMessage(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="chat")
    seat = models.ForeignKey("games.Seat", on_delete=models.CASCADE, related_name="chat")
    text = models.CharField(max_length=CHAT_MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # Hidden by a moderator (from the admin's reports): shown to nobody any more.
    hidden = models.BooleanField(default=False)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["game", "created_at"])]

    def __str__(self) -> str:
        return f"game #{self.game_id}: {self.text[:60]}"


class ChatReport(models.Model):
    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_reports"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="one_report_per_reader"),
        ]

    def __str__(self) -> str:
        return f"report of message #{self.message_id} by {self.reporter}"
