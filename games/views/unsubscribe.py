"""/unsubscribe/<token>/: stop a kind of mail without logging in.

GET only shows the question (mail scanners follow links; that must not
unsubscribe anyone). POST unsubscribes: from the page's button, or in one
click from the mail client (RFC 8058, "List-Unsubscribe=One-Click"), which
comes without cookies or CSRF token, so the signed token is the only proof.
A token stops the one kind it names; "every mail" has a token of its own, which
the page's second button posts to.
"""

from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games.mail.unsubscribe import ALL, apply_unsubscription, make_token, read_token
from games.models import NotificationKind

WHAT = {
    NotificationKind.YOUR_TURN: "“it's your turn” mails",
    NotificationKind.REMINDER: "reminders and last warnings",
    NotificationKind.LAST_WARNING: "reminders and last warnings",
    NotificationKind.FORFEIT: "mails about forfeits and results",
    NotificationKind.RESULT: "mails about forfeits and results",
    NotificationKind.DIGEST: "the daily digest",
    NotificationKind.INVITATION: "invitations to games (and “it's your turn” mails)",
    ALL: "every mail about your games",
}


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    unsubscription = read_token(token)
    if unsubscription is None:
        return render(request, "unsubscribe/invalid.html", status=400)
    if request.method == "POST":
        apply_unsubscription(unsubscription)
        return render(request, "unsubscribe/done.html", {"what": WHAT[unsubscription.kind]})
    return render(
        request,
        "unsubscribe/confirm.html",
        {
            "what": WHAT[unsubscription.kind],
            "username": unsubscription.user.username,
            "all_url": None
            if unsubscription.kind == ALL
            else reverse("unsubscribe", kwargs={"token": make_token(unsubscription.user, ALL)}),
        },
    )
