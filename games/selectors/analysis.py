"""The analysis of a finished game, read on a user's behalf (after game_access)."""

from games.models import Game, GameAnalysis


def analysis_get(*, game: Game) -> GameAnalysis | None:
    """The analysis of `game` (which the user may see), if one was asked for; never of a
    game in play."""
    if not game.is_over:
        return None
    return GameAnalysis.objects.filter(game=game).first()


def analysis_can_request(*, game: Game, user) -> bool:
    """Whether `user` (who may see the game) may ask for its analysis: it is over, and they
    are signed in (a player, or anyone for a public game, as game_access allows)."""
    return game.is_over and game.state is not None and bool(user and user.is_authenticated)
