"""The beat's Celery tasks: each runs one sweep (games.heartbeat.sweeps) as of now. All are
idempotent. Their names are the ones they have always had (games.tasks.*), so a task queued
before an update still runs after it.

The games app imports this module when it is ready, so it also brings in the mail's tasks
(games.mail.tasks), which live with the mail.
"""

from celery import shared_task
from django.utils import timezone

from accounts.rate_limit_pruning import prune_rate_limits as prune
from games.heartbeat import sweeps
from games.mail import tasks as mail_tasks  # noqa: F401  (registers the mail's tasks)


@shared_task(name="games.tasks.send_due_reminders")
def send_due_reminders() -> int:
    return sweeps.send_due_reminders(timezone.now())


@shared_task(name="games.tasks.forfeit_overdue")
def forfeit_overdue() -> int:
    return sweeps.forfeit_overdue(timezone.now())


@shared_task(name="games.tasks.resend_unsent")
def resend_unsent() -> int:
    return sweeps.resend_unsent(timezone.now())


@shared_task(name="games.tasks.send_digests")
def send_digests() -> int:
    return sweeps.send_digests(timezone.now())


@shared_task(name="games.tasks.play_stalled_bot_turns")
def play_stalled_bot_turns() -> int:
    return sweeps.play_stalled_bot_turns(timezone.now())


@shared_task(name="games.tasks.play_stalled_orders")
def play_stalled_orders() -> int:
    return sweeps.play_stalled_orders(timezone.now())


@shared_task(name="games.tasks.advance_seasons")
def advance_seasons() -> int:
    return sweeps.advance_seasons(timezone.now())


@shared_task(name="games.tasks.lapse_invitations")
def lapse_invitations() -> int:
    return sweeps.lapse_invitations(timezone.now())


@shared_task(name="games.tasks.tell_time_away")
def tell_time_away() -> int:
    return sweeps.tell_time_away(timezone.now())


@shared_task(name="games.tasks.prune_rate_limits")
def prune_rate_limits() -> int:
    return prune(timezone.now())
