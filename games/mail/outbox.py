"""Recording mails owed (Notification rows) and handing them to the worker.

A row is written in the caller's transaction, so a mail exists exactly when the
move that caused it committed. A mail due at once is queued after commit; if the
broker is unreachable then, the failure is logged and the resend sweep picks the
row up.

A your-turn mail waits YOUR_TURN_GRACE before it goes out: players at the table
move within it (or have the page open), and then the mail is dropped at send time.
It is not queued at commit with an eta: the minute sweep (games.heartbeat.sweeps.resend_unsent)
queues it once it is due. So the broker never holds a task for minutes, and a worker
holds unacknowledged messages only while it works on them: a Celery worker that holds
some when Redis drops exits for good (kombu's Redis transport fails restoring them).
"""

import os
from datetime import timedelta
from functools import partial

from django.db import transaction
from django.utils import timezone

from accounts.models import profile_for
from games.models import Notification
from games.models import NotificationKind as Kind

from .preferences import wants, wants_elsewhere
from .queue import queue_send

# Long enough for a live game's next move (most take well under a minute), short enough
# that a player who has left still hears of their turn within minutes. The environment
# may shorten it for tests that run the site's processes (they cannot wait minutes).
YOUR_TURN_GRACE = timedelta(seconds=float(os.environ.get("YOUR_TURN_GRACE_SECONDS", "240")))
# A chat message is passed on only to a reader who has not had the table on screen since,
# and waits as a your-turn mail does.
WAITS_ITS_GRACE = {Kind.YOUR_TURN, Kind.CHAT}


def record(*, user, game, kind: str, key: str, nothing_to_say: bool = False) -> Notification:
    """The row for this key, created once. A message the user has switched off on every
    channel (or has no address for) is recorded as skipped and never queued, so it is
    decided only once.
    A mail sent later (a your-turn mail) is written with one INSERT that keeps a row already
    there; what comes back then has no primary key."""
    profile = profile_for(user)
    mailed = bool(user.email) and wants(profile, kind)
    # A row no channel wants is decided at once; which devices and webhooks get it is read
    # when it is sent (games.mail.send), not on the move's path.
    skipped = nothing_to_say or not (mailed or wants_elsewhere(profile, kind))
    not_before = timezone.now() + YOUR_TURN_GRACE if kind in WAITS_ITS_GRACE else None
    if not_before is not None:
        # Sent later by the sweep, never queued here: one INSERT that leaves a row already
        # recorded for this key as it is (no savepoint, no read first).
        notification = Notification(
            user=user, game=game, kind=kind, key=key, skipped=skipped, not_before=not_before
        )
        Notification.objects.bulk_create([notification], ignore_conflicts=True)
        return notification
    notification, created = Notification.objects.get_or_create(
        key=key,
        defaults={
            "user": user,
            "game": game,
            "kind": kind,
            "skipped": skipped,
            "not_before": not_before,
        },
    )
    if created and not skipped and not_before is None:
        transaction.on_commit(partial(queue_send, notification.pk))
    return notification
