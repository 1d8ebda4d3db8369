"""Browser push (Web Push, RFC 8030/8291/8292) through pywebpush: the message encrypted for
one device's keys and signed with the site's VAPID key, posted to its push service through
the checked session (games.mail.outbound)."""

import json
from functools import cache

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid, b64urlencode
from pywebpush import WebPushException, webpush
from urllib3.exceptions import HTTPError

from games.models import PushSubscription

from .outbound import CheckedSession

# How long a push service keeps a message for a device that is off (a turn lasts hours).
TIME_TO_LIVE = 12 * 60 * 60
GONE = {404, 410}  # the push service no longer knows the subscription


class SubscriptionGone(Exception):
    """The push service said 404 or 410: the device turned push off or the subscription
    expired."""


class PushFailed(Exception):
    """The push service refused for now, or could not be reached: worth a retry. `status`,
    `reason` and `answer` are its HTTP answer when there was one."""

    def __init__(self, text: str, *, status: int | None = None, reason="", answer=""):
        super().__init__(text)
        self.status = status
        self.reason = reason
        self.answer = answer


@cache
def vapid_key() -> Vapid | None:
    if not settings.VAPID_PRIVATE_KEY:
        return None
    text = settings.VAPID_PRIVATE_KEY.strip()
    if text.startswith("-----"):
        return Vapid.from_pem(text.encode())
    return Vapid.from_string(text)  # base64url, raw or DER


def vapid_public_key() -> str:
    """The applicationServerKey a browser subscribes with (base64url, uncompressed point);
    empty when the site has no VAPID key."""
    key = vapid_key()
    if key is None:
        return ""
    raw = key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64urlencode(raw)


def push_send(subscription: PushSubscription, message: dict):
    """The push service's answer when it took the message. Raises Refused
    (games.mail.outbound: the address may not be called), SubscriptionGone or PushFailed."""
    key = vapid_key()
    if key is None:
        raise PushFailed("the site has no VAPID key (VAPID_PRIVATE_KEY)")
    try:
        return webpush(
            subscription.subscription_info,
            data=json.dumps(message, ensure_ascii=False),
            vapid_private_key=key,
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TIME_TO_LIVE,
            requests_session=CheckedSession(),
        )
    except (OSError, HTTPError) as exc:  # cannot connect, timed out, cut off
        raise PushFailed(f"{type(exc).__name__}: {exc}") from exc
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in GONE:
            raise SubscriptionGone(str(status)) from exc
        raise PushFailed(
            exc.message,
            status=status,
            reason=getattr(exc.response, "reason", ""),
            answer=getattr(exc.response, "text", ""),
        ) from exc
