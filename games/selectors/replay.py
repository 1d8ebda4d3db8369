"""The replay's reads: any past position of a game as everyone may see it."""

from games import engine
from games.models import Game
from games.services.replay import replay_to


def public_view_at(game: Game, move_number: int) -> dict:
    """The spectator's view (engine.player_view with no viewer: no hand, no ticket, no deck
    order) of the position after move `move_number` (0 = the deal)."""
    state, _move = replay_to(game, move_number)
    return engine.player_view(state, None)
