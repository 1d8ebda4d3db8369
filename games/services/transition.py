"""Record one accepted engine transition: the Move, the new state, the version, the clock."""

import json
from datetime import datetime

from django.db import connection
from django.db.models import Max, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from games import engine
from games.mail import notify
from games.models import Claim, Game, Move, Seat
from games.services.claims import claims_from_events
from games.services.events import position_announce

from .clock import SeatPauses, settle_clock
from .finish import game_abort, game_finish


def move_next_number(*, game: Game) -> int:
    last = Move.objects.filter(game=game).aggregate(last=Max("number"))["last"]
    return (last or 0) + 1


def _next_number(game: Game):
    """The next move number, worked out by the database in the move's own INSERT (the
    game's row lock keeps it unique; RETURNING hands it back)."""
    last = Move.objects.filter(game_id=game.pk).order_by("-number").values("number")[:1]
    return Coalesce(Subquery(last), Value(0)) + Value(1)


# A move that builds, on PostgreSQL: its row and its claims' rows in one statement (the
# claims take the move's id from the INSERT before them). The move's number as _next_number
# works it out.
_MOVE_WITH_CLAIMS = """
WITH move AS (
    INSERT INTO games_move (game_id, number, seat_id, action, events, created_at, by_order)
    VALUES (
        %s,
        COALESCE(
            (SELECT number FROM games_move WHERE game_id = %s ORDER BY number DESC LIMIT 1), 0
        ) + 1,
        %s, %s::jsonb, %s::jsonb, %s, %s
    )
    RETURNING id, number
), claims AS (
    INSERT INTO games_claim (
        game_id, seat_id, move_id, map_id, route_id, length, city, cards, tunnel_extra,
        created_at
    )
    SELECT c.game_id, c.seat_id, move.id, c.map_id, c.route_id, c.length, c.city,
        c.cards::jsonb, c.tunnel_extra, c.created_at
    FROM move CROSS JOIN (VALUES {rows})
        AS c (game_id, seat_id, map_id, route_id, length, city, cards, tunnel_extra, created_at)
)
SELECT id, number FROM move
"""
_CLAIM_ROW = "(%s::bigint, %s::bigint, %s, %s, %s::integer, %s, %s, %s::integer, %s::timestamptz)"


def _write_move(
    game: Game, seat: Seat | None, action: dict, events: list[dict], by_order: bool = False
) -> Move:
    """The move's row and the rows of what it built (games.services.claims): one INSERT each, or on
    PostgreSQL both in one statement when it built something."""
    move = Move(
        game=game,
        seat=seat,
        action=action,
        events=events,
        created_at=timezone.now(),
        by_order=by_order,
    )
    claims = claims_from_events(game_id=game.pk, map_id=game.map_id, move=move)
    if not claims or connection.vendor != "postgresql":
        move.number = _next_number(game)
        move.save(force_insert=True)
        if claims:
            Claim.objects.bulk_create(
                claims_from_events(game_id=game.pk, map_id=game.map_id, move=move)
            )
        return move
    params = [game.pk, game.pk, move.seat_id, json.dumps(action), json.dumps(events)]
    params += [move.created_at, by_order]
    for claim in claims:
        params += [claim.game_id, claim.seat_id, claim.map_id, claim.route_id, claim.length]
        params += [claim.city, json.dumps(claim.cards), claim.tunnel_extra, claim.created_at]
    sql = _MOVE_WITH_CLAIMS.format(rows=", ".join([_CLAIM_ROW] * len(claims)))
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        move.pk, move.number = cursor.fetchone()
    move._state.adding = False
    move._state.db = connection.alias
    return move


def move_record(
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
    game.version += 1
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
            game_finish(game=game, seats=seats, final=public["final"], now=now)
    # settle_clock starts a new turn at `now`: only then is a your-turn mail owed.
    notify.on_move(game, move, seats, turn_started=game.turn_started_at == now)
    position_announce(game=game, seats=seats, state=new_state)
    return move
