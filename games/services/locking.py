"""The one way a service takes hold of a game: its row, locked until the transaction ends."""

from collections.abc import Callable

from django.db.models import QuerySet

from games.models import Game, Seat
from games.refusals.errors import NotAPlayer
from games.selectors.prepared import Prepared


def game_lock(*, game_id: int | str) -> Game:
    """Lock the game row (SELECT ... FOR UPDATE) so every writer of this game goes one at a time.

    Two tabs posting the same move, the API and the deadline sweep all wait here;
    whoever comes second then sees the version the first one left. Call it inside
    transaction.atomic(). A missing game is NotAPlayer: no one learns which ids exist.
    """
    try:
        return Game.objects.select_for_update().get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError):
        raise NotAPlayer() from None


def _locked_rows(seats: QuerySet[Seat], game_id: int) -> QuerySet[Seat]:
    """The seats' rows joined to the game's, both locked, in seat order (game_lock_with_seats)."""
    return (
        seats.filter(game_id=game_id)
        .select_related("game")
        .select_for_update(of=("game", "self"))
        .order_by("order")
    )


def _held(rows: list[Seat], game_id: int) -> tuple[Game, list[Seat]]:
    if not rows:
        return game_lock(game_id=game_id), []
    game = rows[0].game
    for seat in rows:
        seat.game = game  # one Game for them all, as game.seats.all() would give
    return game, rows


def _game_pk(game_id: int | str) -> int:
    try:
        return int(game_id)
    except (TypeError, ValueError):
        raise NotAPlayer() from None


def game_lock_with_seats(
    *, game_id: int | str, seats: QuerySet[Seat] | None = None
) -> tuple[Game, list[Seat]]:
    """game_lock and the game's seats (in seat order) in one query: the seats' rows joined to
    the game's, `seats` the Seat queryset to read them with (related rows, annotations).

    The seats are locked with the game: PostgreSQL hands a statement that waited for a row
    lock that row as the writer before it left it, but every other row as it was when the
    statement began; so only locked seats are as fresh as the game. The game is locked first
    in each row (FOR UPDATE OF takes its tables in order) and every writer that holds a seat's
    row while it waits for another row takes the game's lock first, so no two writers wait
    for each other. A game without seats (none plays) is locked alone."""
    pk = _game_pk(game_id)
    return _held(list(_locked_rows(Seat.objects.all() if seats is None else seats, pk)), pk)


def locked_seats_prepared(*, build: Callable[..., QuerySet[Seat]], **stand_ins: int) -> Prepared:
    """game_lock_with_seats' query for the seats `build(game_id=..., **values)` reads, built and
    compiled once per process (games.selectors.prepared): for a writer that runs on every move."""
    return Prepared(
        Seat,
        lambda game_id, **values: _locked_rows(build(game_id=game_id, **values), game_id),
        for_write=True,
        **stand_ins,
    )


def game_lock_prepared(
    *, prepared: Prepared, game_id: int | str, **values: int
) -> tuple[Game, list[Seat]]:
    """game_lock_with_seats through a query of locked_seats_prepared, with its values."""
    pk = _game_pk(game_id)
    return _held(prepared.run(game_id=pk, **values), pk)
