"""Record one accepted engine transition: the Move, the new state, the version, the clock."""

from datetime import datetime

from django.db.models import Max, Subquery, Value
from django.db.models.functions import Coalesce

from games import engine, notify
from games.bot_queue import queue_bot_turns
from games.claims import record_claims
from games.models import Game, Move, Seat

from .clock import SeatPauses, settle_clock
from .finish import game_abort, game_finish


def next_move_number(game: Game) -> int:
    last = Move.objects.filter(game=game).aggregate(last=Max("number"))["last"]
    return (last or 0) + 1


def _next_number(game: Game):
    """The next move number, worked out by the database in the move's own INSERT (the
    game's row lock keeps it unique; RETURNING hands it back)."""
    last = Move.objects.filter(game_id=game.pk).order_by("-number").values("number")[:1]
    return Coalesce(Subquery(last), Value(0)) + Value(1)


def record_transition(
    *,
    game: Game,
    seats: list[Seat],
    seat: Seat | None,
    action: dict,
    new_state,
    events: list[dict],
    previous: dict,
    now: datetime,
    abort_if_over: bool = False,
    pauses: SeatPauses | None = None,
) -> Move:
    """Append the Move and save everything it changed. The game row must be locked.

    `previous` is the public view before the move. When the engine says the game
    is over it is finished (or aborted, when `abort_if_over`), and then
    notify.on_move runs: hooks see the game's status after this move; a bot whose turn it
    is now is queued to play after commit.
    """
    move = Move.objects.create(
        game=game, number=_next_number(game), seat=seat, action=action, events=events
    )
    record_claims(game_id=game.pk, map_id=game.map_id, move=move)
    public = engine.player_view(new_state, None)
    game.state = new_state.to_dict()
    game.version += 1
    settle_clock(
        game=game,
        seats=seats,
        state=new_state,
        public=public,
        previous=previous,
        events=events,
        now=now,
        pauses=pauses,
    )
    game.save(update_fields=["state", "version", "status", "deadline", "turn_started_at"])
    if public["phase"] == engine.Phase.GAME_OVER:
        if abort_if_over:
            game_abort(game=game, seats=seats, now=now)
        else:
            game_finish(game=game, seats=seats, final=public["final"], now=now)
    notify.on_move(game, move, seats)
    queue_bot_turns(game, seats, new_state)
    return move
