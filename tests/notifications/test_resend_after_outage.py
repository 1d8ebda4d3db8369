"""A mail server down for a whole night: once the task's retries have run out, the resend
sweep keeps trying every hour, so the your-turn and result mails still arrive, once each.
Mails past the attempt cap or older than RESEND_WITHIN stay unsent; a your-turn mail for
a turn already played is dropped."""

from datetime import datetime, timedelta

import pytest
from django.core import mail
from django.utils import timezone
from game_steps import keep_opening_tickets, play_a_turn, seats_to_move, started_game
from mail_steps import fire_due_mail_tasks, mails_to, make_player

from games.heartbeat import sweeps, tasks
from games.mail import tasks as mail_tasks
from games.mail.outbox import YOUR_TURN_GRACE
from games.mail.send import ALREADY_DONE
from games.models import GameStatus, Notification

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.slow,  # nights of retries, sweep by sweep: CI runs them, `make test-fast` does not
]

EVENING = datetime.fromisoformat("2030-02-01 22:00Z")
TASK_ATTEMPTS = mail_tasks.MAX_RETRIES + 1


@pytest.fixture
def clock(time_machine):
    """Frozen time, moved by the test: each attempt's time is exact."""
    time_machine.move_to(EVENING - timedelta(hours=1), tick=False)
    return lambda moment: time_machine.move_to(moment, tick=False)


@pytest.fixture
def beat(clock, committed):
    """The beat's resend sweep at `moment`, run twice: a repeated sweep changes nothing."""

    def tick(moment):
        clock(moment)
        for _ in range(2):
            with committed():
                tasks.resend_unsent.delay()

    return tick


def two_in_play(committed, clock, *, turn_seconds=2 * 24 * 3600):
    """Ann and Bob have kept their tickets; it is the first player's turn, and the
    your-turn mail's grace has passed."""
    ann, bob = make_player("ann"), make_player("bob")
    with committed():
        game = started_game([ann, bob], turn_seconds=turn_seconds)
    with committed():
        keep_opening_tickets(game)
    clock(timezone.now() + YOUR_TURN_GRACE)
    fire_due_mail_tasks(committed)
    mail.outbox.clear()
    return game


def your_turn_row(user) -> Notification:
    return Notification.objects.filter(user=user, kind="your_turn").latest("pk")


def a_turn_refused_by_the_mail_server(game, committed, clock, mail_server):
    """The mail server refuses; a turn is played, and at EVENING, once the grace has passed,
    its mail's task retries until it gives up. Returns the waiting player and their
    your-turn row."""
    clock(EVENING - YOUR_TURN_GRACE)
    mail_server.refuse()
    with committed():
        play_a_turn(game)
    clock(EVENING)
    fire_due_mail_tasks(committed)
    (waiting,) = seats_to_move(game)
    row = your_turn_row(waiting.user)
    assert (row.sent_at, row.attempts) == (None, TASK_ATTEMPTS)
    return waiting.user, row


def test_a_your_turn_mail_refused_all_night_is_sent_once_in_the_morning(
    committed, clock, beat, mail_server
):
    game = two_in_play(committed, clock)
    waiting, row = a_turn_refused_by_the_mail_server(game, committed, clock, mail_server)

    for minutes in range(10, 10 * 60, 10):  # a sweep every 10 minutes until 07:50
        beat(EVENING + timedelta(minutes=minutes))
    row.refresh_from_db()
    assert row.sent_at is None
    assert row.attempts == TASK_ATTEMPTS + 9  # once an hour, 23:00 to 07:00
    assert row.last_attempt_at == EVENING + timedelta(hours=9)
    assert "refused" in row.last_error.lower()
    assert mail.outbox == []

    mail_server.back()
    for minutes in range(10 * 60, 12 * 60, 10):  # 08:00 to 10:00
        beat(EVENING + timedelta(minutes=minutes))

    (message,) = mails_to(waiting)
    assert message.subject.startswith(f"It's your turn in game #{game.pk}, USA, against")
    row.refresh_from_db()
    assert row.sent_at == EVENING + timedelta(hours=10)
    assert row.last_error == ""
    # A copy of the task still in the queue finds the row sent and sends nothing.
    assert mail_tasks.send_notification_once.delay(row.pk).get() == ALREADY_DONE
    assert len(mail.outbox) == 1


