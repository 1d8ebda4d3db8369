"""Queue a bot's move when it becomes a bot's turn, after commit.

The services announce every new position inside its transaction
(games.services.events.position_changed); `queue_bot_turns` listens, and the task
(games.botplay.tasks.play_bot_turn) is published only once the move has committed, with the
human-like pause of settings.BOT_MOVE_DELAY_SECONDS. A broker that is down then loses
nothing: the minute sweep (games.heartbeat.sweeps.play_stalled_bot_turns) plays any bot turn
nothing has played. The services do not import this: the bots play through them.
"""

import logging
from functools import partial

from celery import current_app
from django.conf import settings
from django.db import transaction

from games import engine
from games.botplay.tasks import analyse_game, play_bot_turn
from games.services.events import analysis_requested, position_changed

log = logging.getLogger(__name__)

BROKER_TIMEOUT = 2  # seconds, as for the mail


def bot_seats_to_act(state: "engine.State", seats) -> list:
    """The seats a bot plays that must act now (several at the opening ticket choice)."""
    acting = set(engine.players_to_act(state))
    return [seat for seat in seats if seat.bot_level and seat.player_id in acting]


def queue_bot_turns(sender, *, game, seats, state: "engine.State", **_) -> None:
    """After commit, queue one task per bot seat that must act in the game as it is now."""
    if not game.is_active:
        return
    for seat in bot_seats_to_act(state, seats):
        transaction.on_commit(partial(publish, game.pk, seat.pk, game.version))


def task_publish(task, args: tuple, *, lost: str, countdown: float = 0) -> bool:
    """Hand `task` to a worker, or run it here when the tasks run eagerly; never raises: the
    change that owes it has committed already. A broker it cannot reach within
    BROKER_TIMEOUT logs `lost` (what makes up for the task) and gives False."""
    app = current_app
    try:
        if app.conf.task_always_eager:
            task.apply(args)
            return True
        with app.pool.acquire(block=True) as connection:
            connection.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0, timeout=BROKER_TIMEOUT
            )
            task.apply_async(args, countdown=countdown, retry=False, connection=connection)
    except Exception:
        log.warning("could not queue %s", lost, exc_info=True)
        return False
    return True


def publish(game_id: int, seat_id: int, version: int) -> bool:
    """Hand the bot's move to a worker, after the human-like pause."""
    return task_publish(
        play_bot_turn,
        (game_id, seat_id, version),
        countdown=float(getattr(settings, "BOT_MOVE_DELAY_SECONDS", 0)),
        lost=f"the bot of seat {seat_id} in game {game_id}; the minute sweep will play it",
    )


def queue_analysis(sender, *, analysis, **_) -> None:
    """After commit, hand the analysis to a worker."""
    transaction.on_commit(partial(publish_analysis, analysis.pk))


def publish_analysis(analysis_id: int) -> bool:
    return task_publish(
        analyse_game,
        (analysis_id,),
        lost=f"analysis {analysis_id}; asking again after ANALYSIS_STALL_SECONDS queues it",
    )


position_changed.connect(queue_bot_turns, dispatch_uid="games.botplay.queue")
analysis_requested.connect(queue_analysis, dispatch_uid="games.botplay.queue.analysis")
