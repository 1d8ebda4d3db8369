"""The cheap question open game pages ask every few seconds: has anything moved?

A page carries a signed poll ticket (the game and the viewer, made when the page was
shown, so the page was allowed to see the game then; nobody loses a game they could see).
A poll with a valid ticket reads one row by its primary key and nothing else: no session,
no user. Without one (a page older than the ticket's lifetime) the poll reads the session
and checks the access as every page does.
"""

from django.core import signing
from django.http import HttpResponse
from django.views.decorators.http import require_GET

from accounts.middleware import without_user_timezone
from games.presence import note_seen, note_seen_by
from games.selectors import game_versions, visible_versions

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


def poll_ticket(game_id: int, user) -> str:
    """The ticket a page that may see the game polls with (user 0: not signed in)."""
    user_id = user.pk if user is not None and user.is_authenticated else 0
    return signing.TimestampSigner(salt=TICKET_SALT).sign(f"{game_id}.{user_id}")


def _ticket_viewer(request, game_id: int) -> int | None:
    """The user id (0: nobody signed in) a valid ticket for this game names, else None."""
    ticket = request.GET.get(TICKET_PARAMETER)
    if not ticket:
        return None
    try:
        value = signing.TimestampSigner(salt=TICKET_SALT).unsign(ticket, max_age=TICKET_MAX_AGE)
    except signing.BadSignature:
        return None
    game, _, user = value.partition(".")
    if game != str(game_id) or not user.isdigit():
        return None
    return int(user)


@require_GET
@without_user_timezone
def game_version(request, game_id: int):
    """204 (or 304 for a matching If-None-Match) while the client's version is current;
    otherwise 200 with an HX-Trigger that makes the page refresh its fragments."""
    visible = request.GET.get(VISIBLE_PARAMETER) == "1"
    viewer = _ticket_viewer(request, game_id)
    if viewer is not None:
        version, chat_version = game_versions(game_id=game_id)
        if visible and viewer:
            note_seen_by(viewer, game_id)  # a page on screen: no your-turn mail needed
    else:
        version, chat_version = visible_versions(game_id=game_id, user=request.user)
        if visible:
            note_seen(request, game_id)
    etag = f'"v{version}c{chat_version}"'
    chat_seen = request.GET.get("c") in (None, str(chat_version))
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    elif request.GET.get("v") == str(version) and chat_seen:
        response = HttpResponse(status=204)
    elif request.GET.get("v") == str(version):
        response = HttpResponse(str(version), content_type="text/plain")
        response["HX-Trigger"] = CHAT_EVENT
    else:
        response = HttpResponse(str(version), content_type="text/plain")
        response["HX-Trigger"] = MOVED_EVENT
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response
