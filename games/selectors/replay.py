"""The Move log is the game: replaying it from the game's start rebuilds any position."""

from games import engine
from games.models import Game, Move

# Moves of the site's own, not the engine's: one more day on a player's clock (replay skips
# it), and a player leaving the game (replay hands it to the engine as a forfeit).
EXTRA_TIME_ACTION = "extra_time"
FORFEIT_ACTION = {"type": "forfeit"}

CLOCK_ONLY_ACTIONS = {EXTRA_TIME_ACTION}


def _players(game: Game) -> list[str]:
    return [seat.player_id for seat in game.seats.all()]  # in seat order (prefetched or not)


def game_start_document(*, game: Game) -> dict:
    """The scenario the game started from (player names are seat ids): its `start`, or the
    normal deal from the seed. Secret until the game is over (it fixes the piles)."""
    if game.start is not None:
        return game.start
    return {"map": game.map_id, "players": _players(game), "seed": game.seed}


def game_start_state(*, game: Game) -> "engine.State":
    """The position before move 1: the deal, or the start scenario with its actions played."""
    if game.start is None:
        return engine.new_game(game.map_id, _players(game), game.seed)
    state, actions = engine.load_scenario(game.start)
    for player, action in actions:
        state, _events = engine.play(state, player, action)
    return state


def move_action(*, move: Move) -> "engine.Action | engine.Forfeit":
    """The engine action a logged move made (engine.FORFEIT for a forfeit)."""
    if move.action.get("type") == FORFEIT_ACTION["type"]:
        return engine.FORFEIT
    return engine.action_from_dict(move.action)


def _replay(game: Game, moves) -> "engine.State":
    state = game_start_state(game=game)
    for move in moves:
        if move.action.get("type") in CLOCK_ONLY_ACTIONS:
            continue  # the site's clock changed (more time given), not the position
        state, _events = engine.play(state, str(move.seat_id), move_action(move=move))
    return state


def game_state_rebuilt(*, game: Game) -> "engine.State":
    """The state after every logged move; equals the stored `game.state`."""
    return _replay(game, Move.objects.filter(game=game).order_by("number"))


def game_state_at(*, game: Game, move_number: int) -> "engine.State":
    """The state after move `move_number` (0 = the deal).

    Only ever show it through engine.player_view(state, None).
    """
    return game_replay_to(game=game, move_number=move_number)[0]


def game_replay_to(*, game: Game, move_number: int) -> tuple["engine.State", Move | None]:
    """game_state_at, and the move that led there (None for the deal), for the replay page."""
    moves = list(Move.objects.filter(game=game, number__lte=move_number).order_by("number"))
    return _replay(game, moves), (moves[-1] if moves else None)


def game_public_view_at(*, game: Game, move_number: int) -> engine.PlayerView:
    """The spectator's view (engine.player_view with no viewer: no hand, no ticket, no deck
    order) of the position after move `move_number` (0 = the deal)."""
    state, _move = game_replay_to(game=game, move_number=move_number)
    return engine.player_view(state, None)
