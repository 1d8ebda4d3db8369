"""The versions every open game page polls for, kept a moment in the cache (Redis).

A poll with its page's ticket asks only "which version and chat version is this game at?".
The answer is cached for FRESH_FOR seconds, so the pages of one game (and every poll of
one page) share one read of the row; a move or a chat message forgets it as it commits,
so those show at once, and anything else shows within FRESH_FOR (pages poll every 3 s).
"""

from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction

from games.live.news import news_publish
from games.models import Game
from games.refusals.errors import NotAPlayer

FRESH_FOR = 1  # second


def versions_key(game_id: int) -> str:
    return f"versions:g{game_id}"


def cached_versions(game_id: int) -> tuple[int, int] | None:
    found = cache.get(versions_key(game_id))
    return tuple(found) if found else None


def remember_versions(game_id: int, versions: tuple[int, int]) -> None:
    cache.set(versions_key(game_id), list(versions), timeout=FRESH_FOR)


def _changed(game_id: int) -> None:
    cache.delete(versions_key(game_id))
    news_publish(game_id)


@dataclass(frozen=True)
class _News:
    """_changed for one game, once the transaction commits; says which game it tells of."""

    news_of: int

    def __call__(self) -> None:
        _changed(self.news_of)


def forget_versions_on_commit(game_id: int) -> None:
    """Called inside the transaction that changes the game (through
    games.services.events.game_version_bump): once it commits, the next poll reads the row
    again and the open pages' streams are told (games.live.news), once however many parts
    of the transaction changed the game."""
    connection = transaction.get_connection()
    # Told already in this transaction: a callback of it whose savepoints are all still open
    # (one left from an earlier transaction nested in a test's own is not).
    open_now = set(connection.savepoint_ids)
    if connection.in_atomic_block and any(
        getattr(callback, "news_of", None) == game_id and savepoints <= open_now
        for savepoints, callback, _ in connection.run_on_commit
    ):
        return
    transaction.on_commit(_News(game_id), robust=True)


def game_versions_fresh(*, game_id: int) -> tuple[int, int] | None:
    """The game's versions read from its row (the stream's answer to news: a poll may have
    put the versions before the commit back in the cache), remembered for the polls."""
    row = Game.objects.filter(pk=game_id).values_list("version", "chat_version").first()
    if row is not None:
        remember_versions(game_id, row)
    return row


def game_versions(*, game_id: int) -> tuple[int, int]:
    """The game's version and chat version for a caller that has checked the access already
    (the poll's signed ticket, games.web.views.version): from the cache, else one row by its
    primary key (cached_versions)."""
    cached = cached_versions(game_id)
    if cached is not None:
        return cached
    row = Game.objects.filter(pk=game_id).values_list("version", "chat_version").first()
    if row is None:
        raise NotAPlayer()
    remember_versions(game_id, row)
    return row
