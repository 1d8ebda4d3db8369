"""News of a game's new version, from the process that committed it to every stream server.

A move, a chat message or a clock change publishes the game's id on Redis pub/sub once its
transaction commits (games.live.versions.forget_versions_on_commit); each stream server
(games.live.stream_asgi) listens on the channel and tells the open pages of that game.
Only the id travels: the stream server reads the versions from the row itself. A user
whose access ended (logged out, left a game or a club) is told the same way, "u<id>", so
their pages' streams close at once.

Redis failing must never block a move: the publish has short timeouts, and after a failure
the news is not tried again for RETRY_AFTER seconds (the pages' streams are closed by their
server when it loses Redis, so they poll meanwhile).
"""

import logging
import threading
import time

import redis
from django.conf import settings

log = logging.getLogger(__name__)

RETRY_AFTER = 5.0  # seconds
TIMEOUT = 0.25  # seconds, to connect and to publish
# Before a user's id: that user's tickets no longer hold (else the message is a game's id).
ACCESS_ENDED = "u"

_clients: dict[str, redis.Redis] = {}  # one per Redis URL the settings have named
_down_until = 0.0
_lock = threading.Lock()


def news_channel() -> str:
    return getattr(settings, "LIVE_CHANNEL", "ttr:live")


def _redis() -> redis.Redis:
    # Keyed by the URL the settings name now, so a client is never kept for a Redis the
    # settings no longer point at.
    url = settings.REDIS_URL
    client = _clients.get(url)
    if client is None:
        with _lock:
            client = _clients.setdefault(
                url,
                redis.Redis.from_url(url, socket_connect_timeout=TIMEOUT, socket_timeout=TIMEOUT),
            )
    return client


def news_publish(game_id: int) -> bool:
    """Tell the stream servers the game has a new version; False if Redis could not be told
    (then the pages see it at their next poll)."""
    return _publish(str(game_id), f"game {game_id}'s new version")


def news_publish_access_ended(user_id: int) -> bool:
    """Tell the stream servers to close the streams this user's pages hold (their tickets
    no longer hold: games.live.poll.access_end)."""
    return _publish(f"{ACCESS_ENDED}{user_id}", f"user {user_id}'s access ended")


def _publish(message: str, what: str) -> bool:
    global _down_until
    if time.monotonic() < _down_until:
        return False
    try:
        _redis().publish(news_channel(), message)
    except redis.RedisError as exc:
        with _lock:
            was_up = _down_until == 0.0
            _down_until = time.monotonic() + RETRY_AFTER
        if was_up:
            log.error("could not publish %s (%s)", what, exc)
        return False
    if _down_until:
        with _lock:
            _down_until = 0.0
        log.warning("publishing new versions again")
    return True
