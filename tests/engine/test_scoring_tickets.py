"""Destination tickets at the end: completed ones add, failed ones subtract; a station
lends its owner one route of another player at its city, the same route for every
ticket, chosen for the most ticket points and then the most completed tickets;
4 points per unbuilt station (Europe)."""

from __future__ import annotations

import random
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.maps import get_map
from games.engine.scoring import final_result, tickets_progress

USA = get_map("usa")
EUROPE = get_map("europe")


def owned(player, *route_ids):
    return {route_id: player for route_id in route_ids}


def result_of(game_map, claims, tickets, stations=None, stations_left=None, route_points=None):
    players = ["ann", "bob"]
    return final_result(
        game_map,
        players,
        claims,
        stations or {},
        tickets,
        route_points or {p: 0 for p in players},
        stations_left or {p: 3 - sum(o == p for o in (stations or {}).values()) for p in players},
    ).to_dict()["players"]


def test_a_connected_ticket_adds_its_points_and_an_unconnected_one_subtracts_them():
    # Denver–El Paso (4) via Santa Fe; Kansas City–Houston (5) not connected.
    claims = owned("ann", "denver-santa_fe", "el_paso-santa_fe")
    ann = result_of(USA, claims, {"ann": ["denver-el_paso", "kansas_city-houston"]})["ann"]
    assert ann["completed"] == ["denver-el_paso"]
    assert ann["failed"] == ["kansas_city-houston"]
    assert ann["tickets"] == 4 - 5


def test_only_the_players_own_routes_connect_a_ticket_on_the_usa_map():
    claims = owned("ann", "denver-santa_fe") | owned("bob", "el_paso-santa_fe")
    ann = result_of(USA, claims, {"ann": ["denver-el_paso"]})["ann"]
    assert ann["failed"] == ["denver-el_paso"]
    assert ann["tickets"] == -4


def test_total_adds_routes_tickets_unbuilt_stations_and_the_bonus():
    claims = owned("ann", "denver-santa_fe", "el_paso-santa_fe")
    ann = result_of(USA, claims, {"ann": ["denver-el_paso"]}, route_points={"ann": 4, "bob": 0})[
        "ann"
    ]
    assert (ann["routes"], ann["tickets"], ann["stations"], ann["longest_bonus"]) == (4, 4, 0, 10)
    assert ann["total"] == 18


def test_each_unbuilt_station_is_worth_4_points_in_europe():
    players = result_of(
        EUROPE, {}, {}, stations={"wien": "bob"}, stations_left={"ann": 3, "bob": 2}
    )
    assert players["ann"]["stations"] == 12
    assert players["bob"]["stations"] == 8
    assert players["ann"]["total"] == 12


def test_the_usa_map_has_no_station_points():
    players = result_of(USA, {}, {}, stations_left={"ann": 3, "bob": 3})
    assert players["ann"]["stations"] == 0


# Ann: Paris–Zürich and München–Wien; Bob holds München–Zürich between them.
PARIS_WIEN = owned("ann", "paris-zurich", "munchen-wien") | owned("bob", "munchen-zurich")


def test_a_ticket_is_completed_through_a_route_borrowed_with_a_station():
    ann = result_of(EUROPE, PARIS_WIEN, {"ann": ["paris-wien"]}, stations={"zurich": "ann"})["ann"]
    assert ann["completed"] == ["paris-wien"]
    assert ann["borrowed"] == {"zurich": "munchen-zurich"}
    assert ann["tickets"] == 8


def test_without_a_station_another_players_route_does_not_connect():
    ann = result_of(EUROPE, PARIS_WIEN, {"ann": ["paris-wien"]})["ann"]
    assert ann["failed"] == ["paris-wien"]
    assert ann["borrowed"] == {}


def test_a_station_only_lends_a_route_that_touches_its_city():
    # A station at Paris cannot lend München–Zürich.
    ann = result_of(EUROPE, PARIS_WIEN, {"ann": ["paris-wien"]}, stations={"paris": "ann"})["ann"]
    assert ann["failed"] == ["paris-wien"]


