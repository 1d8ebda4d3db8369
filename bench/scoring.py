"""Final scoring on adversarial end positions (a benchmark, not a test).

`python -m bench.scoring` prints the CPU time of one `final_result`
call on the hardest position below; `bench.engine` prints the same figure.

The position: Europe, four players. The first player's 45 trains form a dense
network of short routes full of loops (the kind of network where the number of
trails explodes), with 3 stations on cities ringed by the other players' routes
and tickets that the borrowings can complete only in part, so every useful
combination of borrowings is weighed. The other players hold, up to 45 trains
each, the routes at those stations first, then the shortest routes left.
"""

from __future__ import annotations

import statistics
import time

from games.engine.maps import TRAINS_PER_PLAYER, get_map
from games.engine.scoring import final_result

# Loop-rich 45-train networks that took longest to score, found by a hill-climbing
# search (swap routes, keep the slower network) against this scorer and earlier versions.
HARD_NETWORKS = (
    # Channel coast to the Alps: 20 routes, 8 odd cities.
    (
        "amsterdam-bruxelles",
        "amsterdam-essen",
        "amsterdam-frankfurt",
        "amsterdam-london",
        "berlin-essen",
        "brest-dieppe",
        "brest-paris",
        "bruxelles-dieppe",
        "bruxelles-frankfurt",
        "bruxelles-paris-1",
        "dieppe-london-2",
        "dieppe-paris",
        "essen-frankfurt",
        "frankfurt-munchen",
        "frankfurt-paris-2",
        "munchen-venezia",
        "munchen-zurich",
        "paris-zurich",
        "venezia-zagrab",
        "venezia-zurich",
    ),
    # London to Lisboa: 19 routes, loops through Paris, Pamplona and Madrid.
    (
        "amsterdam-bruxelles",
        "amsterdam-london",
        "barcelona-madrid",
        "barcelona-pamplona",
        "berlin-essen",
        "berlin-frankfurt-2",
        "brest-dieppe",
        "bruxelles-dieppe",
        "bruxelles-paris-2",
        "dieppe-london-1",
        "dieppe-paris",
        "edinburgh-london-2",
        "essen-frankfurt",
        "essen-kobenhavn-1",
        "frankfurt-paris-2",
        "lisboa-madrid",
        "madrid-pamplona-2",
        "pamplona-paris-1",
        "sevastopol-sochi",
    ),
    # Channel coast, Paris and Iberia: 19 routes.
    (
        "amsterdam-bruxelles",
        "amsterdam-essen",
        "amsterdam-london",
        "berlin-essen",
        "brest-dieppe",
        "brest-paris",
        "bruxelles-dieppe",
        "bruxelles-frankfurt",
        "budapest-wien-2",
        "cadiz-madrid",
        "dieppe-london-1",
        "dieppe-paris",
        "edinburgh-london-1",
        "essen-frankfurt",
        "frankfurt-paris-2",
        "marseille-paris",
        "munchen-venezia",
        "pamplona-paris-1",
        "rostov-sochi",
    ),
    # The Balkans and the Black Sea: 19 routes.
    (
        "amsterdam-bruxelles",
        "angora-constantinople",
        "bruxelles-dieppe",
        "bucuresti-sevastopol",
        "bucuresti-sofia",
        "budapest-sarajevo",
        "budapest-wien-1",
        "budapest-zagrab",
        "constantinople-smyrna",
        "constantinople-sofia",
        "kharkov-rostov",
        "munchen-zurich",
        "rostov-sevastopol",
        "rostov-sochi",
        "sarajevo-sofia",
        "sarajevo-zagrab",
        "sevastopol-sochi",
        "warszawa-wien",
        "wien-zagrab",
    ),
)
PLAYERS = ("p1", "p2", "p3", "p4")
STATIONS = 3
TICKETS = 8


def adversarial_position(network: tuple[str, ...]) -> dict:
    """Keyword arguments of final_result for the position built around `network`."""
    game_map = get_map("europe")
    routes = game_map.routes
    hero, others = PLAYERS[0], PLAYERS[1:]
    claims = {route_id: hero for route_id in network}
    assert sum(routes[r].length for r in network) <= TRAINS_PER_PLAYER

    # Stations on the network's cities with the most routes of other players around.
    cities = sorted({c for r in network for c in (routes[r].a, routes[r].b)})
    free_around = {
        city: [r for r in game_map.routes_by_city[city] if r not in claims] for city in cities
    }
    station_cities = sorted(cities, key=lambda c: (-len(free_around[c]), c))[:STATIONS]

    trains = dict.fromkeys(others, 0)
    first = [r for c in station_cities for r in free_around[c]]
    rest = sorted(routes, key=lambda r: (routes[r].length, r))
    turn = 0
    for route_id in [*first, *rest]:
        if route_id in claims:
            continue
        for _ in others:
            player = others[turn % len(others)]
            turn += 1
            if trains[player] + routes[route_id].length <= TRAINS_PER_PLAYER:
                claims[route_id] = player
                trains[player] += routes[route_id].length
                break

    # Tickets from the network to a city one borrowed route away: the borrowings
    # compete, so the search must weigh them.
    reachable = {routes[r].other_end(c) for c in station_cities for r in free_around[c]} - set(
        cities
    )
    touching = [
        t.id
        for t in game_map.tickets.values()
        if (t.a in cities) != (t.b in cities) and ({t.a, t.b} & reachable)
    ]
    tickets = {hero: sorted(touching)[:TICKETS]}
    for player in others:
        tickets[player] = []

    route_points = dict.fromkeys(PLAYERS, 0)
    for route_id, owner in claims.items():
        route_points[owner] += game_map.route_points(routes[route_id].length)
    return {
        "game_map": game_map,
        "players": list(PLAYERS),
        "claims": claims,
        "stations": {city: hero for city in station_cities},
        "tickets": tickets,
        "route_points": route_points,
        "stations_left": {p: 0 if p == hero else 3 for p in PLAYERS},
    }


def seconds_per_call(kwargs: dict, repeats: int = 30) -> float:
    """Median CPU time of one final_result call."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        final_result(**kwargs)
        times.append(time.process_time() - start)
    return statistics.median(times)


def adversarial_final_scoring_seconds() -> float:
    """Median seconds per final_result call on the hardest of the adversarial positions."""
    return max(seconds_per_call(adversarial_position(n)) for n in HARD_NETWORKS)


def main() -> None:
    for network in HARD_NETWORKS:
        kwargs = adversarial_position(network)
        result = final_result(**kwargs)["players"]["p1"]
        print(
            f"{len(network)} routes, longest {result['longest']}, "
            f"{len(result['completed'])}/{len(kwargs['tickets']['p1'])} tickets, "
            f"borrowed {len(result['borrowed'])}: "
            f"{seconds_per_call(kwargs) * 1000:.2f} ms"
        )
    print(f"adversarial final scoring: {adversarial_final_scoring_seconds() * 1000:.2f} ms")


if __name__ == "__main__":
    main()
