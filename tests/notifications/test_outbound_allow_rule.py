"""The site calls (webhooks, push services) only globally routable unicast addresses, an
allow rule: every form of an address inside reach is refused when the address is added and
again when a message goes, whatever its spelling or the name that leads to it, and a name
that points elsewhere by then gets nothing sent. Names are answered by a table here (no
network); addresses written as numbers go through the machine's own resolver, as they
would on the site."""

import socket

import pytest
from game_steps import started_game
from mail_steps import grace_passes, make_player
from receivers import Receiver

from games.mail import outbound
from games.mail.outbound import Refusal, Refused, url_check
from games.models import Channel, Notification, PushSubscription, Webhook
from games.refusals.errors import BadAddress
from games.services.reach import push_subscription_save, webhook_add

pytestmark = pytest.mark.django_db

PUBLIC_V4 = "93.184.215.14"
PUBLIC_V6 = "2606:4700:4700::1111"

NAMES = {
    "public.example.test": [PUBLIC_V4],
    "public6.example.test": [PUBLIC_V6],
    "loopback.example.test": ["127.0.0.1"],
    "loopback6.example.test": ["::1"],
    "metadata.example.test": ["169.254.169.254"],
    "office.example.test": ["192.168.1.20"],
    "site-local.example.test": ["fec0::1"],
    "nat64-loopback.example.test": ["64:ff9b::7f00:1"],
    "shared.example.test": ["100.64.0.1"],
    "multicast.example.test": ["239.255.255.250"],
    "one-of-two.example.test": [PUBLIC_V4, "10.0.0.1"],
}


class Resolver:
    """The DNS as the site would ask it: names from a table that a test may change."""

    def __init__(self):
        self.names = dict(NAMES)
        self.real = socket.getaddrinfo

    def __call__(self, host, port, *args, **kwargs):
        if host.endswith(".test"):
            if host not in self.names:
                raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
            return [
                (
                    socket.AF_INET6 if ":" in address else socket.AF_INET,
                    socket.SOCK_STREAM,
                    6,
                    "",
                    (address, port),
                )
                for address in self.names[host]
            ]
        return self.real(host, port, *args, **kwargs)


@pytest.fixture
def dns(monkeypatch):
    resolver = Resolver()
    monkeypatch.setattr(outbound.socket, "getaddrinfo", resolver)
    return resolver


LOOPBACK = [
    "127.0.0.1",
    "127.255.255.254",
    "2130706433",  # decimal
    "0x7f000001",  # hex
    "0x7f.0.0.1",
    "0177.0.0.1",  # octal
    "127.1",  # short
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[::ffff:127.0.0.1]",  # IPv4-mapped
    "[::ffff:7f00:1]",
    "[64:ff9b::127.0.0.1]",  # NAT64
    "[2002:7f00:1::1]",  # 6to4
    "localhost",
    "loopback.example.test",
    "loopback6.example.test",
    "nat64-loopback.example.test",
]
REFUSED = [
    *((host, Refusal.LOOPBACK) for host in LOOPBACK),
    ("0.0.0.0", Refusal.RESERVED),
    ("0", Refusal.RESERVED),
    ("[::]", Refusal.RESERVED),
    ("[::ffff:0.0.0.0]", Refusal.RESERVED),
    ("169.254.169.254", Refusal.LINK_LOCAL),
    ("[fe80::1]", Refusal.LINK_LOCAL),
    ("[::ffff:169.254.169.254]", Refusal.LINK_LOCAL),
    ("[64:ff9b::a9fe:a9fe]", Refusal.LINK_LOCAL),
    ("metadata.example.test", Refusal.LINK_LOCAL),
    ("10.0.0.1", Refusal.PRIVATE),
    ("172.16.0.1", Refusal.PRIVATE),
    ("192.168.1.1", Refusal.PRIVATE),
    ("[fd00::1]", Refusal.PRIVATE),
    ("[fc00::1]", Refusal.PRIVATE),
    ("[fec0::1]", Refusal.PRIVATE),  # site-local, which Python calls global
    ("[fec0::1:2]", Refusal.PRIVATE),
    ("[2002:a00:1::1]", Refusal.PRIVATE),  # 6to4 of 10.0.0.1
    ("office.example.test", Refusal.PRIVATE),
    ("site-local.example.test", Refusal.PRIVATE),
    ("one-of-two.example.test", Refusal.PRIVATE),
    ("100.64.0.1", Refusal.RESERVED),  # shared (carrier-grade NAT)
    ("shared.example.test", Refusal.RESERVED),
    ("224.0.0.1", Refusal.MULTICAST),
    ("239.255.255.250", Refusal.MULTICAST),
    ("[ff02::1]", Refusal.MULTICAST),
    ("[ff05::1:3]", Refusal.MULTICAST),
    ("multicast.example.test", Refusal.MULTICAST),
    ("240.0.0.1", Refusal.RESERVED),
    ("255.255.255.255", Refusal.RESERVED),
    ("[::127.0.0.2]", Refusal.RESERVED),  # IPv4-compatible, long withdrawn
    ("[4000::1]", Refusal.RESERVED),  # outside the global unicast block
    ("[3fff::1]", Refusal.RESERVED),  # documentation, which Python calls global
    ("192.88.99.1", Refusal.RESERVED),  # 6to4 relays, which Python calls global
    ("[64:ff9b::5db8:d70e]", Refusal.RESERVED),  # NAT64 of a public address: a gateway
    ("[2002:5db8:d70e::1]", Refusal.RESERVED),  # 6to4 of a public address: a relay
]


