"""Receivers on loopback for the site's outbound messages: a push service of our own that
decrypts what it is sent with the device's keys (RFC 8291, through http_ece as a browser
would) and reads the VAPID signature (RFC 8292), and a webhook receiver."""

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict  # names in lower case
    body: bytes


@dataclass
class Receiver:
    """An HTTP server on 127.0.0.1 that keeps every request and answers each path with the
    status given in `answers` (a list per path is used up one by one), 201 otherwise."""

    answers: dict = field(default_factory=dict)
    received: list = field(default_factory=list)

    def __post_init__(self):
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                headers = {name.lower(): value for name, value in self.headers.items()}
                receiver.received.append(Received(self.path, headers, body))
                status = receiver.answers.get(self.path, 201)
                if isinstance(status, list):
                    status = status.pop(0) if len(status) > 1 else status[0]
                self.send_response(status)
                if 300 <= status < 400:
                    self.send_header("Location", f"{receiver.url}/elsewhere")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def at(self, path: str) -> list[Received]:
        return [request for request in self.received if request.path == path]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Device:
    """A browser's side of a push subscription: its key pair and auth secret."""

    def __init__(self):
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.p256dh = b64url(public)
        self.auth_text = b64url(self.auth)

    def decrypt(self, request: Received) -> dict:
        assert request.headers["content-encoding"] == "aes128gcm"
        plain = http_ece.decrypt(
            request.body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


def vapid_claims(request: Received, public_key: str) -> dict:
    """The claims of the request's VAPID token, after checking its signature with the site's
    public key (the k= it names must be that key)."""
    scheme, _, params = request.headers["authorization"].partition(" ")
    assert scheme == "vapid"
    values = dict(part.strip().split("=", 1) for part in params.split(","))
    assert values["k"] == public_key
    head, claims, signature = values["t"].split(".")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32]), int.from_bytes(raw[32:]))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
    key.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    return json.loads(unb64url(claims))
