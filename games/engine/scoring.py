"""Final scoring: routes, tickets (with station borrowing), unbuilt stations, longest path."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .longest_path import longest_trail_of_groups
from .maps import LONGEST_PATH_BONUS, STATIONS_PER_PLAYER, Map
from .network import Network
from .ranking import rank
from .tickets import outcome_on_network, ticket_outcome

POINTS_PER_UNBUILT_STATION = 4


def final_result(
    game_map: Map,
    players: Sequence[str],
    claims: Mapping[str, str],
    stations: Mapping[str, str],
    tickets: Mapping[str, Sequence[str]],
    route_points: Mapping[str, int],
    stations_left: Mapping[str, int],
    forfeited: Collection[str] = (),
) -> dict:
    """The end-of-game result: {"players": {p: {...}}, "ranking": [[best...], ...]}.

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
    results: dict[str, dict] = {}
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
        ticket_points = sum(game_map.tickets[t].points for t in outcome.completed) - sum(
            game_map.tickets[t].points for t in outcome.failed
        )
        longest, path = longest_trail_of_groups(network.groups)
        unbuilt = stations_left.get(player, 0) if game_map.has_stations else 0
        results[player] = {
            "total": 0,
            "routes": route_points.get(player, 0),
            "tickets": ticket_points,
            "completed": outcome.completed,
            "failed": outcome.failed,
            "stations": POINTS_PER_UNBUILT_STATION * unbuilt,
            "longest": longest,
            "longest_bonus": 0,
            "longest_path": path,
            "borrowed": outcome.borrowed,
        }

    contenders = [p for p in players if p not in forfeited]
    top = max((results[p]["longest"] for p in contenders), default=0)
    for player in contenders:
        if top > 0 and results[player]["longest"] == top:
            results[player]["longest_bonus"] = LONGEST_PATH_BONUS
    for result in results.values():
        result["total"] = (
            result["routes"] + result["tickets"] + result["stations"] + result["longest_bonus"]
        )

    stations_built = (
        {p: STATIONS_PER_PLAYER - stations_left.get(p, STATIONS_PER_PLAYER) for p in players}
        if game_map.has_stations
        else None
    )
    return {"players": results, "ranking": rank(players, results, stations_built, forfeited)}


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
