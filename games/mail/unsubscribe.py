"""Unsubscribe links that work without logging in: a signed token names the user and kind.

Every mail carries the link in its body and in a List-Unsubscribe header with
List-Unsubscribe-Post (RFC 8058), so a mail client can unsubscribe in one click.
Tokens do not expire: a link in an old mail must still stop the mails.
"""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core import signing
from django.urls import reverse

from accounts.models import profile_for
from games.models import Channel
from games.models import NotificationKind as Kind

from .preferences import SWITCHES

SALT = "games.mail.unsubscribe"
ALL = "all"


@dataclass(frozen=True)
class Unsubscription:
    user: User
    kind: str  # a NotificationKind value, or ALL
    channel: str = Channel.MAIL


def make_token(user, kind: str, channel: str = Channel.MAIL) -> str:
    data = {"u": user.pk, "k": kind}
    if channel != Channel.MAIL:  # a mail's token stays as it always was
        data["c"] = channel
    return signing.dumps(data, salt=SALT, compress=True)


def read_token(token: str) -> Unsubscription | None:
    """The user and kind the token was made for; None when forged, mangled or stale."""
    try:
        data = signing.loads(token, salt=SALT)
        kind = data["k"]
        channel = data.get("c", Channel.MAIL)
        user = get_user_model().objects.get(pk=data["u"])
    except (
        signing.BadSignature,
        KeyError,
        TypeError,
        AttributeError,
        get_user_model().DoesNotExist,
    ):
        return None
    if channel not in SWITCHES or (kind != ALL and kind not in SWITCHES[channel]):
        return None
    return Unsubscription(user=user, kind=kind, channel=channel)


def unsubscribe_url(user, kind: str, channel: str = Channel.MAIL) -> str:
    path = reverse("unsubscribe", kwargs={"token": make_token(user, kind, channel)})
    return f"{settings.SITE_URL}{path}"


class PlainHeader(str):
    """A header sent exactly as written. Python's email policy RFC 2047-encodes a value it
    cannot fold within 78 characters (a long URL has no space to fold at), and mail clients
    offer one-click unsubscribe only for a plain <https://...>. An ASCII line stays within
    RFC 5322's 998 characters."""

    name: str

    def __new__(cls, name: str, value: str):
        if not value.isascii() or len(name) + len(value) > 990 or "\n" in value or "\r" in value:
            raise ValueError(f"{name} cannot be sent as one plain line: {value!r}")
        header = super().__new__(cls, value)
        header.name = name
        return header

    def __getnewargs__(self):  # copies (Django copies a message's headers) keep the name
        return (self.name, str(self))

    def fold(self, *, policy) -> str:
        return f"{self.name}: {self}{policy.linesep}"


def unsubscribe_headers(url: str) -> dict[str, str]:
    return {
        "List-Unsubscribe": PlainHeader("List-Unsubscribe", f"<{url}>"),
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }


def switches_for(kind: str, channel: str = Channel.MAIL) -> list[str]:
    """The Profile switches to clear. Leaving the digest also stops the per-turn mails it
    replaced: turning the digest off must never mean more mail."""
    if kind == ALL:
        return sorted(set(SWITCHES[channel].values()))
    if kind == Kind.DIGEST:
        return ["daily_digest", "email_your_turn"]
    return [SWITCHES[channel][kind]]


def apply_unsubscription(unsubscription: Unsubscription) -> list[str]:
    """Turn the messages off; returns the switches cleared. Repeating it changes nothing."""
    profile = profile_for(unsubscription.user)
    switches = switches_for(unsubscription.kind, unsubscription.channel)
    for switch in switches:
        setattr(profile, switch, False)
    profile.save(update_fields=switches)
    return switches
