"""The periodic services behind the beat schedule. Each takes `now` and is safe to run
twice, late, or in two workers at once: every mail is keyed in the outbox, and the
forfeit service re-checks the deadline under the game's row lock."""

import logging
from datetime import datetime, timedelta

from django.db.models import Q

from accounts.models import Profile
from games.botplay.orders import stalled_order_seats
from games.botplay.turns import PLAYED, play_bot_turn, stalled_bot_seats
from games.clock.arithmetic import is_paused, seat_clock
from games.heartbeat.schedule import BOT_STALL_SECONDS, SWEEP_SECONDS
from games.mail.digest import digest_day_if_due
from games.mail.keys import digest_key, turn_key
from games.mail.outbox import queue_send, record
from games.mail.reminder_times import due_reminder_kinds, reminder_times
from games.models import Notification, Seat
from games.models.game import ACTIVE_STATUSES
from games.selectors.access import seat_list_awaiting
from games.selectors.vacations import seat_pauses
from games.services.forfeit import game_forfeit
from games.services.invitations import invitation_lapse_due
from games.services.leagues import season_advance, season_list_due
from games.services.orders import STALE as ORDERS_STALE
from games.services.orders import seat_orders_play
from games.services.vacation import vacation_tell

log = logging.getLogger(__name__)

FORFEIT_REASON = "deadline passed"
# A mail due at once is queued at commit: a row this long past its creation and never
# tried lost its task (the broker was down at commit). A mail that waits (not_before) is
# queued here as soon as it is due: nothing queued it before.
RESEND_AFTER = timedelta(seconds=SWEEP_SECONDS)
# A mail whose task gave up (the mail server was down for hours) is tried again this
# long after its last attempt: longer than the task's own longest pause (30 min), so a
# row whose task is still retrying is left to it.
RETRY_FAILED_AFTER = timedelta(hours=1)
# Attempts in all, the task's 11 included: hourly tries then cover about a day.
MAX_ATTEMPTS = 30
# Older than this a mail is news no more; it stays in the outbox unsent, for the record.
RESEND_WITHIN = timedelta(days=2)
RESEND_BATCH = 500


def _waiting_seats(**game_filter):
    """The people who must act (a bot has no clock: never reminded, never forfeited)."""
    return Seat.objects.filter(
        to_move=True,
        forfeited_at__isnull=True,
        bot_level="",
        game__status__in=ACTIVE_STATUSES,
        game__turn_started_at__isnull=False,
        **game_filter,
    ).select_related("game", "user")


def send_due_reminders(now: datetime) -> int:
    """Record (and so queue) the reminder and last warning owed to every waiting player."""
    recorded = 0
    for seat in _waiting_seats(deadline__gt=now):
        game = seat.game
        pauses = seat_pauses(game=game, seat=seat)
        if is_paused(pauses, now):
            continue  # the player is away: their clock stands still, and so do reminders
        clock = seat_clock(game, seat, pauses)
        times = reminder_times(
            turn_started_at=game.turn_started_at,
            deadline=clock.deadline,
            turn_time=game.turn_time,
            half_time_at=clock.half_time_at,
            move_time_ends_at=clock.move_time_ends_at,
        )
        for kind in due_reminder_kinds(times, now=now, deadline=clock.deadline):
            key = turn_key(
                kind, game_id=game.pk, started_at=game.turn_started_at, user_id=seat.user_id
            )
            if not Notification.objects.filter(key=key).exists():
                record(user=seat.user, game=game, kind=kind, key=key)
                recorded += 1
    return recorded


def forfeit_overdue(now: datetime) -> int:
    """Forfeit every seat whose game's deadline has passed; the game goes on without it.
    Returns how many seats were forfeited."""
    forfeited = 0
    overdue = list(_waiting_seats(deadline__lte=now).order_by("deadline", "order"))
    for seat in overdue:
        try:
            if game_forfeit(game_id=seat.game_id, seat_id=seat.pk, reason=FORFEIT_REASON, now=now):
                forfeited += 1
        except Exception:
            # One broken game must not stop the others from being forfeited on time.
            log.exception("forfeiting seat %s of game %s failed", seat.pk, seat.game_id)
    return forfeited


