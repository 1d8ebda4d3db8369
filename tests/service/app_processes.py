"""The site's own processes (gunicorn, the stream server, Celery worker and beat), started
as production starts them, against the test's PostgreSQL database and a Redis of the
test's choice."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def needs_postgresql() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("app processes share the test database: PostgreSQL only (CI runs it)")


def database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return (
        f"postgres://{db['USER']}{password}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}"
        f"/{db['NAME']}"
    )


def app_env(var_dir: Path, redis_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EMAIL_", "CELERY_"))}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "ttr_site.settings",
            "DATABASE_URL": database_url(),
            "REDIS_URL": redis_url,
            # The test's own key: sessions it makes are valid on the app hosts.
            "SECRET_KEY": settings.SECRET_KEY,
            "DEBUG": "false",
            "SECURE_SSL_REDIRECT": "false",
            "VAR_DIR": str(var_dir),
            "SITE_URL": "http://127.0.0.1",
            "PYTHONUNBUFFERED": "1",
        }
    )
    env.update(extra)
    return env


class Process:
    """One supervised or plain process, its output in a log file the test can read."""

    def __init__(self, name: str, command: list[str], env: dict, log_dir: Path):
        self.name = name
        self.log_path = log_dir / f"{name}.log"
        self._log = self.log_path.open("wb")
        self.popen = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT
        )

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_for_log(self, text: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.log():
                return
            if self.popen.poll() is not None:
                break
            time.sleep(0.1)  # polls the log for the line, up to the deadline
        raise AssertionError(f"{self.name} did not log {text!r}:\n{self.log()[-3000:]}")

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
            try:
                self.popen.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait()
        self._log.close()


def supervised(command: list[str]) -> list[str]:
    return [sys.executable, "-m", "ttr_site.supervise", *command]


def worker_command(name: str) -> list[str]:
    return supervised(
        [
            str(BIN / "celery"),
            "-A",
            "ttr_site",
            "worker",
            "--concurrency=1",
            "--loglevel=info",
            "--without-mingle",
            "--without-gossip",
            "-n",
            f"{name}@%h",
        ]
    )


def beat_command(schedule: Path) -> list[str]:
    return supervised(
        [str(BIN / "celery"), "-A", "ttr_site", "beat", "--loglevel=info", "-s", str(schedule)]
    )


def wait_for_app(port: int, timeout: float = 120) -> None:
    """Until the server on `port` answers a request: its port opens before its worker has
    loaded the site, and on a busy machine the first request can wait for that a while."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            connection.close()
            return
        except OSError:
            time.sleep(0.2)  # polls for the first answer, up to the deadline
    raise AssertionError(f"nothing answers on port {port}")


def gunicorn_command(port: int) -> list[str]:
    return [
        str(BIN / "gunicorn"),
        "-c",
        str(ROOT / "deploy" / "gunicorn.conf.py"),
        "--bind",
        f"127.0.0.1:{port}",
        "ttr_site.wsgi",
    ]


def stream_command(port: int) -> list[str]:
    """The open pages' stream server, as deploy/systemd/ttr-stream.service starts it."""
    return [
        str(BIN / "uvicorn"),
        "ttr_site.stream:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--loop",
        "uvloop",
        "--http",
        "httptools",
        "--no-access-log",
    ]


@pytest.fixture
def processes():
    """Start with processes.start(name, command, env, log_dir); all stop at the end."""

    class Started(list):
        def start(self, name, command, env, log_dir) -> Process:
            process = Process(name, command, env, log_dir)
            self.append(process)
            return process

    started = Started()
    yield started
    for process in reversed(started):
        process.stop()
