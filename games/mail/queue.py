"""Handing an outbox row to the worker. The task is found by its name, so that sending
(games.mail.send) can queue the push and webhook rows it writes without importing the tasks
that import it."""

import logging

from celery import current_app

log = logging.getLogger(__name__)

BROKER_TIMEOUT = 2  # seconds
SEND = "games.tasks.send_notification"
SEND_ONCE = "games.tasks.send_notification_once"


def queue_send(notification_id: int, *, retry: bool = True) -> bool:
    """Hand the mail to the worker, to send now; never raises (the move has committed
    already). With retry=False the task tries once and leaves further tries to the
    resend sweep."""
    task = current_app.tasks[SEND if retry else SEND_ONCE]
    app = task.app
    try:
        if app.conf.task_always_eager:
            task.apply_async((notification_id,))
            return True
        # One quick connection attempt and no publish retries: a player's request must
        # not hang on a dead broker (kombu would retry for seconds); the sweep retries.
        with app.pool.acquire(block=True) as connection:
            connection.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0, timeout=BROKER_TIMEOUT
            )
            task.apply_async((notification_id,), retry=False, connection=connection)
    except Exception:
        log.warning(
            "could not queue notification %s; the resend sweep will send it",
            notification_id,
            exc_info=True,
        )
        return False
    return True
