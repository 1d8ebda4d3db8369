"""The board as the viewer sees it: their claimable routes as links, the longest paths of a
finished game, and the rings round the routes and stations new since their last turn.

The board itself holds nothing of one viewer's but the mover's links: drawn without them it
is the same for every viewer of a version (games.web.views.parts shares it), with marks
(RINGS_MARK, STATION_RINGS_MARK) where each viewer's own rings go (`rings`)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.svg import RINGS_MARK, STATION_RINGS_MARK, board_rings, board_svg
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


def board(table: Table) -> str:
    """The board with the viewer's claimable routes as links (none but the mover's) and the
    marks where the viewer's rings go, none of them drawn."""
    game_id = table.game.pk
    return board_svg(
        table.game_map,
        table.view,
        selectable_routes=table.claimable_routes,
        route_href=route_link(game_id),
        highlight_routes=longest_path_routes(table),
        player_colors=table.colors,
        player_names=table.names,
        title=_("%(map)s board") % {"map": map_name(table.game_map.id)},
        rings_mark=True,
    )


def rings(table: Table, since: dict | None) -> tuple[str, str]:
    """The rings round what the others built since the viewer's last turn ("since": the
    routes and stations of games.web.views.log_lines.since_last_turn), for the board's marks:
    the routes' and the stations'."""
    if not since:
        return "", ""
    return board_rings(table.game_map, since["routes"], since["stations"])


def with_rings(html: str, drawn: tuple[str, str]) -> str:
    """The board with the rings put at its marks (the marks stay: the board is still one)."""
    routes, stations = drawn
    if routes:
        html = html.replace(RINGS_MARK, RINGS_MARK + routes, 1)
    if stations:
        html = html.replace(STATION_RINGS_MARK, STATION_RINGS_MARK + stations, 1)
    return html
