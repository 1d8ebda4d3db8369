"""Europe stations: one per city, at most three per player, costing 1, 2 then 3 cards."""

from __future__ import annotations

from collections.abc import Mapping

from ..actions import BuildStation
from ..board import Board
from ..enums import EventType
from ..errors import IllegalMove
from ..maps import STATIONS_PER_PLAYER
from .award import card_list
from .draft import Draft
from .payments import split, take_from_hand
from .turns import end_turn


def stations_built(stations: Mapping[str, str], player: str) -> int:
    return sum(1 for owner in stations.values() if owner == player)


def build_station(d: Draft, board: Board, seat: int, action: BuildStation) -> None:
    if not board.map.has_stations:
        raise IllegalMove("no_stations_on_map", "There are no stations on this map.")
    city = action.city
    if city not in board.cities:
        raise IllegalMove(
            "unknown_city", f"There is no city {city!r} on this map.", city=repr(city)
        )
    if city in d.stations:
        name = board.map.cities[city].name
        raise IllegalMove("station_taken", f"{name} already has a station.", city=name)
    player = d.players[seat]
    built = stations_built(d.stations, player)
    if built >= STATIONS_PER_PLAYER:
        raise IllegalMove("no_stations_left", "You have built all your stations.")
    cost = built + 1  # the 1st costs 1 card, the 2nd 2, the 3rd 3
    color, n_color, n_loco = split(action.cards)
    if n_color + n_loco != cost:
        raise IllegalMove(
            "wrong_cards",
            f"This station costs exactly {cost} card(s) of one colour.",
            variant="station_cost",
            count=cost,
        )
    d.set_hand(seat, take_from_hand(d.hands[seat], color, n_color, n_loco))
    d.discard += card_list(action.cards)
    stations = dict(d.stations)
    stations[city] = player
    d.stations = stations
    d.events.append(
        {
            "type": EventType.STATION_BUILT,
            "player": player,
            "city": city,
            "cards": dict(action.cards),
        }
    )
    end_turn(d)
