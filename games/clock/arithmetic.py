"""Until when: each acting seat's deadline and its `to_move` flag (who acts is the
engine's answer, engine.players_to_act).

The one home of the game clock's arithmetic. Policy:
- A turn gives the player the game's time per move, counted from when the turn
  reached them (a second card draw or a pending tunnel continues the same turn and
  the same clock). During the opening every player who has not kept their tickets
  is on the clock at once, from the start.
- Time given by another player ("more time", one day per giver and turn) lengthens
  the current turn only.
- With a time bank, a player's clock runs into their reserve once the move time is
  used up; whatever the turn took beyond its move time is taken from the reserve when
  the turn ends, and the reserve is never refilled. A seat is forfeited only when both
  are gone: its deadline is the end of move time plus the reserve left.
- The clock stands still while the player is away (a pause: their vacation), when the
  game allows vacations.

`Seat.deadline` is when that seat is forfeited; `Game.deadline` is the earliest of its
acting seats' deadlines (what lists sort by, and when the sweep next has work).
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from games.models import Game, Seat

# A pause: the clock does not run from its start to its end (both aware datetimes).
Pause = tuple[datetime, datetime]


def _merged(pauses: Iterable[Pause], since: datetime) -> list[Pause]:
    """The pauses that end after `since`, clipped to start no earlier, sorted and merged."""
    spans = sorted((max(start, since), end) for start, end in pauses if end > since)
    merged: list[list[datetime]] = []
    for start, end in spans:
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(start, end) for start, end in merged]


def runs_out_at(start: datetime, allowed: timedelta, pauses: Iterable[Pause] = ()) -> datetime:
    """The moment the clock, started at `start` and stopped during `pauses`, has run for
    `allowed`."""
    moment, left = start, allowed
    for pause_start, pause_end in _merged(pauses, start):
        if moment + left <= pause_start:
            break
        left -= pause_start - moment
        moment = pause_end
    return moment + left


def time_run(start: datetime, end: datetime, pauses: Iterable[Pause] = ()) -> timedelta:
    """How long the clock ran between `start` and `end`, the pauses left out."""
    if end <= start:
        return timedelta(0)
    paused = sum(
        (min(p_end, end) - p_start for p_start, p_end in _merged(pauses, start) if p_start < end),
        timedelta(0),
    )
    return end - start - paused


def is_paused(pauses: Iterable[Pause], now: datetime) -> bool:
    return any(start <= now < end for start, end in pauses)


@dataclass(frozen=True)
class SeatClock:
    """One acting seat's clock for the current turn."""

    started_at: datetime
    half_time_at: datetime  # half the move time has run (the reminder's earliest moment)
    move_time_ends_at: datetime  # from here on the reserve is used
    deadline: datetime  # the reserve is gone too: forfeited

    def reserve_used(self, now: datetime, pauses: Sequence[Pause]) -> timedelta:
        """How much of the reserve the turn has taken by `now`."""
        over = time_run(self.move_time_ends_at, now, pauses)
        return min(over, self.deadline - self.move_time_ends_at) if over else timedelta(0)


def seat_clock(game: Game, seat: Seat, pauses: Sequence[Pause] = ()) -> SeatClock:
    """The clock of a seat that is on it now (the turn's start is the game's)."""
    start = game.turn_started_at
    if start is None:
        raise ValueError("no turn is running: no seat is on the clock")
    move_time = game.turn_time + timedelta(seconds=seat.extra_seconds)
    reserve = timedelta(seconds=seat.bank_left_seconds)
    return SeatClock(
        started_at=start,
        half_time_at=runs_out_at(start, game.turn_time / 2, pauses),
        move_time_ends_at=runs_out_at(start, move_time, pauses),
        deadline=runs_out_at(start, move_time + reserve, pauses),
    )


# A seat's pauses: a reader of them (games.selectors.vacations) gives one to the arithmetic.
PausesOf = Callable[[Seat], Sequence[Pause]]


def bank_left_after_turn(game: Game, seat: Seat, now: datetime, pauses: Sequence[Pause]) -> int:
    """The seat's reserve, in seconds, once the turn that ends at `now` has taken what it
    ran beyond its move time."""
    if game.turn_started_at is None or not seat.bank_left_seconds:
        return seat.bank_left_seconds
    used = seat_clock(game, seat, pauses).reserve_used(now, pauses)
    return max(0, seat.bank_left_seconds - int(used.total_seconds()))


def set_deadlines(game: Game, seats: Iterable[Seat], pauses_of: PausesOf) -> None:
    """Each acting seat's deadline from its clock, and the game's (the earliest), set on the
    objects (not saved)."""
    deadlines = []
    for seat in seats:
        # A bot has no clock: it is never late and never forfeited.
        if seat.to_move and not seat.forfeited and not seat.bot_level:
            seat.deadline = seat_clock(game, seat, pauses_of(seat)).deadline
            deadlines.append(seat.deadline)
        else:
            seat.deadline = None
    game.deadline = min(deadlines) if deadlines else None
