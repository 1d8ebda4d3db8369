"""Webhooks: a Discord, a Slack and a plain-JSON receiver on loopback (allowed under DEBUG
only) get the same message as the mail, each in its own shape, the JSON one signed; every
address that could reach the site's own machine or network is refused before any request,
when it is added and again when a message goes; redirects are not followed; a failure is
retried through the outbox."""

import hashlib
import hmac
import json
import socket
import threading

import pytest
from game_steps import started_game
from mail_steps import grace_passes, make_player
from receivers import Receiver

from accounts.models import Profile
from games.mail import outbound
from games.mail.outbound import Refusal, Refused, url_check
from games.models import Channel, Notification, Webhook
from games.refusals.errors import BadAddress
from games.services.reach import webhook_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def receiver(settings):
    settings.DEBUG = True
    server = Receiver()
    yield server
    server.close()


def test_discord_slack_and_json_webhooks_each_get_the_message_once(
    time_machine, committed, receiver, client
):
    ann, bob = make_player("ann"), make_player("bob")
    for flavour in ("discord", "slack", "json"):
        webhook_add(user=ann, url=f"{receiver.url}/{flavour}?x=1", flavour=flavour)
    with committed():
        game = started_game([ann, bob])
    grace_passes(time_machine, committed)

    sentence = f"Game #{game.pk}, USA, against bob has started"
    (discord,) = receiver.at("/discord?x=1")
    body = json.loads(discord.body)
    assert body["content"].startswith(sentence) and body["allowed_mentions"] == {"parse": []}
    assert "Turn these messages off: <https://ttr.example/unsubscribe/" in body["content"]
    (slack,) = receiver.at("/slack?x=1")
    assert json.loads(slack.body)["text"].startswith(sentence)
    (plain,) = receiver.at("/json?x=1")
    body = json.loads(plain.body)
    assert body["kind"] == "your_turn" and body["game"] == game.pk
    assert body["text"].startswith(sentence) and body["language"] == "en-gb"
    secret = Webhook.objects.get(flavour="json").secret
    timestamp = plain.headers["x-signature-timestamp"]
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + plain.body, hashlib.sha256)
    assert plain.headers["x-signature-256"] == f"sha256={expected.hexdigest()}"
    assert "x-signature-256" not in discord.headers
    rows = Notification.objects.filter(user=ann, channel=Channel.WEBHOOK)
    assert sorted(row.sent_at is not None for row in rows) == [True, True, True]

    # Its link asks first (a link preview must not unsubscribe), then stops that kind there.
    page = client.get(body["unsubscribe_url"].removeprefix("https://ttr.example")).content.decode()
    assert "Stop these messages?" in page and "webhook messages of your turn" in page
    assert "Stop every mail" not in page
    client.post(body["unsubscribe_url"].removeprefix("https://ttr.example"))
    profile = Profile.objects.get(user=ann)
    assert profile.webhook_your_turn is False and profile.push_your_turn is True


REFUSED = [
    ("http://example.org/hook", Refusal.SCHEME),
    ("ftp://example.org/hook", Refusal.SCHEME),
    ("https://user:secret@example.org/hook", Refusal.NO_HOST),
    ("https:///hook", Refusal.NO_HOST),
    ("https://no-such-host.invalid/hook", Refusal.UNKNOWN_HOST),
    ("https://127.0.0.1/hook", Refusal.LOOPBACK),
    ("https://localhost:8000/hook", Refusal.LOOPBACK),
    ("https://[::1]/hook", Refusal.LOOPBACK),
    ("https://[::ffff:127.0.0.1]/hook", Refusal.LOOPBACK),
    ("https://10.1.2.3/hook", Refusal.PRIVATE),
    ("https://192.168.0.10/hook", Refusal.PRIVATE),
    ("https://172.16.5.4/hook", Refusal.PRIVATE),
    ("https://[fd12::1]/hook", Refusal.PRIVATE),
    ("https://169.254.169.254/latest/meta-data/", Refusal.LINK_LOCAL),
    ("https://[fe80::1]/hook", Refusal.LINK_LOCAL),
    ("https://224.0.0.1/hook", Refusal.MULTICAST),
    ("https://[ff02::1]/hook", Refusal.MULTICAST),
    ("https://100.64.0.1/hook", Refusal.RESERVED),
]


