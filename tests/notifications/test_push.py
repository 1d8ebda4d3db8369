"""Browser push end to end through the outbox: a push service of our own on loopback gets
each message once, encrypted for the device's keys and signed with the site's VAPID key, and
decrypts it to the sentence the mail's subject says; a failure is retried, a 404/410 drops
the subscription, and a message switched off is never sent."""

import json

import pytest
from django.utils import timezone
from game_steps import started_game
from mail_steps import fire_due_mail_tasks, grace_passes, make_player
from receivers import Device, Receiver, vapid_claims

from accounts.models import Profile
from games.heartbeat import tasks
from games.live.presence import note_seen_by
from games.mail.outbox import YOUR_TURN_GRACE
from games.mail.push import vapid_public_key
from games.models import Channel, Notification, PushSubscription
from games.services.chat import chat_post
from games.services.reach import push_subscription_save, webhook_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def push_service(settings):
    settings.DEBUG = True  # a push service on loopback over plain HTTP: a developer's own
    receiver = Receiver()
    yield receiver
    receiver.close()


def subscribed(user, push_service, name: str) -> Device:
    device = Device()
    push_subscription_save(
        user=user,
        endpoint=f"{push_service.url}/push/{name}",
        p256dh=device.p256dh,
        auth=device.auth_text,
        device=name,
    )
    return device


def test_a_your_turn_push_reaches_the_device_once_encrypted_and_signed(
    time_machine, committed, push_service, settings
):
    ann, bob = make_player("ann"), make_player("bob")
    phone = subscribed(ann, push_service, "ann-phone")
    with committed():
        game = started_game([ann, bob])
    grace_passes(time_machine, committed)

    (request,) = push_service.at("/push/ann-phone")
    message = phone.decrypt(request)
    assert message["title"] == "Ticket to Ride by turns"
    assert message["body"].startswith(f"Game #{game.pk}, USA, against bob has started")
    assert message["url"].endswith(f"/accounts/login/?next=%2Fgames%2F{game.pk}%2F")
    assert message["off"].startswith(f"{settings.SITE_URL}/unsubscribe/")
    claims = vapid_claims(request, vapid_public_key())
    assert claims["aud"] == push_service.url and claims["sub"] == settings.VAPID_SUBJECT
    row = Notification.objects.get(user=ann, channel=Channel.PUSH)
    assert row.sent_at is not None and row.attempts == 1

    with committed():
        tasks.resend_unsent.delay()
    assert len(push_service.at("/push/ann-phone")) == 1  # once, whatever runs again


def test_each_device_gets_its_own_row_and_a_failing_one_is_retried_alone(
    time_machine, committed, push_service
):
    ann, bob = make_player("ann"), make_player("bob")
    subscribed(ann, push_service, "laptop")
    subscribed(ann, push_service, "phone")
    push_service.answers["/push/phone"] = [503, 201]
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)

    assert len(push_service.at("/push/laptop")) == 1
    assert len(push_service.at("/push/phone")) == 2  # refused once, then taken
    rows = Notification.objects.filter(user=ann, channel=Channel.PUSH).order_by("pk")
    assert [(row.sent_at is not None, row.attempts) for row in rows] == [(True, 1), (True, 2)]


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_says_is_gone_is_dropped(
    time_machine, committed, push_service, status
):
    ann, bob = make_player("ann"), make_player("bob")
    subscribed(ann, push_service, "old-phone")
    push_service.answers["/push/old-phone"] = status
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)

    assert len(push_service.at("/push/old-phone")) == 1  # asked once, not retried
    assert not PushSubscription.objects.filter(user=ann).exists()
    assert not Notification.objects.filter(user=ann, channel=Channel.PUSH).exists()
    assert Profile.objects.get(user=ann).reaches_elsewhere is False


def test_push_switched_off_for_a_kind_sends_nothing_and_mail_still_goes(
    time_machine, committed, push_service
):
    ann, bob = make_player("ann", push_your_turn=False), make_player("bob")
    subscribed(ann, push_service, "phone")
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)

    assert push_service.received == []
    assert Notification.objects.get(user=ann, channel=Channel.MAIL).sent_at is not None


