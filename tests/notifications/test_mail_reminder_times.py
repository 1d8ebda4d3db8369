"""When reminders fall due, for the turn lengths a game may have (one hour to seven days)."""

from datetime import UTC, datetime, timedelta

from games.mail.reminder_times import due_reminder_kinds, reminder_times

START = datetime(2030, 1, 7, 9, 0, tzinfo=UTC)


def times_for(hours: float):
    turn = timedelta(hours=hours)
    return reminder_times(turn_started_at=START, deadline=START + turn, turn_time=turn)


def test_a_one_day_turn_is_reminded_at_half_time_and_warned_an_hour_before_the_end():
    times = times_for(24)
    assert times.reminder_at == START + timedelta(hours=12)
    assert times.last_warning_at == START + timedelta(hours=23)


def test_a_long_turn_is_reminded_when_24_hours_remain_not_at_half_time():
    times = times_for(7 * 24)
    assert times.reminder_at == START + timedelta(days=6)
    assert times.last_warning_at == START + timedelta(days=7, hours=-1)


def test_a_one_hour_turn_gets_a_single_warning_at_half_time():
    times = times_for(1)
    assert times.reminder_at is None
    assert times.last_warning_at == START + timedelta(minutes=30)


def test_a_two_hour_turn_gets_a_single_warning_an_hour_before_the_end():
    times = times_for(2)
    assert times.reminder_at is None
    assert times.last_warning_at == START + timedelta(hours=1)


def test_nothing_is_due_before_the_reminder_or_after_the_deadline():
    times, deadline = times_for(24), START + timedelta(hours=24)
    assert (
        due_reminder_kinds(times, now=START + timedelta(hours=11, minutes=59), deadline=deadline)
        == []
    )
    assert due_reminder_kinds(times, now=START + timedelta(hours=12), deadline=deadline) == [
        "reminder"
    ]
    assert due_reminder_kinds(times, now=deadline, deadline=deadline) == []


def test_a_late_sweep_past_the_warning_time_sends_only_the_last_warning():
    times, deadline = times_for(24), START + timedelta(hours=24)
    assert due_reminder_kinds(
        times, now=START + timedelta(hours=23, minutes=10), deadline=deadline
    ) == ["last_warning"]
