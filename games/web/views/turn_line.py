"""The turn line above the table: whose turn it is, the opening's choosers, a tunnel being
decided, the last round, a stopped clock."""

from __future__ import annotations

from games.engine import PendingKind, Phase

from .clock_stopped import clock_stopped
from .log_lines import turned_up
from .route_facts import route_info
from .table import Table


def turn_info(table: Table) -> dict:
    view = table.view
    phase = view.get("phase")
    info = {
        "opening": phase == Phase.INITIAL_TICKETS,
        "playing": phase == Phase.PLAY,
        "over": phase == Phase.GAME_OVER,
        "deadline": table.game.deadline,
    }
    current = view.get("current")
    if info["playing"] and current:
        info["current_name"] = table.names.get(current)
        # Whose turn it is, by seat: the page says "Your turn." to that seat's viewer alone
        # (the page's data-me and static/css/game.css), so every viewer shares the part.
        seat = table.seat_by_player.get(current)
        info["current_order"] = seat.order if seat is not None else None
    if info["opening"]:
        info["choosing"] = [table.names[s.player_id] for s in table.seats if s.to_move]
    pending = view.get("pending") or {}
    if info["playing"] and pending.get("kind") == PendingKind.TUNNEL:
        # Everyone sees what the tunnel turned up while its player decides (the line every
        # viewer shares: its player's page hides it, static/css/game.css).
        info["tunnel"] = {
            "player": table.names.get(pending.get("player") or ""),
            "route": route_info(table.game_map, pending["route"])["name"],
            "cards": turned_up(list(pending.get("revealed") or [])),
            "extra": pending.get("extra", 0),
        }
    ends_after = view.get("last_round_ends_after")
    if ends_after and info["playing"]:
        info["last_round_after"] = table.names.get(ends_after)
    info["stopped"] = clock_stopped(table)
    return info
