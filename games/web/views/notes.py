"""POST /games/<id>/note/: the player's private note, saved by htmx as they type (debounced)
or by its button without JavaScript."""

from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.html import escape
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.private_pages import private_to_viewer
from games.refusals.errors import GameServiceError, NotAPlayer
from games.services.notes import note_save


@private_to_viewer
@require_POST
def game_note(request, game_id: int):
    try:
        note_save(game_id=game_id, user=request.user, text=request.POST.get("text", ""))
    except NotAPlayer:
        raise
    except GameServiceError as exc:
        if request.htmx:
            return HttpResponse(escape(exc.message), status=exc.status)
        return redirect("game_detail", game_id=game_id)
    if not request.htmx:
        return redirect("game_detail", game_id=game_id)
    saved = time_format(timezone.localtime(), "H:i")
    return HttpResponse(escape(_("Saved at %(time)s") % {"time": saved}))
