"""A game where one player stops moving, through the real services, sweeps and tasks,
with the clock travelled: reminders on time and once, the forfeit on time, the game
going on without them, and every mail in the outbox exactly once."""

from collections import Counter
from datetime import timedelta

import pytest
from django.core import mail
from game_steps import act, keep_opening_tickets, play_a_turn, seats_to_move, started_game
from mail_steps import grace_passes, mails_to, make_player, subjects_to

from games.heartbeat import tasks
from games.models import GameStatus, Notification

pytestmark = pytest.mark.django_db

TWO_DAYS = 2 * 24 * 3600


def sweep(committed):
    """One beat tick, run twice: a repeated or retried sweep must change nothing."""
    for _ in range(2):
        with committed():
            tasks.forfeit_overdue.delay()
            tasks.send_due_reminders.delay()
            tasks.resend_unsent.delay()


@pytest.fixture
def three_in_play(time_machine, committed):
    """Ann, Bob and Cy have kept their tickets; it is the first player's turn."""
    time_machine.move_to("2030-03-04 09:00Z")
    players = [make_player(name) for name in ("ann", "bob", "cy")]
    with committed():
        game = started_game(players, turn_seconds=TWO_DAYS)
    with committed():
        keep_opening_tickets(game)
    grace_passes(time_machine, committed)  # the first player's your-turn mail
    mail.outbox.clear()
    return game, players


def test_everyone_is_asked_to_choose_tickets_when_the_game_starts(time_machine, committed):
    time_machine.move_to("2030-03-04 09:00Z")
    players = [make_player(name, timezone="Europe/Amsterdam") for name in ("ann", "bob")]
    with committed():
        game = started_game(players, map_id="europe", turn_seconds=TWO_DAYS)
    grace_passes(time_machine, committed)

    for player in players:
        (subject,) = subjects_to(player)
        assert subject.startswith(f"Game #{game.pk}, Europe, against ")
        assert subject.endswith("choose your tickets by Wed 6 Mar 10:00 (Europe/Amsterdam)")


def test_the_next_player_gets_a_your_turn_mail_when_the_turn_passes(
    three_in_play, time_machine, committed
):
    game, players = three_in_play
    with committed():
        mover = play_a_turn(game).user
    grace_passes(time_machine, committed)
    (next_seat,) = seats_to_move(game)

    (message,) = mail.outbox
    assert message.to == [next_seat.user.email]
    assert message.subject.startswith(f"It's your turn in game #{game.pk}, USA, against ")
    assert f"- {mover.username} drew 2 cards from the deck\n" in message.body  # one turn
    assert "drew a card" not in message.body


def test_a_first_card_draw_keeps_the_turn_and_sends_nobody_mail(three_in_play, committed):
    game, _ = three_in_play
    (seat,) = seats_to_move(game)

    with committed():
        act(game, seat, ("draw_card",))

    assert [s.pk for s in seats_to_move(game)] == [seat.pk]
    assert mail.outbox == []


def test_the_reminder_comes_at_half_time_and_only_once(three_in_play, time_machine, committed):
    game, _ = three_in_play
    (waiting,) = seats_to_move(game)
    start = game.turn_started_at

    time_machine.move_to(start + timedelta(hours=23, minutes=59))
    sweep(committed)
    assert mail.outbox == []

    time_machine.move_to(start + timedelta(hours=24))
    sweep(committed)
    time_machine.move_to(start + timedelta(hours=30))
    sweep(committed)

    (subject,) = subjects_to(waiting.user)
    assert subject.startswith(f"Reminder: it's your turn in game #{game.pk}, USA")
    assert len(mail.outbox) == 1


def test_no_reminder_is_sent_to_a_player_who_moved_in_time(three_in_play, time_machine, committed):
    game, _ = three_in_play
    start = game.turn_started_at

    time_machine.move_to(start + timedelta(hours=23))
    with committed():
        mover = play_a_turn(game).user
    grace_passes(time_machine, committed)  # the next player's your-turn mail
    mail.outbox.clear()
    time_machine.move_to(start + timedelta(hours=24, minutes=1))
    sweep(committed)

    assert mails_to(mover) == []
    assert mail.outbox == []  # the next player's own reminder is not due until 23:00 later


