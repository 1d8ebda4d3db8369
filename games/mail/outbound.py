"""Requests the site makes to addresses its players gave it (push services, webhooks), made
safe against server-side request forgery.

Before every request the address is checked: HTTPS only (plain HTTP only under DEBUG), a
host name or address that resolves, and every address it resolves to globally routable
unicast (globally_routable_unicast, an allow rule): never this machine (loopback, allowed
under DEBUG for a developer's own receiver), a private, site-local or shared network,
link-local (the cloud's metadata address among them), multicast or reserved, in whatever
spelling. The request then goes to the very address that was checked (the name is not
resolved a second time, so a name that changes its answer cannot slip through), with a short
timeout, and a redirect is an answer, never followed.
"""

import ipaddress
import socket
from dataclasses import dataclass
from enum import StrEnum
from urllib.parse import urlsplit

import urllib3
from django.conf import settings
from django.utils.translation import gettext as _

CONNECT_TIMEOUT = 3  # seconds
READ_TIMEOUT = 5
MAX_ANSWER = 64 * 1024  # what is kept of an answer (for the error log)


class Refusal(StrEnum):
    SCHEME = "scheme"
    NO_HOST = "no_host"
    UNKNOWN_HOST = "unknown_host"
    LOOPBACK = "loopback"
    PRIVATE = "private"
    LINK_LOCAL = "link_local"
    MULTICAST = "multicast"
    RESERVED = "reserved"


def refusal_text(refusal: Refusal) -> str:
    return {
        Refusal.SCHEME: _("Only https:// addresses can be used."),
        Refusal.NO_HOST: _("This address names no host, or has a name and password in it."),
        Refusal.UNKNOWN_HOST: _("This address's host could not be found."),
        Refusal.LOOPBACK: _("This address leads back to the site's own machine."),
        Refusal.PRIVATE: _("This address is on a private network, which the site never calls."),
        Refusal.LINK_LOCAL: _("This address is link-local, which the site never calls."),
        Refusal.MULTICAST: _("This address is a multicast address, which the site never calls."),
        Refusal.RESERVED: _("This address is not a public address of the internet."),
    }[refusal]


class Refused(Exception):
    def __init__(self, refusal: Refusal):
        super().__init__(refusal.value)
        self.refusal = refusal

    @property
    def message(self) -> str:
        return refusal_text(self.refusal)


@dataclass(frozen=True)
class Target:
    scheme: str
    host: str
    port: int
    path: str  # with its query
    address: str  # the checked address the request goes to


# The allow rule: an address is called only if it is globally routable unicast. IPv4: any
# address outside IANA's special-purpose ranges. IPv6: only the global unicast block
# 2000::/3, less the special-purpose ranges inside it. Python's own `is_global` must agree
# as well, so a range either list reclassifies as not global is refused.
GLOBAL_UNICAST_V6 = ipaddress.ip_network("2000::/3")
SPECIAL_PURPOSE = [
    ipaddress.ip_network(network)
    for network in (
        "0.0.0.0/8",  # "this network"
        "10.0.0.0/8",
        "100.64.0.0/10",  # shared address space (carrier-grade NAT)
        "127.0.0.0/8",
        "169.254.0.0/16",
        "172.16.0.0/12",
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",  # documentation
        "192.31.196.0/24",
        "192.52.193.0/24",
        "192.88.99.0/24",  # 6to4 relays
        "192.168.0.0/16",
        "192.175.48.0/24",
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and the broadcast address
        "2001::/23",  # IETF protocol assignments (Teredo among them)
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4, which carries an IPv4 address of any kind
        "2620:4f:8000::/48",
        "3fff::/20",  # documentation
    )
]
# IPv6 addresses that carry an IPv4 one: IPv4-mapped, NAT64 (RFC 6052's prefix), 6to4.
NAT64 = ipaddress.ip_network("64:ff9b::/96")


def _carried_ipv4(ip) -> ipaddress.IPv4Address | None:
    if not isinstance(ip, ipaddress.IPv6Address):
        return None
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return ip.sixtofour


def globally_routable_unicast(ip) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip not in GLOBAL_UNICAST_V6:
        return False
    if any(ip in network for network in SPECIAL_PURPOSE if network.version == ip.version):
        return False
    return ip.is_global and not ip.is_multicast


