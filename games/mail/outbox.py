"""Recording mails owed (Notification rows) and handing them to the worker after commit.

A row is written in the caller's transaction, so a mail exists exactly when the
move that caused it committed. Queuing happens only after commit; if the broker
is unreachable then, the failure is logged and the resend sweep picks the row up.
"""

import logging
from functools import partial

from django.db import transaction

from accounts.models import profile_for
from games.models import Notification

from .preferences import wants

log = logging.getLogger(__name__)

BROKER_TIMEOUT = 2  # seconds


def record(*, user, game, kind: str, key: str, nothing_to_say: bool = False) -> Notification:
    """The row for this key, created once. A mail the user has switched off (or has no
    address for) is recorded as skipped and never queued, so it is decided only once."""
    skipped = nothing_to_say or not user.email or not wants(profile_for(user), kind)
    notification, created = Notification.objects.get_or_create(
        key=key, defaults={"user": user, "game": game, "kind": kind, "skipped": skipped}
    )
    if created and not skipped:
        transaction.on_commit(partial(queue_send, notification.pk))
    return notification


def queue_send(notification_id: int, *, retry: bool = True) -> bool:
    """Hand the mail to the worker; never raises (the move has committed already).
    With retry=False the task tries once and leaves further tries to the resend sweep."""
    from games.tasks import send_notification, send_notification_once

    task = send_notification if retry else send_notification_once
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
        log.warning("could not queue notification %s; the resend sweep will send it",
                    notification_id, exc_info=True)
        return False
    return True
