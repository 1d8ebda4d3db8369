"""Europe stations: cost 1, 2, 3 cards of one colour, one per city, three per player."""

import pytest
from engine_helpers import act, position, refused, types

from games.engine import legal_action_kinds, legal_options

ROW = ["red", "blue", "green", "white", "black"]


def build(city, **cards):
    return {"type": "build_station", "city": city, "cards": cards}


def test_station_costs_one_then_two_then_three_cards_of_one_colour():
    state = position(
        "europe", face_up=ROW, hands={"ann": {"purple": 6, "locomotive": 2, "orange": 1}}
    )
    state, events = act(state, "ann", build("wien", purple=1))
    assert events[0] == {
        "type": "station_built",
        "player": "ann",
        "city": "wien",
        "cards": {"purple": 1},
        "turn": 1,
    }
    assert state.stations == {"wien": "ann"} and state.stations_left("ann") == 2
    state = state.__class__.from_dict({**state.to_dict(), "current": "ann"})
    refused(state, "ann", build("berlin", purple=1), "wrong_cards")
    refused(state, "ann", build("berlin", purple=1, orange=1), "wrong_cards")
    state, _ = act(state, "ann", build("berlin", purple=1, locomotive=1))
    state = state.__class__.from_dict({**state.to_dict(), "current": "ann"})
    refused(state, "ann", build("paris", purple=2), "wrong_cards")
    state, _ = act(state, "ann", build("paris", purple=3))
    assert state.stations_left("ann") == 0
    state = state.__class__.from_dict({**state.to_dict(), "current": "ann"})
    refused(state, "ann", build("roma", purple=1), "no_stations_left")
    assert "build_station" not in legal_action_kinds(state, "ann")


def test_station_one_per_city():
    state = position("europe", face_up=ROW, hands={"ann": {"red": 2}}, stations={"wien": "bob"})
    refused(state, "ann", build("wien", red=1), "station_taken")
    assert all(a.city != "wien" for a in legal_options(state, "ann", "build_station"))


def test_station_may_stand_where_no_route_has_been_claimed():
    state = position("europe", face_up=ROW, hands={"ann": {"red": 1}})
    state, _ = act(state, "ann", build("edinburgh", red=1))
    assert state.stations == {"edinburgh": "ann"}


def test_station_is_the_whole_turn():
    state = position("europe", face_up=ROW, hands={"ann": {"red": 3}})
    state, events = act(state, "ann", build("wien", red=1))
    assert types(events)[-1] == "turn_passed" and state.current_player == "bob"
    refused(state, "ann", build("berlin", red=2), "not_your_turn")


def test_station_locomotives_are_wild():
    state = position("europe", face_up=ROW, hands={"ann": {"locomotive": 1}})
    state, _ = act(state, "ann", build("wien", locomotive=1))
    assert state.stations == {"wien": "ann"}


def test_no_stations_on_the_usa_map():
    state = position("usa", face_up=ROW, hands={"ann": {"red": 1}})
    refused(state, "ann", build("denver", red=1), "no_stations_on_map")
    assert "build_station" not in legal_action_kinds(state, "ann")


def test_unknown_city_is_refused():
    state = position("europe", face_up=ROW, hands={"ann": {"red": 1}})
    refused(state, "ann", build("atlantis", red=1), "unknown_city")


@pytest.mark.parametrize("built,cost", [(0, 1), (1, 2), (2, 3)])
def test_station_options_cover_every_free_city_and_payment(built, cost):
    stations = dict(zip(["wien", "berlin", "paris"][:built], ["ann"] * built, strict=True))
    state = position(
        "europe", face_up=ROW, stations=stations, hands={"ann": {"red": 3, "locomotive": 1}}
    )
    options = legal_options(state, "ann", "build_station")
    cities = {a.city for a in options}
    assert len(cities) == 47 - built
    per_city = [a.to_dict()["cards"] for a in options if a.city == "roma"]
    assert all(sum(c.values()) == cost for c in per_city)
    assert len(per_city) == len({tuple(sorted(c.items())) for c in per_city})
