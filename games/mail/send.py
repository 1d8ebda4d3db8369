"""Sending one outbox row, exactly once.

The row is locked while the mail goes out, so a retried task, a repeated
sweep and the original task cannot both send it: whoever comes second sees
sent_at and stops. Before sending, the mail is checked to still be true (a
reminder for a turn the player has since played is dropped, not sent), and a
your-turn mail is dropped when the player is looking at the game right now.
A row whose not_before is still ahead is left alone: its own task or the resend
sweep comes back for it.
"""

import logging
from datetime import datetime

from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.utils import translation

from accounts.email_status import has_confirmed_email
from accounts.mail_language import mail_language
from accounts.models import profile_for
from games.live.presence import seen_since
from games.models import Notification, Seat
from games.models import NotificationKind as Kind

from .compose import Mail, compose
from .digest import digest_entries
from .keys import parse_key, turn_stamp
from .preferences import wants

log = logging.getLogger(__name__)

SENT = "sent"
ALREADY_DONE = "already_done"
DROPPED = "dropped"
FAILED = "failed"
NOT_YET = "not_yet"

ABOUT_A_TURN = {Kind.YOUR_TURN, Kind.REMINDER, Kind.LAST_WARNING}


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
    if notification.kind != Kind.YOUR_TURN:
        return False
    if profile_for(notification.user).email_when_watching:
        return False  # the player asked for the mail whatever their screen shows
    game = notification.game
    return seen_since(
        game_id=game.pk, user_id=notification.user_id, since=game.turn_started_at, now=now
    )


def build(notification: Notification) -> Mail | None:
    """The mail to send, or None when there is nothing left to say; in its reader's language."""
    with translation.override(mail_language(notification.user)):
        return _build(notification)


def _build(notification: Notification) -> Mail | None:
    if notification.kind == Kind.DIGEST:
        tzname = profile_for(notification.user).timezone
        entries = digest_entries(notification.user, tzname)
        return compose(notification, extra={"entries": entries}) if entries else None
    return compose(notification)


def to_message(mail: Mail) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(
        subject=mail.subject, body=mail.text, to=[mail.to], headers=mail.headers
    )
    message.attach_alternative(mail.html, "text/html")
    return message


def deliver(notification_id: int, *, now: datetime) -> str:
    """Send the row's mail unless it is sent, skipped, switched off or no longer true.
    Raises DeliveryFailed (after recording the attempt) when the mail server fails."""
    error = None
    with transaction.atomic(durable=True):
        notification = (
            Notification.objects.select_for_update(of=("self",))
            .select_related("user", "game")
            .filter(pk=notification_id)
            .first()
        )
        if notification is None or notification.sent_at or notification.skipped:
            return ALREADY_DONE
        if notification.not_before and now < notification.not_before:
            return NOT_YET
        # Preferences are read again: an unsubscribe since the row was made wins. Only a
        # confirmed address gets game mail (it may be someone else's until confirmed).
        mail = None
        if (
            has_confirmed_email(notification.user)
            and wants(profile_for(notification.user), notification.kind)
            and still_true(notification)
            and not watching(notification, now)
        ):
            mail = build(notification)
        if mail is None:
            notification.skipped = True
            notification.save(update_fields=["skipped"])
            return DROPPED
        notification.attempts += 1
        notification.last_attempt_at = now
        try:
            to_message(mail).send()
        except Exception as exc:  # SMTP refusals, timeouts, DNS: all worth a retry
            error = exc
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
            "mail %s failed (attempt %s): %s", notification_id, notification.attempts, error
        )
        raise DeliveryFailed(str(error)) from error
    return SENT
