"""The parts of the game page that are the same for every viewer of a game version: drawn
once per version, language, time zone and seat, and shared through the cache.

The board (for a viewer who has no route to claim: the mover's board has links), the log,
"since your last turn" and the players' table are the same bytes for every viewer who
shares their game version, language, time zone and seat (the seat for "(you)" and for the
marks since its last turn). The templates keep them with Django's {% cache %} under
`shared_key`: a key that names the version, so a cached part can never outlive it (every
writer bumps the version in the move's transaction). The context gives them as `Once`
values: a part found in the cache is never built.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import get_language

from .table import Table

# Long enough for every open page of a slow game to share an entry, short enough that a
# game gone quiet leaves nothing behind for long; a newer version never reads it.
SHARED_FOR = 600  # seconds


class Once:
    """A value the template builds on first use, once (Django calls a callable it is given)."""

    __slots__ = ("_build", "_value", "_built")

    def __init__(self, build):
        self._build = build
        self._built = False
        self._value = None

    def __call__(self):
        if not self._built:
            self._value = self._build()
            self._built = True
        return self._value


def shared_key(table: Table) -> str:
    """What a shared part of this viewer's page is kept under (the {% cache %} tag hashes it)."""
    seat = table.me.pk if table.me is not None else 0
    zone = timezone.get_current_timezone_name()
    return f"g{table.game.pk}.v{table.game.version}.{get_language()}.{zone}.s{seat}"


def clock_minute() -> int:
    """The players' table shows the time bank running down: its entry lasts a minute too."""
    return int(timezone.now().timestamp() // 60)