def resend_unsent(now: datetime) -> int:
    """Queue every waiting mail now due (a your-turn mail after its grace), queue again
    every mail whose task never ran, and try once more every mail that failed, an hour
    after its last attempt. Sending is exactly-once, so a row that is
    merely slow in the queue is harmless to queue twice; a turn mail no longer true is
    dropped when sent."""
    unsent = (
        Notification.objects.filter(
            sent_at__isnull=True, skipped=False, created_at__gte=now - RESEND_WITHIN
        )
        .order_by("created_at")
        .values_list("pk", flat=True)
    )
    due_before = now - RESEND_AFTER
    never_tried = list(
        unsent.filter(
            Q(not_before__isnull=True, created_at__lte=due_before) | Q(not_before__lte=now),
            attempts=0,
        )[:RESEND_BATCH]
    )
    failed = list(
        unsent.filter(
            attempts__gt=0, attempts__lt=MAX_ATTEMPTS, last_attempt_at__lte=now - RETRY_FAILED_AFTER
        )[: RESEND_BATCH - len(never_tried)]
    )
    return sum(queue_send(pk) for pk in never_tried) + sum(
        queue_send(pk, retry=False) for pk in failed
    )


def send_digests(now: datetime) -> int:
    """Record the day's digest for every digest reader whose local hour has come."""
    recorded = 0
    for profile in Profile.objects.filter(daily_digest=True).select_related("user"):
        day = digest_day_if_due(profile, now)
        if day is None:
            continue
        key = digest_key(user_id=profile.user_id, day=day)
        if Notification.objects.filter(key=key).exists():
            continue
        # A day with nothing waiting is recorded too, so a game that turns up later
        # that day does not bring a second "daily" mail at an odd hour.
        record(
            user=profile.user,
            game=None,
            kind="digest",
            key=key,
            nothing_to_say=not seat_list_awaiting(user=profile.user).exists(),
        )
        recorded += 1
    return recorded


def play_stalled_bot_turns(now: datetime) -> int:
    """Play every bot turn that nothing has played for BOT_STALL_SECONDS (its task was lost
    or its worker died), here in the sweep. Returns how many bots moved."""
    played = 0
    for seat, version in stalled_bot_seats(now, timedelta(seconds=BOT_STALL_SECONDS)):
        try:
            if play_bot_turn(seat.game_id, seat.pk, version) == PLAYED:
                played += 1
        except Exception:
            # One broken game must not stop the other bots.
            log.exception("the bot of seat %s in game %s failed", seat.pk, seat.game_id)
    return played


def play_stalled_orders(now: datetime) -> int:
    """Play every seat's standing orders that nothing has played for BOT_STALL_SECONDS at the
    start of its turn (their task was lost), here in the sweep. Returns how many were
    played or closed."""
    done = 0
    for seat, version in stalled_order_seats(now, timedelta(seconds=BOT_STALL_SECONDS)):
        try:
            outcome = seat_orders_play(game_id=seat.game_id, seat_id=seat.pk, version=version)
            if outcome != ORDERS_STALE:
                done += 1
        except Exception:
            log.exception("the orders of seat %s in game %s failed", seat.pk, seat.game_id)
    return done


def advance_seasons(now: datetime) -> int:
    """Begin the seasons due to begin, pair each season's next round once its games are
    over (a forfeit may have ended the last one), finish a season after its last round."""
    moved = 0
    for season_id in season_list_due(now=now):
        try:
            while season_advance(season_id=season_id, now=now):
                moved += 1
        except Exception:
            log.exception("season %s could not advance; the next sweep tries again", season_id)
    return moved


def lapse_invitations(now: datetime) -> int:
    """Lapse the invitations left unanswered for a week (games.models.invitation), calling
    off the games from a position that waited for them. Returns how many lapsed."""
    return invitation_lapse_due(now=now)


def tell_time_away(now: datetime) -> int:
    """Tell the open pages of the games of players whose time away began or ended since the
    last sweep (a first day's start, a last day's end). Returns how many were told."""
    return vacation_tell(now=now)
