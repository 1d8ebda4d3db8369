"""The load benchmark's framework floor (`python -m bench.load`): the site's own settings,
middleware and authentication in front of one thing only, the bare transaction a move needs.

Served by the same production server as the site (`bench.load_floor_settings`), its answers
measure what any Django view that moves a game costs here before the game's own work (the
engine, the game's and seats' rows, the answer's HTML or JSON): the session or the token
read with its user, the CSRF check, the middleware, DRF's parsing and throttles, and the
three statements of `bench.load.bare_transactions` run through Django's connection, with
the row sizes that benchmark stored. Never part of the site: only the benchmark serves it.
"""

from django.db import connection, transaction
from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_POST
from rest_framework.response import Response

from games.api.views.base import ApiView


def _bare_move(row: int) -> int:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT version FROM bare_game WHERE id = %s FOR UPDATE", [row])
        version = cursor.fetchone()[0] + 1
        cursor.execute(
            "INSERT INTO bare_move (game_id, number, action, events)"
            " SELECT %s, %s, action, events FROM bare_sample",
            [row, version],
        )
        cursor.execute(
            "UPDATE bare_game SET state = bare_sample.state, version = %s FROM bare_sample"
            " WHERE id = %s",
            [version, row],
        )
    return version


@require_POST
def page_floor(request, row: int):
    """As the page's move POST: a signed-in session and a CSRF token; answers 204."""
    if not request.user.is_authenticated:
        return HttpResponse(status=403)
    _bare_move(row)
    return HttpResponse(status=204)


class ApiFloor(ApiView):
    """As the API's move POST: a token, and a JSON body parsed and throttled by DRF."""

    def post(self, request, row: int):
        if not request.user.is_authenticated:
            return Response(status=403)
        return Response({"version": _bare_move(row), "read": len(request.data)})


# The site's own URLs after the floor's, for the pages its refusals link to.
urlpatterns = [
    path("floor/page/<int:row>/", page_floor),
    path("floor/api/<int:row>/", ApiFloor.as_view()),
    path("", include("ttr_site.urls")),
]
