"""The beat schedule (settings.CELERY_BEAT_SCHEDULE): every sweep runs each minute, the
pruning of old rate-limit rows each hour.

A sweep that could not run in its minute expires rather than piling up behind
a stopped worker; the next one does the same work. SWEEP_SECONDS (environment)
shortens the minute for the fault tests, which cannot wait minutes.
"""

import os

SWEEP_SECONDS = float(os.environ.get("SWEEP_SECONDS", "60"))
EVERY_MINUTE = SWEEP_SECONDS
# A bot turn nothing has played for this long is played by the sweep (its task was lost).
BOT_STALL_SECONDS = float(os.environ.get("BOT_STALL_SECONDS", "120"))
_OPTIONS = {"expires": SWEEP_SECONDS * 0.9}

BEAT_SCHEDULE = {
    "forfeit-overdue": {
        "task": "games.tasks.forfeit_overdue",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    "send-due-reminders": {
        "task": "games.tasks.send_due_reminders",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    "resend-unsent": {
        "task": "games.tasks.resend_unsent",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    "play-stalled-bot-turns": {
        "task": "games.tasks.play_stalled_bot_turns",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    "play-stalled-orders": {
        "task": "games.tasks.play_stalled_orders",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    "send-digests": {
        "task": "games.tasks.send_digests",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    "advance-seasons": {
        "task": "games.tasks.advance_seasons",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    "lapse-invitations": {
        "task": "games.tasks.lapse_invitations",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    "tell-time-away": {
        "task": "games.tasks.tell_time_away",
        "schedule": EVERY_MINUTE,
        "options": _OPTIONS,
    },
    # The rate limits kept in the database lose their old rows (accounts.rate_limit_pruning).
    "prune-rate-limits": {
        "task": "games.tasks.prune_rate_limits",
        "schedule": 60 * EVERY_MINUTE,
        "options": {"expires": 60 * EVERY_MINUTE * 0.9},
    },
}
