"""When a waiting player is reminded: pure arithmetic on the turn's clock.

The reminder comes when half the time per move has passed, but never earlier
than 24 hours before the deadline (a week-long turn is not nagged on day 3).
The last warning comes one hour before the deadline. When the two would meet
or cross (turns of two hours or less), only the last warning is sent, at the
later of the two moments, so a short turn gets one mail rather than two.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

REMINDER_NOT_BEFORE_DEADLINE = timedelta(hours=24)
LAST_WARNING_BEFORE_DEADLINE = timedelta(hours=1)


@dataclass(frozen=True)
class ReminderTimes:
    reminder_at: datetime | None
    last_warning_at: datetime


def reminder_times(
    *,
    turn_started_at: datetime,
    deadline: datetime,
    turn_time: timedelta,
    half_time_at: datetime | None = None,
    move_time_ends_at: datetime | None = None,
) -> ReminderTimes:
    """With a time bank the reminder counts from the end of the move time (`move_time_ends_at`)
    and the last warning from the real deadline; a clock that stood still (the player was
    away) gives its own `half_time_at` (see games/clock/arithmetic.py)."""
    half_time_at = half_time_at or turn_started_at + turn_time / 2
    move_time_ends_at = move_time_ends_at or deadline
    reminder_at = max(half_time_at, move_time_ends_at - REMINDER_NOT_BEFORE_DEADLINE)
    last_warning_at = deadline - LAST_WARNING_BEFORE_DEADLINE
    if last_warning_at <= reminder_at:
        return ReminderTimes(reminder_at=None, last_warning_at=reminder_at)
    return ReminderTimes(reminder_at=reminder_at, last_warning_at=last_warning_at)


def due_reminder_kinds(times: ReminderTimes, *, now: datetime, deadline: datetime) -> list[str]:
    """Which reminder mails are owed at `now`. A sweep that was late sends only the last
    warning when both are due (the reminder would only repeat it)."""
    if now >= deadline:
        return []
    if now >= times.last_warning_at:
        return ["last_warning"]
    if times.reminder_at is not None and now >= times.reminder_at:
        return ["reminder"]
    return []