def address_refusal(address: str) -> Refusal | None:
    """None if the site may call this address; otherwise why not. The reason is told from
    the address an IPv6 one carries, if it carries one."""
    given = ipaddress.ip_address(address.split("%", 1)[0])
    mapped = isinstance(given, ipaddress.IPv6Address) and given.ipv4_mapped is not None
    ip = _carried_ipv4(given) or given
    if ip.is_loopback:
        # A developer's own receiver, reached directly (not through a NAT64 or 6to4 gateway).
        here = given.is_loopback or mapped
        return None if settings.DEBUG and here else Refusal.LOOPBACK
    if ip.is_link_local:
        return Refusal.LINK_LOCAL
    if ip.is_multicast:
        return Refusal.MULTICAST
    if ip.is_unspecified or ip.is_reserved:
        return Refusal.RESERVED
    if ip.is_private or getattr(ip, "is_site_local", False):
        return Refusal.PRIVATE
    # An IPv4-mapped address is its IPv4 address; NAT64 and 6to4 ones are judged as given
    # (outside the global unicast block or inside a special-purpose range: refused).
    if not globally_routable_unicast(ip if mapped else given):
        return Refusal.RESERVED
    return None


def url_check(url: str) -> Target:
    """The address to request for this URL; raises Refused saying why it may not be."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise Refused(Refusal.NO_HOST) from None
    allowed = {"https", "http"} if settings.DEBUG else {"https"}
    if parts.scheme not in allowed:
        raise Refused(Refusal.SCHEME)
    host = parts.hostname
    if not host or parts.username is not None or parts.password is not None:
        raise Refused(Refusal.NO_HOST)
    port = port or (443 if parts.scheme == "https" else 80)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise Refused(Refusal.UNKNOWN_HOST) from None
    # IPv4 and IPv6 answers name their address as text (the stubs also allow the int
    # of a Python built without IPv6).
    addresses = sorted({info[4][0] for info in found if isinstance(info[4][0], str)})
    if not addresses:
        raise Refused(Refusal.UNKNOWN_HOST)
    for address in addresses:  # every one: a name may answer with several
        refusal = address_refusal(address)
        if refusal is not None:
            raise Refused(refusal)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return Target(scheme=parts.scheme, host=host, port=port, path=path, address=addresses[0])


@dataclass
class Answer:
    """The little of an HTTP answer the senders read (what pywebpush reads of requests')."""

    status_code: int
    reason: str
    text: str
    headers: dict


def post(url: str, *, body: bytes, headers: dict[str, str]) -> Answer:
    """POST to a checked address; raises Refused, or urllib3's errors when the host cannot
    be reached in time (worth a retry)."""
    target = url_check(url)
    timeout = urllib3.Timeout(connect=CONNECT_TIMEOUT, read=READ_TIMEOUT)
    default_port = 443 if target.scheme == "https" else 80
    name = f"[{target.host}]" if ":" in target.host else target.host
    host_header = name if target.port == default_port else f"{name}:{target.port}"
    pool: urllib3.HTTPConnectionPool
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            target.address,
            target.port,
            server_hostname=target.host,
            assert_hostname=target.host,
            timeout=timeout,
            retries=False,
        )
    else:
        pool = urllib3.HTTPConnectionPool(
            target.address, target.port, timeout=timeout, retries=False
        )
    with pool:
        response = pool.urlopen(
            "POST",
            target.path,
            body=body,
            headers={**headers, "Host": host_header, "User-Agent": "ticket-to-ride-by-turns"},
            redirect=False,
            retries=False,
            preload_content=False,
        )
        text = response.read(MAX_ANSWER, decode_content=True).decode("utf-8", "replace")
        response.release_conn()
    return Answer(
        status_code=response.status,
        reason=response.reason or "",
        text=text,
        headers=dict(response.headers),
    )


class CheckedSession:
    """What pywebpush posts through (its `requests_session`): every push service address is
    checked and requested as above."""

    def post(self, endpoint: str, *, data: bytes | None = None, headers=None, timeout=None):
        return post(endpoint, body=data or b"", headers=dict(headers or {}))
