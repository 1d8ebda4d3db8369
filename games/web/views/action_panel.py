"""The action panel: what the viewer has to do now, or what they opened (a route's ways to
pay, the station form); a requested panel is shown only while that choice is still legal."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engine import PendingKind, Phase
from games.engine.view_types import KeepChoiceView, StationChoiceView

from .route_facts import payment_options, route_info
from .table import Table
from .ticket_lines import ticket_line
from .tunnel_panel import tunnel_panel


def tickets_panel(table: Table, keep: KeepChoiceView, *, opening: bool) -> dict:
    offered = table.mine.get("offered") or keep["tickets"]
    return {
        "name": "keep_tickets",
        "opening": opening,
        "tickets": [ticket_line(table, t, done=None) for t in offered],
        "minimum": keep["at_least"],
        "form_id": "keep-" + "-".join(sorted(offered)),
    }


def default_panel(table: Table) -> dict:
    if not table.started:
        return {"name": "not_started"}
    view = table.view
    if view["phase"] == Phase.GAME_OVER or table.game.is_over:
        return {"name": "over"}
    if table.me is None:
        return {"name": "spectator"}
    if table.me.forfeited:
        return {"name": "forfeited"}
    if table.keep:
        return tickets_panel(table, table.keep, opening=view["phase"] == Phase.INITIAL_TICKETS)
    pending = table.my_pending
    if pending and pending["kind"] == PendingKind.TUNNEL:
        return tunnel_panel(table, pending)
    if pending and pending["kind"] == PendingKind.SECOND_CARD:
        return {"name": "second_draw"}
    if table.is_my_turn:
        return {"name": "turn"}
    if view["phase"] == Phase.INITIAL_TICKETS:
        return {"name": "wait_opening"}
    return {"name": "wait"}


# What a viewer may open on their turn besides what they must do: a route's ways to pay, or
# the station form.
OPENED = ("route", "station")


def choose_panel(
    table: Table, requested: str | None, route_id: str | None = None, city: str | None = None
):
    """The panel the viewer asked for, if still possible, else what they must do now.

    Returns (panel, note): the note says why a requested panel is not shown.
    """
    base = default_panel(table)
    if base["name"] != "turn" or requested not in OPENED:
        return base, None
    if requested == "station":
        station = table.station
        if not station or not station["payments"]:
            return base, _("You cannot build a station now.")
        return {
            "name": requested,
            "options": payment_options(station["payments"]),
            **_station_fields(table, station, city),
        }, None
    if not route_id:
        return base, None
    if route_id not in table.game_map.routes:
        return base, _("There is no such route.")
    payments = table.claims.get(route_id)
    if not payments:
        return base, _cannot_claim(table, route_id)
    route = route_info(table.game_map, route_id)
    return {"name": requested, "options": payment_options(payments), "route": route}, None


def _station_fields(table: Table, station: StationChoiceView, city: str | None) -> dict:
    """The station form: the free cities by name, the cost, and the city tapped on the board."""
    cities = table.game_map.cities
    city_ids = sorted(station["cities"], key=lambda c: cities[c].name)
    return {
        "cities": [(cid, cities[cid].name) for cid in city_ids],
        "cost": station["cost"],
        "unbuilt_points": table.game_map.station_points,
        "selected": city if city in city_ids else None,
    }


def _cannot_claim(table: Table, route_id: str) -> str:
    """Why the route the viewer asked for cannot be opened now."""
    name = route_info(table.game_map, route_id)["name"]
    why = table.claim_refusal(route_id)
    if why:
        return _("You cannot claim %(route)s now. %(reason)s") % {"route": name, "reason": why}
    return _("You cannot claim %(route)s now.") % {"route": name}
