"""Each player's switches decide which mails they get; the daily digest replaces per-turn mail."""

from datetime import timedelta

import pytest
from django.core import mail
from game_steps import keep_opening_tickets, seats_to_move, started_game
from mail_steps import grace_passes, make_player, subjects_to

from accounts.models import profile_for
from games.heartbeat import tasks
from games.models import Notification

pytestmark = pytest.mark.django_db


def test_a_player_who_turned_your_turn_mail_off_gets_none_and_the_row_says_skipped(
    time_machine, committed
):
    ann, bob = make_player("ann", email_your_turn=False), make_player("bob")
    with committed():
        started_game([ann, bob])
    grace_passes(time_machine, committed)

    assert subjects_to(ann) == [] and len(subjects_to(bob)) == 1
    assert Notification.objects.get(user=ann, kind="your_turn").skipped


def test_an_unsubscribe_after_the_mail_was_recorded_still_stops_it(time_machine, committed, broker):
    ann, bob = make_player("ann"), make_player("bob")
    broker.down()
    with committed():
        started_game([ann, bob])
    profile = profile_for(ann)
    profile.email_your_turn = False
    profile.save()
    broker.back_in_process()

    grace_passes(time_machine, committed)

    assert subjects_to(ann) == [] and len(subjects_to(bob)) == 1


def test_reminders_off_means_no_reminder_and_no_last_warning(time_machine, committed):
    time_machine.move_to("2030-05-01 08:00Z")
    ann, bob = make_player("ann", email_reminders=False), make_player("bob")
    with committed():
        game = started_game([ann, bob], turn_seconds=24 * 3600)
    mail.outbox.clear()
    for hours in (12, 23.5):
        time_machine.move_to(game.turn_started_at + timedelta(hours=hours))
        with committed():
            tasks.send_due_reminders.delay()

    assert subjects_to(ann) == []
    assert [s.split(":")[0] for s in subjects_to(bob)] == ["Reminder", "Last warning"]


def test_a_digest_reader_gets_no_per_turn_mail_but_still_the_last_warning(time_machine, committed):
    time_machine.move_to("2030-05-01 08:00Z")
    ann, bob = make_player("ann", daily_digest=True, digest_hour=23), make_player("bob")
    with committed():
        game = started_game([ann, bob], turn_seconds=24 * 3600)
    for hours in (12, 23.5):
        time_machine.move_to(game.turn_started_at + timedelta(hours=hours))
        with committed():
            tasks.send_due_reminders.delay()

    assert [s.split(":")[0] for s in subjects_to(ann)] == ["Last warning"]


def test_a_result_mail_respects_the_results_switch(time_machine, committed):
    time_machine.move_to("2030-05-01 08:00Z")
    ann, bob = make_player("ann", email_results=False), make_player("bob")
    with committed():
        game = started_game([ann, bob], turn_seconds=3600)
    with committed():
        keep_opening_tickets(game)
    (late,) = seats_to_move(game)
    mail.outbox.clear()
    time_machine.move_to(game.deadline + timedelta(seconds=5))
    with committed():
        tasks.forfeit_overdue.delay()

    game.refresh_from_db()
    assert game.is_over
    assert subjects_to(ann) == []
    (subject,) = subjects_to(bob)
    bob_place = "1st" if late.user == ann else "2nd"
    assert subject == f"Game #{game.pk}, USA, is over — you came {bob_place} of 2"
