"""The table chat on the game page: read (as a fragment htmx fetches when the poll says the
chat moved), post, report, mute. Plain forms work without JavaScript (back to the game)."""

from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django.views.decorators.vary import vary_on_headers

from accounts.private_pages import private_to_viewer
from games.live.poll import poll_ticket, stream_url
from games.refusals.errors import GameServiceError, NotAPlayer
from games.services.chat import chat_mute, chat_post, chat_report

from .parts import chat_context
from .render import load_table

FRAGMENT = "games/play/chat_fragment.html"


def _answer(request, game_id, *, flash=None, status=200):
    if not request.htmx:
        return redirect("game_detail", game_id=game_id)
    table = load_table(request, game_id)
    ticket = poll_ticket(table.game.pk, request.user)
    context = {
        "game": table.game,
        "table": table,
        "version": table.game.version,
        "chat_flash": flash,
        "poll_ticket": ticket,
        "stream_url": stream_url(table.game.pk, ticket),
        **chat_context(table),
    }
    return render(request, FRAGMENT, context, status=status)


@private_to_viewer
@require_GET
@vary_on_headers("HX-Request")
def game_chat(request, game_id: int):
    load_table(request, game_id)  # a stranger to a private game: 404
    return _answer(request, game_id)


def _run(request, game_id, call, done: str | None = None):
    try:
        call()
    except NotAPlayer:
        raise
    except GameServiceError as exc:
        return _answer(request, game_id, flash=exc.message, status=exc.status)
    return _answer(request, game_id, flash=done)


@require_POST
def game_chat_post(request, game_id: int):
    return _run(
        request,
        game_id,
        lambda: chat_post(game_id=game_id, user=request.user, text=request.POST.get("text")),
    )


@require_POST
def game_chat_report(request, game_id: int, message_id: int):
    return _run(
        request,
        game_id,
        lambda: chat_report(game_id=game_id, message_id=message_id, user=request.user),
        _("Reported: a moderator will look at it."),
    )


@require_POST
def game_chat_mute(request, game_id: int):
    muted = request.POST.get("muted") == "1"
    return _run(
        request, game_id, lambda: chat_mute(game_id=game_id, user=request.user, muted=muted)
    )
