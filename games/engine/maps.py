"""The two boards as immutable data, loaded from the JSON files in data/ (ids kept as given)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from types import MappingProxyType

from .enums import TieBreak

DATA_DIR = Path(__file__).with_name("data")
MAP_IDS = ("usa", "europe")
COLORS = ("red", "orange", "yellow", "green", "blue", "purple", "white", "black")
LOCOMOTIVE = "locomotive"
CARD_KINDS = (*COLORS, LOCOMOTIVE)
CARDS_PER_COLOR = 12
LOCOMOTIVE_CARDS = 14
TRAINS_PER_PLAYER = 45
STATIONS_PER_PLAYER = 3
LONGEST_PATH_BONUS = 10
TICKETS_PER_DRAW = 3
OPENING_KEEP = 2  # of the opening offer, at least
LATER_KEEP = 1  # of a later draw, at least

# What differs between the boards beyond their data files: (stations, points per unbuilt
# station, the tie-break steps after the total, in order).
_BOARD_RULES = {
    "usa": (False, 0, (TieBreak.MOST_COMPLETED_TICKETS, TieBreak.LONGEST_PATH_BONUS)),
    "europe": (
        True,
        4,
        (
            TieBreak.MOST_COMPLETED_TICKETS,
            TieBreak.FEWEST_STATIONS_BUILT,
            TieBreak.LONGEST_PATH_BONUS,
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class City:
    id: str
    name: str
    lat: float
    lon: float


@dataclass(frozen=True, slots=True)
class Route:
    id: str
    a: str
    b: str
    length: int
    color: str  # one of COLORS or "gray"
    tunnel: bool
    locomotives: int  # locomotive symbols on a ferry, 0 otherwise
    double_of: str | None

    @property
    def is_ferry(self) -> bool:
        return self.locomotives > 0

    def other_end(self, city: str) -> str:
        return self.b if city == self.a else self.a


@dataclass(frozen=True, slots=True)
class Ticket:
    id: str
    a: str
    b: str
    points: int
    long: bool


@dataclass(frozen=True, slots=True)
class Map:
    id: str
    name: str
    cities: Mapping[str, City]
    routes: Mapping[str, Route]
    tickets: Mapping[str, Ticket]
    scoring: Mapping[int, int]  # route length -> points
    has_stations: bool  # Europe: stations, tunnels, ferries, long tickets
    station_points: int  # at the end, for each station not built (0 without stations)
    tie_breaks: tuple[TieBreak, ...]  # between equal totals, in this order
    routes_by_city: Mapping[str, tuple[str, ...]]

    def __repr__(self) -> str:
        # A board of the engine is the call that gives it (its mappings' reprs would not
        # evaluate, and get_map gives the very same object); any other map shows its fields.
        if self.id in MAP_IDS and get_map(self.id) is self:
            return f"get_map({self.id!r})"
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self))
        return f"Map({shown})"

    def route_points(self, length: int) -> int:
        return self.scoring[length]

    @property
    def regular_tickets(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.tickets.values() if not t.long)

    @property
    def long_tickets(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.tickets.values() if t.long)


def _frozen[K, V](mapping: dict[K, V]) -> Mapping[K, V]:
    return MappingProxyType(mapping)


def _load(map_id: str) -> Map:
    raw = json.loads((DATA_DIR / f"{map_id}.json").read_text(encoding="utf-8"))
    cities = {c["id"]: City(c["id"], c["name"], c["lat"], c["lon"]) for c in raw["cities"]}
    routes = {
        r["id"]: Route(
            r["id"],
            r["a"],
            r["b"],
            r["length"],
            r["color"],
            bool(r["tunnel"]),
            int(r["locomotives"]),
            r["double_of"],
        )
        for r in raw["routes"]
    }
    tickets = {
        t["id"]: Ticket(t["id"], t["a"], t["b"], t["points"], bool(t["long"]))
        for t in raw["tickets"]
    }
    has_stations, station_points, tie_breaks = _BOARD_RULES[map_id]
    by_city: dict[str, list[str]] = {city: [] for city in cities}
    for route in routes.values():
        by_city[route.a].append(route.id)
        by_city[route.b].append(route.id)
    return Map(
        id=raw["id"],
        name=raw["name"],
        cities=_frozen(cities),
        routes=_frozen(routes),
        tickets=_frozen(tickets),
        scoring=_frozen({int(k): v for k, v in raw["scoring"].items()}),
        has_stations=has_stations,
        station_points=station_points,
        tie_breaks=tie_breaks,
        routes_by_city=_frozen({c: tuple(ids) for c, ids in by_city.items()}),
    )


@cache
def get_map(map_id: str) -> Map:
    """The board `map_id` ("usa" or "europe"), the same object at every call.

    Raises KeyError if there is no such map.
    """
    if map_id not in MAP_IDS:
        raise KeyError(f"unknown map {map_id!r}; choose one of {', '.join(MAP_IDS)}")
    return _load(map_id)


MAPS = MAP_IDS
