"""End to end through the real broker: a Celery worker (in a thread of this process) reads
tasks from the Redis at REDIS_URL and the your-turn mail lands in the outbox, once its
grace has passed and the sweep has queued it, as beat makes it do every minute. The grace
passes by time-machine, in the worker's thread too; the test goes on once every task
published has run (Celery's own signals, in this process), never after a pause.

The worker and its queue live in their own Redis database number, so a developer's
running worker (on REDIS_URL's own database) never sees these tasks, nor this test theirs.
"""

import threading
import time
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis
from celery.contrib.testing.worker import start_worker
from celery.signals import after_task_publish, task_postrun
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
GRACE = outbox.YOUR_TURN_GRACE
WAIT = 20  # seconds: only a broken worker takes this long


def dedicated_database(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{TEST_REDIS_DB}"))


def forget_connections():
    app._pool = None
    app.amqp._producer_pool = None


class Tasks:
    """Tasks this process published to the broker, and those the worker (a thread of this
    process) has finished: once they are even, every copy of a mail that anything queued
    has been sent, or found sent already."""

    def __init__(self):
        self.published = self.finished = 0
        self._changed = threading.Condition()

    def count_published(self, **_):
        with self._changed:
            self.published += 1
            self._changed.notify_all()

    def count_finished(self, **_):
        with self._changed:
            self.finished += 1
            self._changed.notify_all()

    def wait_until_all_ran(self) -> None:
        with self._changed:
            if not self._changed.wait_for(lambda: self.finished >= self.published, WAIT):
                raise AssertionError(f"{self.finished} of {self.published} tasks ran in {WAIT} s")


def mails_to(to: str) -> list:
    return [message for message in mail.outbox if message.to == [to]]


@pytest.fixture
def tasks():
    ledger = Tasks()
    after_task_publish.connect(ledger.count_published, weak=False)
    task_postrun.connect(ledger.count_finished, weak=False)
    yield ledger
    after_task_publish.disconnect(ledger.count_published)
    task_postrun.disconnect(ledger.count_finished)


@pytest.fixture
def worker(settings, tasks):
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


def test_a_real_worker_sends_the_your_turn_mail_over_redis(worker, tasks, time_machine):
    time_machine.move_to(timezone.now())  # time goes on as ever, from here
    ann, bob = make_player("ann"), make_player("bob")
    game = started_game([ann, bob])  # commits: the two opening mails wait in the outbox
    assert sweeps.resend_unsent(timezone.now()) == 0  # not before the grace
    tasks.wait_until_all_ran()
    assert mail.outbox == []
    time_machine.shift(GRACE)
    assert sweeps.resend_unsent(timezone.now()) == 2  # queued to Redis
    tasks.wait_until_all_ran()
    assert len(mails_to(ann.email)) == 1
    (opening,) = mails_to(bob.email)
    assert opening.subject.startswith(f"Game #{game.pk}, USA, against ann has started")

    # The first player keeps tickets last, so the opening ends on their own move (no
    # mail); then they play a turn and the worker mails the other player.
    first, second = sorted(seats_to_move(game), key=lambda seat: seat.order)
    for seat in (second, first):
        game.refresh_from_db()
        act(game, seat, ("keep_tickets",))
    game.refresh_from_db()
    assert play_a_turn(game).user == first.user

    time_machine.shift(GRACE)
    assert sweeps.resend_unsent(timezone.now()) == 1
    tasks.wait_until_all_ran()
    mails = mails_to(second.user.email)
    assert len(mails) == 2
    assert mails[-1].subject.startswith(f"It's your turn in game #{game.pk}, USA, against")
    assert f"{first.user.username} drew 2 cards from the deck" in mails[-1].body


def test_a_mail_queued_while_redis_was_unreachable_is_sent_by_the_sweep_once_it_is_back(
    worker, settings, tasks, time_machine
):
    time_machine.move_to(timezone.now())
    ann, bob = make_player("ann"), make_player("bob")
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:9/0"  # the discard port: nothing answers
    forget_connections()
    game = started_game([ann, bob])  # the start commits although no task could be queued
    assert game.status == "choosing"
    assert Notification.objects.filter(game=game, sent_at__isnull=True).count() == 2

    settings.CELERY_BROKER_URL = worker  # Redis is back
    forget_connections()
    assert sweeps.resend_unsent(timezone.now()) == 0  # nothing before the grace has passed
    time_machine.shift(GRACE)
    assert sweeps.resend_unsent(timezone.now()) == 2
    tasks.wait_until_all_ran()
    # The sweep runs on, every minute: it queues nothing more, and each mail went once.
    for _ in range(3):
        time_machine.shift(timedelta(minutes=1))
        assert sweeps.resend_unsent(timezone.now()) == 0
    tasks.wait_until_all_ran()
    assert sorted(message.to[0] for message in mail.outbox) == [ann.email, bob.email]
