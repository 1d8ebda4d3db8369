"""The cheap question open game pages ask every few seconds: has anything moved?

A page carries a signed poll ticket (the game and the viewer, made when the page was
shown, so the page was allowed to see the game then; nobody loses a game they could see).
A poll with a valid ticket reads one row by its primary key and nothing else: no session,
no user. Without one (a page older than the ticket's lifetime) the poll reads the session
and checks the access as every page does.

A signed-in viewer's ticket also names their access epoch, a random word kept in the cache
until their access may have narrowed: logging out, leaving a game, leaving or being
removed from a club end it (access_end), and every ticket made before is void at once,
for the polls and the streams alike (a missing epoch voids them too, so a lost cache only
sends pages the slow way). The pages then poll with their session, whose access is checked
as every page's is: who may still see the game goes on seeing it.
"""

import secrets
from functools import partial
from urllib.parse import quote, urlencode

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language

from games.live.news import news_publish_access_ended
from games.live.presence import note_seen_by
from games.live.versions import game_versions

# htmx listens for this event on <body> and then fetches the page's fragments.
MOVED_EVENT = "game-moved"
# ... and for this one fetches only the chat (a message never changes the position).
CHAT_EVENT = "chat-moved"
# The page's script adds this to a poll made while the page is on screen (Page Visibility
# API). A tab in the background keeps polling, but its player is not at the table.
VISIBLE_PARAMETER = "visible"
TICKET_PARAMETER = "t"
TICKET_SALT = "games.version-poll"
# A page open longer than this polls the slow way (its session) until it is shown again.
TICKET_MAX_AGE = 60 * 60 * 24


def _epoch_key(user_id: int) -> str:
    return f"access-epoch:u{user_id}"


def poll_ticket(game_id: int, user) -> str:
    """The ticket a page that may see the game polls with (user 0: not signed in)."""
    if user is None or not user.is_authenticated:
        return signing.TimestampSigner(salt=TICKET_SALT).sign(f"{game_id}.0")
    epoch = cache.get_or_set(_epoch_key(user.pk), secrets.token_hex(8), timeout=None)
    if epoch is None:  # no cache to keep it in: the page polls with its session
        return ""
    return signing.TimestampSigner(salt=TICKET_SALT).sign(f"{game_id}.{user.pk}.{epoch}")


def access_end(user_id: int) -> None:
    """Void every ticket the user's pages hold, and close their streams."""
    cache.delete(_epoch_key(user_id))
    news_publish_access_ended(user_id)


def access_end_on_logout(sender, user=None, **kwargs) -> None:
    """Django's user_logged_out signal (connected in games.apps)."""
    if user is not None and user.pk:
        access_end(user.pk)


def access_end_on_commit(*, user_id: int) -> None:
    """access_end once the transaction that narrowed the user's access commits."""
    transaction.on_commit(partial(access_end, user_id), robust=True)


def stream_url(game_id: int, ticket: str) -> str:
    """Where the page opens its event stream (games.live.stream_asgi), or "" when the site
    runs without one (LIVE_STREAM off: the page polls). The page's language and time zone
    let the stream send it the table's parts drawn as the page draws them."""
    if not settings.LIVE_STREAM:
        return ""
    shown_in = urlencode({"lang": get_language(), "tz": timezone.get_current_timezone_name()})
    return (
        f"{settings.LIVE_STREAM_ORIGIN}/games/{game_id}/stream/"
        f"?t={quote(ticket, safe='')}&{shown_in}"
    )


def poll_answer(
    versions: tuple[int, int], query, if_none_match: str | None
) -> tuple[int, list[tuple[str, str]], bytes]:
    """Status, headers and body of the poll's answer, from the game's version and chat
    version and the client's `v` and `c` (also served without Django's stack:
    games.live.poll_wsgi)."""
    version, chat_version = versions
    etag = f'"v{version}c{chat_version}"'
    headers = [("ETag", etag), ("Cache-Control", "private, no-cache")]
    chat_seen = query.get("c") in (None, str(chat_version))
    if if_none_match == etag:
        return 304, headers, b""
    if query.get("v") == str(version) and chat_seen:
        return 204, headers, b""
    event = CHAT_EVENT if query.get("v") == str(version) else MOVED_EVENT
    headers += [("Content-Type", "text/plain"), ("HX-Trigger", event)]
    return 200, headers, str(version).encode()


def _ticket_holder(ticket: str | None, game_id: int) -> tuple[int, str] | None:
    """The user id (0: nobody signed in) and access epoch a well-signed ticket for this game
    names, else None."""
    if not ticket:
        return None
    try:
        value = signing.TimestampSigner(salt=TICKET_SALT).unsign(ticket, max_age=TICKET_MAX_AGE)
    except signing.BadSignature:
        return None
    game, _, holder = value.partition(".")
    user, _, epoch = holder.partition(".")
    if game != str(game_id) or not user.isdigit() or (user != "0") != bool(epoch):
        return None
    return int(user), epoch


def ticket_viewer(ticket: str | None, game_id: int) -> int | None:
    """The user id (0: nobody signed in) a valid ticket for this game names, else None: a
    signed-in viewer's only while their access epoch stands."""
    holder = _ticket_holder(ticket, game_id)
    if holder is None:
        return None
    user, epoch = holder
    if user and cache.get(_epoch_key(user)) != epoch:
        return None
    return user


def tickets_standing(game_id: int, tickets: list[str]) -> set[str]:
    """Which of these tickets (of open streams) still hold, in one read of the cache."""
    holders = {ticket: _ticket_holder(ticket, game_id) for ticket in tickets}
    users = {holder[0] for holder in holders.values() if holder and holder[0]}
    epochs = cache.get_many([_epoch_key(user) for user in users]) if users else {}
    return {
        ticket
        for ticket, holder in holders.items()
        if holder and (not holder[0] or epochs.get(_epoch_key(holder[0])) == holder[1])
    }


def ticket_versions(game_id: int, viewer: int, visible: bool) -> tuple[int, int]:
    """The versions a poll with a valid ticket is answered from; a page on screen is noted
    as seen (no your-turn mail needed)."""
    versions = game_versions(game_id=game_id)
    if visible and viewer:
        note_seen_by(viewer, game_id)
    return versions
