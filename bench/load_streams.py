"""Open pages holding event streams, for bench/load.py: idle streams (what they cost the
stream server in memory and CPU) and players who watch by stream (a move's time to reach
the other pages of its game)."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote, urlencode

from django.conf import settings

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def start_stream_server(app: str, env: dict, port: int, log_path: Path) -> subprocess.Popen:
    """uvicorn as deploy/systemd/ttr-stream.service starts it, for `app`."""
    log = log_path.open("wb")
    command = [
        str(BIN / "uvicorn"),
        app,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--loop",
        "uvloop",
        "--http",
        "httptools",
        "--no-access-log",
        "--timeout-graceful-shutdown",
        "2",
        "--backlog",
        "4096",
    ]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def stream_path(player) -> str:
    """As the site's pages open it: with their language and time zone (the parts asked)."""
    shown_in = urlencode({"lang": settings.LANGUAGE_CODE, "tz": "UTC"})
    return f"/games/{player.game_id}/stream/?t={quote(player.ticket, safe='')}&{shown_in}"


class HeldStream:
    """One open stream: its events as they come, parsed by a reader task."""

    def __init__(self, reader, writer, on_version=None):
        self.reader = reader
        self.writer = writer
        self.events = 0
        self.bytes = 0  # the events' bytes, as they came down the stream
        self.on_version = on_version
        self.first = asyncio.get_running_loop().create_future()
        self.task = asyncio.create_task(self._read())

    async def _read(self):
        buffer = b""
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
            if b" 200 " not in head.split(b"\r\n", 1)[0]:
                raise ConnectionError(head.split(b"\r\n", 1)[0].decode())
            while True:
                chunk = await self.reader.read(4096)
                if not chunk:
                    break
                buffer += chunk
                self.bytes += len(chunk)
                while b"\n\n" in buffer:
                    event, buffer = buffer.split(b"\n\n", 1)
                    self.events += 1
                    if b"event: version" in event or b"event: parts" in event:
                        data = json.loads(event.split(b"data: ", 1)[1])
                        if not self.first.done():
                            self.first.set_result(data)
                        elif self.on_version is not None:
                            self.on_version(data)
        except (ConnectionError, asyncio.IncompleteReadError) as exc:
            if not self.first.done():
                self.first.set_exception(exc)
        except asyncio.CancelledError:
            pass

    def close(self):
        self.task.cancel()
        self.writer.close()


async def open_stream(port: int, path: str, on_version=None) -> HeldStream:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    stream = HeldStream(reader, writer, on_version)
    await stream.first
    return stream


def process_cpu(pid: int) -> float:
    tick = os.sysconf("SC_CLK_TCK")
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / tick


async def idle_streams(pid: int, port: int, players: list, count: int, seconds: float) -> dict:
    """`count` idle open pages (the players' tickets in turn) held on the server `pid`: its
    memory before and after, its CPU over `seconds` of holding them (pings included)."""
    warm = await open_stream(port, stream_path(players[0]))
    warm.close()
    await asyncio.sleep(0.5)  # let the server drop the warm-up stream before it is weighed
    before = rss_mb(pid)
    gate = asyncio.Semaphore(100)  # pages open as a site's do: many at once, not all

    async def one(index: int) -> HeldStream:
        async with gate:
            return await open_stream(port, stream_path(players[index % len(players)]))

    began = time.monotonic()
    streams = await asyncio.gather(*(one(i) for i in range(count)))
    opened = time.monotonic() - began
    await asyncio.sleep(1.0)  # the last opens settle before the idle window
    after = rss_mb(pid)
    cpu0, wall0 = process_cpu(pid), time.monotonic()
    await asyncio.sleep(seconds)  # the idle window itself: the server only pings
    cpu = (process_cpu(pid) - cpu0) / (time.monotonic() - wall0)
    events = sum(stream.events for stream in streams)
    for stream in streams:
        stream.close()
    return {
        "count": count,
        "opened_s": opened,
        "rss_before": before,
        "rss_after": after,
        "cpu": cpu,
        "events": events,
    }


VERSION_IN_PAGE = re.compile(rb"/version/\?v=([0-9]+)&")
