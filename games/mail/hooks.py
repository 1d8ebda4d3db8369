"""Webhook messages: what Discord, Slack or a plain-JSON receiver is sent, and the sending.

A chat app's message is one sentence, the link to the game and the link that turns these
messages off. A plain-JSON message is signed: X-Signature-256 is "sha256=" and the HMAC-SHA256
(the webhook's secret as key) of the timestamp in X-Signature-Timestamp, a dot, and the body,
so a receiver can tell it came from the site and is not a replay of an old one.
"""

import hashlib
import hmac
import json
import time

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from urllib3.exceptions import HTTPError

from games.models import Webhook, WebhookFlavour

from .compose import Short
from .outbound import Answer, post


class HookProblem(Exception):
    """A failed delivery; `status`, `reason` and `answer` are the receiver's HTTP answer when
    there was one."""

    def __init__(self, text: str, *, status: int | None = None, reason="", answer=""):
        super().__init__(text)
        self.status = status
        self.reason = reason
        self.answer = answer


class HookRefused(HookProblem):
    """The receiver answered that it does not want this (a redirect, a 4xx other than 429):
    trying again would not change that."""


class HookFailed(HookProblem):
    """The receiver could not be reached, or failed (5xx, 429): worth a retry."""


def slack_escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def hook_body(webhook: Webhook, short: Short, *, kind: str) -> dict:
    stop = _("Turn these messages off")
    if webhook.flavour == WebhookFlavour.DISCORD:
        # No mentions, whatever a chat message says: the site never pings anyone's server.
        return {
            "content": f"{short.text}\n<{short.url}>\n{stop}: <{short.off_url}>",
            "allowed_mentions": {"parse": []},
        }
    if webhook.flavour == WebhookFlavour.SLACK:
        open_game = slack_escaped(_("Open the game"))
        text = slack_escaped(short.text)
        return {
            "text": f"{text}\n<{short.url}|{open_game}>\n<{short.off_url}|{slack_escaped(stop)}>"
        }
    return {
        "kind": kind,
        "game": short.game_id,
        "title": short.title,
        "text": short.text,
        "url": short.url,
        "unsubscribe_url": short.off_url,
        "language": get_language(),
    }


def signature(secret: str, timestamp: str, body: bytes) -> str:
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return f"sha256={digest.hexdigest()}"


def hook_send(webhook: Webhook, short: Short, *, kind: str) -> Answer:
    """The receiver's answer when it took the message. Raises Refused (games.mail.outbound:
    the address may not be called), HookRefused or HookFailed."""
    body = json.dumps(hook_body(webhook, short, kind=kind), ensure_ascii=False).encode()
    headers = {"Content-Type": "application/json; charset=utf-8"}
    if webhook.flavour == WebhookFlavour.JSON:
        timestamp = str(int(time.time()))
        headers["X-Signature-Timestamp"] = timestamp
        headers["X-Signature-256"] = signature(webhook.secret, timestamp, body)
    try:
        answer = post(webhook.url, body=body, headers=headers)
    except (OSError, HTTPError) as exc:  # cannot connect, timed out, cut off
        raise HookFailed(f"{type(exc).__name__}: {exc}") from exc
    if 200 <= answer.status_code < 300:
        return answer
    text = f"{answer.status_code} {answer.reason}: {answer.text[:500]}"
    problem = HookFailed if answer.status_code == 429 or answer.status_code >= 500 else HookRefused
    raise problem(text, status=answer.status_code, reason=answer.reason, answer=answer.text[:500])
