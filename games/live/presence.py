"""Who has a game's page on screen: an open page asks for the game's version every 3 s, and
each ask made while the page is visible (the Page Visibility API; a tab in the background
keeps polling but does not count) notes "this user looked at this game now" in the cache
(Redis in production).
No database write per poll; a note expires on its own once it is too old to matter.

The your-turn mail asks here before it is sent: a player watching the game needs none.
"""

import logging
from datetime import datetime, timedelta

from django.core.cache import cache
from django.utils import timezone

log = logging.getLogger(__name__)

# A visible page polls every 3 s, so 90 s tolerates a few slow or lost polls.
SEEN_WITHIN = timedelta(seconds=90)


def _key(game_id: int, user_id: int) -> str:
    return f"seen:g{game_id}:u{user_id}"


def note_seen(request, game_id: int) -> None:
    """Remember that the signed-in user is looking at the game. A cache outage must not
    break the page, so it is only logged (the player then simply gets their mail)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return
    note_seen_by(user.pk, game_id)


def note_seen_by(user_id: int, game_id: int) -> None:
    """note_seen for a user known by id (the poll's ticket names them)."""
    try:
        cache.set(
            _key(game_id, user_id), timezone.now().timestamp(), timeout=SEEN_WITHIN.total_seconds()
        )
    except Exception:
        log.warning("could not note that user %s saw game %s", user_id, game_id, exc_info=True)


def seen_since(*, game_id: int, user_id: int, since: datetime, now: datetime) -> bool:
    """Whether the user looked at the game after `since` and within SEEN_WITHIN of `now`."""
    try:
        stamp = cache.get(_key(game_id, user_id))
    except Exception:
        log.warning("could not read whether user %s saw game %s", user_id, game_id, exc_info=True)
        return False
    if stamp is None:
        return False
    return stamp >= max(since.timestamp(), (now - SEEN_WITHIN).timestamp())


def note_seen_by_many(pairs: list[tuple[int, int]]) -> None:
    """note_seen_by for many (user id, game id) at once: one round trip (the pages' streams
    note their visible pages together)."""
    if not pairs:
        return
    stamp = timezone.now().timestamp()
    try:
        cache.set_many(
            {_key(game_id, user_id): stamp for user_id, game_id in pairs},
            timeout=SEEN_WITHIN.total_seconds(),
        )
    except Exception:
        log.warning("could not note %d pages as seen", len(pairs), exc_info=True)
