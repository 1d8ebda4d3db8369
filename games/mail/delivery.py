"""The last delivery to each device and webhook, kept on it for its owner's settings page, and
the pause of one that keeps failing: after PAUSE_AFTER_FAILURES failures in a row spread over
at least PAUSE_AFTER, it gets nothing more until its owner resumes it, and the owner is told
by mail (and on the settings page)."""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from games.models import DeliveryOutcome, Notification
from games.models import NotificationKind as Kind

from .keys import parse_key, paused_key
from .outbound import Refusal, refusal_text
from .outbox import record

PAUSE_AFTER = timedelta(days=1)
PAUSE_AFTER_FAILURES = 5
DETAIL_LENGTH = 120


@dataclass(frozen=True)
class Delivery:
    outcome: str
    status: int | None = None
    detail: str = ""

    @property
    def ok(self) -> bool:
        return self.outcome == DeliveryOutcome.DELIVERED


def one_line(text: str, length: int = DETAIL_LENGTH) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= length else text[: length - 1] + "…"


def error_words(exc: BaseException) -> str:
    """What a failed connection comes down to ("Connection refused", "timed out"), without
    the library's object names and addresses."""
    text = str(exc)
    found = re.search(r"\[Errno -?\d+\] ([^'\")\]]+)", text)
    if found:
        return one_line(found.group(1))
    if "timed out" in text.lower():
        return "timed out"
    return one_line(text.rsplit("): ", 1)[-1])


def answered(status: int, reason: str = "", text: str = "") -> Delivery:
    """An HTTP answer: delivered when 2xx, else the status and the start of what it said."""
    if 200 <= status < 300:
        return Delivery(DeliveryOutcome.DELIVERED, status, one_line(reason))
    words = one_line(f"{reason} {text}".strip())
    return Delivery(DeliveryOutcome.ANSWERED, status, words)


def delivery_record(target, delivery: Delivery, *, now: datetime, pausing: bool = True) -> bool:
    """Keep the delivery on its device or webhook (a locked row: two deliveries may end at
    once); True when this failure paused it, and then its owner is mailed once. A test
    (pausing=False) never pauses: its owner is looking at the answer."""
    target = type(target).objects.select_for_update().filter(pk=target.pk).first()
    if target is None:
        return False
    target.last_delivery_at = now
    target.last_outcome = delivery.outcome
    target.last_status = delivery.status
    target.last_detail = delivery.detail[:200]
    paused_now = False
    if delivery.ok:
        target.failures = 0
        target.failing_since = None
    else:
        target.failures += 1
        target.failing_since = target.failing_since or now
        if (
            pausing
            and target.paused_at is None
            and target.failures >= PAUSE_AFTER_FAILURES
            and now - target.failing_since >= PAUSE_AFTER
        ):
            target.paused_at = now
            paused_now = True
    target.save(
        update_fields=[
            "last_delivery_at",
            "last_outcome",
            "last_status",
            "last_detail",
            "failures",
            "failing_since",
            "paused_at",
        ]
    )
    if paused_now:
        record(
            user=target.user,
            game=None,
            kind=Kind.PAUSED,
            key=paused_key(target, paused_at=now),
        )
    return paused_now


def paused_target(notification: Notification):
    """The device or webhook a paused-notice mail is about (None when removed since)."""
    parts = parse_key(notification.key).parts
    if "w" in parts:
        return notification.user.webhooks.filter(pk=int(parts["w"])).first()
    if "p" in parts:
        return notification.user.push_subscriptions.filter(pk=int(parts["p"])).first()
    return None


def delivery_sentence(target) -> str:
    """The last delivery in one sentence, in the reader's language."""
    if target.last_delivery_at is None:
        return _("Nothing sent yet.")
    return delivery_words(target.last_outcome, target.last_status, target.last_detail)


def delivery_words(outcome: str, status: int | None, detail: str) -> str:
    if outcome == DeliveryOutcome.DELIVERED:
        return _("Delivered: the receiver answered %(status)s.") % {"status": status}
    if outcome == DeliveryOutcome.ANSWERED:
        return _("Failed: the receiver answered %(status)s (%(detail)s).") % {
            "status": status,
            "detail": detail,
        }
    if outcome == DeliveryOutcome.REFUSED:
        try:
            reason = refusal_text(Refusal(detail))
        except ValueError:
            reason = detail
        return _("Not sent: %(reason)s") % {"reason": reason}
    return _("Failed: the receiver could not be reached (%(detail)s).") % {"detail": detail}
