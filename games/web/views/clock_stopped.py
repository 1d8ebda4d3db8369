"""The turn line's word on a stopped clock: the player to move is away (a vacation the game
allows), so their clock stands still until they are back, and the page says until when."""

from django.utils import timezone

from games.engine import Phase
from games.selectors.vacations import vacation_ends_at


def clock_stopped(table) -> dict | None:
    """{"name", "until"} when the player to move is away now, else None (the turn line every
    viewer shares says it both ways; the page shows the viewer's own)."""
    view = table.view
    seat = table.seat_by_player.get(view.get("current"))
    if view.get("phase") != Phase.PLAY or seat is None or seat.forfeited:
        return None
    if seat.user_id not in table.away:  # read with the page's pauses: no query when nobody is
        return None
    until = vacation_ends_at(user_id=seat.user_id, now=timezone.now())
    if until is None:
        return None
    return {"name": table.names.get(seat.player_id), "until": until}
