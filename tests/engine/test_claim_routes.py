"""Claiming routes: colours, gray routes, doubles, ferries, trains, points."""

import pytest
from engine_helpers import act, claim, position, refused, types

from games.engine import get_map, legal_options

ROW = ["red", "blue", "green", "white", "black"]


def test_claim_route_pays_its_length_in_its_colour_with_locomotives_wild():
    state = position(hands={"ann": {"purple": 3, "locomotive": 2}}, face_up=ROW)
    state, events = act(state, "ann", claim("denver-omaha", purple=3, locomotive=1))
    assert state.claims == {"denver-omaha": "ann"}
    assert state.hand("ann") == {"locomotive": 1}
    assert state.trains[0] == 41 and state.scores[0] == 7
    assert state.current_player == "bob"
    assert events[0] == {
        "type": "route_claimed",
        "player": "ann",
        "route": "denver-omaha",
        "length": 4,
        "points": 7,
        "cards": {"purple": 3, "locomotive": 1},
        "turn": 1,
    }
    assert len(state.discard) == 4


def test_claim_route_refuses_another_colour():
    state = position(hands={"ann": {"red": 4}}, face_up=ROW)
    refused(state, "ann", claim("denver-omaha", red=4), "wrong_cards")


def test_claim_route_needs_exactly_its_length_in_cards():
    state = position(hands={"ann": {"purple": 5}}, face_up=ROW)
    refused(state, "ann", claim("denver-omaha", purple=3), "wrong_cards")
    refused(state, "ann", claim("denver-omaha", purple=5), "wrong_cards")


def test_claim_route_needs_the_cards_in_hand():
    state = position(hands={"ann": {"purple": 2}}, face_up=ROW)
    refused(state, "ann", claim("denver-omaha", purple=4), "not_enough_cards")


def test_gray_route_takes_any_one_colour():
    state = position(hands={"ann": {"orange": 2, "yellow": 2}}, face_up=ROW)
    refused(state, "ann", claim("denver-santa_fe", orange=1, yellow=1), "wrong_cards")
    state, _ = act(state, "ann", claim("denver-santa_fe", yellow=2))
    assert state.claims["denver-santa_fe"] == "ann"


def test_route_scoring_table_usa_and_europe():
    assert dict(get_map("usa").scoring) == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert dict(get_map("europe").scoring) == {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}


@pytest.mark.parametrize(
    "route,length,points",
    [
        ("atlanta-nashville", 1, 1),
        ("denver-santa_fe", 2, 2),
        ("calgary-vancouver", 3, 4),
        ("calgary-helena", 4, 7),
        ("denver-phoenix", 5, 10),
        ("sault_st_marie-winnipeg", 6, 15),
    ],
)
def test_route_points_scored_at_once(route, length, points):
    state = position(hands={"ann": {"white": 6}}, face_up=ROW[:4])
    state, _ = act(state, "ann", claim(route, white=length))
    assert state.scores[0] == points and state.trains[0] == 45 - length


def test_eight_space_route_scores_21_in_europe():
    state = position("europe", hands={"ann": {"locomotive": 14}}, face_up=ROW)
    state, events = act(state, "ann", claim("petrograd-stockholm", locomotive=8))
    # a tunnel: whatever is turned up, it is only locomotives that count here
    if state.pending is not None:
        state, events = act(
            state, "ann", {"type": "pay_tunnel", "cards": {"locomotive": state.pending.extra}}
        )
    assert state.scores[0] == 21


def test_claim_route_needs_enough_trains():
    state = position(hands={"ann": {"purple": 4}}, trains={"ann": 3}, face_up=ROW)
    refused(state, "ann", claim("denver-omaha", purple=4), "not_enough_trains")


def test_claimed_route_cannot_be_claimed_again():
    state = position(hands={"ann": {"purple": 4}}, claims={"denver-omaha": "bob"}, face_up=ROW)
    refused(state, "ann", claim("denver-omaha", purple=4), "route_taken")


