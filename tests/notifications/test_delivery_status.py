"""A webhook's and a device's last delivery on the settings page: when, how it went, and the
receiver's answer in a sentence; one that keeps failing for a day is paused, its owner told
by mail and on the settings page, and a test button and a resume button bring it back. The
receivers are real HTTP servers on loopback (allowed under DEBUG only)."""

import json
import socket
from datetime import timedelta

import pytest
from django.utils import timezone
from game_steps import started_game
from mail_steps import grace_passes, mails_to, make_player
from receivers import Device, Receiver

from games.models import Channel, Notification, PushSubscription, Webhook
from games.services.reach import push_subscription_save, webhook_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def receiver(settings):
    settings.DEBUG = True
    server = Receiver()
    yield server
    server.close()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def settings_text(client) -> str:
    page = client.get("/settings/")
    assert page.status_code == 200
    return " ".join(page.content.decode().split())


def test_a_webhook_failing_for_a_day_is_paused_told_tested_and_resumed(
    time_machine, committed, receiver, client
):
    ann, bob = make_player("ann"), make_player("bob")
    client.force_login(ann)
    webhook = webhook_add(user=ann, url=f"{receiver.url}/hook", flavour="discord")
    assert "Nothing sent yet." in settings_text(client)

    receiver.answers["/hook"] = [204]
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)
    page = settings_text(client)
    assert "Delivered: the receiver answered 204." in page
    assert "Last delivery" in page and "Paused" not in page

    # The address breaks: every try is answered 503, retried and kept as the last delivery.
    receiver.answers["/hook"] = [503]
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)
    webhook.refresh_from_db()
    assert webhook.failures >= 5 and webhook.paused_at is None  # not yet a day
    page = settings_text(client)
    assert "Failed: the receiver answered 503 (Service Unavailable)." in page
    assert "Paused" not in page

    # A day later it still fails: it is paused, and its owner is mailed once.
    time_machine.move_to(timezone.now() + timedelta(days=1, minutes=1))
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)
    webhook.refresh_from_db()
    assert webhook.paused_at is not None
    (notice,) = [m for m in mails_to(ann) if "paused" in m.subject]
    assert notice.subject == "Your webhook failed for a day and is paused"
    assert "Failed: the receiver answered 503 (Service Unavailable)." in notice.body
    assert "https://ttr.example/settings/#webhooks" in notice.body
    assert "List-Unsubscribe" not in notice.extra_headers
    page = settings_text(client)
    assert "One of your notification channels failed for a day and is paused" in page
    assert "so nothing more is sent to it until you resume it." in page

    # Paused: the next turn's notice is not sent to it at all.
    asked = len(receiver.at("/hook"))
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)
    assert len(receiver.at("/hook")) == asked

    # Fixed at the receiver's end: the test button says so, then resume sends again.
    receiver.answers["/hook"] = [204]
    page = client.post(f"/settings/webhooks/{webhook.pk}/test/", follow=True)
    text = " ".join(page.content.decode().split())
    assert "Test message sent. Delivered: the receiver answered 204." in text
    test = json.loads(receiver.at("/hook")[-1].body)
    assert test["content"].startswith("A test message: your turn notices will arrive here.")
    webhook.refresh_from_db()
    assert webhook.paused_at is not None  # a test alone does not resume it
    client.post(f"/settings/webhooks/{webhook.pk}/resume/")
    webhook.refresh_from_db()
    assert webhook.paused_at is None and webhook.failures == 0
    assert "is paused" not in settings_text(client)
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)
    assert len(receiver.at("/hook")) == asked + 2


def test_the_test_button_tells_an_unreachable_or_refused_address_and_only_its_owner(
    receiver, client, settings
):
    ann, bob = make_player("ann"), make_player("bob")
    webhook = webhook_add(user=ann, url=f"http://127.0.0.1:{closed_port()}/x", flavour="json")
    client.force_login(ann)
    page = client.post(f"/settings/webhooks/{webhook.pk}/test/", follow=True)
    text = " ".join(page.content.decode().split())
    assert "Test message failed. Failed: the receiver could not be reached" in text
    assert "(Connection refused)." in text

    settings.DEBUG = False  # loopback is now the site's own machine: never called
    page = client.post(f"/settings/webhooks/{webhook.pk}/test/", follow=True)
    text = " ".join(page.content.decode().split())
    assert "Not sent: Only https:// addresses can be used." in text

    client.force_login(bob)  # someone else's webhook: nothing sent, nothing changed
    before = Webhook.objects.get(pk=webhook.pk).last_delivery_at
    assert client.post(f"/settings/webhooks/{webhook.pk}/test/").status_code == 302
    assert client.post(f"/settings/webhooks/{webhook.pk}/resume/").status_code == 302
    assert Webhook.objects.get(pk=webhook.pk).last_delivery_at == before
    assert client.get(f"/settings/webhooks/{webhook.pk}/test/").status_code == 405


def test_a_device_shows_its_last_push_and_its_test_message_arrives(
    time_machine, committed, receiver, client
):
    ann, bob = make_player("ann"), make_player("bob")
    device = Device()
    push_subscription_save(
        user=ann,
        endpoint=f"{receiver.url}/push/phone",
        p256dh=device.p256dh,
        auth=device.auth_text,
        device="phone",
    )
    receiver.answers["/push/phone"] = [500]
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)
    client.force_login(ann)
    assert "Failed: the receiver answered 500 (Internal Server Error)." in settings_text(client)
    row = Notification.objects.get(user=ann, channel=Channel.PUSH)
    assert row.sent_at is None

    receiver.answers["/push/phone"] = [201]
    subscription = PushSubscription.objects.get(user=ann)
    client.post(f"/settings/push/{subscription.pk}/test/")
    message = device.decrypt(receiver.at("/push/phone")[-1])
    assert message["body"] == "A test message: your turn notices will arrive here."
    assert "Delivered: the receiver answered 201." in settings_text(client)
