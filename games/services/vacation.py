"""Vacations: a player is away from one day to another (in their own zone), and the clock of
every game they are in stands still meanwhile when it is their turn (see seat_pauses).

Policy:
- A yearly allowance of VACATION_DAYS_PER_YEAR days, used in whole days and counted per
  calendar year (a vacation over New Year uses days of both years), so nobody parks a
  game forever.
- One vacation ahead at a time: setting another replaces a planned one; while away, the
  player comes back first. Coming back early ends it now and gives back every unused day:
  the days after today, and today too when no game waited for the player's move while they
  were away today (no clock was stopped by it). Cancelling a planned one gives all of them
  back. So time away set and ended at once costs nothing unless it stopped a clock.
- Each change moves the deadlines of the games where the player must act now, under each
  game's row lock (one game at a time, in id order), and bumps those games' version so
  open pages show it; time away beginning or ending bumps every game of the player (the
  players' table says who is away), at once or, for a moment set ahead, by the minute sweep.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, tzinfo
from enum import Enum

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import profile_for
from games.engine import ActionType
from games.mail.clock import zone
from games.models import Move, Seat, Vacation
from games.models.game import ACTIVE_STATUSES
from games.refusals.errors import GameServiceError

from .clock import game_set_deadlines
from .events import game_version_bump
from .locking import game_lock

VACATION_DAYS_PER_YEAR = 21
DAY = timedelta(days=1)
# How far ahead a vacation may be planned.
PLAN_AHEAD = timedelta(days=365)


class InvalidVacation(GameServiceError):
    status = 400
    code = "invalid_vacation"
    default_message = gettext_lazy("Those dates do not make a vacation.")


def _days_in_year(first_day: date, last_day: date, year: int) -> int:
    """Whole days of [first_day, last_day] that fall in `year`."""
    start = max(first_day, date(year, 1, 1))
    end = min(last_day, date(year, 12, 31))
    return max(0, (end - start).days + 1)


def _days_used(vacations: Iterable[Vacation], year: int) -> int:
    return sum(_days_in_year(v.first_day, v.last_day, year) for v in vacations)


def local_today(*, user: User, now: datetime) -> date:
    return now.astimezone(zone(profile_for(user).timezone)).date()


def _day_start(day: date, tz: tzinfo) -> datetime:
    return datetime.combine(day, time(0), tzinfo=tz)


@dataclass(frozen=True)
class Allowance:
    year: int
    used: int
    left: int
    total: int = VACATION_DAYS_PER_YEAR


def vacation_allowance(*, user: User, year: int) -> Allowance:
    used = _days_used(Vacation.objects.filter(user=user), year)
    return Allowance(year=year, used=used, left=max(0, VACATION_DAYS_PER_YEAR - used))


def vacation_current_or_planned(*, user: User, now: datetime) -> Vacation | None:
    """The vacation under way or ahead, if any."""
    return Vacation.objects.filter(user=user, ends_at__gt=now).order_by("starts_at").first()


def vacation_set(
    *, user: User, first_day: date, last_day: date, now: datetime | None = None
) -> Vacation:
    """Plan (or replace the planned) time away; refuses dates in the past, in the wrong order,
    too far ahead, over the year's allowance, or while the player is away already."""
    now = now or timezone.now()
    tz = zone(profile_for(user).timezone)
    today = now.astimezone(tz).date()
    if not isinstance(first_day, date) or not isinstance(last_day, date):
        raise InvalidVacation()
    if first_day < today:
        raise InvalidVacation(_("A vacation cannot start in the past."))
    if last_day < first_day:
        raise InvalidVacation(_("The last day comes after the first."))
    if last_day > today + PLAN_AHEAD:
        raise InvalidVacation(_("A vacation can be planned up to a year ahead."))
    with transaction.atomic(durable=True):
        mine = list(Vacation.objects.select_for_update().filter(user=user))
        ahead = [v for v in mine if v.ends_at > now]
        if any(v.starts_at <= now for v in ahead):
            raise InvalidVacation(_("You are away now: come back first to plan another."))
        kept = [v for v in mine if v not in ahead]
        for year in range(first_day.year, last_day.year + 1):
            wanted = _days_in_year(first_day, last_day, year)
            left = VACATION_DAYS_PER_YEAR - _days_used(kept, year)
            if wanted > left:
                raise InvalidVacation(
                    _(
                        "That is %(wanted)d days in %(year)d; %(left)d are left of the "
                        "year's %(total)d."
                    )
                    % {
                        "wanted": wanted,
                        "year": year,
                        "left": max(0, left),
                        "total": VACATION_DAYS_PER_YEAR,
                    }
                )
        Vacation.objects.filter(pk__in=[v.pk for v in ahead]).delete()
        vacation = Vacation.objects.create(
            user=user,
            first_day=first_day,
            last_day=last_day,
            starts_at=max(now, _day_start(first_day, tz)),
            ends_at=_day_start(last_day + timedelta(days=1), tz),
        )
    # Time away from today on begins now: the pages of all the player's games are told.
    _resettle_games(user.pk, tell=bool(_claim_told(now=now, user=user)))
    return vacation