def test_a_station_never_lends_an_unclaimed_route():
    claims = owned("ann", "paris-zurich", "munchen-wien")  # München–Zürich unclaimed
    ann = result_of(EUROPE, claims, {"ann": ["paris-wien"]}, stations={"zurich": "ann"})["ann"]
    assert ann["failed"] == ["paris-wien"]


def test_one_station_lends_one_route_for_all_tickets_the_most_valuable_wins():
    # Zürich station: München–Zürich completes Paris–Wien (8), Venezia–Zürich completes
    # Zürich–Brindisi (6); one borrowed route cannot serve both.
    claims = (
        PARIS_WIEN | owned("ann", "roma-venezia", "brindisi-roma") | owned("bob", "venezia-zurich")
    )
    tickets = {"ann": ["zurich-brindisi", "paris-wien"]}
    ann = result_of(EUROPE, claims, tickets, stations={"zurich": "ann"})["ann"]
    assert ann["completed"] == ["paris-wien"]
    assert ann["failed"] == ["zurich-brindisi"]
    assert ann["borrowed"] == {"zurich": "munchen-zurich"}
    assert ann["tickets"] == 8 - 6


def test_two_stations_lend_two_routes_and_can_meet_in_a_city_the_player_never_reached():
    # Paris–Zürich (Ann), then Bob's München–Zürich and München–Wien: Ann has nothing
    # at München, yet her stations at Zürich and Wien each lend one of them.
    claims = owned("ann", "paris-zurich") | owned("bob", "munchen-zurich", "munchen-wien")
    stations = {"zurich": "ann", "wien": "ann"}
    ann = result_of(EUROPE, claims, {"ann": ["paris-wien"]}, stations=stations)["ann"]
    assert ann["completed"] == ["paris-wien"]
    assert ann["borrowed"] == {"zurich": "munchen-zurich", "wien": "munchen-wien"}


# Station at Wien. Bob holds Berlin–Wien and Budapest–Wien. Ann's own networks:
#   Wien–Zagreb–Sarajevo–Sofia (reaches Wien);
#   Budapest–Bucuresti–Constantinople–Smyrna (Budapest–Sofia 5 and Sofia–Smyrna 5);
#   Berlin–Essen and beyond (Stockholm–Wien 11 or London–Wien 10).
AROUND_WIEN = owned(
    "ann",
    "wien-zagrab",
    "sarajevo-zagrab",
    "sarajevo-sofia",
    "bucuresti-budapest",
    "bucuresti-constantinople",
    "constantinople-smyrna",
    "berlin-essen",
) | owned("bob", "berlin-wien", "budapest-wien-1")


def test_borrowing_prefers_more_ticket_points_over_more_tickets():
    claims = AROUND_WIEN | owned("ann", "essen-kobenhavn-1", "kobenhavn-stockholm-1")
    tickets = {"ann": ["budapest-sofia", "sofia-smyrna", "stockholm-wien"]}
    ann = result_of(EUROPE, claims, tickets, stations={"wien": "ann"})["ann"]
    assert ann["borrowed"] == {"wien": "berlin-wien"}
    assert ann["completed"] == ["stockholm-wien"]
    assert ann["tickets"] == 11 - 5 - 5


def test_borrowing_with_equal_points_prefers_more_completed_tickets():
    claims = AROUND_WIEN | owned("ann", "amsterdam-essen", "amsterdam-london")
    tickets = {"ann": ["london-wien", "budapest-sofia", "sofia-smyrna"]}
    ann = result_of(EUROPE, claims, tickets, stations={"wien": "ann"})["ann"]
    assert ann["borrowed"] == {"wien": "budapest-wien-1"}
    assert ann["completed"] == ["budapest-sofia", "sofia-smyrna"]
    assert ann["failed"] == ["london-wien"]


