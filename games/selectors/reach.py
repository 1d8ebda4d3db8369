"""A player's own push devices and webhooks, for their settings page (never anyone else's)."""

from games.models import PushSubscription, Webhook


def push_subscription_list(*, user):
    return PushSubscription.objects.filter(user=user)


def webhook_list(*, user):
    return Webhook.objects.filter(user=user)
