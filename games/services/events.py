"""What the services announce: a game reached a new position (a move, the start, a seat
taken over). Sent inside the transaction that wrote it; a receiver that acts outside the
database (queueing a bot's move, telling open pages) does so once the transaction commits.

Services announce rather than call, as lichess's round does: the bots that play through
these very services (games.botplay) listen here, so the services never import them.
"""

from django.dispatch import Signal

from games import engine
from games.models import Game, GameAnalysis, Seat

# Sent with game=, seats= (the game's seats, as the service holds them) and state= (the
# engine State the game is at now).
position_changed = Signal()


def position_announce(*, game: Game, seats: list[Seat], state: engine.State) -> None:
    position_changed.send(sender=game.__class__, game=game, seats=seats, state=state)


# Sent with analysis= (a GameAnalysis just queued) inside the transaction that wrote it;
# games.botplay.analysis queues its task once that commits.
analysis_requested = Signal()


def analysis_announce(*, analysis: GameAnalysis) -> None:
    analysis_requested.send(sender=analysis.__class__, analysis=analysis)
