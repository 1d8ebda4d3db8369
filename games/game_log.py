"""The game log in sentences: the page's log, the full log, the replay and the mails.

Events are public by construction (a blind draw never names its card), and a
move's action (which names kept tickets) is never read. Players are named by
username.
"""

from __future__ import annotations

from collections.abc import Iterable

from games import engine
from games.models import Move

# Every move ends with whose turn it is now; the turn line of the page already says that.
QUIET_EVENTS = {"turn_passed"}


def move_sentences(events: Iterable[dict], names: dict[str, str], map_id: str) -> list[str]:
    """One sentence per event worth telling, in the order they happened."""
    sentences = (
        engine.describe(event, names, map_id)
        for event in events
        if event.get("type") not in QUIET_EVENTS
    )
    return [sentence for sentence in sentences if sentence]


def move_entries(game, names: dict[str, str], *, limit: int | None = None) -> list[dict]:
    """[{"number", "sentences"}] for the last `limit` moves (all when None), newest first;
    one query."""
    moves = Move.objects.filter(game=game).order_by("-number").only("number", "events")
    if limit is not None:
        moves = moves[:limit]
    return [
        {"number": move.number, "sentences": move_sentences(move.events, names, game.map_id)}
        for move in moves
    ]
