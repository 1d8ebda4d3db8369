"""Rendering the game page, whole or as the fragments htmx swaps in."""

from __future__ import annotations

from django.shortcuts import render

from games.engine import ActionType, Phase
from games.live.poll import poll_ticket, stream_url
from games.selectors.access import game_access, seat_get
from games.web.context_processors import KNOWN_AWAITING

from .page import page_context
from .table import Table
from .waiting_room import waiting_room

PAGE = "games/play/game.html"
FRAGMENTS = "games/play/fragments.html"
ACTION_PANEL = "games/play/action_panel.html"


def load_table(request, game_id) -> Table:
    """The game as this user may see it; a stranger gets 404 (NotAPlayer is an Http404)."""
    game = game_access(game_id=game_id, user=request.user)
    if hasattr(game, "viewer_awaiting"):
        setattr(request, KNOWN_AWAITING, game.viewer_awaiting)
    return Table(game=game, seats=list(game.seats.all()), me=seat_get(game=game, user=request.user))


def table_after_move(result) -> Table:
    """The mover's table from what the move service returned (games.services.play.PlayResult):
    nothing is read or viewed again."""
    return Table(
        game=result.game,
        seats=result.seats,
        me=result.seat,
        given_view=result.view,
        pauses=result.pauses,
        just_made=result.move,
    )


# A page's script sends the chat version it shows with each htmx request of the game page
# (static/js/game.js): when it is current the chat is not sent again (the page keeps its own).
CHAT_SEEN_PARAMETER = "chat_seen"
# The event an htmx answer to a card draw sends instead of a new board: the page's script
# closes the routes the mover could claim (a draw never changes the board itself).
BOARD_ROUTES_CLOSED = "board-routes-closed"


def _chat_seen(request, game) -> bool:
    seen = request.POST.get(CHAT_SEEN_PARAMETER) or request.GET.get(CHAT_SEEN_PARAMETER)
    return seen == str(game.chat_version)


def render_game(
    request,
    table: Table,
    *,
    panel=None,
    flash=None,
    status=200,
    only_panel=False,
    after_move=None,
):
    """The whole page, or for htmx the fragments (or only the action panel when that is all
    that changed). `after_move` (games.services.play.PlayResult, the viewer's own move just
    made): the fragments leave out what that move cannot have changed."""
    only_panel = only_panel and request.htmx
    if after_move is not None and after_move.awaiting is not None:
        setattr(request, KNOWN_AWAITING, after_move.awaiting)  # read with the move's lock
    fragments = {}
    if request.htmx and not only_panel:
        fragments = {
            "keep_chat": _chat_seen(request, table.game),
            # The note is the page's own (its form is kept across swaps): never sent again.
            "keep_note": True,
        }
        if after_move is not None:
            drew = _board_unchanged(after_move)
            fragments["keep_board"] = drew
            # A card draw changes neither the mover's tickets nor how far they got (no route
            # is claimed), and after a first card the head still says it is their move.
            fragments["keep_tickets"] = drew
            fragments["keep_head"] = drew and bool(table.action_types)
            fragments["keep_awaiting"] = after_move.seat_was_to_move == after_move.seat.to_move
    context = page_context(table, panel=panel, flash=flash, panel_only=only_panel, keep=fragments)
    context["poll_ticket"] = poll_ticket(table.game.pk, request.user)
    context["stream_url"] = stream_url(table.game.pk, context["poll_ticket"])
    if not table.started:
        context.update(waiting_room(request, table))
    template = PAGE
    if request.htmx:
        template = ACTION_PANEL if only_panel else FRAGMENTS
    response = render(request, template, context, status=status)
    if fragments.get("keep_board"):
        response["HX-Trigger-After-Swap"] = BOARD_ROUTES_CLOSED
    return response


def _board_unchanged(result) -> bool:
    """A card draw changes nothing on the board but the routes its player may claim (none
    after a draw: a second card or someone else's turn follows) and the rings round what the
    others built since the player's last move (none: this was it), unless it ended the game.
    The page's script takes both away (static/js/board.js)."""
    drew = result.move.action.get("type") == ActionType.DRAW_CARD
    return drew and result.view.get("phase") != Phase.GAME_OVER and not result.game.is_over
