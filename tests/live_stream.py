"""The open pages' stream server (games.live.stream_asgi) under uvicorn in a thread of the
test's own process, on a free port, with a news channel of the test's own (the test
database and Redis at REDIS_URL, as the site's processes use them); and a reader of a
stream's events."""

from __future__ import annotations

import http.client
import json
import secrets
import socket
import threading

import pytest
import uvicorn

from games.live.stream_asgi import StreamApp
from games.web.views.watch_parts import parts_asked, watch_parts


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class StreamServer:
    def __init__(self, port: int | None = None, render_parts=watch_parts):
        self.port = port or free_port()
        config = uvicorn.Config(
            StreamApp(render_parts=render_parts, parts_asked=parts_asked),  # as ttr_site.stream
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="on",
            # Open streams end only when cut: give them a second, then cut them.
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.thread.start()
        started = threading.Event()
        # uvicorn sets `started` once its socket listens; wait for it, as an event.
        for _ in range(200):
            if self.server.started:
                started.set()
                break
            started.wait(0.05)
        assert self.server.started, "the stream server did not start"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    def open(self, path: str) -> Stream:
        return Stream(self.port, path)


class Stream:
    """One page's stream: its status, then its events one at a time (a 10-s timeout)."""

    def __init__(self, port: int, path: str, timeout: float = 10):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.connection.request("GET", path)
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.headers = {k.lower(): v for k, v in self.response.getheaders()}

    def next_event(self) -> tuple[str, str]:
        name, data = "message", []
        while True:
            line = self.response.fp.readline().decode()
            if line == "":
                raise EOFError("the stream ended")
            line = line.rstrip("\n")
            if not line:
                if data:
                    return name, "\n".join(data)
                continue
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)

    def next_version(self) -> dict:
        while True:
            name, data = self.next_event()
            if name == "version":
                return json.loads(data)

    def close(self) -> None:
        self.connection.close()


@pytest.fixture
def stream_server(settings):
    settings.LIVE_CHANNEL = f"ttr:test:{secrets.token_hex(6)}"
    server = StreamServer()
    server.start()
    yield server
    server.stop()