def test_a_reminder_recorded_before_the_move_is_dropped_when_sent_after_it(
    three_in_play, time_machine, committed, broker
):
    game, _ = three_in_play
    (waiting,) = seats_to_move(game)
    time_machine.move_to(game.turn_started_at + timedelta(hours=24))
    broker.down()  # the reminder is recorded but cannot be queued
    with committed():
        tasks.send_due_reminders()
    broker.back_in_process()
    with committed():
        play_a_turn(game)
    mail.outbox.clear()

    time_machine.move_to(game.turn_started_at + timedelta(minutes=2))
    sweep(committed)

    assert mails_to(waiting.user) == []
    reminder = Notification.objects.get(user=waiting.user, kind="reminder")
    assert reminder.skipped and reminder.sent_at is None


def test_a_stalled_player_is_warned_then_forfeited_on_time_and_the_game_goes_on(
    three_in_play, time_machine, committed
):
    game, players = three_in_play
    (stalled,) = seats_to_move(game)
    others = [user for user in players if user != stalled.user]
    deadline = game.deadline

    for moment in (
        timedelta(hours=24),
        timedelta(hours=46, minutes=59),
        timedelta(hours=47),
        timedelta(hours=47, minutes=30),
        timedelta(hours=47, minutes=59, seconds=59),
    ):
        time_machine.move_to(game.turn_started_at + moment)
        sweep(committed)
    game.refresh_from_db()
    assert game.seats.get(pk=stalled.pk).forfeited_at is None  # not a second early
    assert [s.split(":")[0] for s in subjects_to(stalled.user)] == ["Reminder", "Last warning"]
    assert "Last warning: move in game" in subjects_to(stalled.user)[1]

    time_machine.move_to(deadline + timedelta(seconds=30))
    sweep(committed)
    grace_passes(time_machine, committed)

    game.refresh_from_db()
    stalled.refresh_from_db()
    assert stalled.forfeited_at is not None
    assert game.status == GameStatus.PLAYING
    (now_to_move,) = seats_to_move(game)
    assert now_to_move.user in others
    for user in others:
        assert (
            f"{stalled.user.username} ran out of time in game #{game.pk}, USA, and is out"
            in " ".join(subjects_to(user))
        )
    assert subjects_to(now_to_move.user)[-1].startswith(f"It's your turn in game #{game.pk}")
    assert subjects_to(stalled.user)[-1].startswith(f"You ran out of time in game #{game.pk}")

    # The game goes on between the two others: the forfeited seat is skipped.
    with committed():
        first = play_a_turn(game).user
    with committed():
        second = play_a_turn(game).user
    assert {first, second} == set(others)
    assert stalled.pk not in {s.pk for s in seats_to_move(game)}


@pytest.mark.slow  # a whole game or more: CI runs it, `make test-fast` does not
def test_every_mail_of_the_story_reaches_the_outbox_exactly_once(
    three_in_play, time_machine, committed
):
    game, players = three_in_play
    start = game.turn_started_at
    earlier = list(Notification.objects.values_list("pk", flat=True))
    for minutes in range(0, 2 * 24 * 60 + 60, 30):  # a sweep every 30 minutes, past the deadline
        time_machine.move_to(start + timedelta(minutes=minutes))
        sweep(committed)

    sent = Notification.objects.filter(sent_at__isnull=False).exclude(pk__in=earlier)
    keys = Counter((message.to[0], message.subject) for message in mail.outbox)
    assert len(mail.outbox) == sent.count() == 6  # reminder, warning, 3 forfeit notes, your turn
    assert max(keys.values()) == 1
    assert not Notification.objects.filter(sent_at__isnull=True, skipped=False).exists()
