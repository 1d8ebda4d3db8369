"""The end of a game: final scores and places, ratings and result mail, in one transaction."""

from datetime import datetime
from functools import partial

from django.db import transaction

from games import engine
from games.mail import notify
from games.models import Game, GameStatus, Seat
from games.ratings.record import record_game_ratings

from .leagues import season_after_game


def game_finish(*, game: Game, seats: list[Seat], final: engine.FinalView, now: datetime) -> None:
    """Record the engine's final result (each player's place and total, from `final`, the
    view's). Call with the game row locked (inside the move)."""
    results = final["players"]
    for seat in seats:
        seat.place = results[seat.player_id]["place"]
        seat.final_score = results[seat.player_id]["total"]
        seat.to_move = False
        seat.save(update_fields=["place", "final_score", "to_move"])
    game.status = GameStatus.FINISHED
    game.finished_at = now
    game.deadline = None
    game.save(update_fields=["status", "finished_at", "deadline"])
    if game.rated:
        record_game_ratings(game)
    notify.on_game_over(game)
    _season_round_may_end(game)


def _season_round_may_end(game: Game) -> None:
    """A league's game ended: once committed, its round may be over (the next paired)."""
    if game.season_id is not None:
        transaction.on_commit(partial(season_after_game, game_id=game.pk))


def game_abort(*, game: Game, seats: list[Seat], now: datetime) -> None:
    """End a game without a result (no ratings): everyone still in it ran out of time."""
    for seat in seats:
        if seat.to_move:
            seat.to_move = False
            seat.save(update_fields=["to_move"])
    game.status = GameStatus.ABORTED
    game.finished_at = now
    game.deadline = None
    game.save(update_fields=["status", "finished_at", "deadline"])
    notify.on_game_over(game)
    _season_round_may_end(game)
