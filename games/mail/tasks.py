"""The mail's Celery tasks: send one outbox row (games.mail.send). Both are idempotent.

Their names are the ones they have always had (games.heartbeat.tasks.*), so a task queued before
an update is still run after it.
"""

from celery import shared_task
from django.utils import timezone

from .send import FAILED, DeliveryFailed, deliver

# Pauses of 30 s, 1, 2, 4, 8, 16 min, then every 30 min: about two and a half hours in all.
# After that the resend sweep tries the row again, less often (games/heartbeat/sweeps.py).
MAX_RETRIES = 10


@shared_task(
    name="games.tasks.send_notification",
    autoretry_for=(DeliveryFailed,),
    retry_backoff=30,
    retry_backoff_max=30 * 60,
    retry_jitter=False,
    max_retries=MAX_RETRIES,
)
def send_notification(notification_id: int) -> str:
    """Send one outbox row; a mail server failure retries with growing pauses. The game
    never waits for it: the move committed before this was queued."""
    return deliver(notification_id, now=timezone.now())


@shared_task(name="games.tasks.send_notification_once")
def send_notification_once(notification_id: int) -> str:
    """One more try of a mail whose retries ran out; on failure the resend sweep calls
    again later, so this task does not retry itself."""
    try:
        return deliver(notification_id, now=timezone.now())
    except DeliveryFailed:
        return FAILED
