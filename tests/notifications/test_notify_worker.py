"""End to end through the real broker: a Celery worker (in a thread of this process) reads
tasks from the Redis at REDIS_URL and the your-turn mail lands in the outbox, once its
grace has passed (shortened here to GRACE) and the sweep has queued it, as beat makes it
do every minute.

The worker and its queue live in their own Redis database number, so a developer's
running worker (on REDIS_URL's own database) never sees these tasks, nor this test theirs.
"""

import time
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from django.core import mail
from django.utils import timezone
from game_steps import act, play_a_turn, seats_to_move, started_game
from mail_steps import make_player

from games.heartbeat import sweeps
from games.mail import outbox
from games.models import Notification
from ttr_site.celery import app

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.serial,
]

TEST_REDIS_DB = 15
GRACE = timedelta(seconds=2)


def dedicated_database(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{TEST_REDIS_DB}"))


def forget_connections():
    app._pool = None
    app.amqp._producer_pool = None


def wait_for_mail(to: str, *, count: int = 1, timeout: float = 20):
    """The mails to `to`, once `count` of them have arrived. Only the outbox is polled: the
    worker thread owns the database while it sends (SQLite's shared in-memory test
    database fails a second writer at once instead of waiting)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [message for message in mail.outbox if message.to == [to]]
        if len(found) >= count:
            time.sleep(0.3)  # let the worker commit sent_at before the test goes on
            return found
        time.sleep(0.1)
    raise AssertionError(f"no mail reached {to} within {timeout} s")


@pytest.fixture
def worker(settings, monkeypatch):
    monkeypatch.setattr(outbox, "YOUR_TURN_GRACE", GRACE)
    broker_url = dedicated_database(settings.REDIS_URL)
    try:
        redis.Redis.from_url(broker_url, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"the integration test needs Redis at {settings.REDIS_URL}: {exc}")
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = broker_url
    forget_connections()
    try:
        with start_worker(
            app,
            perform_ping_check=False,
            shutdown_timeout=20,
            hostname=f"ttr-test-{time.monotonic_ns()}@localhost",
        ):
            yield broker_url
    finally:
        forget_connections()


def test_a_real_worker_sends_the_your_turn_mail_over_redis(worker):
    ann, bob = make_player("ann"), make_player("bob")
    queued = time.monotonic()
    game = started_game([ann, bob])  # commits: the two opening mails wait in the outbox
    assert sweeps.resend_unsent(timezone.now()) == 0  # not before the grace
    time.sleep(GRACE.total_seconds())
    assert sweeps.resend_unsent(timezone.now()) == 2  # queued to Redis
    wait_for_mail(ann.email)
    (opening,) = wait_for_mail(bob.email)
    assert time.monotonic() - queued >= GRACE.total_seconds()
    assert opening.subject.startswith(f"Game #{game.pk}, USA, against ann has started")

    # The first player keeps tickets last, so the opening ends on their own move (no
    # mail); then they play a turn and the worker mails the other player.
    first, second = sorted(seats_to_move(game), key=lambda seat: seat.order)
    for seat in (second, first):
        game.refresh_from_db()
        act(game, seat, ("keep_tickets",))
    game.refresh_from_db()
    assert play_a_turn(game).user == first.user

    time.sleep(GRACE.total_seconds())
    assert sweeps.resend_unsent(timezone.now()) == 1
    mails = wait_for_mail(second.user.email, count=2)
    assert mails[-1].subject.startswith(f"It's your turn in game #{game.pk}, USA, against")
    assert f"{first.user.username} drew 2 cards from the deck" in mails[-1].body


def test_a_mail_queued_while_redis_was_unreachable_is_sent_by_the_sweep_once_it_is_back(
    worker, settings
):
    ann, bob = make_player("ann"), make_player("bob")
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:9/0"  # the discard port: nothing answers
    forget_connections()
    game = started_game([ann, bob])  # the start commits although no task could be queued
    assert game.status == "choosing"
    assert Notification.objects.filter(game=game, sent_at__isnull=True).count() == 2

    settings.CELERY_BROKER_URL = worker  # Redis is back
    forget_connections()
    assert sweeps.resend_unsent(timezone.now()) == 0  # nothing before the grace has passed
    time.sleep(GRACE.total_seconds())
    queued = sweeps.resend_unsent(timezone.now())

    assert queued == 2
    wait_for_mail(ann.email)
    wait_for_mail(bob.email)
    time.sleep(0.5)  # a second copy would have arrived by now
    assert sorted(message.to[0] for message in mail.outbox) == [ann.email, bob.email]
