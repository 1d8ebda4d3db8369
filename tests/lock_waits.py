"""Races on the game's row lock, made certain instead of likely: the first caller stops
while it holds the lock, the second starts and is seen waiting for it (PostgreSQL's
pg_stat_activity), and only then does the first go on. Each step waits for the state it
needs, never for a length of time, up to WAIT seconds."""

from __future__ import annotations

import threading
import time

from django.db import connection

WAIT = 30  # seconds: only a broken test waits this long


class HeldLock:
    """Wraps engine calls (made under the game's row lock): once armed, the first call
    signals `inside` and waits for `let_go`; every other call goes straight through."""

    def __init__(self):
        self.inside = threading.Event()
        self._release = threading.Event()
        self._guard = threading.Lock()
        self._armed = False

    def wrap(self, real):
        def call(*args, **kwargs):
            with self._guard:
                first, self._armed = self._armed, False
            if first:
                self.inside.set()
                if not self._release.wait(WAIT):
                    raise AssertionError(f"the lock was held for {WAIT} s and never let go")
            return real(*args, **kwargs)

        return call

    def arm(self) -> None:
        with self._guard:
            self._armed = True

    def wait_inside(self) -> None:
        assert self.inside.wait(WAIT), "the first caller never reached the engine"

    def let_go(self) -> None:
        self._release.set()


def wait_until_waiting_on_a_lock(count: int = 1) -> None:
    """Until `count` other sessions on the test database wait for a lock. Polled from
    this thread's own connection: in autocommit each query sees the present."""
    deadline = time.monotonic() + WAIT
    while True:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
            )
            waiting = cursor.fetchone()[0]
        if waiting >= count:
            return
        assert time.monotonic() < deadline, f"{waiting} of {count} callers wait for the lock"
        time.sleep(0.01)  # a poll for the state above, bounded by WAIT


def in_thread(target, results: dict, name: str) -> threading.Thread:
    """Run target in a thread of its own (its own database connection); its result, or
    the exception it raised, goes to results[name]."""

    def run():
        try:
            results[name] = target()
        except Exception as exc:  # the test inspects what each caller got
            results[name] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def run_in_line(first, second, held: HeldLock) -> list:
    """first takes the lock and stops in the engine, second queues behind it, then first
    goes on. Each result is (value, None) or (None, exception)."""
    results: dict = {}
    held.arm()
    threads = [in_thread(first, results, "first")]
    try:
        held.wait_inside()
        threads.append(in_thread(second, results, "second"))
        wait_until_waiting_on_a_lock()
    finally:
        held.let_go()
        for thread in threads:
            thread.join(WAIT)
    return [
        (None, value) if isinstance(value, Exception) else (value, None)
        for value in (results.get("first"), results.get("second"))
    ]
