"""The table's own buttons beside the moves: resign (confirmed on the page first) and give the
player to move more time. Plain forms: the service, a message, back to the game."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.refusals.errors import GameServiceError, NotAPlayer
from games.services.extra_time import game_give_time
from games.services.resign import game_resign


@require_POST
@login_required
def game_resign_view(request, game_id: int):
    try:
        game_resign(game_id=game_id, user=request.user)
    except NotAPlayer:
        raise
    except GameServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("You resigned. You can still watch the game."))
    return redirect("game_detail", game_id=game_id)


@require_POST
@login_required
def game_give_time_view(request, game_id: int):
    try:
        game_give_time(
            game_id=game_id, user=request.user, expected_version=request.POST.get("version")
        )
    except NotAPlayer:
        raise
    except GameServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("You gave one more day."))
    return redirect("game_detail", game_id=game_id)
