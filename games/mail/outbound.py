"""Requests the site makes to addresses its players gave it (push services, webhooks), made
safe against server-side request forgery.

Before every request the address is checked: HTTPS only (plain HTTP only under DEBUG), a
host name or address that resolves, and every address it resolves to a public one: never
this machine (loopback, allowed under DEBUG for a developer's own receiver), a private or
shared network, link-local (the cloud's metadata address among them), multicast or
reserved. The request then goes to the very address that was checked (the name is not
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


def address_refusal(address: str) -> Refusal | None:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return None if settings.DEBUG else Refusal.LOOPBACK
    if ip.is_link_local:
        return Refusal.LINK_LOCAL
    if ip.is_multicast:
        return Refusal.MULTICAST
    if ip.is_private:
        return Refusal.PRIVATE
    if ip.is_reserved or ip.is_unspecified or not ip.is_global:
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
    addresses = sorted({info[4][0] for info in found})
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
