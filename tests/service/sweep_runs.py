"""Proof that the heartbeat ran on: read from the logs of the site's own beat and worker
processes (app_processes) and from their Redis, never inferred from time gone by."""

from __future__ import annotations

import re
import time

import redis

SWEEPS = ("forfeit_overdue", "resend_unsent")
RECEIVED = re.compile(r"Task [\w.]+\[([0-9a-f-]+)\] received")
DONE = re.compile(
    r"Task [\w.]+\[([0-9a-f-]+)\] (?:succeeded|raised|retry|failed|ignored)"
    r"|Discarding revoked task: [\w.]+\[([0-9a-f-]+)\]"
)


def runs(workers) -> dict[str, int]:
    """How often the workers have run each sweep to its end."""
    logs = "".join(worker.log() for worker in workers)
    return {
        name: len(re.findall(rf"Task games\.tasks\.{name}\[[0-9a-f-]+\] succeeded", logs))
        for name in SWEEPS
    }


def sends(beat) -> dict[str, int]:
    """How often the beat has sent each sweep to the broker."""
    log = beat.log()
    return {name: log.count(f"Sending due task {name.replace('_', '-')} ") for name in SWEEPS}


def unfinished(workers) -> set[str]:
    """Tasks a worker received and has not finished."""
    received, done = set(), set()
    for worker in workers:
        log = worker.log()
        received.update(RECEIVED.findall(log))
        done.update(first or second for first, second in DONE.findall(log))
    return received - done


def broker_idle(redis_url: str) -> bool:
    """No task waits in a queue, and none is taken but unacknowledged (acks are late:
    a task is acknowledged once it has run)."""
    client = redis.Redis.from_url(redis_url)
    queued = sum(
        client.llen(key) for key in client.scan_iter("celery*") if client.type(key) == b"list"
    )
    return queued == 0 and client.hlen("unacked") == 0


def until(condition, what: str, timeout: float = 60) -> None:
    """Poll `condition` until it holds; fail after `timeout` seconds saying `what` did not
    happen."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen in {timeout} s"
        time.sleep(0.2)  # polls the logs and the broker, up to the deadline


def wait_until_the_sweeps_ran_again(workers, beats, redis_url, *, times=2, timeout=90) -> None:
    """Until every beat has sent each sweep `times` more times, the workers have run each
    sweep `times` more times, and every task sent so far has run (the broker idle, no
    task received and unfinished): whatever a sweep or a duplicate task could still do
    twice, it has had its chance to do by then."""
    ran_before, sent_before = runs(workers), [sends(beat) for beat in beats]

    def ran_again() -> bool:
        ran, sent = runs(workers), [sends(beat) for beat in beats]
        return (
            all(ran[name] >= ran_before[name] + times for name in SWEEPS)
            and all(
                now[name] >= before[name] + times
                for now, before in zip(sent, sent_before, strict=True)
                for name in SWEEPS
            )
            and broker_idle(redis_url)
            and not unfinished(workers)
        )

    until(ran_again, f"every sweep sent and run {times} times more, and all its tasks run", timeout)
