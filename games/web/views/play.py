"""The one POST endpoint of the game page: a move, made against the version the page showed."""

from django.shortcuts import redirect
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from accounts.private_pages import private_to_viewer
from games.engine import ActionType, IllegalMove
from games.refusals.errors import (
    GameServiceError,
    NotAPlayer,
    http_status_for,
    player_message_for,
)
from games.services.play import game_play

from .action_form import action_from_post, expected_version
from .action_panel import choose_panel
from .render import load_table, render_game, table_after_move

# A refused claim or station shows that choice again, if it is still possible.
_REOPENED = {ActionType.CLAIM_ROUTE: "route", ActionType.BUILD_STATION: "station"}


def _reopened_panel(table, post):
    requested = _REOPENED.get(post.get("type"))
    return choose_panel(table, requested, post.get("route"))[0] if requested else None


@private_to_viewer
@require_POST
@vary_on_headers("HX-Request")
def game_move(request, game_id: int):
    """Apply the posted move; refused moves change nothing and say why, with the position now.

    htmx gets the page's fragments (with the refusal's status code: 409 moved on,
    422 illegal, 400 malformed); a plain form is redirected to the game page on
    success and shown the page with the message otherwise.
    """
    # No table is read before the move: game_play refuses a stranger first (NotAPlayer, 404),
    # and every refusal renders through load_table, which is 404 to a stranger as well.
    try:
        result = game_play(
            game_id=game_id,
            user=request.user,
            action=action_from_post(request.POST),
            expected_version=expected_version(request.POST),
        )
    except NotAPlayer:
        raise
    except (GameServiceError, IllegalMove) as exc:
        table = load_table(request, game_id)
        return render_game(
            request,
            table,
            panel=_reopened_panel(table, request.POST),
            flash=player_message_for(exc),
            status=http_status_for(exc),
        )
    if not request.htmx:
        return redirect("game_detail", game_id=game_id)
    return render_game(request, table_after_move(result), after_move=result)
