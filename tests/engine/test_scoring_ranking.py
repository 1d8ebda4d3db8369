"""The final ranking: most points first; ties broken on the USA by most completed
tickets, then the longest-path bonus; in Europe by most completed tickets, then
fewest stations built, then the bonus; players still tied share the place, and
forfeited players share the last place."""

from __future__ import annotations

from games.engine import FinalResult, TieBreak
from games.engine.maps import get_map
from games.engine.scoring import final_result

USA = get_map("usa")
EUROPE = get_map("europe")


def owned(player, *route_ids):
    return {route_id: player for route_id in route_ids}


def finish(game_map, claims, route_points, tickets=None, stations_left=None, forfeited=()):
    players = list(route_points)
    return final_result(
        game_map,
        players,
        claims,
        {},
        tickets or {},
        route_points,
        stations_left or {p: 3 for p in players},
        forfeited,
    ).to_dict()


def totals(result):
    return {p: r["total"] for p, r in result["players"].items()}


def places(result):
    """The ranking with each shared place as a set (any order inside a place)."""
    return [set(place) for place in result["ranking"]]


def test_the_player_with_the_most_points_ranks_first():
    result = finish(USA, {}, {"ann": 5, "bob": 20, "cy": 11})
    assert result["ranking"] == [["bob"], ["cy"], ["ann"]]


# USA. Ann: Denver–Santa Fe–El Paso (4 trains) completes Denver–El Paso (4 points).
# Bob: Miami–New Orleans (6 trains), the longest path.
ANN_TICKET = owned("ann", "denver-santa_fe", "el_paso-santa_fe")
BOB_LONGEST = owned("bob", "miami-new_orleans")


def test_usa_tie_goes_first_to_the_most_completed_tickets_even_against_the_bonus():
    result = finish(
        USA, ANN_TICKET | BOB_LONGEST, {"ann": 6, "bob": 0}, tickets={"ann": ["denver-el_paso"]}
    )
    assert totals(result) == {"ann": 10, "bob": 10}  # 6 + 4 against 0 + 10 bonus
    assert result["ranking"] == [["ann"], ["bob"]]


def test_usa_tie_with_as_many_tickets_goes_to_the_longest_path_bonus():
    result = finish(USA, ANN_TICKET | BOB_LONGEST, {"ann": 10, "bob": 0})
    assert totals(result) == {"ann": 10, "bob": 10}
    assert result["ranking"] == [["bob"], ["ann"]]


def test_usa_players_tied_on_points_tickets_and_bonus_share_the_place():
    claims = owned("ann", "denver-phoenix") | owned("bob", "helena-omaha")  # both 5 long
    result = finish(USA, claims, {"ann": 10, "bob": 10, "cy": 3})
    assert places(result) == [{"ann", "bob"}, {"cy"}]


def test_usa_ignores_stations_in_the_tie_break():
    claims = owned("ann", "denver-phoenix") | owned("bob", "helena-omaha")
    result = finish(USA, claims, {"ann": 10, "bob": 10}, stations_left={"ann": 0, "bob": 3})
    assert places(result) == [{"ann", "bob"}]


# Europe. Ann: Essen–Frankfurt (2) and Essen–København (3) complete Frankfurt–København (5).
# Bob: Palermo–Smyrna (6), the longest path.
ANN_EUROPE = owned("ann", "essen-frankfurt", "essen-kobenhavn-1")
BOB_EUROPE = owned("bob", "palermo-smyrna")


def test_europe_tie_goes_first_to_the_most_completed_tickets():
    result = finish(
        EUROPE,
        ANN_EUROPE | BOB_EUROPE,
        {"ann": 13, "bob": 0},
        tickets={"ann": ["frankfurt-kobenhavn"]},
        stations_left={"ann": 1, "bob": 3},
    )
    assert totals(result) == {"ann": 22, "bob": 22}  # 13 + 5 + 4 against 12 + 10
    assert result["ranking"] == [["ann"], ["bob"]]


