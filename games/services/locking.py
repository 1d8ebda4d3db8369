"""The one way a service takes hold of a game: its row, locked until the transaction ends."""

from games.models import Game

from .errors import NotAPlayer


def lock_game(game_id) -> Game:
    """Lock the game row (SELECT ... FOR UPDATE) so every writer of this game goes one at a time.

    Two tabs posting the same move, the API and the deadline sweep all wait here;
    whoever comes second then sees the version the first one left. Call it inside
    transaction.atomic(). A missing game is NotAPlayer: no one learns which ids exist.
    """
    try:
        return Game.objects.select_for_update().get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError):
        raise NotAPlayer() from None
