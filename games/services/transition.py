"""Record one accepted engine transition: the Move, the new state, the version, the clock."""

from datetime import datetime
from typing import Any

from django.db.models import IntegerField, Max
from django.db.models.expressions import RawSQL
from django.utils import timezone

from games import engine
from games.mail import notify
from games.models import Claim, Game, Move, Seat
from games.selectors.vacations import SeatPauses
from games.services.claims import claims_from_events
from games.services.events import game_version_bump, position_announce

from .clock import settle_clock
from .finish import game_abort, game_finish


def game_position(*, game: Game) -> engine.State:
    """The engine's state of a started game; ValueError, as for any state not stored whole,
    for a game not started."""
    if game.state is None:
        raise ValueError("not a stored game state: the game has not started")
    return engine.State.from_dict(game.state)


def move_next_number(*, game: Game) -> int:
    last = Move.objects.filter(game=game).aggregate(last=Max("number"))["last"]
    return (last or 0) + 1


# The next move number, worked out by the database in the move's own INSERT (the game's row
# lock keeps it unique; RETURNING hands it back). Written as SQL: a queryset's subquery
# costs each move more to compile than the INSERT takes to run.
_NEXT_NUMBER = (
    "COALESCE((SELECT number FROM games_move WHERE game_id = %s ORDER BY number DESC LIMIT 1),"
    " 0) + 1"
)


def _next_number(game: Game) -> RawSQL:
    return RawSQL(_NEXT_NUMBER, (game.pk,), output_field=IntegerField())


def _write_move(
    game: Game,
    seat: Seat | None,
    action: dict[str, Any],
    events: list[dict[str, Any]],
    by_order: bool = False,
) -> Move:
    """The move's row (its number worked out in the INSERT, handed back by RETURNING), then
    the rows of what it built (games.services.claims) in one INSERT, when it built any."""
    move = Move(
        game=game,
        seat=seat,
        action=action,
        events=events,
        created_at=timezone.now(),
        by_order=by_order,
        version=game.version + 1,  # the bump that follows (move_record)
    )
    move.number = _next_number(game)
    move.save(force_insert=True)
    # Read from the saved move: its id, and its time as the INSERT set it (auto_now_add).
    claims = claims_from_events(game_id=game.pk, map_id=game.map_id, move=move)
    if claims:
        Claim.objects.bulk_create(claims)
    return move


def move_record(
    *,
    game: Game,
    seats: list[Seat],
    seat: Seat | None,
    action: dict[str, Any],
    new_state: engine.State,
    events: list[dict[str, Any]],
    previous: engine.PlayerView,
    now: datetime,
    abort_if_over: bool = False,
    pauses: SeatPauses | None = None,
    by_order: bool = False,
) -> Move:
    """Append the Move and save everything it changed. The game row must be locked.

    `previous` is the public view before the move. When the engine says the game
    is over it is finished (or aborted, when `abort_if_over`), and then
    notify.on_move runs: hooks see the game's status after this move; a bot whose turn it
    is now is queued to play after commit.
    """
    move = _write_move(game, seat, action, events, by_order)
    public = engine.player_view(new_state, None)
    game.state = new_state.to_dict()
    game_version_bump(game=game)
    settle_clock(
        game=game,
        seats=seats,
        state=new_state,
        public=public,
        previous=previous,
        now=now,
        pauses=pauses,
    )
    game.save(update_fields=["state", "version", "status", "deadline", "turn_started_at"])
    if public["phase"] == engine.Phase.GAME_OVER:
        if abort_if_over:
            game_abort(game=game, seats=seats, now=now)
        else:
            final = public["final"]
            assert final is not None  # a finished game's view holds its result
            game_finish(game=game, seats=seats, final=final, now=now)
    # settle_clock starts a new turn at `now`: only then is a your-turn mail owed.
    notify.on_move(game, move, seats, turn_started=game.turn_started_at == now)
    position_announce(game=game, seats=seats, state=new_state)
    return move
