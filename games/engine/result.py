"""The final result of a game, typed: each player's score sheet and place, and the ranking.

`to_dict()` is the JSON of docs/scenarios.md (plus `unbuilt_stations` and `place` per player);
`from_dict` reads it back, also from results stored before those two were added.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .view_types import FinalView, PlayerResultView


@dataclass(frozen=True, slots=True)
class PlayerResult:
    total: int
    routes: int  # points of the claimed routes
    tickets: int  # completed tickets' points minus failed ones'
    completed: tuple[str, ...]
    failed: tuple[str, ...]
    stations: int  # points for the stations not built
    unbuilt_stations: int
    longest: int  # length of the longest continuous path
    longest_bonus: int
    longest_path: tuple[str, ...]  # its route ids
    borrowed: Mapping[str, str]  # station city -> the other player's route it used
    place: int  # 1 = best; players sharing a place share its number (1, 1, 3)

    def to_dict(self) -> PlayerResultView:
        return {
            "total": self.total,
            "routes": self.routes,
            "tickets": self.tickets,
            "completed": list(self.completed),
            "failed": list(self.failed),
            "stations": self.stations,
            "unbuilt_stations": self.unbuilt_stations,
            "longest": self.longest,
            "longest_bonus": self.longest_bonus,
            "longest_path": list(self.longest_path),
            "borrowed": dict(self.borrowed),
            "place": self.place,
        }


@dataclass(frozen=True, slots=True)
class FinalResult:
    players: Mapping[str, PlayerResult]  # in seat order
    ranking: tuple[tuple[str, ...], ...]  # best first; a tie shares a place

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking[0] if self.ranking else ()

    def to_dict(self) -> FinalView:
        return {
            "players": {p: result.to_dict() for p, result in self.players.items()},
            "ranking": [list(group) for group in self.ranking],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], station_points: int) -> FinalResult:
        """The stored form back; `station_points` (the map's) recovers `unbuilt_stations`
        of a result stored without it."""
        ranking = tuple(tuple(group) for group in data["ranking"])
        places = places_of(ranking)
        players = {}
        for p, r in data["players"].items():
            unbuilt = r.get("unbuilt_stations")
            if unbuilt is None:
                unbuilt = r["stations"] // station_points if station_points else 0
            players[p] = PlayerResult(
                total=int(r["total"]),
                routes=int(r["routes"]),
                tickets=int(r["tickets"]),
                completed=tuple(r["completed"]),
                failed=tuple(r["failed"]),
                stations=int(r["stations"]),
                unbuilt_stations=int(unbuilt),
                longest=int(r["longest"]),
                longest_bonus=int(r["longest_bonus"]),
                longest_path=tuple(r.get("longest_path", ())),
                borrowed=dict(r.get("borrowed", {})),
                place=int(r.get("place", places.get(p, len(places) + 1))),
            )
        return cls(players=players, ranking=ranking)


def places_of(ranking: Sequence[Sequence[str]]) -> dict[str, int]:
    """Competition places: a tie shares a place and the next group skips (1, 1, 3)."""
    places: dict[str, int] = {}
    ranked = 0
    for group in ranking:
        for player in group:
            places[player] = ranked + 1
        ranked += len(group)
    return places