def test_result_mails_refused_overnight_reach_both_players_once(
    committed, clock, beat, mail_server
):
    game = two_in_play(committed, clock, turn_seconds=3600)
    (stalled,) = seats_to_move(game)
    over_at = game.deadline + timedelta(seconds=30)
    clock(over_at)
    mail_server.refuse()
    with committed():
        tasks.forfeit_overdue.delay()  # one of two runs out of time: the game is over
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    results = Notification.objects.filter(game=game, kind="result")
    assert sorted(results.values_list("attempts", flat=True)) == [TASK_ATTEMPTS] * 2

    for minutes in range(15, 8 * 60, 15):
        beat(over_at + timedelta(minutes=minutes))
    assert mail.outbox == []
    mail_server.back()
    for minutes in range(8 * 60, 10 * 60, 15):
        beat(over_at + timedelta(minutes=minutes))

    for seat in game.seats.select_related("user"):
        subjects = [m.subject for m in mails_to(seat.user)]
        over = [s for s in subjects if s.startswith(f"Game #{game.pk}, USA, is over")]
        assert len(over) == 1, subjects
    assert not results.filter(sent_at__isnull=True).exists()
    assert stalled.user.email in {m.to[0] for m in mail.outbox}


def test_a_mail_at_the_attempt_cap_is_left_unsent(committed, clock, beat, mail_server):
    game = two_in_play(committed, clock)
    waiting, row = a_turn_refused_by_the_mail_server(game, committed, clock, mail_server)

    hours_to_cap = sweeps.MAX_ATTEMPTS - TASK_ATTEMPTS
    for hours in range(1, hours_to_cap + 3):
        beat(EVENING + timedelta(hours=hours))
    row.refresh_from_db()
    assert row.attempts == sweeps.MAX_ATTEMPTS
    assert row.last_attempt_at == EVENING + timedelta(hours=hours_to_cap)

    mail_server.back()  # too late: the row stays for the admin, with its last error
    for hours in range(hours_to_cap + 3, hours_to_cap + 6):
        beat(EVENING + timedelta(hours=hours))
    row.refresh_from_db()
    assert (row.sent_at, row.attempts) == (None, sweeps.MAX_ATTEMPTS)
    assert "refused" in row.last_error.lower()
    assert mails_to(waiting) == []


def test_a_failed_mail_older_than_resend_within_is_left_unsent(committed, clock, beat, mail_server):
    game = two_in_play(committed, clock, turn_seconds=7 * 24 * 3600)  # the turn is still on
    waiting, row = a_turn_refused_by_the_mail_server(game, committed, clock, mail_server)
    mail_server.back()

    beat(row.created_at + sweeps.RESEND_WITHIN + timedelta(minutes=1))

    row.refresh_from_db()
    assert (row.sent_at, row.attempts) == (None, TASK_ATTEMPTS)
    assert mails_to(waiting) == []


def test_a_failed_your_turn_mail_is_dropped_once_that_turn_is_played(
    committed, clock, beat, mail_server
):
    game = two_in_play(committed, clock)
    waiting, row = a_turn_refused_by_the_mail_server(game, committed, clock, mail_server)

    mail_server.back()
    clock(EVENING + timedelta(minutes=30))
    with committed():
        assert play_a_turn(game).user == waiting  # they saw it was their turn on the site
    for minutes in range(60, 4 * 60, 10):
        beat(EVENING + timedelta(minutes=minutes))

    row.refresh_from_db()
    assert row.skipped and row.sent_at is None
    assert row.attempts == TASK_ATTEMPTS  # checked, not sent
    assert mails_to(waiting) == []
    (message,) = mail.outbox  # only the mover's opponent heard of the next turn
    assert message.subject.startswith(f"It's your turn in game #{game.pk}")
