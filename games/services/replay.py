"""The Move log is the game: replaying it from the seed rebuilds any position."""

from games import engine
from games.models import Game, Move

from .extra_time import EXTRA_TIME_ACTION
from .forfeit import FORFEIT_ACTION

CLOCK_ONLY_ACTIONS = {EXTRA_TIME_ACTION}


def _players(game: Game) -> list[str]:
    return [seat.player_id for seat in game.seats.all()]  # in seat order (prefetched or not)


def _replay(game: Game, moves) -> "engine.State":
    state = engine.new_game(game.map_id, _players(game), game.seed)
    for move in moves:
        player = str(move.seat_id)
        if move.action.get("type") in CLOCK_ONLY_ACTIONS:
            continue  # the site's clock changed (more time given), not the position
        if move.action.get("type") == FORFEIT_ACTION["type"]:
            state, _events = engine.forfeit(state, player)
        else:
            state, _events = engine.apply(state, player, engine.action_from_dict(move.action))
    return state


def rebuild_state(game: Game) -> "engine.State":
    """The state after every logged move; equals the stored `game.state`."""
    return _replay(game, Move.objects.filter(game=game).order_by("number"))


def state_at(game: Game, move_number: int) -> "engine.State":
    """The state after move `move_number` (0 = the deal).

    Only ever show it through engine.player_view(state, None).
    """
    return replay_to(game, move_number)[0]


def replay_to(game: Game, move_number: int) -> tuple["engine.State", Move | None]:
    """state_at, and the move that led there (None for the deal), for the replay page."""
    moves = list(Move.objects.filter(game=game, number__lte=move_number).order_by("number"))
    return _replay(game, moves), (moves[-1] if moves else None)
