"""Sending one outbox row, exactly once, by mail, browser push or webhook.

The row is locked while the mail goes out, so a retried task, a repeated
sweep and the original task cannot both send it: whoever comes second sees
sent_at and stops. Before sending, the mail is checked to still be true (a
reminder for a turn the player has since played is dropped, not sent), and a
your-turn mail is dropped when the player is looking at the game right now.
A row whose not_before is still ahead is left alone: its own task or the resend
sweep comes back for it.

A mail row is the reason itself. When it goes out (or would, were mail on), it first writes a
row per device (push) and webhook the player has for that kind, each queued after commit and
sent, retried and recorded like a mail: so one device's failure never sends twice to another.
A push service's 404/410 removes the subscription (and what it still owed).
"""

import logging
from datetime import datetime
from functools import partial

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.email_status import has_confirmed_email
from accounts.mail_language import mail_language
from accounts.models import profile_for
from games.live.presence import seen_since
from games.models import (
    Channel,
    DeliveryOutcome,
    Notification,
    PushSubscription,
    Seat,
    Webhook,
)
from games.models import NotificationKind as Kind

from .compose import Mail, Short, compose, compose_short
from .delivery import (
    Delivery,
    answered,
    delivery_record,
    delivery_sentence,
    error_words,
    paused_target,
)
from .digest import digest_entries
from .hooks import HookProblem, HookRefused, hook_send
from .keys import elsewhere_key, parse_key, turn_stamp
from .outbound import Refused
from .preferences import reaches_elsewhere_refresh, wants, wants_elsewhere
from .push import PushFailed, SubscriptionGone, push_send
from .queue import queue_send
from .related import MailWithPictures

log = logging.getLogger(__name__)

SENT = "sent"
ALREADY_DONE = "already_done"
DROPPED = "dropped"
FAILED = "failed"
NOT_YET = "not_yet"

ABOUT_A_TURN = {Kind.YOUR_TURN, Kind.REMINDER, Kind.LAST_WARNING}
# Passed on only to a reader who has not had the game on screen since it happened.
NOT_WHILE_WATCHING = {Kind.YOUR_TURN, Kind.CHAT}


class DeliveryFailed(Exception):
    """The mail server refused or could not be reached; the task retries with backoff."""


def still_true(notification: Notification) -> bool:
    """A turn mail is true while that same turn is on and still waits for this player."""
    if notification.kind not in ABOUT_A_TURN:
        return True
    game = notification.game
    if game is None or not game.is_active or game.turn_started_at is None:
        return False
    if parse_key(notification.key).turn != turn_stamp(game.turn_started_at):
        return False
    return Seat.objects.filter(
        game=game, user=notification.user, to_move=True, forfeited_at__isnull=True
    ).exists()


def watching(notification: Notification, now: datetime) -> bool:
    """A your-turn mail is not needed by a player who has had the game on screen since the
    turn began (unless they asked for it anyway). Reminders still go out: a player who looks
    but does not move for hours needs them."""
    if notification.kind not in NOT_WHILE_WATCHING:
        return False
    if notification.kind == Kind.YOUR_TURN and profile_for(notification.user).email_when_watching:
        return False  # the player asked for the mail whatever their screen shows
    game = notification.game
    if game is None:  # a turn's and a chat's notifications always name their game
        raise ValueError(f"notification {notification.pk} ({notification.kind}) has no game")
    since = game.turn_started_at if notification.kind == Kind.YOUR_TURN else notification.created_at
    if since is None:
        return False  # no turn on (still_true drops the row before this is asked)
    return seen_since(game_id=game.pk, user_id=notification.user_id, since=since, now=now)


def build(notification: Notification) -> Mail | None:
    """The mail to send, or None when there is nothing left to say; in its reader's language."""
    with translation.override(mail_language(notification.user)):
        return _build(notification)


def _build(notification: Notification) -> Mail | None:
    if notification.kind == Kind.PAUSED:
        target = paused_target(notification)
        if target is None or target.paused_at is None:
            return None  # removed or resumed since: nothing left to say
        return compose(notification, extra=paused_context(target))
    if notification.kind == Kind.DIGEST:
        tzname = profile_for(notification.user).timezone
        entries = digest_entries(notification.user, tzname)
        return compose(notification, extra={"entries": entries}) if entries else None
    return compose(notification)


def build_short(notification: Notification) -> Short | None:
    with translation.override(mail_language(notification.user)):
        return compose_short(notification)


def push_message(short: Short, notification: Notification) -> dict:
    """What the service worker shows (templates/app/sw.js), in the reader's language."""
    with translation.override(mail_language(notification.user)):
        return {
            "title": short.title,
            "body": short.text,
            "url": short.url,
            "off": short.off_url,
            "off_label": _("Turn these off"),
            # A newer message about the same game replaces the one still on screen.
            "tag": f"game-{short.game_id}" if short.game_id else notification.kind,
            "lang": translation.get_language(),
        }


def fan_out(notification: Notification) -> list[int]:
    """The push and webhook rows of a mail row, written once (their keys are unique); the
    ids of those written now, to queue after commit."""
    profile = profile_for(notification.user)
    if not wants_elsewhere(profile, notification.kind):
        return []
    targets: list[tuple[Channel, PushSubscription | Webhook]] = []
    if wants(profile, notification.kind, Channel.PUSH):
        devices = notification.user.push_subscriptions.filter(paused_at__isnull=True)
        targets += [(Channel.PUSH, device) for device in devices]
    if wants(profile, notification.kind, Channel.WEBHOOK):
        hooks = notification.user.webhooks.filter(paused_at__isnull=True)
        targets += [(Channel.WEBHOOK, hook) for hook in hooks]
    written = []
    for channel, target in targets:
        row, created = Notification.objects.get_or_create(
            key=elsewhere_key(notification.key, channel=channel, target_id=target.pk),
            defaults={
                "user": notification.user,
                "game": notification.game,
                "kind": notification.kind,
                "channel": channel,
                "push_subscription": target if isinstance(target, PushSubscription) else None,
                "webhook": target if isinstance(target, Webhook) else None,
            },
        )
        if created:
            written.append(row.pk)
    return written


