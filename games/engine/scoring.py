"""Final scoring: routes, tickets (with station borrowing), unbuilt stations, longest path."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .longest_path import longest_trail_of_groups
from .maps import LONGEST_PATH_BONUS, STATIONS_PER_PLAYER, Map
from .network import Network
from .ranking import rank
from .result import FinalResult, PlayerResult, places_of
from .tickets import outcome_on_network, ticket_outcome


def final_result(
    game_map: Map,
    players: Sequence[str],
    claims: Mapping[str, str],
    stations: Mapping[str, str],
    tickets: Mapping[str, Sequence[str]],
    route_points: Mapping[str, int],
    stations_left: Mapping[str, int],
    forfeited: Collection[str] = (),
) -> FinalResult:
    """The end-of-game result: each player's score sheet and place, and the ranking.

    Forfeited players are scored like everyone else but rank last together and
    do not compete for the longest-path bonus (they left the game).
    """
    own_routes: dict[str, list[str]] = {p: [] for p in players}
    for route_id, owner in claims.items():
        if owner in own_routes:
            own_routes[owner].append(route_id)
    own_stations: dict[str, list[str]] = {p: [] for p in players}
    for city, owner in stations.items():
        if owner in own_stations:
            own_stations[owner].append(city)

    routes = game_map.routes
    scored = []  # (player, ticket outcome, longest path length, its routes)
    for player in players:
        network = Network(routes, own_routes[player])
        outcome = outcome_on_network(
            game_map,
            claims,
            network.find,
            own_stations[player],
            player,
            tickets.get(player, ()),
        )
        scored.append((player, outcome, *longest_trail_of_groups(network.groups)))

    contenders = [p for p in players if p not in forfeited]
    top = max((longest for p, _, longest, _ in scored if p in contenders), default=0)
    sheets: dict[str, dict[str, Any]] = {}  # PlayerResult's fields but the place
    for player, outcome, longest, path in scored:
        ticket_points = sum(game_map.tickets[t].points for t in outcome.completed) - sum(
            game_map.tickets[t].points for t in outcome.failed
        )
        unbuilt = stations_left.get(player, 0) if game_map.has_stations else 0
        bonus = LONGEST_PATH_BONUS if top > 0 and longest == top and player in contenders else 0
        route_score = route_points.get(player, 0)
        station_score = game_map.station_points * unbuilt
        sheets[player] = {
            "total": route_score + ticket_points + station_score + bonus,
            "routes": route_score,
            "tickets": ticket_points,
            "completed": tuple(outcome.completed),
            "failed": tuple(outcome.failed),
            "stations": station_score,
            "unbuilt_stations": unbuilt,
            "longest": longest,
            "longest_bonus": bonus,
            "longest_path": tuple(path),
            "borrowed": outcome.borrowed,
        }

    stations_built = (
        {p: STATIONS_PER_PLAYER - stations_left.get(p, STATIONS_PER_PLAYER) for p in players}
        if game_map.has_stations
        else None
    )
    ranking = rank(players, sheets, game_map.tie_breaks, stations_built, forfeited)
    places = places_of(ranking)
    return FinalResult(
        players={p: PlayerResult(**sheet, place=places[p]) for p, sheet in sheets.items()},
        ranking=tuple(tuple(group) for group in ranking),
    )


def tickets_progress(
    game_map: Map,
    claims: Mapping[str, str],
    stations: Mapping[str, str],
    player: str,
    ticket_ids: Sequence[str],
) -> dict[str, bool]:
    """Whether each ticket is connected now: own routes plus the best use of own stations."""
    mine = [route_id for route_id, owner in claims.items() if owner == player]
    own_stations = [city for city, owner in stations.items() if owner == player]
    outcome = ticket_outcome(game_map, claims, mine, own_stations, player, ticket_ids)
    done = set(outcome.completed)
    return {t: t in done for t in ticket_ids}
