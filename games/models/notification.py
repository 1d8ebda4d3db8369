"""Mails owed to players: recorded in the move's transaction, sent after commit.

The row is the proof that a mail was queued (so a reminder is never sent twice)
and the safety net when the broker is down (the sweep sends what is unsent).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy


class NotificationKind(models.TextChoices):
    YOUR_TURN = "your_turn", pgettext_lazy("mail kind", "Your turn")
    REMINDER = "reminder", pgettext_lazy("mail kind", "Reminder")
    LAST_WARNING = "last_warning", pgettext_lazy("mail kind", "Last warning")
    FORFEIT = "forfeit", pgettext_lazy("mail kind", "Forfeit")
    RESULT = "result", pgettext_lazy("mail kind", "Result")
    DIGEST = "digest", pgettext_lazy("mail kind", "Daily digest")
    INVITATION = "invitation", pgettext_lazy("mail kind", "Invitation")
    CHAT = "chat", pgettext_lazy("mail kind", "Chat")
    ORDER_PLAYED = "order_played", pgettext_lazy("mail kind", "Your order was played")


class Channel(models.TextChoices):
    """How a notification reaches its reader. A mail row is the reason itself; a push or
    webhook row is written from it when it is sent, one per device or webhook."""

    MAIL = "mail", pgettext_lazy("notification channel", "Mail")
    PUSH = "push", pgettext_lazy("notification channel", "Browser notifications")
    WEBHOOK = "webhook", pgettext_lazy("notification channel", "Webhooks")


class Notification(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.CASCADE,
        related_name="notifications",
        null=True,
        blank=True,
    )
    kind = models.CharField(max_length=16, choices=NotificationKind.choices)
    channel = models.CharField(max_length=8, choices=Channel.choices, default=Channel.MAIL)
    # The device or webhook of a push or webhook row: removing it removes what it still owed.
    push_subscription = models.ForeignKey(
        "games.PushSubscription", on_delete=models.CASCADE, null=True, blank=True
    )
    webhook = models.ForeignKey("games.Webhook", on_delete=models.CASCADE, null=True, blank=True)
    # One row per distinct reason to mail, e.g. "reminder:12:v40:user7".
    key = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Not sent before this moment (a your-turn mail waits while the player may still be
    # at the table); null: at once.
    not_before = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True, db_index=True)
    skipped = models.BooleanField(default=False)  # the user's preferences said no
    attempts = models.PositiveSmallIntegerField(default=0)
    # When the mail server was last tried: the resend sweep waits a while after a failure.
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user} ({'sent' if self.sent_at else 'pending'})"
