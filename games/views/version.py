"""The cheap question open game pages ask every few seconds: has anything moved?"""

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from games.presence import note_seen
from games.selectors import visible_versions

# htmx listens for this event on <body> and then fetches the page's fragments.
MOVED_EVENT = "game-moved"
# ... and for this one fetches only the chat (a message never changes the position).
CHAT_EVENT = "chat-moved"
# The page's script adds this to a poll made while the page is on screen (Page Visibility
# API). A tab in the background keeps polling, but its player is not at the table.
VISIBLE_PARAMETER = "visible"


@require_GET
def game_version(request, game_id: int):
    """204 (or 304 for a matching If-None-Match) while the client's version is current;
    otherwise 200 with an HX-Trigger that makes the page refresh its fragments."""
    version, chat_version = visible_versions(game_id=game_id, user=request.user)
    if request.GET.get(VISIBLE_PARAMETER) == "1":
        note_seen(request, game_id)  # a page on screen: no your-turn mail needed for this game
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
