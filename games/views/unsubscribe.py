"""/unsubscribe/<token>/: stop a kind of mail without logging in.

GET only shows the question (mail scanners follow links; that must not
unsubscribe anyone). POST unsubscribes: from the page's button, or in one
click from the mail client (RFC 8058, "List-Unsubscribe=One-Click"), which
comes without cookies or CSRF token, so the signed token is the only proof.
"""

from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games.mail.unsubscribe import ALL, Unsubscription, apply_unsubscription, read_token
from games.models import NotificationKind

WHAT = {
    NotificationKind.YOUR_TURN: "“it's your turn” mails",
    NotificationKind.REMINDER: "reminders and last warnings",
    NotificationKind.LAST_WARNING: "reminders and last warnings",
    NotificationKind.FORFEIT: "mails about forfeits and results",
    NotificationKind.RESULT: "mails about forfeits and results",
    NotificationKind.DIGEST: "the daily digest",
    ALL: "every mail about your games",
}


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    unsubscription = read_token(token)
    if unsubscription is None:
        return render(request, "unsubscribe/invalid.html", status=400)
    if request.method == "POST":
        if request.POST.get("scope") == ALL:
            unsubscription = Unsubscription(user=unsubscription.user, kind=ALL)
        apply_unsubscription(unsubscription)
        return render(request, "unsubscribe/done.html", {"what": WHAT[unsubscription.kind]})
    return render(
        request,
        "unsubscribe/confirm.html",
        {"what": WHAT[unsubscription.kind], "all": ALL, "username": unsubscription.user.username},
    )
