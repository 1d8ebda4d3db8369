"""The parts of the game page that are the same for every viewer of a game version: drawn
once per version, language and time zone (and seat, for "since your last turn") and shared
through the cache.

The board (for a viewer who has no route to claim: the mover's board has links), the face-up
row with the piles, the turn line, the log and the players' table are the same bytes for
every viewer of the version, language and zone: "(you)" and "Your turn." are in them for
every seat, and the page's data-me shows the viewer's own (static/css/game.css); on the
board each viewer's rings round what the others built since their last turn are put in
after, at the board's marks (games.web.views.parts, `Part.for_viewer`). The face-up row
holds no token: the forms its buttons submit are only in the page of the viewer who may
draw. "Since your last turn" is drawn once per seat. The parts keep their drawn HTML under
`shared_key`: a key that names the version, so a cached part can never outlive it (every
writer bumps the version in the move's transaction). A part found in the cache is never
built.
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
