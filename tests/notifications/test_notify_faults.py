"""Faults: a refusing mail server and an unreachable broker never stop a game or lose a mail."""

from datetime import timedelta

import pytest
from celery.signals import task_retry
from django.core import mail
from game_steps import keep_opening_tickets, play_a_turn, seats_to_move, started_game
from mail_steps import grace_passes, make_player

from games.heartbeat import tasks
from games.mail import tasks as mail_tasks
from games.models import GameStatus, Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def retry_pauses():
    pauses = []

    def record(sender=None, reason=None, **kwargs):
        if getattr(sender, "name", None) == mail_tasks.send_notification.name:
            pauses.append(reason.when)

    task_retry.connect(record, weak=False)
    yield pauses
    task_retry.disconnect(record)


def test_with_the_mail_server_refusing_moves_go_on_and_the_mail_retries_with_growing_pauses(
    time_machine, committed, smtp_refusing, retry_pauses
):
    time_machine.move_to("2030-02-01 10:00Z")
    ann, bob = make_player("ann"), make_player("bob")
    with committed():
        game = started_game([ann, bob])
    with committed():
        keep_opening_tickets(game)
    with committed():
        mover = play_a_turn(game).user
    grace_passes(time_machine, committed)

    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING
    (waiting,) = seats_to_move(game)
    assert waiting.user != mover  # the turn passed although no mail could be sent
    row = Notification.objects.filter(user=waiting.user, kind="your_turn").latest("pk")
    assert row.sent_at is None
    assert row.attempts == mail_tasks.MAX_RETRIES + 1
    assert "refused" in row.last_error.lower()
    # Each retry of a mail waits longer, up to half an hour.
    first_mail = retry_pauses[: mail_tasks.MAX_RETRIES]
    assert first_mail == [30, 60, 120, 240, 480, 960, 1800, 1800, 1800, 1800]
    assert mail.outbox == []

    smtp_refusing()  # the server is back: the next turn's mail goes out
    with committed():
        play_a_turn(game)
    grace_passes(time_machine, committed)
    assert len(mail.outbox) == 1 and mail.outbox[0].to == [mover.email]


def test_with_the_broker_down_a_move_commits_at_once_and_the_sweep_sends_its_mail_later(
    time_machine, committed, broker
):
    time_machine.move_to("2030-02-01 10:00Z")
    ann, bob, cy = make_player("ann"), make_player("bob"), make_player("cy")
    with committed():
        game = started_game([ann, bob, cy])
    with committed():
        keep_opening_tickets(game)
    grace_passes(time_machine, committed)
    mail.outbox.clear()
    version = game.version

    broker.down()  # how long the move takes then: bench/dead_broker.py
    with committed():
        play_a_turn(game)

    game.refresh_from_db()
    assert game.version > version
    (waiting,) = seats_to_move(game)
    row = Notification.objects.get(
        user=waiting.user, kind="your_turn", sent_at__isnull=True, skipped=False
    )
    assert row.attempts == 0
    assert mail.outbox == []

    broker.back_in_process()
    # The your-turn mail waits in the outbox, not in the broker: the sweep queues it once
    # its grace has passed, and only once however often the sweep runs after that.
    for moment in (row.created_at + timedelta(minutes=2), row.not_before - timedelta(seconds=1)):
        time_machine.move_to(moment)
        with committed():
            tasks.resend_unsent.delay()
    assert mail.outbox == []
    for seconds in (0, 60, 120):
        time_machine.move_to(row.not_before + timedelta(seconds=seconds))
        with committed():
            tasks.resend_unsent.delay()

    (message,) = mail.outbox
    assert message.to == [waiting.user.email]
    assert message.subject.startswith(f"It's your turn in game #{game.pk}")
    row.refresh_from_db()
    assert row.sent_at is not None