def test_unknown_route_is_refused():
    state = position(hands={"ann": {"purple": 4}}, face_up=ROW)
    refused(state, "ann", claim("denver-moon", purple=4), "unknown_route")


@pytest.mark.parametrize("players", [("ann", "bob"), ("ann", "bob", "cy")])
def test_double_route_two_or_three_players_twin_closed(players):
    state = position(
        players=players,
        hands={"ann": {"yellow": 2}},
        claims={"boston-new_york-1": "bob"},
        face_up=ROW,
    )
    refused(state, "ann", claim("boston-new_york-2", yellow=2), "double_route_closed")
    assert all(a.route != "boston-new_york-2" for a in legal_options(state, "ann", "claim_route"))


@pytest.mark.parametrize(
    "players", [("ann", "bob", "cy", "dee"), ("ann", "bob", "cy", "dee", "eve")]
)
def test_double_route_four_or_five_players_never_both_for_one_player(players):
    state = position(
        players=players,
        hands={"ann": {"yellow": 4}, "bob": {"yellow": 2}},
        claims={"boston-new_york-1": "ann"},
        face_up=ROW,
    )
    refused(state, "ann", claim("boston-new_york-2", yellow=2), "double_route_closed")
    state = position(
        players=players,
        current="bob",
        hands={"bob": {"yellow": 2}},
        claims={"boston-new_york-1": "ann"},
        face_up=ROW,
    )
    state, _ = act(state, "bob", claim("boston-new_york-2", yellow=2))
    assert state.claims["boston-new_york-2"] == "bob"


def test_ferry_needs_at_least_its_locomotives():
    state = position("europe", hands={"ann": {"red": 4, "locomotive": 2}}, face_up=ROW)
    refused(state, "ann", claim("constantinople-sevastopol", red=3, locomotive=1), "wrong_cards")
    state, _ = act(state, "ann", claim("constantinople-sevastopol", red=2, locomotive=2))
    assert state.claims["constantinople-sevastopol"] == "ann"


def test_ferry_extra_locomotives_may_pay_the_rest():
    state = position("europe", hands={"ann": {"locomotive": 4}}, face_up=ROW)
    state, _ = act(state, "ann", claim("athina-brindisi", locomotive=4))
    assert state.claims["athina-brindisi"] == "ann"


def test_one_action_per_turn_claim_ends_the_turn():
    state = position(hands={"ann": {"purple": 4, "yellow": 2}}, face_up=ROW)
    state, events = act(state, "ann", claim("denver-omaha", purple=4))
    assert types(events)[-1] == "turn_passed"
    refused(state, "ann", claim("boston-new_york-2", yellow=2), "not_your_turn")


def test_legal_claims_spell_out_every_distinct_payment():
    state = position(hands={"ann": {"purple": 2, "locomotive": 2}}, face_up=ROW)
    payments = sorted(
        tuple(sorted(a.to_dict()["cards"].items()))
        for a in legal_options(state, "ann", "claim_route")
        if a.route == "denver-omaha"
    )
    assert payments == [(("locomotive", 2), ("purple", 2))]
    gray = [
        a.to_dict()["cards"]
        for a in legal_options(state, "ann", "claim_route")
        if a.route == "denver-santa_fe"
    ]
    assert sorted(map(lambda c: sorted(c.items()), gray)) == sorted(
        [
            [("purple", 2)],
            [("locomotive", 1), ("purple", 1)],
            [("locomotive", 2)],
        ]
    )


def test_every_listed_claim_is_accepted():
    state = position("europe", hands={"ann": {"purple": 3, "red": 1, "locomotive": 3}}, face_up=ROW)
    options = legal_options(state, "ann", "claim_route")
    assert len(options) > 20
    for action in options:
        act(state, "ann", action.to_dict())  # raises if the engine disagrees with itself
