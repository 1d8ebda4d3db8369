"""The bots' Celery tasks: one bot move, queued after the commit that made it the bot's turn
(games.botplay.queue), and the analysis of a finished game, queued after the commit that
asked for it. Their names stay as they are, so a task queued before an update still runs
after it."""

from celery import shared_task

from games.botplay import analysis, turns
from games.services.orders import seat_orders_play


@shared_task(name="games.tasks.play_bot_turn")
def play_bot_turn(game_id: int, seat_id: int, version: int) -> str:
    """A stale or repeated task does nothing."""
    return turns.play_bot_turn(game_id, seat_id, version)


@shared_task(name="games.tasks.analyse_game")
def analyse_game(analysis_id: int) -> bool:
    """Make a queued analysis (games.botplay.analysis); a repeated task does nothing."""
    return analysis.analysis_run(analysis_id)


@shared_task(name="games.tasks.play_standing_orders")
def play_standing_orders(game_id: int, seat_id: int, version: int) -> str:
    """A seat's standing orders at the start of its turn; a stale or repeated task does
    nothing."""
    return seat_orders_play(game_id=game_id, seat_id=seat_id, version=version)
