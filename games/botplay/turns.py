"""A bot plays its seat's move: it thinks outside any lock, then submits through game_play.

The bot decides from what its seat may know (games.bots: the seat's player_view, the public
events of the Move log, its legal moves) in the game as read without a lock, then submits
its action against the version it read. Whatever moved the game meanwhile makes the
submission stale and nothing happens: the move that changed the game queued the next bot
turn itself. So a task run twice, late, or beside the sweep does nothing the second time.
"""

import logging
from datetime import datetime, timedelta

from django.db.models import Max

from games import bots, engine
from games.models import Game, Move, Seat
from games.models.game import ACTIVE_STATUSES
from games.refusals.errors import GameMovedOn, GameServiceError
from games.services.play import game_play, opening_choice_open

log = logging.getLogger(__name__)

PLAYED = "played"
STALE = "stale"


def public_history(game: Game) -> list[dict]:
    """The events of every move so far, oldest first (apply's events are public: a blind
    draw never names its card, kept tickets are only counted)."""
    events: list[dict] = []
    for move_events in game.moves.order_by("number").values_list("events", flat=True):
        events.extend(move_events)
    return events


def decide(game: Game, seat: Seat, state: "engine.State") -> "engine.Action":
    """The bot's action for its seat: from its view and the public history only."""
    history = public_history(game)
    rng = bots.bot_rng(f"{game.pk}:{game.seed}", seat.player_id, game.moves.count())
    view_seat = bots.seat_for(state, seat.player_id, tuple(history), rng)
    return bots.make_bot(seat.bot_level).decide(view_seat)


def play_bot_turn(game_id: int, seat_id: int, version: int) -> str:
    """Play the bot of `seat_id` if the game is still at `version` and the seat must act
    (at the opening, as long as it has not chosen yet). Returns PLAYED or STALE."""
    game = Game.objects.filter(pk=game_id, status__in=ACTIVE_STATUSES).first()
    seat = Seat.objects.filter(pk=seat_id, game_id=game_id).exclude(bot_level="").first()
    if game is None or seat is None or game.state is None:
        return STALE
    state = engine.State.from_dict(game.state)
    if not engine.must_act(state, seat.player_id):
        return STALE
    if game.version != int(version) and not opening_choice_open(state=state, seat=seat):
        return STALE
    action = decide(game, seat, state)
    try:
        game_play(
            game_id=game_id,
            user=None,
            bot_seat_id=seat.pk,
            action=action.to_dict(),
            expected_version=game.version,
        )
    except GameMovedOn:
        return STALE
    except GameServiceError as exc:
        log.warning("bot of seat %s in game %s was refused: %s", seat_id, game_id, exc.message)
        return STALE
    return PLAYED


def stalled_bot_seats(now: datetime, after: timedelta):
    """(seat, game version) of every bot that must act where nothing has moved for `after`:
    its task was lost (the broker was down at commit) or its worker died."""
    seats = Seat.objects.filter(
        to_move=True, game__status__in=ACTIVE_STATUSES, game__started_at__lte=now - after
    ).exclude(bot_level="")
    stalled = []
    for seat in seats.select_related("game"):
        last = Move.objects.filter(game_id=seat.game_id).aggregate(last=Max("created_at"))["last"]
        if last is None or last <= now - after:
            stalled.append((seat, seat.game.version))
    return stalled
