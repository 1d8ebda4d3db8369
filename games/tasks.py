"""The beat's Celery tasks: each runs one sweep (games.sweeps) as of now. All are idempotent.

This is the module Celery's autodiscovery imports for the games app, so it also brings
in the mail's tasks (games.mail.tasks), which live with the mail.
"""

from celery import shared_task
from django.utils import timezone

from accounts.rate_limit_pruning import prune_rate_limits as prune
from games import bot_turns, sweeps
from games.mail import tasks as mail_tasks  # noqa: F401  (registers the mail's tasks)


@shared_task
def send_due_reminders() -> int:
    return sweeps.send_due_reminders(timezone.now())


@shared_task
def forfeit_overdue() -> int:
    return sweeps.forfeit_overdue(timezone.now())


@shared_task
def resend_unsent() -> int:
    return sweeps.resend_unsent(timezone.now())


@shared_task
def send_digests() -> int:
    return sweeps.send_digests(timezone.now())


@shared_task
def play_stalled_bot_turns() -> int:
    return sweeps.play_stalled_bot_turns(timezone.now())


@shared_task
def prune_rate_limits() -> int:
    return prune(timezone.now())


@shared_task(name="games.tasks.play_bot_turn")
def play_bot_turn(game_id: int, seat_id: int, version: int) -> str:
    """One bot move, queued after the commit that made it the bot's turn (games.bot_queue);
    a stale or repeated task does nothing."""
    return bot_turns.play_bot_turn(game_id, seat_id, version)
