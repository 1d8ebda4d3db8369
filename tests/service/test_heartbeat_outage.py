"""The heartbeat survives a Redis outage with nobody restarting anything.

A private redis-server, a Celery worker and beat (supervised, as `make run` and the
systemd units run them) with the sweeps every 2 s. Mails are owed: your-turn mails
whose grace ends while Redis is down, and a game whose deadline passes while it is down.
Redis is killed (SIGKILL: its queue is lost with it) and started again, empty, once the
worker has lost it and the beat has failed to send a sweep. Then every mail owed goes out
exactly once, and the forfeit sweep forfeits the overdue game: checked once the sweeps
have run twice more and every task sent has run (sweep_runs), so a second copy of
anything has had its chance.
"""

import time
from email import message_from_string
from pathlib import Path

import pytest
from app_processes import app_env, beat_command, needs_postgresql, worker_command
from django.utils import timezone
from game_steps import make_users, started_game
from sweep_runs import runs, until, wait_until_the_sweeps_ran_again

from games.heartbeat import sweeps
from games.models import Game, Notification, Seat
from ttr_site.celery import app

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.serial,
]

SETTLE_TIMEOUT = 40


def forget_connections():
    app._pool = None
    app.amqp._producer_pool = None


@pytest.fixture
def publish_to(settings):
    def point(url: str):
        settings.CELERY_TASK_ALWAYS_EAGER = False
        settings.CELERY_BROKER_URL = url
        forget_connections()

    yield point
    forget_connections()


def mail_files(var_dir: Path) -> list[tuple[str, str]]:
    """(recipient, subject) of every mail the worker wrote."""
    found = []
    for path in sorted((var_dir / "mail").glob("*.txt")):
        for chunk in path.read_text().split("-" * 79):
            if chunk.strip():
                message = message_from_string(chunk.strip())
                found.append((message["To"], message["Subject"]))
    return found


def owed(games) -> list[Notification]:
    return list(Notification.objects.filter(game__in=games))


def time_is_up(game, when) -> None:
    """The deadline of the game and of every seat that must act in it passes at `when`."""
    Game.objects.filter(pk=game.pk).update(deadline=when)
    Seat.objects.filter(game=game, deadline__isnull=False).update(deadline=when)


def grace_is_over(games, when) -> None:
    """The your-turn mails of `games` waited out their grace (240 s here) at `when`."""
    Notification.objects.filter(game__in=games, not_before__isnull=False).update(not_before=when)


def failed_sends(beat) -> int:
    """The sweeps the beat could not send (its two ways of saying so)."""
    log = beat.log()
    return log.count("Couldn't apply scheduled task") + log.count("beat: Connection error")


def settled(games) -> bool:
    return all(row.sent_at or row.skipped for row in owed(games))


def forfeited(game) -> bool:
    return Seat.objects.filter(game=game, forfeited_at__isnull=False).exists()


def test_mail_and_forfeits_resume_after_redis_is_killed_and_restarted(
    private_redis, processes, publish_to, tmp_path
):
    needs_postgresql()
    env = app_env(tmp_path, private_redis.url(), SWEEP_SECONDS="2")
    worker = processes.start("worker", worker_command("w1"), env, tmp_path)
    beat = processes.start("beat", beat_command(tmp_path / "beat-schedule"), env, tmp_path)
    worker.wait_for_log("ready.")
    publish_to(private_redis.url())

    waiting = started_game(make_users("ann", "bob"))  # two your-turn mails wait their grace
    overdue = started_game(make_users("cy", "dee"))  # its deadline will pass during the outage
    swept_during = started_game(make_users("eve", "fay"))  # forfeited while Redis is down
    games = [waiting, overdue, swept_during]
    until(lambda: runs([worker])["resend_unsent"] >= 1, "a sweep run through Redis")
    assert not any(row.sent_at for row in owed(games))  # every mail waits its grace

    private_redis.kill()
    # A sweep that ran just then (here, in this process) forfeits a player whose time ran
    # out: the game ends, the forfeit and result mails are recorded, their queuing fails.
    time_is_up(swept_during, timezone.now())
    assert sweeps.forfeit_overdue(timezone.now()) == 1
    # Another game's deadline passes while Redis is down, and the grace of the waiting
    # mails ends: no sweep can run until it is back.
    time_is_up(overdue, timezone.now())
    grace_is_over(games, timezone.now())
    failed = failed_sends(beat)
    until(lambda: "Connection to broker lost" in worker.log(), "the worker losing Redis")
    until(lambda: failed_sends(beat) > failed, "the beat failing to send a sweep meanwhile")
    assert not settled(games) and not forfeited(overdue)
    private_redis.start()

    deadline = time.monotonic() + SETTLE_TIMEOUT
    while time.monotonic() < deadline and not (settled(games) and forfeited(overdue)):
        time.sleep(0.5)  # polls for the owed work done, up to the deadline
    wait_until_the_sweeps_ran_again([worker], [beat], private_redis.url())

    logs = worker.log() + beat.log()
    assert settled(games), f"mails still owed: {[str(r) for r in owed(games)]}\n{logs[-4000:]}"
    assert forfeited(overdue), logs[-4000:]
    sent = [row for row in owed(games) if row.sent_at]
    files = mail_files(tmp_path)
    assert len(files) == len(set(files)) == len(sent)
    assert {(row.user.email, row.kind) for row in sent} >= {
        ("ann@example.org", "your_turn"),
        ("bob@example.org", "your_turn"),
        ("cy@example.org", "result"),
        ("dee@example.org", "result"),
        ("eve@example.org", "result"),
        ("fay@example.org", "result"),
    }
    print(f"worker restarts by the supervisor: {logs.count('supervise: ')}")
