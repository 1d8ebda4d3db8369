"""The daily digest: one mail at the player's chosen local hour listing every game that
waits for them, the most urgent (soonest deadline) first."""

from datetime import date, datetime

from django.utils import timezone

from accounts.models import Profile
from games.models import GameStatus
from games.selectors.access import seat_list_awaiting

from .chat_lines import DIGEST_WINDOW, chat_lines
from .clock import local_time_text, zone
from .compose import game_login_link, opponents_text, seats_of


def digest_entries(user, tzname: str) -> list[dict]:
    """Every game waiting for the user's move, soonest deadline first."""
    entries = []
    seats = seat_list_awaiting(user=user).select_related("game").order_by("deadline", "game_id")
    for seat in seats:
        game = seat.game
        at_table = seats_of(game)
        entries.append(
            {
                "game": game,
                "seats": at_table,
                "game_number": game.pk,
                "map_name": game.get_map_id_display(),
                "opponents": opponents_text(at_table, user),
                "opening": game.status == GameStatus.CHOOSING,
                "deadline_text": local_time_text(seat.deadline, tzname) if seat.deadline else "",
                "game_url": game_login_link(game),
                "chat_lines": chat_lines(game, user, since=timezone.now() - DIGEST_WINDOW),
            }
        )
    return entries


def digest_day_if_due(profile: Profile, now: datetime) -> date | None:
    """The local day whose digest is due: from the digest hour on, until the day ends.
    (A sweep that missed the exact hour still sends that day's digest, once.)"""
    local = now.astimezone(zone(profile.timezone))
    return local.date() if local.hour >= profile.digest_hour else None
