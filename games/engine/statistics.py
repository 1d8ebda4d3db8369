"""End-of-game statistics per player, from the public events of the moves and the final result.

Pure and public: it reads only what every player saw (events never name a blind card, so
"locomotives" are the face-up ones taken), which is why an export can recompute it.

- turns: the player's moves that ended their turn (the opening's ticket choice and a
  forfeit are not turns);
- tickets drawn counts every ticket offered, the opening's included (kept + returned);
- a tunnel is "paid" when it was claimed (with or without extra cards), "declined" when the
  player took the cards back;
- points per source: routes, completed tickets, failed tickets (negative), unbuilt
  stations, the longest-path bonus; they add up to the total.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .maps import Map, get_map

TURN_ENDS = ("turn_passed", "game_over")


def _empty() -> dict[str, Any]:
    return {
        "turns": 0,
        "cards_face_up": 0,
        "cards_blind": 0,
        "locomotives_face_up": 0,
        "tickets_drawn": 0,
        "tickets_kept": 0,
        "tickets_completed": 0,
        "tickets_failed": 0,
        "routes": 0,
        "routes_by_length": {},
        "trains_used": 0,
        "tunnels_paid": 0,
        "tunnel_extra_cards": 0,
        "tunnels_declined": 0,
        "stations": 0,
        "longest_path": None,
        "points": None,
    }


def game_statistics(
    map_id: str,
    players: Sequence[str],
    moves: Iterable[Sequence[Mapping[str, Any]]],
    final: Mapping[str, Any] | None,
) -> dict[str, dict[str, Any]]:
    """{player: statistics} from each move's events in order, and `final` (None until the end).

    Raises KeyError if an event or `final` lacks a field the engine writes, or (with a
    `final`) the map is unknown.
    """
    stats = {p: _empty() for p in players}
    drawing_tickets: set[str] = set()  # drew tickets this turn, still choosing
    for events in moves:
        mover = next((e["player"] for e in events if "player" in e), None)
        forfeit = any(e["type"] == "player_forfeited" for e in events)
        opening_keep = False
        for event in events:
            kind = event["type"]
            s = stats.get(event.get("player") or "")
            if s is None:
                continue
            if kind == "card_drawn":
                if event["source"] == "face_up":
                    s["cards_face_up"] += 1
                    s["locomotives_face_up"] += event.get("color") == "locomotive"
                else:
                    s["cards_blind"] += 1
            elif kind == "tickets_drawn":
                drawing_tickets.add(event["player"])
            elif kind == "tickets_kept":
                opening_keep = event["player"] not in drawing_tickets
                drawing_tickets.discard(event["player"])
                s["tickets_drawn"] += event["count"] + event["returned"]
                s["tickets_kept"] += event["count"]
            elif kind == "route_claimed":
                s["routes"] += 1
                s["trains_used"] += event["length"]
                by_length = s["routes_by_length"]
                by_length[event["length"]] = by_length.get(event["length"], 0) + 1
            elif kind == "tunnel_revealed" and event["extra"] == 0:
                s["tunnels_paid"] += 1
            elif kind == "tunnel_paid":
                s["tunnels_paid"] += 1
                s["tunnel_extra_cards"] += event["extra"]
            elif kind == "tunnel_declined":
                s["tunnels_declined"] += 1
            elif kind == "station_built":
                s["stations"] += 1
        ends_turn = any(e["type"] in TURN_ENDS for e in events)
        if mover in stats and ends_turn and not forfeit and not opening_keep:
            stats[mover]["turns"] += 1
    if final:
        _add_final(get_map(map_id), stats, final)
    for s in stats.values():
        s["routes_by_length"] = dict(sorted(s["routes_by_length"].items()))
    return stats


def _add_final(game_map: Map, stats: dict[str, dict[str, Any]], final: Mapping[str, Any]) -> None:
    for player, result in (final.get("players") or {}).items():
        s = stats.get(player)
        if s is None:
            continue
        completed = sum(game_map.tickets[t].points for t in result["completed"])
        failed = sum(game_map.tickets[t].points for t in result["failed"])
        s["tickets_completed"] = len(result["completed"])
        s["tickets_failed"] = len(result["failed"])
        s["longest_path"] = result["longest"]
        s["points"] = {
            "routes": result["routes"],
            "tickets_completed": completed,
            "tickets_failed": -failed,
            "stations": result["stations"],
            "longest_bonus": result["longest_bonus"],
            "total": result["total"],
        }
