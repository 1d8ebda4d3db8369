"""Rendering the game page, whole or as the fragments htmx swaps in."""

from __future__ import annotations

from django.shortcuts import render
from django.utils.cache import patch_cache_control

from games.selectors import access_game, seat_for

from .page import page_context
from .table import Table

PAGE = "games/play/game.html"
FRAGMENTS = "games/play/fragments.html"
ACTION_PANEL = "games/play/action_panel.html"


def load_table(request, game_id) -> Table:
    """The game as this user may see it; a stranger gets 404 (NotAPlayer is an Http404)."""
    game = access_game(game_id=game_id, user=request.user)
    return Table(game=game, seats=list(game.seats.all()), me=seat_for(game, request.user))


def table_after_move(result) -> Table:
    """The mover's table from what the move service returned (games.services.play.PlayResult):
    nothing is read or viewed again."""
    return Table(
        game=result.game,
        seats=result.seats,
        me=result.seat,
        state=result.state,
        given_view=result.view,
        pauses=result.pauses,
    )


def render_game(request, table: Table, *, panel=None, flash=None, status=200, only_panel=False):
    """The whole page, or for htmx the fragments (or only the action panel when that is all
    that changed)."""
    only_panel = only_panel and request.htmx
    context = page_context(table, panel=panel, flash=flash, panel_only=only_panel)
    template = PAGE
    if request.htmx:
        template = ACTION_PANEL if only_panel else FRAGMENTS
    response = render(request, template, context, status=status)
    # A page with a hand on it: the back button asks again rather than showing an old position,
    # and no shared cache keeps a player's cards.
    patch_cache_control(response, no_store=True, private=True)
    return response
