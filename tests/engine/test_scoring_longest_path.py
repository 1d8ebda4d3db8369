"""The longest continuous path: a trail on the player's own routes (cities may repeat,
each train counted once), 10 points to every player tied at the top; stations and
borrowed routes never count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.scoring import HARD_NETWORKS
from games.engine import longest_path
from games.engine.longest_path import longest_trail
from games.engine.maps import get_map
from games.engine.scoring import final_result

USA = get_map("usa")
EUROPE = get_map("europe")


def score(game_map, claims, players=("ann", "bob", "cy"), stations=None, tickets=None):
    return final_result(
        game_map,
        list(players),
        claims,
        stations or {},
        tickets or {},
        {p: 0 for p in players},
        {p: 3 for p in players},
    ).to_dict()["players"]


def owned(player, *route_ids):
    return {route_id: player for route_id in route_ids}


def assert_is_trail(game_map, route_ids, owner_claims, player):
    """Consecutive routes share a city, none repeats, all are the player's."""
    assert len(set(route_ids)) == len(route_ids)
    assert all(owner_claims[r] == player for r in route_ids)
    if not route_ids:
        return
    routes = [game_map.routes[r] for r in route_ids]
    for start in (routes[0].a, routes[0].b):
        city = start
        for route in routes:
            if city not in (route.a, route.b):
                break
            city = route.other_end(city)
        else:
            return
    raise AssertionError(f"{route_ids} is not a continuous path")


# Denver–Omaha–Kansas City triangle and the Kansas City–Oklahoma City–Little Rock–
# Saint Louis square share Kansas City: a figure eight.
TRIANGLE = ("denver-omaha", "kansas_city-omaha-1", "denver-kansas_city-1")  # 4 + 1 + 4
SQUARE = (
    "kansas_city-oklahoma_city-1",
    "little_rock-oklahoma_city",
    "little_rock-saint_louis",
    "kansas_city-saint_louis-1",
)  # 2 + 2 + 2 + 2


def test_figure_eight_counts_every_train_passing_the_shared_city_twice():
    claims = owned("ann", *TRIANGLE, *SQUARE)
    result = score(USA, claims)["ann"]
    assert result["longest"] == 17
    assert sorted(result["longest_path"]) == sorted(TRIANGLE + SQUARE)
    assert_is_trail(USA, result["longest_path"], claims, "ann")


def test_loop_with_a_tail_counts_the_loop_and_the_tail():
    tail = ("denver-santa_fe", "el_paso-santa_fe")  # 2 + 2, hanging from Denver
    claims = owned("ann", *TRIANGLE, *tail)
    result = score(USA, claims)["ann"]
    assert result["longest"] == 13
    assert_is_trail(USA, result["longest_path"], claims, "ann")
    assert set(result["longest_path"]) == set(TRIANGLE + tail)


def test_a_fork_counts_only_its_two_longest_branches():
    # Denver with three branches: Helena 4, Phoenix 5, Santa Fe 2.
    claims = owned("ann", "denver-helena", "denver-phoenix", "denver-santa_fe")
    result = score(USA, claims)["ann"]
    assert result["longest"] == 9
    assert set(result["longest_path"]) == {"denver-helena", "denver-phoenix"}


def test_separate_networks_are_not_added_together():
    claims = owned("ann", "seattle-vancouver-1", "portland-seattle-1", "miami-new_orleans")
    assert score(USA, claims)["ann"]["longest"] == 6


def test_the_longest_path_bonus_goes_to_the_longest():
    claims = owned("ann", "denver-phoenix") | owned("bob", "denver-santa_fe")
    result = score(USA, claims)
    assert (result["ann"]["longest_bonus"], result["bob"]["longest_bonus"]) == (10, 0)
    assert result["ann"]["total"] == 10


def test_every_player_tied_for_the_longest_path_gets_the_bonus():
    claims = (
        owned("ann", "denver-phoenix")  # 5
        | owned("bob", "helena-omaha")  # 5
        | owned("cy", "denver-santa_fe")  # 2
    )
    result = score(USA, claims)
    assert [result[p]["longest_bonus"] for p in ("ann", "bob", "cy")] == [10, 10, 0]


