"""/unsubscribe/<token>/: stop a kind of mail without logging in.

GET only shows the question (mail scanners follow links; that must not
unsubscribe anyone). POST unsubscribes: from the page's button, or in one
click from the mail client (RFC 8058, "List-Unsubscribe=One-Click"), which
comes without cookies or CSRF token, so the signed token is the only proof.
A token stops the one kind it names; "every mail" has a token of its own, which
the page's second button posts to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import pgettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.private_pages import private_to_viewer
from games.mail.unsubscribe import (
    ALL,
    Unsubscription,
    apply_unsubscription,
    make_token,
    read_token,
)
from games.models import Channel, NotificationKind
from games.models import NotificationKind as Kind

if TYPE_CHECKING:  # the stubs' name for a lazily translated text; nothing to import at run time
    from django_stubs_ext import StrOrPromise

WHAT: dict[str, StrOrPromise] = {
    NotificationKind.YOUR_TURN: pgettext_lazy("what a mail's link stops", "“it's your turn” mails"),
    NotificationKind.REMINDER: pgettext_lazy(
        "what a mail's link stops", "reminders and last warnings"
    ),
    NotificationKind.LAST_WARNING: pgettext_lazy(
        "what a mail's link stops", "reminders and last warnings"
    ),
    NotificationKind.FORFEIT: pgettext_lazy(
        "what a mail's link stops", "mails about forfeits and results"
    ),
    NotificationKind.RESULT: pgettext_lazy(
        "what a mail's link stops", "mails about forfeits and results"
    ),
    NotificationKind.DIGEST: pgettext_lazy("what a mail's link stops", "the daily digest"),
    NotificationKind.INVITATION: pgettext_lazy("what a mail's link stops", "invitations to games"),
    ALL: pgettext_lazy("what a mail's link stops", "every mail about your games"),
}
# What the link of a browser notification or a webhook message stops.
WHAT_ELSEWHERE: dict[str, dict[str, StrOrPromise]] = {
    Channel.PUSH: {
        Kind.YOUR_TURN: pgettext_lazy("what a link stops", "browser notifications of your turn"),
        Kind.REMINDER: pgettext_lazy("what a link stops", "browser notifications of reminders"),
        Kind.RESULT: pgettext_lazy("what a link stops", "browser notifications of results"),
        Kind.CHAT: pgettext_lazy("what a link stops", "browser notifications of chat messages"),
        Kind.INVITATION: pgettext_lazy("what a link stops", "browser notifications of invitations"),
    },
    Channel.WEBHOOK: {
        Kind.YOUR_TURN: pgettext_lazy("what a link stops", "webhook messages of your turn"),
        Kind.REMINDER: pgettext_lazy("what a link stops", "webhook messages of reminders"),
        Kind.RESULT: pgettext_lazy("what a link stops", "webhook messages of results"),
        Kind.CHAT: pgettext_lazy("what a link stops", "webhook messages of chat messages"),
        Kind.INVITATION: pgettext_lazy("what a link stops", "webhook messages of invitations"),
    },
}
# Kinds that share a switch share its words.
SAME_SWITCH: dict[str, str] = {Kind.LAST_WARNING: Kind.REMINDER, Kind.FORFEIT: Kind.RESULT}


def what_it_stops(unsubscription: Unsubscription) -> StrOrPromise:
    if unsubscription.channel == Channel.MAIL:
        return WHAT[unsubscription.kind]
    kind = SAME_SWITCH.get(unsubscription.kind, unsubscription.kind)
    return WHAT_ELSEWHERE[unsubscription.channel][kind]


@private_to_viewer
@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    unsubscription = read_token(token)
    if unsubscription is None:
        return render(request, "unsubscribe/invalid.html", status=400)
    if request.method == "POST":
        apply_unsubscription(unsubscription)
        return render(request, "unsubscribe/done.html", {"what": what_it_stops(unsubscription)})
    return render(
        request,
        "unsubscribe/confirm.html",
        {
            "what": what_it_stops(unsubscription),
            "username": unsubscription.user.username,
            "mail": unsubscription.channel == Channel.MAIL,
            "all_url": None
            if unsubscription.kind == ALL or unsubscription.channel != Channel.MAIL
            else reverse("unsubscribe", kwargs={"token": make_token(unsubscription.user, ALL)}),
        },
    )
