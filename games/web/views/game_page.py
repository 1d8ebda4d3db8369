"""The game page and the panels a player opens on it (a route's ways to pay, a station)."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from accounts.private_pages import private_to_viewer
from games.refusals.errors import NotAPlayer

from .action_panel import choose_panel
from .invitation_page import invitation_page
from .render import load_table, render_game


@private_to_viewer
@require_GET
@vary_on_headers("HX-Request")
def game_detail(request, game_id: int):
    """The whole page; for htmx (the refresh after another player's move) its fragments.
    A player invited to the game who has not answered yet sees the invitation."""
    try:
        table = load_table(request, game_id)
    except NotAPlayer:
        invited = None if request.htmx else invitation_page(request, game_id)
        if invited is None:
            raise
        return invited
    if request.htmx and request.GET.get("reload"):
        # A waiting page whose game changed (a player joined, the game started): reload it whole.
        response = HttpResponse("")
        response["HX-Refresh"] = "true"
        return response
    return render_game(request, table)


@private_to_viewer
@require_GET
@vary_on_headers("HX-Request")
def game_route(request, game_id: int, route_id: str):
    """The ways to pay for one route, with a confirm button; nothing is spent yet."""
    table = load_table(request, game_id)
    panel, note = choose_panel(table, "route", route_id)
    return render_game(request, table, panel=panel, flash=note, only_panel=True)


@private_to_viewer
@require_GET
@vary_on_headers("HX-Request")
def game_station(request, game_id: int):
    """Where to build a station and how to pay for it (Europe)."""
    table = load_table(request, game_id)
    panel, note = choose_panel(table, "station", city=request.GET.get("city"))
    return render_game(request, table, panel=panel, flash=note, only_panel=True)
