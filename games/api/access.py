"""Which game a caller may read through the API."""

from games.models import Game
from games.selectors import access_game, open_games
from games.services.errors import NotAPlayer


def visible_game(*, game_id, user) -> Game:
    """access_game's rule, plus the public open games the lobby lists to everyone
    (a client must see an open game to decide to join it)."""
    try:
        return access_game(game_id=game_id, user=user)
    except NotAPlayer:
        game = open_games().filter(pk=game_id).first()
        if game is None:
            raise
        return game
