"""The cheap question open game pages ask every few seconds: has anything moved?"""

from django.db.models import Exists, OuterRef
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET

from games.models import Game, GameStatus, Seat

# htmx listens for this event on <body> and then fetches the page's fragments.
MOVED_EVENT = "game-moved"


def _visible_version(game_id: int, user) -> int:
    """The game's version in one query, with the same rule as access_game: players always,
    anyone for a public game that has started."""
    seated = Seat.objects.filter(game=OuterRef("pk"), user_id=user.pk if user.is_authenticated
                                 else None)
    row = (
        Game.objects.filter(pk=game_id)
        .annotate(seated=Exists(seated))
        .values_list("version", "is_private", "status", "seated")
        .first()
    )
    if row is None:
        raise Http404
    version, is_private, status, seated = row
    if not seated and (is_private or status == GameStatus.OPEN):
        raise Http404
    return version


@require_GET
def game_version(request, game_id: int):
    """204 (or 304 for a matching If-None-Match) while the client's version is current;
    otherwise 200 with an HX-Trigger that makes the page refresh its fragments."""
    version = _visible_version(game_id, request.user)
    etag = f'"v{version}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    elif request.GET.get("v") == str(version):
        response = HttpResponse(status=204)
    else:
        response = HttpResponse(str(version), content_type="text/plain")
        response["HX-Trigger"] = MOVED_EVENT
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response
