"""The only writers of a player's push subscriptions and webhooks.

Each address is checked (games.mail.outbound) before it is kept, and again before every
request. The profile's `reaches_elsewhere` follows whether any are left, so the move path
knows without reading them whether a message may go somewhere other than mail.
"""

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.mail_language import mail_language
from games.mail.compose import Short
from games.mail.delivery import Delivery, answered, delivery_record
from games.mail.hooks import hook_send
from games.mail.outbound import Refused, url_check
from games.mail.preferences import reaches_elsewhere_refresh
from games.mail.push import SubscriptionGone, push_send
from games.mail.send import failed_delivery
from games.mail.unsubscribe import ALL, unsubscribe_url
from games.models import Channel, DeliveryOutcome, PushSubscription, Webhook, WebhookFlavour
from games.models.reach import ENDPOINT_MAX_LENGTH
from games.refusals.errors import BadAddress

MAX_DEVICES = 20
MAX_WEBHOOKS = 5


def _checked(url: object) -> str:
    if not isinstance(url, str) or not url or len(url) > ENDPOINT_MAX_LENGTH or "\x00" in url:
        raise BadAddress(_("Give the full address, starting with https://."))
    try:
        url_check(url)
    except Refused as exc:
        raise BadAddress(exc.message) from None
    return url


def push_subscription_save(
    *, user: User, endpoint: object, p256dh: object, auth: object, device: object = ""
) -> PushSubscription:
    """Keep what a browser's PushManager.subscribe() gave (the same device again: its keys are
    replaced). A malformed subscription is refused with BadAddress, nothing kept."""
    endpoint = _checked(endpoint)
    keys = []
    for value in (p256dh, auth):
        if not isinstance(value, str) or not value or len(value) > 200 or "\x00" in value:
            raise BadAddress(_("This browser gave no keys for its notifications."))
        keys.append(value)
    p256dh, auth = keys
    device = device[:100].replace("\x00", "") if isinstance(device, str) else ""
    with transaction.atomic():
        if PushSubscription.objects.filter(user=user).count() >= MAX_DEVICES:
            raise BadAddress(
                _("At most %(n)d devices can have notifications.") % {"n": MAX_DEVICES}
            )
        subscription, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint,
            defaults={"user": user, "p256dh": p256dh, "auth": auth, "device": device},
        )
        reaches_elsewhere_refresh(user)
    return subscription


def push_subscription_delete(
    *, user: User, subscription_id: int | str | None = None, endpoint: str | None = None
) -> bool:
    """Remove one of the user's devices (by id, or by the endpoint the browser still has)."""
    rows = PushSubscription.objects.filter(user=user)
    try:
        rows = rows.filter(pk=int(subscription_id)) if subscription_id is not None else rows
    except (TypeError, ValueError, OverflowError):
        return False
    if endpoint is not None:
        rows = rows.filter(endpoint=endpoint)
    elif subscription_id is None:
        return False
    with transaction.atomic():
        deleted, _rows = rows.delete()
        reaches_elsewhere_refresh(user)
    return deleted > 0


def webhook_add(*, user: User, url: object, flavour: object) -> Webhook:
    if not isinstance(flavour, str) or flavour not in WebhookFlavour.values:
        raise BadAddress(_("Choose Discord, Slack or plain JSON."))
    url = _checked(url)
    with transaction.atomic():
        if Webhook.objects.filter(user=user).count() >= MAX_WEBHOOKS:
            raise BadAddress(_("At most %(n)d webhooks can be added.") % {"n": MAX_WEBHOOKS})
        webhook = Webhook.objects.create(user=user, url=url, flavour=flavour)
        reaches_elsewhere_refresh(user)
    return webhook


def webhook_delete(*, user: User, webhook_id: int | str) -> bool:
    try:
        rows = Webhook.objects.filter(user=user, pk=int(webhook_id))
    except (TypeError, ValueError, OverflowError):
        return False
    with transaction.atomic():
        deleted, _rows = rows.delete()
        reaches_elsewhere_refresh(user)
    return deleted > 0


def _target(
    model: type[Webhook] | type[PushSubscription], *, user: User, target_id: int | str
) -> Webhook | PushSubscription | None:
    try:
        return model.objects.filter(user=user, pk=int(target_id)).first()
    except (TypeError, ValueError, OverflowError):
        return None


def _test_short(user: User, channel: str) -> Short:
    page = reverse("settings") + ("#webhooks" if channel == Channel.WEBHOOK else "#devices")
    return Short(
        title=_("Ticket to Ride by turns"),
        text=_("A test message: your turn notices will arrive here."),
        url=f"{settings.SITE_URL}{page}",
        off_url=unsubscribe_url(user, ALL, channel),
        game_id=None,
    )


def delivery_test(*, user: User, channel: str, target_id: int | str) -> Delivery | None:
    """Send a test message to one of the user's webhooks or devices now, paused or not, and
    keep how it went as its last delivery; None when it is not theirs. A device its push
    service no longer knows is removed."""
    model = Webhook if channel == Channel.WEBHOOK else PushSubscription
    target = _target(model, user=user, target_id=target_id)
    if target is None:
        return None
    with translation.override(mail_language(user)):
        short = _test_short(user, channel)
        try:
            if isinstance(target, Webhook):
                answer = hook_send(target, short, kind="test")
            else:
                message = {
                    "title": short.title,
                    "body": short.text,
                    "url": short.url,
                    "off": short.off_url,
                    "off_label": _("Turn these off"),
                    "tag": "test",
                    "lang": translation.get_language(),
                }
                answer = push_send(target, message)
            delivery = answered(answer.status_code, answer.reason)
        except SubscriptionGone:
            push_subscription_delete(user=user, subscription_id=target.pk)
            return Delivery(DeliveryOutcome.ANSWERED, 410, "Gone")
        except Exception as exc:  # every failure is shown, none raised
            delivery = failed_delivery(exc)
    with transaction.atomic():
        delivery_record(target, delivery, now=timezone.now(), pausing=False)
    return delivery


def delivery_resume(*, user: User, channel: str, target_id: int | str) -> bool:
    """Send to a paused webhook or device again, its count of failures started afresh."""
    model = Webhook if channel == Channel.WEBHOOK else PushSubscription
    rows = model.objects.filter(user=user, paused_at__isnull=False)
    try:
        rows = rows.filter(pk=int(target_id))
    except (TypeError, ValueError, OverflowError):
        return False
    return rows.update(paused_at=None, failures=0, failing_since=None) > 0