def test_a_borrowing_that_helps_no_ticket_is_not_reported():
    ann = result_of(EUROPE, PARIS_WIEN, {"ann": ["edinburgh-paris"]}, stations={"zurich": "ann"})[
        "ann"
    ]
    assert ann["borrowed"] == {}
    assert ann["failed"] == ["edinburgh-paris"]


def test_ticket_progress_marks_done_and_not_yet_using_the_best_station_use():
    claims = (
        PARIS_WIEN | owned("ann", "roma-venezia", "brindisi-roma") | owned("bob", "venezia-zurich")
    )
    progress = tickets_progress(
        EUROPE, claims, {"zurich": "ann"}, "ann", ["zurich-brindisi", "paris-wien", "roma-smyrna"]
    )
    assert progress == {"zurich-brindisi": False, "paris-wien": True, "roma-smyrna": False}


def test_ticket_progress_counts_only_the_players_own_routes_without_stations():
    progress = tickets_progress(EUROPE, PARIS_WIEN, {}, "ann", ["paris-wien"])
    assert progress == {"paris-wien": False}
    assert tickets_progress(EUROPE, PARIS_WIEN, {}, "bob", []) == {}


# Every borrowing the rules allow, tried one by one.


def _groups(pairs):
    """city -> representative of its connected group"""
    parent = {}

    def find(x):
        while parent.get(x, x) != x:
            x = parent[x]
        return x

    for x, y in pairs:
        parent[find(x)] = find(y)
    return find


def _connected(pairs, a, b):
    find = _groups(pairs)
    return find(a) == find(b)


def _best_by_trying_every_borrowing(game_map, claims, stations, player, ticket_ids):
    own = [(game_map.routes[r].a, game_map.routes[r].b) for r, p in claims.items() if p == player]
    choices = []
    for city, owner in sorted(stations.items()):
        if owner == player:
            lendable = [
                r for r in game_map.routes_by_city[city] if claims.get(r) not in (None, player)
            ]
            choices.append([None, *lendable])
    best = (-1, -1)
    for choice in product(*choices):
        find = _groups(own + [(game_map.routes[r].a, game_map.routes[r].b) for r in choice if r])
        done = [t for t in ticket_ids if find(game_map.tickets[t].a) == find(game_map.tickets[t].b)]
        best = max(best, (sum(game_map.tickets[t].points for t in done), len(done)))
    return best


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_chosen_borrowing_is_as_good_as_the_best_of_every_possible_borrowing(seed):
    rng = random.Random(seed)
    claims = {}
    for route_id in sorted(EUROPE.routes):
        owner = rng.choice(["ann", "bob", "cy", None])
        if owner:
            claims[route_id] = owner
    station_cities = rng.sample(sorted(EUROPE.cities), rng.randint(0, 3))
    stations = {c: "ann" for c in station_cities}
    tickets = rng.sample(sorted(EUROPE.tickets), rng.randint(1, 6))

    ann = result_of(EUROPE, claims, {"ann": tickets}, stations=stations)["ann"]
    points = sum(EUROPE.tickets[t].points for t in ann["completed"])
    assert (points, len(ann["completed"])) == _best_by_trying_every_borrowing(
        EUROPE, claims, stations, "ann", tickets
    )
    # what is reported is what the rules allow and does complete those tickets
    assert set(ann["borrowed"]) <= set(station_cities)
    for city, route_id in ann["borrowed"].items():
        assert route_id in EUROPE.routes_by_city[city]
        assert claims[route_id] not in ("ann", None)
    pairs = [
        (EUROPE.routes[r].a, EUROPE.routes[r].b)
        for r in [r for r, p in claims.items() if p == "ann"] + list(ann["borrowed"].values())
    ]
    for t in ann["completed"]:
        assert _connected(pairs, EUROPE.tickets[t].a, EUROPE.tickets[t].b)
    assert ann["tickets"] == points - sum(EUROPE.tickets[t].points for t in ann["failed"])
    assert sorted(ann["completed"] + ann["failed"]) == sorted(tickets)
    progress = tickets_progress(EUROPE, claims, stations, "ann", tickets)
    assert [t for t in tickets if progress[t]] == ann["completed"]
