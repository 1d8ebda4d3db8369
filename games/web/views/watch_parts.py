"""What every open page of a game is sent down its event stream when the game changes: the
public parts of the table (the turn, the board, the cards on the table, the players and the
log), drawn once per game version, language and time zone for all pages, so none of them
asks the server for them (games.live.stream_asgi sends them).

They are drawn from a spectator's view (no seat), so they hold nothing a spectator could not
see, and every page that gets them gets the same bytes: "Your turn." and "(you)" are said
by the page (its data-me marks the viewer's seat; static/css/game.css), and the face-up row
holds no token (its buttons submit the forms only the page of the player who may draw
holds: without them they are the cards' pictures). A page whose viewer must act now (the
mover, the seat whose turn begins) puts them in but keeps its own board ("own": it links
the routes they may claim), then fetches only its viewer's own parts (games.web.views.render:
the `public` parameter). What is per seat stays with a watching page until its next fetch:
"since your last turn" and the board's rings round the others' new routes and stations
(both said again when the viewer's turn comes).

A page one version behind is sent only the parts that version's move can have altered
(games.web.views.parts: a card draw leaves the board out); any other page all of them.
"""

from __future__ import annotations

import zoneinfo
from functools import cache

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.selectors.access import game_watched
from games.selectors.log import move_events_of_version

from .parts import OWN_WHILE_ACTING, PUBLIC_PARTS, base_context, changed_parts, changes_of
from .shared_parts import SHARED_FOR
from .table import Table

TEMPLATE = "games/play/watch_parts.html"


@cache
def _zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def parts_asked(language: str | None, zone: str | None) -> bool:
    """A page may be sent the parts in its language and time zone when both are the site's."""
    return language in dict(settings.LANGUAGES) and zone in _zones()


def _movers(seats, events: list | None) -> list[int]:
    """The players who must act now and whose own options the version may have changed: with
    the move's events known, those it names (its player, the one whose turn it passed to),
    not the others still choosing their opening tickets, whose offers no other choice
    alters (and whose choice any version takes: services.play.opening_choice_open)."""
    acting = [seat for seat in seats if seat.to_move and seat.user_id]
    if events is None:
        return [seat.user_id for seat in acting]
    named = {event.get("player") for event in events}
    return [seat.user_id for seat in acting if seat.player_id in named]


def watch_parts(game_id: int, language: str, zone: str, since: int | None = None) -> dict | None:
    """{"v", "c", "movers": who must act and fetch their own parts (_movers), "html", "since"}
    for the game as it stands, or None when there is nothing to watch (not started, over,
    gone): the pages then fetch, as after a poll. With `since` the version just before, and
    that version's move known, "html" holds only the parts the move can have altered and
    "since" says so (a page showing another version must not take them); else every public
    part."""
    game = game_watched(game_id=game_id)
    if game is None or game.state is None or game.is_over:
        return None
    changes = events = None
    if since is not None and since == game.version - 1:
        events = move_events_of_version(game_id=game.pk, version=game.version)
        if events is not None:
            changes = changes_of(events)
    told = "d" if changes is not None else "a"
    key = f"watch.g{game.pk}.v{game.version}.c{game.chat_version}.{language}.{zone}.{told}"
    found = shared_cache.get(key)
    if found is not None:
        return found
    seats = list(game.seats.all())
    with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
        table = Table(game=game, seats=seats, me=None)
        context = base_context(table)
        context["part_names"] = [part.name for part in changed_parts(changes, PUBLIC_PARTS)]
        html = render_to_string(TEMPLATE, context)
    parts = {
        "v": game.version,
        "c": game.chat_version,
        "since": game.version - 1 if changes is not None else None,
        "movers": _movers(seats, events),
        "own": OWN_WHILE_ACTING,
        "html": html,
    }
    shared_cache.set(key, parts, SHARED_FOR)
    return parts