def test_nobody_gets_the_bonus_when_nobody_has_a_route():
    result = score(USA, {})
    assert all(r["longest"] == 0 and r["longest_bonus"] == 0 for r in result.values())
    assert all(r["longest_path"] == [] for r in result.values())


def test_a_station_and_its_borrowed_route_never_lengthen_the_longest_path():
    # Ann: Paris–Zürich (3) and München–Wien (3); her station at Zürich borrows
    # Bob's München–Zürich (2) for her Paris–Wien ticket, but her path stays 3.
    claims = owned("ann", "paris-zurich", "munchen-wien") | owned("bob", "munchen-zurich")
    result = score(EUROPE, claims, stations={"zurich": "ann"}, tickets={"ann": ["paris-wien"]})
    assert result["ann"]["completed"] == ["paris-wien"]
    assert result["ann"]["borrowed"] == {"zurich": "munchen-zurich"}
    assert result["ann"]["longest"] == 3
    assert result["bob"]["longest"] == 2


def test_loop_rich_european_network_finds_the_longest_trail():
    # The scoring benchmark's first network: 20 short routes around Paris, Bruxelles,
    # Frankfurt and the Alps, eight odd cities, so six trains' worth of routes must stay out
    # of any trail.
    network = HARD_NETWORKS[0]
    assert len(network) == 20 and "paris-zurich" in network
    claims = owned("ann", *network)
    result = score(EUROPE, claims)["ann"]
    assert result["longest"] == 36
    assert_is_trail(EUROPE, result["longest_path"], claims, "ann")
    assert sum(EUROPE.routes[r].length for r in result["longest_path"]) == 36


def _longest_by_trying_every_trail(edges):
    around = {}
    for index, (_, a, b, length) in enumerate(edges):
        around.setdefault(a, []).append((index, b, length))
        around.setdefault(b, []).append((index, a, length))
    best = 0

    def walk(city, used, length):
        nonlocal best
        best = max(best, length)
        for index, other, route_length in around[city]:
            if not used >> index & 1:
                walk(other, used | 1 << index, length + route_length)

    for city in around:
        walk(city, 0, 0)
    return best


def _networks(game_map, most):
    route_ids = sorted(game_map.routes)
    return st.lists(st.sampled_from(route_ids), min_size=1, max_size=most, unique=True)


@pytest.mark.slow  # 150 boards, each tried every way: CI runs it, `make test-fast` does not
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_longest_path_equals_trying_every_trail(data):
    game_map = data.draw(st.sampled_from([USA, EUROPE]))
    chosen = data.draw(_networks(game_map, 13))
    # grow around a few cities so that loops are common
    cities = {game_map.routes[r].a for r in chosen[:3]}
    near = sorted({r for c in cities for r in game_map.routes_by_city[c]})
    chosen = sorted(set(chosen) | set(data.draw(st.lists(st.sampled_from(near), max_size=8))))
    edges = [
        (r, game_map.routes[r].a, game_map.routes[r].b, game_map.routes[r].length) for r in chosen
    ]
    expected = _longest_by_trying_every_trail(edges)
    claims = owned("ann", *chosen)
    # both searches: walking every trail, and leaving out the lightest chains
    for loops_to_walk, walk_budget in ((10**9, 10**9), (-1, 0)):
        original = longest_path.MOST_LOOPS_TO_WALK, longest_path.WALK_BUDGET
        longest_path.MOST_LOOPS_TO_WALK, longest_path.WALK_BUDGET = loops_to_walk, walk_budget
        try:
            length, path = longest_trail(edges)
        finally:
            longest_path.MOST_LOOPS_TO_WALK, longest_path.WALK_BUDGET = original
        assert length == expected
        assert_is_trail(game_map, path, claims, "ann")
        assert sum(game_map.routes[r].length for r in path) == length