def test_the_push_s_off_link_turns_that_kind_off_before_the_next_one(
    time_machine, committed, push_service, client
):
    ann, bob = make_player("ann"), make_player("bob")
    phone = subscribed(ann, push_service, "phone")
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)
    message = phone.decrypt(push_service.at("/push/phone")[0])

    response = client.post(message["off"])  # what the worker's "Turn these off" posts
    assert response.status_code == 200
    profile = Profile.objects.get(user=ann)
    assert profile.push_your_turn is False and profile.email_your_turn is True


def test_a_chat_message_reaches_the_other_player_s_device_unless_they_look(
    time_machine, committed, push_service
):
    ann, bob = make_player("ann"), make_player("bob")
    phone = subscribed(bob, push_service, "bob-phone")
    with committed():
        game = started_game([ann, bob])
        chat_post(game_id=game.pk, user=ann, text="good luck, bob")
        chat_post(game_id=game.pk, user=bob, text="and to you")  # ann has no device: no row
    grace_passes(time_machine, committed)

    chat = [phone.decrypt(r) for r in push_service.at("/push/bob-phone")]
    bodies = [message["body"] for message in chat]
    assert f"ann wrote in game #{game.pk}, USA: good luck, bob" in bodies
    assert Notification.objects.filter(kind="chat", channel=Channel.MAIL).count() == 1

    push_service.received.clear()
    with committed():
        chat_post(game_id=game.pk, user=ann, text="are you there?")
    time_machine.move_to(timezone.now() + YOUR_TURN_GRACE)
    note_seen_by(bob.pk, game.pk)  # bob has the table on screen and reads it there
    fire_due_mail_tasks(committed)
    assert push_service.received == []


def test_the_settings_page_keeps_a_browser_s_subscription_and_refuses_a_bad_one(
    client, push_service
):
    ann = make_player("ann")
    client.force_login(ann)
    device = Device()
    good = {
        "endpoint": f"{push_service.url}/push/ann",
        "keys": {"p256dh": device.p256dh, "auth": device.auth_text},
        "device": "Chromium · Linux",
    }
    answer = client.post("/settings/push/", good, content_type="application/json")
    assert answer.status_code == 201
    assert PushSubscription.objects.get(user=ann).device == "Chromium · Linux"
    page = client.get("/settings/")
    assert "Chromium · Linux" in page.content.decode()

    for bad in [
        "not json",
        {"endpoint": "https://10.0.0.1/push", "keys": good["keys"]},
        {"endpoint": good["endpoint"]},
        {"endpoint": good["endpoint"], "keys": {"p256dh": "", "auth": ""}},
        {"endpoint": good["endpoint"] + "\x00", "keys": good["keys"]},
        {"endpoint": good["endpoint"], "keys": {**good["keys"], "auth": "a\x00b"}},
        {"endpoint": good["endpoint"], "keys": good["keys"], "pad": "x" * 10_000},
    ]:
        answer = client.post("/settings/push/", bad, content_type="application/json")
        assert answer.status_code == 400 and answer.json()["message"]
    # A form's body (read as the form before the view) is no subscription either.
    answer = client.post("/settings/push/", {"endpoint": good["endpoint"]})
    assert answer.status_code == 400 and answer.json()["message"]
    assert PushSubscription.objects.count() == 1

    client.post(
        "/settings/push/off/", {"endpoint": good["endpoint"]}, content_type="application/json"
    )
    assert not PushSubscription.objects.exists()
    assert Profile.objects.get(user=ann).reaches_elsewhere is False


def test_each_reader_s_push_and_webhook_speak_their_language(time_machine, committed, push_service):
    ann = make_player("ann", language="nl")
    bob = make_player("bob", language="fr")
    phone = subscribed(ann, push_service, "ann-phone")
    webhook_add(user=bob, url=f"{push_service.url}/bob-hook", flavour="json")
    with committed():
        game = started_game([ann, bob])
    grace_passes(time_machine, committed)

    message = phone.decrypt(push_service.at("/push/ann-phone")[0])
    assert message["lang"] == "nl" and message["off_label"] == "Zet deze uit"
    assert message["title"] == "Ticket to Ride, beurt voor beurt"
    assert f"#{game.pk}" in message["body"] and "against" not in message["body"]
    hook = json.loads(push_service.at("/bob-hook")[0].body)
    assert hook["language"] == "fr" and hook["title"] == "Ticket to Ride, tour par tour"
    assert "against" not in hook["text"] and "contre ann" in hook["text"]
