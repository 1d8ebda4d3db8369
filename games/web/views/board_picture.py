"""The board as the viewer sees it: their claimable routes as links, the longest paths of a
finished game, and the routes and stations new since their last turn."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.svg import board_svg
from games.words.names import map_name

from .route_links import route_link
from .table import Table


def longest_path_routes(table: Table) -> list[str]:
    """The routes of every longest-path bonus winner, highlighted on the final board."""
    final = table.view.get("final") if table.view else None
    if not final:
        return []
    routes: list[str] = []
    for result in final["players"].values():
        if result.get("longest_bonus"):
            routes += result.get("longest_path", [])
    return routes


def board(table: Table, *, since: dict | None = None) -> str:
    game_id = table.game.pk
    return board_svg(
        table.game_map,
        table.view,
        selectable_routes=table.claimable_routes,
        route_href=route_link(game_id),
        highlight_routes=longest_path_routes(table),
        new_routes=since["routes"] if since else (),
        new_stations=since["stations"] if since else (),
        player_colors=table.colors,
        player_names=table.names,
        title=_("%(map)s board") % {"map": map_name(table.game_map.id)},
    )
