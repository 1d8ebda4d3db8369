"""The parts of the game page that are the same for every viewer of a game version: drawn
once per version, language, time zone and seat, and shared through the cache.

The board (for a viewer who has no route to claim: the mover's board has links) and "since
your last turn" are the same bytes for every viewer who shares their game version, language,
time zone and seat (the seat for the marks since its last turn); the log and the players'
table for every viewer of the version, language and zone (the viewer's "(you)" put in the
players' table after: its rows carry a mark for it). Their parts (games.web.views.parts)
keep their drawn HTML under `shared_key`: a key that names the version, so a cached part can
never outlive it (every writer bumps the version in the move's transaction). A part found in
the cache is never built.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import get_language

from .table import Table

# Long enough for every open page of a slow game to share an entry, short enough that a
# game gone quiet leaves nothing behind for long; a newer version never reads it.
SHARED_FOR = 600  # seconds


def shared_key(table: Table, *, seat: bool = True) -> str:
    """What names a shared part of this viewer's page in the cache (games.web.views.parts):
    with `seat` for a part drawn for each seat, without for one every viewer shares."""
    zone = timezone.get_current_timezone_name()
    key = f"g{table.game.pk}.v{table.game.version}.{get_language()}.{zone}"
    if not seat:
        return key
    return f"{key}.s{table.me.pk if table.me is not None else 0}"


def clock_minute() -> int:
    """The players' table shows the time bank running down: its entry lasts a minute too."""
    return int(timezone.now().timestamp() // 60)
