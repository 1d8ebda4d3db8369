"""The settings page's devices and webhooks: turning browser notifications on and off for a
device (the page's script posts what the browser's PushManager gave), adding and removing
webhooks (plain forms)."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.mail.delivery import delivery_words
from games.models import Channel, DeliveryOutcome
from games.refusals.errors import BadAddress
from games.services.reach import (
    delivery_resume,
    delivery_test,
    push_subscription_delete,
    push_subscription_save,
    webhook_add,
    webhook_delete,
)
from games.web.settings_forms import WebhookForm
from games.web.views.settings_page import render_settings

MAX_BODY = 8 * 1024


def _refused(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": "bad_address", "message": message}, status=status)


def _json_body(request) -> bytes | None:
    """The request's JSON body, or None when it is not one: another content type (a form's
    body is read as the form), or longer than a subscription can be."""
    if request.content_type != "application/json":
        return None
    length = request.headers.get("Content-Length", "")
    if not length.isdigit() or int(length) > MAX_BODY:
        return None
    return request.body


@require_POST
@login_required
def push_subscribe(request):
    """Body: the JSON of a PushSubscription (endpoint, keys.p256dh, keys.auth) and a name for
    the device. Answers 201 with the device's id, or 400 with the reason."""
    body = _json_body(request)
    if body is None:
        return _refused(_("That is not a browser's subscription."))
    try:
        data = json.loads(body)
        keys = data["keys"]
        fields = {"endpoint": data["endpoint"], "p256dh": keys["p256dh"], "auth": keys["auth"]}
    except (ValueError, KeyError, TypeError):
        return _refused(_("That is not a browser's subscription."))
    try:
        subscription = push_subscription_save(
            user=request.user, device=data.get("device", ""), **fields
        )
    except BadAddress as exc:
        return _refused(exc.message)
    return JsonResponse({"id": subscription.pk}, status=201)


@require_POST
@login_required
def push_unsubscribe(request):
    """A device's Remove button (form field `id`), or this device's own switch (JSON with the
    endpoint the browser still holds)."""
    if request.content_type == "application/json":
        try:
            endpoint = json.loads(_json_body(request) or "")["endpoint"]
        except (ValueError, KeyError, TypeError):
            return _refused(_("That is not a browser's subscription."))
        push_subscription_delete(user=request.user, endpoint=str(endpoint))
        return JsonResponse({}, status=200)
    if push_subscription_delete(user=request.user, subscription_id=request.POST.get("id")):
        messages.success(request, _("That device gets no more notifications."))
    return redirect(reverse("settings") + "#devices")


@require_POST
@login_required
def webhook_add_view(request):
    form = WebhookForm(request.POST)
    if form.is_valid():
        try:
            webhook_add(user=request.user, **form.cleaned_data)
        except BadAddress as exc:
            form.add_error("url", exc.message)
    if not form.is_valid():
        # The settings page again, with the reason beside the address; nothing kept.
        return render_settings(request, webhook_form=form, status=400)
    messages.success(request, _("Webhook added: it gets the same messages as your mail."))
    return redirect(reverse("settings") + "#webhooks")


@require_POST
@login_required
def webhook_delete_view(request, webhook_id: int):
    if webhook_delete(user=request.user, webhook_id=webhook_id):
        messages.success(request, _("Webhook removed."))
    return redirect(reverse("settings") + "#webhooks")


ANCHORS: dict[str, str] = {Channel.WEBHOOK: "#webhooks", Channel.PUSH: "#devices"}


@require_POST
@login_required
def delivery_test_view(request, channel: str, target_id: int):
    """Send a test message now; the page then tells how it went."""
    delivery = delivery_test(user=request.user, channel=channel, target_id=target_id)
    if delivery is not None:
        sentence = delivery_words(delivery.outcome, delivery.status, delivery.detail)
        if delivery.outcome == DeliveryOutcome.DELIVERED:
            messages.success(request, _("Test message sent. %(sentence)s") % {"sentence": sentence})
        else:
            messages.error(request, _("Test message failed. %(sentence)s") % {"sentence": sentence})
    return redirect(reverse("settings") + ANCHORS[channel])


@require_POST
@login_required
def delivery_resume_view(request, channel: str, target_id: int):
    if delivery_resume(user=request.user, channel=channel, target_id=target_id):
        messages.success(request, _("Resumed: it gets your messages again."))
    return redirect(reverse("settings") + ANCHORS[channel])