def paused_context(target) -> dict:
    is_webhook = isinstance(target, Webhook)
    return {
        "is_webhook": is_webhook,
        "target_name": target.get_flavour_display() if is_webhook else target.device,
        "last_sentence": delivery_sentence(target),
        "failures": target.failures,
        "failing_since": target.failing_since,
        "game_url": f"{settings.SITE_URL}{reverse('settings')}"
        + ("#webhooks" if is_webhook else "#devices"),
    }


def elsewhere_target(notification: Notification):
    if notification.channel == Channel.PUSH:
        return notification.push_subscription
    return notification.webhook


def push_device(notification: Notification) -> PushSubscription:
    """The device a push row goes to (fan_out writes every push row with one)."""
    if notification.push_subscription is None:
        raise ValueError(f"push notification {notification.pk} has no subscription")
    return notification.push_subscription


def send_elsewhere(notification: Notification, short: Short) -> Delivery:
    if notification.channel == Channel.PUSH:
        answer = push_send(push_device(notification), push_message(short, notification))
    else:
        if notification.webhook is None:  # fan_out writes every webhook row with its hook
            raise ValueError(f"webhook notification {notification.pk} has no webhook")
        with translation.override(mail_language(notification.user)):
            answer = hook_send(notification.webhook, short, kind=notification.kind)
    return answered(answer.status_code, answer.reason)


def failed_delivery(exc: Exception) -> Delivery:
    """What a failed push or webhook delivery is shown as on its owner's settings page."""
    if isinstance(exc, Refused):
        return Delivery(DeliveryOutcome.REFUSED, None, exc.refusal.value)
    if isinstance(exc, HookProblem | PushFailed) and exc.status is not None:
        return answered(exc.status, exc.reason, exc.answer)
    return Delivery(DeliveryOutcome.UNREACHABLE, None, error_words(exc))


def to_message(mail: Mail) -> EmailMultiAlternatives:
    message = MailWithPictures(
        subject=mail.subject,
        body=mail.text,
        to=[mail.to],
        headers=mail.headers,
        pictures=mail.pictures,
    )
    message.attach_alternative(mail.html, "text/html")
    return message


def deliver(notification_id: int, *, now: datetime) -> str:
    """Send the row's message unless it is sent, skipped, switched off or no longer true.
    Raises DeliveryFailed (after recording the attempt) when the mail server, push service
    or webhook fails in a way worth retrying."""
    error = None
    with transaction.atomic(durable=True):
        notification = (
            Notification.objects.select_for_update(of=("self",))
            .select_related("user", "game", "push_subscription", "webhook")
            .filter(pk=notification_id)
            .first()
        )
        if notification is None or notification.sent_at or notification.skipped:
            return ALREADY_DONE
        if notification.not_before and now < notification.not_before:
            return NOT_YET
        # Preferences are read again: an unsubscribe since the row was made wins. Only a
        # confirmed address gets game mail (it may be someone else's until confirmed).
        profile = profile_for(notification.user)
        true_now = still_true(notification) and not watching(notification, now)
        message: Mail | Short | None = None
        if notification.channel == Channel.MAIL:
            if true_now:
                for pk in fan_out(notification):
                    transaction.on_commit(partial(queue_send, pk))
            if (
                true_now
                and has_confirmed_email(notification.user)
                and wants(profile, notification.kind)
            ):
                message = build(notification)
        elif true_now and wants(profile, notification.kind, notification.channel):
            message = build_short(notification)
        if message is None:
            notification.skipped = True
            notification.save(update_fields=["skipped"])
            return DROPPED
        notification.attempts += 1
        notification.last_attempt_at = now
        try:
            if isinstance(message, Mail):  # what build gives for a mail row
                to_message(message).send()
            else:
                delivery_record(
                    elsewhere_target(notification), send_elsewhere(notification, message), now=now
                )
        except SubscriptionGone:
            # The device is gone: its subscription goes, and with it this row and the rest
            # it still owed.
            push_device(notification).delete()
            reaches_elsewhere_refresh(notification.user)
            return DROPPED
        except (Refused, HookRefused) as exc:  # asking again would get the same answer
            delivery_record(elsewhere_target(notification), failed_delivery(exc), now=now)
            notification.skipped = True
            notification.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            notification.save(
                update_fields=["attempts", "last_attempt_at", "skipped", "last_error"]
            )
            return DROPPED
        except Exception as exc:  # SMTP refusals, timeouts, DNS: all worth a retry
            error = exc
            if notification.channel != Channel.MAIL:
                delivery_record(elsewhere_target(notification), failed_delivery(exc), now=now)
            notification.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            notification.save(update_fields=["attempts", "last_attempt_at", "last_error"])
        else:
            notification.sent_at = now
            notification.last_error = ""
            notification.save(
                update_fields=["attempts", "last_attempt_at", "sent_at", "last_error"]
            )
    if error is not None:
        log.warning(
            "%s %s failed (attempt %s): %s",
            notification.channel,
            notification_id,
            notification.attempts,
            error,
        )
        raise DeliveryFailed(str(error)) from error
    return SENT
