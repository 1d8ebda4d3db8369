"""The score sheet at the end of a game: each player's routes, tickets, stations, longest
path and total, with the sheet's statistics and the map's tie-break rule."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import TieBreak
from games.svg.palette import colour_class, player_css

from .statistics_sheet import statistics_sheet
from .table import Table
from .ticket_lines import ticket_name

# Each of a map's tie-break steps (engine Map.tie_breaks), as the score sheet says it.
TIE_BREAK_WORDS = {
    TieBreak.MOST_COMPLETED_TICKETS: gettext_lazy("the player with the most completed tickets"),
    TieBreak.FEWEST_STATIONS_BUILT: gettext_lazy("the one who built the fewest stations"),
    TieBreak.LONGEST_PATH_BONUS: gettext_lazy("the longest-path bonus"),
}


def tie_break_sentence(game_map) -> str:
    steps = _(", then to ").join(str(TIE_BREAK_WORDS[step]) for step in game_map.tie_breaks)
    return _("Ties go to %(steps)s; players still tied share the place.") % {"steps": steps}


def station_uses(table: Table, pid: str, borrowed: dict) -> list[dict]:
    """Each station the player built, and the other player's route it borrowed at the end
    (none when no borrowing helped a ticket)."""
    cities = table.game_map.cities
    claims = table.view.get("claims") or {}
    built = sorted(
        (city for city, owner in (table.view.get("stations") or {}).items() if owner == pid),
        key=lambda city: cities[city].name,
    )
    uses = []
    for city in built:
        route_id = borrowed.get(city)
        use = {"city": cities[city].name, "route": None, "owner": None}
        if isinstance(route_id, str) and route_id in table.game_map.routes:
            route = table.game_map.routes[route_id]
            use["route"] = f"{cities[route.a].name} – {cities[route.b].name}"
            use["owner"] = table.names.get(claims.get(route_id) or "", "")
        uses.append(use)
    return uses


def score_sheet(table: Table) -> dict | None:
    final = table.view.get("final") if table.view else None
    if not final:
        return None
    game_map = table.game_map
    rows = []
    for group in final["ranking"]:
        for pid in group:
            result = final["players"][pid]
            seat = table.seat_by_player[pid]
            rows.append(
                {
                    "place": result["place"],
                    "tied": len(group) > 1,
                    "name": table.names[pid],
                    "css": player_css(seat.color),
                    "colour_class": colour_class(seat.color),
                    "routes": result["routes"],
                    "completed": [
                        {"name": ticket_name(game_map, t), "points": game_map.tickets[t].points}
                        for t in result.get("completed", [])
                    ],
                    "failed": [
                        {"name": ticket_name(game_map, t), "points": -game_map.tickets[t].points}
                        for t in result.get("failed", [])
                    ],
                    "tickets": result["tickets"],
                    "stations": result.get("stations", 0),
                    "station_uses": station_uses(table, pid, result.get("borrowed") or {}),
                    "unbuilt_stations": result["unbuilt_stations"],
                    "longest": result.get("longest", 0),
                    "longest_bonus": result.get("longest_bonus", 0),
                    "total": result["total"],
                    # A seat a bot took over is named with its bot (its score is the bot's
                    # play); "out" is for a seat that was skipped.
                    "forfeited": seat.forfeited and not seat.taken_over,
                    "seat": seat,
                }
            )
    order = [pid for group in final["ranking"] for pid in group]
    return {
        "rows": rows,
        "statistics": statistics_sheet(table, order),
        "tie_breaks": tie_break_sentence(game_map),
        "has_stations": game_map.has_stations,
    }
