"""The cheap question open game pages ask every few seconds: has anything moved? The poll's
rules (the signed ticket, the answer) are games.live.poll's; this is its Django view."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from accounts.middleware import without_user_timezone
from games.live.poll import (
    TICKET_PARAMETER,
    VISIBLE_PARAMETER,
    poll_answer,
    ticket_versions,
    ticket_viewer,
)
from games.live.presence import note_seen
from games.selectors.access import game_visible_versions


@require_GET
@without_user_timezone
def game_version(request, game_id: int):
    """204 (or 304 for a matching If-None-Match) while the client's version is current;
    otherwise 200 with an HX-Trigger that makes the page refresh its fragments."""
    visible = request.GET.get(VISIBLE_PARAMETER) == "1"
    viewer = ticket_viewer(request.GET.get(TICKET_PARAMETER), game_id)
    if viewer is not None:
        versions = ticket_versions(game_id, viewer, visible)
    else:
        versions = game_visible_versions(game_id=game_id, user=request.user)
        if visible:
            note_seen(request, game_id)
    status, headers, body = poll_answer(versions, request.GET, request.headers.get("If-None-Match"))
    response = HttpResponse(body, status=status)
    for name, value in headers:
        response[name] = value
    return response