@pytest.mark.parametrize(("url", "refusal"), REFUSED)
def test_every_address_that_could_reach_inside_is_refused_when_added(settings, url, refusal):
    settings.DEBUG = False
    ann = make_player("ann")
    with pytest.raises(Refused) as refused:
        url_check(url)
    assert refused.value.refusal == refusal
    with pytest.raises(BadAddress) as bad:
        webhook_add(user=ann, url=url, flavour="json")
    assert bad.value.message == outbound.refusal_text(refusal)
    assert not Webhook.objects.exists()


def test_under_debug_loopback_and_plain_http_are_allowed_but_nothing_else_inside(settings):
    settings.DEBUG = True
    assert url_check("http://127.0.0.1:9/hook").address == "127.0.0.1"
    for url, refusal in [
        ("http://10.0.0.1/", Refusal.PRIVATE),
        ("http://169.254.169.254/", Refusal.LINK_LOCAL),
        ("http://224.0.0.1/", Refusal.MULTICAST),
    ]:
        with pytest.raises(Refused) as refused:
            url_check(url)
        assert refused.value.refusal == refusal


def test_an_address_refused_by_the_time_a_message_goes_is_never_requested(
    time_machine, committed, receiver, settings
):
    ann, bob = make_player("ann"), make_player("bob")
    webhook_add(user=ann, url=f"{receiver.url}/hook", flavour="json")
    settings.DEBUG = False  # the site now runs for real: loopback is the site's own machine
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)

    assert receiver.received == []
    row = Notification.objects.get(user=ann, channel=Channel.WEBHOOK)
    assert row.skipped and row.sent_at is None and row.last_error == "Refused: scheme"


def test_a_redirect_is_not_followed_and_a_failure_is_retried(time_machine, committed, receiver):
    ann, bob = make_player("ann"), make_player("bob")
    webhook_add(user=ann, url=f"{receiver.url}/moved", flavour="slack")
    webhook_add(user=ann, url=f"{receiver.url}/busy", flavour="discord")
    receiver.answers["/moved"] = 302
    receiver.answers["/busy"] = [503, 204]
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)

    assert [request.path for request in receiver.received if request.path != "/busy"] == ["/moved"]
    moved = Notification.objects.get(webhook__url__endswith="/moved")
    assert moved.skipped and moved.last_error.startswith("HookRefused: 302")
    busy = Notification.objects.get(webhook__url__endswith="/busy")
    assert len(receiver.at("/busy")) == 2 and busy.sent_at is not None and busy.attempts == 2


def test_a_receiver_that_never_answers_is_given_up_on_after_the_short_timeout(
    settings, monkeypatch
):
    settings.DEBUG = True
    monkeypatch.setattr(outbound, "READ_TIMEOUT", 0.3)
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)
    held = []  # the accepted connection, kept open and never answered
    threading.Thread(target=lambda: held.append(silent.accept()), daemon=True).start()
    port = silent.getsockname()[1]
    try:
        with pytest.raises(Exception) as failed:
            outbound.post(f"http://127.0.0.1:{port}/hook", body=b"{}", headers={})
        assert "timed out" in str(failed.value).lower()
    finally:
        for connection, _address in held:
            connection.close()
        silent.close()


def test_the_settings_page_adds_a_webhook_or_says_why_not(client, settings):
    settings.DEBUG = False
    ann = make_player("ann")
    client.force_login(ann)
    page = client.post("/settings/webhooks/", {"flavour": "discord", "url": "https://10.0.0.7/x"})
    assert page.status_code == 400
    assert "This address is on a private network, which the site never calls." in (
        page.content.decode()
    )
    assert not Webhook.objects.exists()
    page = client.post("/settings/webhooks/", {"flavour": "telegram", "url": "https://x"})
    assert page.status_code == 400 and not Webhook.objects.exists()
    # A public address is kept without any request to it (only its name is resolved).
    settings.DEBUG = True
    page = client.post("/settings/webhooks/", {"flavour": "json", "url": "http://127.0.0.1:9/h"})
    assert page.status_code == 302
    webhook = Webhook.objects.get(user=ann)
    assert webhook.secret in client.get("/settings/").content.decode()
    client.post(f"/settings/webhooks/{webhook.pk}/delete/")
    assert not Webhook.objects.exists()