@pytest.mark.parametrize(("host", "refusal"), REFUSED)
def test_an_address_outside_global_unicast_is_refused_as_a_webhook_and_a_push_service(
    settings, dns, host, refusal
):
    settings.DEBUG = False
    url = f"https://{host}/hook"
    with pytest.raises(Refused) as refused:
        url_check(url)
    assert refused.value.refusal == refusal
    ann = make_player("ann")
    with pytest.raises(BadAddress) as bad:
        webhook_add(user=ann, url=url, flavour="json")
    assert bad.value.message == outbound.refusal_text(refusal)
    with pytest.raises(BadAddress):
        push_subscription_save(user=ann, endpoint=url, p256dh="key", auth="auth")
    assert not Webhook.objects.exists() and not PushSubscription.objects.exists()


@pytest.mark.parametrize(
    ("host", "address"),
    [
        (PUBLIC_V4, PUBLIC_V4),
        (f"[{PUBLIC_V6}]", PUBLIC_V6),
        (f"[::ffff:{PUBLIC_V4}]", f"::ffff:{PUBLIC_V4}"),
        ("public.example.test", PUBLIC_V4),
        ("public6.example.test", PUBLIC_V6),
    ],
)
def test_a_public_address_is_allowed_and_called_as_checked(settings, dns, host, address):
    settings.DEBUG = False
    target = url_check(f"https://{host}:8443/hook?x=1")
    assert (target.address, target.port, target.path) == (address, 8443, "/hook?x=1")


def test_a_name_that_turns_to_loopback_after_it_was_added_gets_nothing(
    time_machine, committed, settings, dns
):
    receiver = Receiver()  # on loopback: what the name would lead to now
    try:
        settings.DEBUG = False
        dns.names["hooks.example.test"] = [PUBLIC_V4]
        ann, bob = make_player("ann"), make_player("bob")
        url = f"https://hooks.example.test:{receiver.url.rsplit(':', 1)[1]}/hook"
        webhook_add(user=ann, url=url, flavour="json")
        dns.names["hooks.example.test"] = ["127.0.0.1"]
        with committed():
            started_game([ann, bob])
        grace_passes(time_machine, committed)
        assert receiver.received == []
        row = Notification.objects.get(user=ann, channel=Channel.WEBHOOK)
        assert row.skipped and row.sent_at is None and row.last_error == "Refused: loopback"
    finally:
        receiver.close()
