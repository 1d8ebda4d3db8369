"""The game log as the page shows it: one entry per move, newest first, in sentences."""

from __future__ import annotations

from games import engine
from games.models import Move

# Every move ends with whose turn it is now; the turn line of the page already says that.
QUIET_EVENTS = {"turn_passed"}


def move_entries(game, names: dict[str, str], *, limit: int | None = None) -> list[dict]:
    """[{"number", "sentences"}] for the last `limit` moves (all when None); one query.

    Events are public by construction (a blind draw never names its card), and the
    move's action (which names kept tickets) is never read.
    """
    moves = Move.objects.filter(game=game).order_by("-number").only("number", "events")
    if limit is not None:
        moves = moves[:limit]
    entries = []
    for move in moves:
        sentences = [
            engine.describe(event, names, game.map_id)
            for event in move.events
            if event.get("type") not in QUIET_EVENTS
        ]
        entries.append({"number": move.number, "sentences": [s for s in sentences if s]})
    return entries
