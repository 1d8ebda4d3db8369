"""Called by the finishing service inside the game's result transaction."""


def record_game_ratings(game) -> None:
    """Add one RatingChange row per seat (overall and per board) for a rated finished game."""
