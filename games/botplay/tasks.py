"""The bot's Celery task: one bot move, queued after the commit that made it the bot's turn
(games.botplay.queue). Its name is the one it has always had, so a task queued before an
update still runs after it."""

from celery import shared_task

from games.botplay import turns


@shared_task(name="games.tasks.play_bot_turn")
def play_bot_turn(game_id: int, seat_id: int, version: int) -> str:
    """A stale or repeated task does nothing."""
    return turns.play_bot_turn(game_id, seat_id, version)
