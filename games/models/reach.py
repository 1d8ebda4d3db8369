"""Where a player hears of their games besides mail: a browser's push subscription (one per
device that turned it on) and webhooks (Discord, Slack or plain JSON)."""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

ENDPOINT_MAX_LENGTH = 1000


class DeliveryOutcome(models.TextChoices):
    """How the last message to a device or webhook went."""

    DELIVERED = "delivered"
    ANSWERED = "answered"  # the receiver answered with an error status
    UNREACHABLE = "unreachable"  # no answer: refused connection, timeout, cut off
    REFUSED = "refused"  # the address may not be called (games.mail.outbound)


class DeliveryRecord(models.Model):
    """The last delivery to a device or webhook, told on the settings page, and its pause:
    one that fails again and again for a day gets nothing more until its owner resumes it."""

    last_delivery_at = models.DateTimeField(null=True, blank=True)
    last_outcome = models.CharField(max_length=12, choices=DeliveryOutcome.choices, blank=True)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True)  # the HTTP status
    last_detail = models.CharField(max_length=200, blank=True)  # the receiver's words
    # Failed deliveries in a row, and when the first of them was.
    failures = models.PositiveIntegerField(default=0)
    failing_since = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def last_ok(self) -> bool:
        return self.last_outcome == DeliveryOutcome.DELIVERED


class PushSubscription(DeliveryRecord):
    """What a browser's PushManager.subscribe() gave: the push service's address for this
    device and the keys its messages are encrypted with. Deleted when the player turns push
    off there, or when the push service says the subscription is gone (404/410)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=ENDPOINT_MAX_LENGTH, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    # A name for the player to tell their devices apart ("Firefox on Linux").
    device = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"push subscription #{self.pk} of {self.user}"  # never the endpoint

    @property
    def subscription_info(self) -> dict:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class WebhookFlavour(models.TextChoices):
    DISCORD = "discord", "Discord"
    SLACK = "slack", "Slack"
    JSON = "json", _("Plain JSON")


def new_webhook_secret() -> str:
    return secrets.token_urlsafe(32)


class Webhook(DeliveryRecord):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhooks"
    )
    flavour = models.CharField(max_length=8, choices=WebhookFlavour.choices)
    url = models.URLField(max_length=ENDPOINT_MAX_LENGTH)
    # Signs a plain-JSON message (X-Signature-256), so its receiver can tell it came from here.
    secret = models.CharField(max_length=64, default=new_webhook_secret, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.flavour} webhook #{self.pk} of {self.user}"  # the URL is a secret too
