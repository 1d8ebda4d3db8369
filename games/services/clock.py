"""The clock's writer: after each change of state, the status, who is on the clock and
their deadlines, saved on the seats (the arithmetic is games.clock.arithmetic's)."""

from datetime import datetime

from django.db import connection
from django.db.models import Field

from games import engine
from games.clock.arithmetic import PausesOf, bank_left_after_turn, set_deadlines
from games.engine import Phase
from games.models import Game, GameStatus, Seat
from games.selectors.vacations import SeatPauses, seat_pauses


def game_set_deadlines(*, game: Game, seats: list[Seat], pauses_of: PausesOf | None = None) -> None:
    """Each acting seat's deadline from its clock, and the game's (the earliest). The caller
    saves the seats' `deadline` and the game's. `pauses_of(seat)` gives a seat's pauses
    (by default read for each seat)."""
    set_deadlines(game, seats, pauses_of or (lambda seat: seat_pauses(game=game, seat=seat)))


CLOCK_FIELDS = ["to_move", "deadline", "extra_seconds", "bank_left_seconds"]
CLOCK_PHASES = (Phase.INITIAL_TICKETS, Phase.PLAY)
SeatClockFields = tuple[bool, datetime | None, int, int]


def _clock_fields(seat: Seat) -> SeatClockFields:
    return (seat.to_move, seat.deadline, seat.extra_seconds, seat.bank_left_seconds)


def _turn_changed(public: engine.PlayerView, previous: engine.PlayerView | None) -> bool:
    """The engine numbers the turns: a new number is a new turn (the opening is one turn,
    everyone's at once), and the game's start starts one."""
    return public["phase"] in CLOCK_PHASES and (
        previous is None or previous["turn"] != public["turn"]
    )


def _set_status(game: Game, phase: Phase) -> None:
    if phase == Phase.INITIAL_TICKETS:
        game.status = GameStatus.CHOOSING
    elif phase == Phase.PLAY:
        game.status = GameStatus.PLAYING


def _end_turns(
    game: Game,
    seats: list[Seat],
    acting: set[str],
    turn_changed: bool,
    now: datetime,
    pauses_of: PausesOf,
) -> None:
    """Each seat whose turn is over pays its reserve for what the turn took beyond its move
    time and forgets the turn's extra time; `to_move` becomes who acts now."""
    for seat in seats:
        was_on = seat.to_move and seat.deadline is not None
        stays_on = seat.player_id in acting and not turn_changed
        if was_on and not stays_on:
            if game.turn_started_at is not None and seat.bank_left_seconds:
                seat.bank_left_seconds = bank_left_after_turn(game, seat, now, pauses_of(seat))
            seat.extra_seconds = 0
            seat.deadline = None
        seat.to_move = seat.player_id in acting


def _same_clocks(seats: list[Seat], before: dict[int, SeatClockFields]) -> bool:
    """The same turn going on for the same seats (a first card, a tunnel's reveal, another
    player's opening choice) keeps every deadline: nothing it is made of has changed (a
    vacation taken meanwhile moved it already, see services.vacation)."""
    return all(
        before[seat.pk][0] == seat.to_move and (seat.deadline or not seat.to_move or seat.bot_level)
        for seat in seats
    )


def _save_changed_seats(seats: list[Seat], before: dict[int, SeatClockFields]) -> None:
    changed = [seat for seat in seats if before[seat.pk] != _clock_fields(seat)]
    if len(changed) == 1:
        changed[0].save(update_fields=CLOCK_FIELDS)
    elif changed:
        _update_clocks(changed)


def _update_clocks(seats: list[Seat]) -> None:
    """The clock fields of several seats (a turn passing changes two) in one UPDATE. Written
    as SQL: Django's bulk_update builds a CASE expression of each field for each seat, which
    costs a move more to compile than the statement takes to run."""
    quote = connection.ops.quote_name
    key = quote("id")
    sets, params = [], []
    for name in CLOCK_FIELDS:
        field = Seat._meta.get_field(name)
        assert isinstance(field, Field)  # a column of the seat's row, not a relation
        column = quote(name)  # a plain field: its column is its name
        whens = " ".join(["WHEN %s THEN %s"] * len(seats))
        sets.append(f"{column} = CASE {key} {whens} ELSE {column} END")
        for seat in seats:
            params += [seat.pk, field.get_db_prep_value(getattr(seat, name), connection)]
    where = ", ".join(["%s"] * len(seats))
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(Seat._meta.db_table)} SET {', '.join(sets)} WHERE {key} IN ({where})",
            [*params, *(seat.pk for seat in seats)],
        )


def settle_clock(
    *,
    game: Game,
    seats: list[Seat],
    state: engine.State,
    public: engine.PlayerView,
    previous: engine.PlayerView | None,
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
    turn_changed = _turn_changed(public, previous)
    _set_status(game, phase)
    before = {seat.pk: _clock_fields(seat) for seat in seats}
    pauses = pauses or SeatPauses(game, seats, since=game.turn_started_at or now)
    acting = set(engine.players_to_act(state))
    _end_turns(game, seats, acting, turn_changed, now, pauses.of)
    if turn_changed:
        game.turn_started_at = now
    if phase not in CLOCK_PHASES:
        for seat in seats:
            seat.deadline = None
        game.deadline = None
    elif turn_changed or not _same_clocks(seats, before):
        set_deadlines(game, seats, pauses.of)
    _save_changed_seats(seats, before)


def seat_give_time(*, game: Game, seats: list[Seat], seat: Seat, seconds: int) -> None:
    """Lengthen the seat's current turn; the caller holds the game's lock and saves the
    game's deadline."""
    seat.extra_seconds += seconds
    game_set_deadlines(game=game, seats=seats)
    seat.save(update_fields=["extra_seconds", "deadline"])
