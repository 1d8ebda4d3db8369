"""What the services announce: a game reached a new position (a move, the start, a seat
taken over). Sent inside the transaction that wrote it; a receiver that acts outside the
database (queueing a bot's move, telling open pages) does so once the transaction commits.

Services announce rather than call, as lichess's round does: the bots that play through
these very services (games.botplay) listen here, so the services never import them.
"""

from collections.abc import Iterable

from django.db.models import F
from django.dispatch import Signal

from games import engine
from games.live.versions import forget_versions_on_commit
from games.models import Game, GameAnalysis, Seat


def game_version_bump(*, game: Game) -> None:
    """The one way a game moves on for its open pages: its version one up (the caller saves
    it with the rest of what changed, under the game's row lock) and, once the transaction
    commits, the pages told (games.live.versions: once per transaction and game)."""
    game.version += 1
    forget_versions_on_commit(game.pk)


def game_versions_bump(*, game_ids: Iterable[int], chat: bool = False) -> None:
    """game_version_bump for games not held in hand, in the database itself: their version,
    or with `chat` their chat version (a message posted or hidden), one up."""
    game_ids = sorted(set(game_ids))
    field = "chat_version" if chat else "version"
    Game.objects.filter(pk__in=game_ids).update(**{field: F(field) + 1})
    for game_id in game_ids:
        forget_versions_on_commit(game_id)


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
