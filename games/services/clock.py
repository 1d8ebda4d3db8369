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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from accounts.selectors import vacation_pauses, vacation_rows
from games import engine
from games.engine import Phase
from games.models import Game, GameStatus, Seat

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
    move_time = game.turn_time + timedelta(seconds=seat.extra_seconds)
    reserve = timedelta(seconds=seat.bank_left_seconds)
    return SeatClock(
        started_at=start,
        half_time_at=runs_out_at(start, game.turn_time / 2, pauses),
        move_time_ends_at=runs_out_at(start, move_time, pauses),
        deadline=runs_out_at(start, move_time + reserve, pauses),
    )


def pauses_for(game: Game, seat: Seat) -> list[Pause]:
    """When this seat's clock stands still in this game: its player's vacations that end
    after the turn began, unless the game was created without vacations."""
    if not game.allow_vacations or game.turn_started_at is None:
        return []
    return vacation_pauses(user_id=seat.user_id, ending_after=game.turn_started_at)


class SeatPauses:
    """Every seat's pauses in one query, read the first time one is asked for (most moves
    need none): the vacations of the seats' players that end after `since`. A pause that
    ended before a clock started does not stop it, so one read serves every clock of the move
    (and of the page after it) that starts at or after `since`."""

    def __init__(self, game: Game, seats: Sequence[Seat], since: datetime | None):
        self._game, self._seats, self._since = game, seats, since
        self._rows: list[tuple[int, datetime, datetime, date]] | None = None

    def _read(self) -> list:
        if self._rows is None and all(
            getattr(seat, "has_vacation", True) is False for seat in self._seats
        ):
            self._rows = []  # the seats' query said none of them has one
        if self._rows is None:
            self._rows = vacation_rows(
                user_ids=[s.user_id for s in self._seats], ending_after=self._since
            )
        return self._rows

    def of(self, seat: Seat) -> list[Pause]:
        if not self._game.allow_vacations or self._since is None:
            return []
        return [(start, end) for user_id, start, end, _ in self._read() if user_id == seat.user_id]

    def away(self, now: datetime) -> dict[int, date]:
        """{user id: last day away} for the players on vacation at `now` (not before
        `since`), as accounts.selectors.vacation_away_until."""
        if not self._game.allow_vacations or self._since is None:
            return {}
        return {
            user_id: last_day
            for user_id, start, end, last_day in self._read()
            if start <= now < end
        }


def _end_turn(game: Game, seat: Seat, now: datetime, pauses_of=None) -> None:
    """The seat's turn is over: charge its reserve with what the turn took beyond its move
    time, and forget the turn's extra time."""
    if game.turn_started_at is not None and seat.bank_left_seconds:
        pauses = (pauses_of or (lambda seat: pauses_for(game, seat)))(seat)
        used = seat_clock(game, seat, pauses).reserve_used(now, pauses)
        seat.bank_left_seconds = max(0, seat.bank_left_seconds - int(used.total_seconds()))
    seat.extra_seconds = 0
    seat.deadline = None


def game_set_deadlines(*, game: Game, seats: Iterable[Seat], pauses_of=None) -> None:
    """Each acting seat's deadline from its clock, and the game's (the earliest). The caller
    saves the seats' `deadline` and the game's. `pauses_of(seat)` gives a seat's pauses
    (by default read for each seat)."""
    pauses_of = pauses_of or (lambda seat: pauses_for(game, seat))
    deadlines = []
    for seat in seats:
        # A bot has no clock: it is never late and never forfeited.
        if seat.to_move and not seat.forfeited and not seat.bot_level:
            seat.deadline = seat_clock(game, seat, pauses_of(seat)).deadline
            deadlines.append(seat.deadline)
        else:
            seat.deadline = None
    game.deadline = min(deadlines) if deadlines else None


CLOCK_FIELDS = ["to_move", "deadline", "extra_seconds", "bank_left_seconds"]


def settle_clock(
    *,
    game: Game,
    seats: list[Seat],
    state,
    public: dict,
    previous: dict | None,
    now: datetime,
    pauses: SeatPauses | None = None,
) -> None:
    """Set status, deadlines and `to_move` after the state changed (the caller saves the
    game; the seats are saved here).

    `previous` is the public view before the change (None when the game just started): the
    turn changed when the engine's turn number did; `pauses` the seats' pauses since the turn
    before the change began (read here if None).
    """
    phase = public["phase"]
    acting = engine.players_to_act(state)
    # The engine numbers the turns: a new number is a new turn (the opening is one turn,
    # everyone's at once), and the game's start starts one.
    turn_changed = phase in (Phase.INITIAL_TICKETS, Phase.PLAY) and (
        previous is None or previous["turn"] != public["turn"]
    )
    if phase == Phase.INITIAL_TICKETS:
        game.status = GameStatus.CHOOSING
    elif phase == Phase.PLAY:
        game.status = GameStatus.PLAYING
    before = {
        seat.pk: (seat.to_move, seat.deadline, seat.extra_seconds, seat.bank_left_seconds)
        for seat in seats
    }
    pauses = pauses or SeatPauses(game, seats, since=game.turn_started_at or now)
    for seat in seats:
        was_on = seat.to_move and seat.deadline is not None
        stays_on = seat.player_id in acting and not turn_changed
        if was_on and not stays_on:
            _end_turn(game, seat, now, pauses.of)
        seat.to_move = seat.player_id in acting
    if turn_changed:
        game.turn_started_at = now
    if phase in (Phase.INITIAL_TICKETS, Phase.PLAY):
        # The same turn going on for the same seats (a first card, a tunnel's reveal, another
        # player's opening choice) keeps every deadline: nothing it is made of has changed
        # (a vacation taken meanwhile moved it already, see services.vacation).
        same_clocks = not turn_changed and all(
            before[seat.pk][0] == seat.to_move
            and (seat.deadline or not seat.to_move or seat.bot_level)
            for seat in seats
        )
        if not same_clocks:
            game_set_deadlines(game=game, seats=seats, pauses_of=pauses.of)
    else:
        for seat in seats:
            seat.deadline = None
        game.deadline = None
    changed = [
        seat
        for seat in seats
        if before[seat.pk]
        != (seat.to_move, seat.deadline, seat.extra_seconds, seat.bank_left_seconds)
    ]
    if len(changed) == 1:
        changed[0].save(update_fields=CLOCK_FIELDS)
    elif changed:
        Seat.objects.bulk_update(changed, CLOCK_FIELDS)


def seat_give_time(*, game: Game, seats: list[Seat], seat: Seat, seconds: int) -> None:
    """Lengthen the seat's current turn; the caller holds the game's lock and saves the
    game's deadline."""
    seat.extra_seconds += seconds
    game_set_deadlines(game=game, seats=seats)
    seat.save(update_fields=["extra_seconds", "deadline"])
