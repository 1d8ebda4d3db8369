"""The hints a first game's table gives its newcomer at each of their turns.

A pure function of the newcomer's own player_view and the board: what they may do now (the
engine's choices), their own tickets with the open routes each still needs (the view's
ticket_missing) and which of those they can claim at once. Nothing else is read, so a hint
can tell nothing the player's own view does not: not another player's cards or tickets, nor
the deck's order. The sentences are the template's (games/play/hints.html).
"""

from __future__ import annotations

from typing import Any

from games.engine import ActionType, Map, PendingKind, Phase, PlayerView

from .route_facts import route_info
from .ticket_lines import ticket_name


def _route(game_map, route_id: str, claimable: set[str]) -> dict:
    return {**route_info(game_map, route_id), "claimable": route_id in claimable}


def first_game_hints(view: PlayerView | dict[str, Any], viewer: str, game_map: Map) -> dict | None:
    """What to tell the viewer now, or None when they have nothing to do."""
    mine = view.get("players", {}).get(viewer) or {}
    choices = mine.get("choices")
    if not choices or not choices.get("kinds"):
        return None
    kinds = set(choices["kinds"])
    claimable = set(choices.get("claims") or {})
    pending = view.get("pending") or {}
    mine_pending = pending.get("kind") if pending.get("player") == viewer else None
    if choices.get("keep"):
        step = "keep"
    elif mine_pending == PendingKind.TUNNEL:
        step = "tunnel"
    elif mine_pending == PendingKind.SECOND_CARD:
        step = "second_draw"
    elif view.get("phase") == Phase.PLAY:
        step = "turn"
    else:
        return None
    missing = mine.get("ticket_missing") or {}

    def ticket_entry(ticket_id: str) -> dict:
        ticket = game_map.tickets[ticket_id]
        routes = [_route(game_map, r, claimable) for r in missing.get(ticket_id, ())]
        return {
            "id": ticket_id,
            "name": ticket_name(game_map, ticket_id),
            "points": ticket.points,
            # Joined already: the view lists missing links only for tickets not joined yet.
            "done": ticket_id not in missing,
            "no_way": ticket_id in missing and not routes,
            "routes": routes,
            "trains": sum(r["length"] for r in routes),
        }

    offered = [ticket_entry(t) for t in (mine.get("offered") or ()) if step == "keep"]
    kept = [ticket_entry(t) for t in mine.get("tickets", ())]
    serving = {r["id"]: r for t in kept if not t["done"] for r in t["routes"]}
    return {
        "step": step,
        "has_stations": game_map.has_stations,
        "can_claim": bool(claimable),
        "can_draw_tickets": ActionType.DRAW_TICKETS in kinds,
        "can_build_station": ActionType.BUILD_STATION in kinds,
        "offered": offered,
        "tickets": kept,
        "claim_now": sorted(
            (r for r in serving.values() if r["claimable"]), key=lambda r: -r["length"]
        ),
        "colours": sorted({r["color"] for r in serving.values() if not r["claimable"]}),
        "trains_left": mine.get("trains"),
    }