class Ended(Enum):
    NOTHING = "nothing"  # no time away under way or planned
    CANCELLED = "cancelled"  # a planned one: every day given back
    BACK = "back"  # under way: the player is back, the unused days given back


def vacation_end(*, user: User, now: datetime | None = None) -> Ended:
    """Come back now, or cancel a planned vacation. Coming back gives back the days after
    today, and today when no game waited for the player's move while they were away today;
    time away that has used no day at all is forgotten."""
    now = now or timezone.now()
    tz = zone(profile_for(user).timezone)
    today = now.astimezone(tz).date()
    with transaction.atomic(durable=True):
        vacation = Vacation.objects.select_for_update().filter(user=user, ends_at__gt=now).first()
        if vacation is None:
            return Ended.NOTHING
        if vacation.starts_at > now:
            vacation.delete()
            ended = Ended.CANCELLED
        else:
            away_today_since = max(vacation.starts_at, _day_start(today, tz))
            last_day = today if _stopped_a_clock(user, away_today_since, now) else today - DAY
            if last_day < vacation.first_day:
                vacation.delete()  # not one day of it was used
            else:
                vacation.ends_at = now
                vacation.last_day = min(vacation.last_day, last_day)
                vacation.save(update_fields=["ends_at", "last_day"])
            ended = Ended.BACK
    told = _claim_told(now=now, user=user)
    # A return is told even when it left no row (not one day of it used).
    _resettle_games(user.pk, tell=bool(told) or ended is Ended.BACK)
    return ended


# The engine's actions: a player's move in their turn (a forfeit, a resignation or more time
# given to another are the site's, and may come when it is not the player's turn).
TURN_ACTIONS = [str(kind) for kind in ActionType]


def _stopped_a_clock(user: User, since: datetime, until: datetime) -> bool:
    """Whether time away from `since` to `until` (now) stopped the clock of a move: a game
    that allows vacations waited for the player's move at some moment of it. It waits now,
    or the player moved in it meanwhile (their turn was running just before)."""
    waiting = Seat.objects.filter(
        user=user,
        to_move=True,
        forfeited_at__isnull=True,
        bot_level="",
        game__status__in=ACTIVE_STATUSES,
        game__allow_vacations=True,
    )
    moved = Move.objects.filter(
        seat__user=user,
        game__allow_vacations=True,
        created_at__gt=since,
        created_at__lte=until,
        action__type__in=TURN_ACTIONS,
    )
    return waiting.exists() or moved.exists()


def _resettle_games(user_id: int, *, tell: bool = False) -> int:
    """Recompute the deadlines of every game where the player must act now, telling the open
    pages of those whose deadlines moved; with `tell`, of every game the player is in (their
    time away began or ended: the players' table says it). Returns how many were told."""
    seats = Seat.objects.filter(
        user_id=user_id, forfeited_at__isnull=True, game__status__in=ACTIVE_STATUSES
    )
    if not tell:
        seats = seats.filter(to_move=True, game__allow_vacations=True)
    told = 0
    for game_id in sorted(set(seats.values_list("game_id", flat=True))):
        with transaction.atomic(durable=True):
            game = game_lock(game_id=game_id)
            if not game.is_active:
                continue
            seats_here = list(game.seats.all())
            before = {seat.pk: seat.deadline for seat in seats_here}
            game_set_deadlines(game=game, seats=seats_here)
            moved = [seat for seat in seats_here if seat.deadline != before[seat.pk]]
            for seat in moved:
                seat.save(update_fields=["deadline"])
            if moved or tell:
                game_version_bump(game=game)
                game.save(update_fields=["deadline", "version"])
                told += 1
    return told


def _claim_told(*, now: datetime, user: User | None = None) -> set[int]:
    """Mark the beginnings and ends of time away whose moment has come as told (each once,
    whoever tells it first); the players they belong to."""
    due = Vacation.objects.all() if user is None else Vacation.objects.filter(user=user)
    players = set()
    for flag, moment in (("told_started", "starts_at"), ("told_ended", "ends_at")):
        for pk, user_id in due.filter(**{flag: False, f"{moment}__lte": now}).values_list(
            "pk", "user_id"
        ):
            if Vacation.objects.filter(pk=pk, **{flag: False}).update(**{flag: True}):
                players.add(user_id)
    return players


def vacation_tell(*, now: datetime) -> int:
    """Tell the open pages of a player's games that their time away began or ended when it
    does so by itself (a first day's start, a last day's end: the minute sweep); time away
    set from today and a return are told at once. Returns how many games were told."""
    return sum(_resettle_games(user_id, tell=True) for user_id in _claim_told(now=now))