def test_europe_tie_with_as_many_tickets_goes_to_fewest_stations_built_before_the_bonus():
    result = finish(
        EUROPE, ANN_EUROPE | BOB_EUROPE, {"ann": 6, "bob": 0}, stations_left={"ann": 3, "bob": 2}
    )
    assert totals(result) == {"ann": 18, "bob": 18}  # 6 + 12 against 8 + 10
    assert result["ranking"] == [["ann"], ["bob"]]


def test_europe_tie_on_tickets_and_stations_goes_to_the_longest_path_bonus():
    result = finish(EUROPE, ANN_EUROPE | BOB_EUROPE, {"ann": 10, "bob": 0})
    assert totals(result) == {"ann": 22, "bob": 22}
    assert result["ranking"] == [["bob"], ["ann"]]


def test_europe_players_tied_on_every_step_share_the_place():
    claims = owned("ann", "palermo-smyrna") | owned("bob", "budapest-kyiv")  # both 6 long
    result = finish(
        EUROPE,
        claims,
        {"ann": 15, "bob": 15, "cy": 30},
        stations_left={"ann": 2, "bob": 2, "cy": 3},
    )
    assert places(result) == [{"cy"}, {"ann", "bob"}]


def test_a_forfeited_player_ranks_last_whatever_their_points():
    result = finish(USA, {}, {"ann": 50, "bob": 1, "cy": 7}, forfeited=["ann"])
    assert result["ranking"] == [["cy"], ["bob"], ["ann"]]


def test_forfeited_players_share_the_last_place():
    result = finish(USA, {}, {"ann": 50, "bob": 1, "cy": 7, "dee": 0}, forfeited=["ann", "cy"])
    assert places(result) == [{"bob"}, {"dee"}, {"ann", "cy"}]


def test_a_forfeited_player_does_not_take_the_longest_path_bonus():
    claims = owned("ann", "miami-new_orleans") | owned("bob", "denver-santa_fe")
    result = finish(USA, claims, {"ann": 15, "bob": 2}, forfeited=["ann"])
    assert result["players"]["ann"]["longest"] == 6
    assert result["players"]["ann"]["longest_bonus"] == 0
    assert result["players"]["bob"]["longest_bonus"] == 10


def test_each_player_has_a_competition_place_ties_sharing_it_and_the_next_skipped():
    claims = owned("ann", "palermo-smyrna") | owned("bob", "budapest-kyiv")  # both 6 long
    result = finish(
        EUROPE,
        claims,
        {"ann": 15, "bob": 15, "cy": 30, "dee": 0},
        stations_left={"ann": 2, "bob": 2, "cy": 3, "dee": 3},
    )
    assert {p: r["place"] for p, r in result["players"].items()} == {
        "cy": 1,
        "ann": 2,
        "bob": 2,
        "dee": 4,
    }


def test_the_result_counts_each_players_unbuilt_stations_at_the_maps_points():
    result = finish(EUROPE, {}, {"ann": 0, "bob": 0}, stations_left={"ann": 1, "bob": 3})
    assert [(r["unbuilt_stations"], r["stations"]) for r in result["players"].values()] == [
        (1, 4),
        (3, 12),
    ]
    usa = finish(USA, {}, {"ann": 0, "bob": 0})
    assert [r["unbuilt_stations"] for r in usa["players"].values()] == [0, 0]


def test_each_map_carries_its_tie_break_steps():
    assert USA.tie_breaks == (TieBreak.MOST_COMPLETED_TICKETS, TieBreak.LONGEST_PATH_BONUS)
    assert EUROPE.tie_breaks == (
        TieBreak.MOST_COMPLETED_TICKETS,
        TieBreak.FEWEST_STATIONS_BUILT,
        TieBreak.LONGEST_PATH_BONUS,
    )


def test_a_stored_result_reads_back_the_same_also_from_before_places_were_stored():
    result = final_result(
        EUROPE, ["ann", "bob"], {}, {}, {}, {"ann": 3, "bob": 9}, {"ann": 2, "bob": 3}
    )
    assert FinalResult.from_dict(result.to_dict(), EUROPE.station_points) == result
    old = result.to_dict()
    for entry in old["players"].values():
        del entry["place"], entry["unbuilt_stations"]
    assert FinalResult.from_dict(old, EUROPE.station_points) == result
