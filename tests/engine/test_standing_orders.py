"""Standing orders: each kind of instruction played when it is legal and payable, skipped
(with its reason) when it is not; and, over bot games, whatever the orders give is legal."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from engine_helpers import position

from games.bots import make_bot
from games.bots.base import bot_rng, seat_for
from games.engine import Phase, apply, get_map, legal_actions, new_game, players_to_act
from games.engine.maps import CARD_KINDS
from games.engine.orders import (
    KEEP_ALL,
    MAX_ORDERS,
    SKIP_CODES,
    TICKETS_TO_CHOOSE,
    TUNNEL_OVER_LIMIT,
    MalformedOrder,
    Skip,
    orders_from_list,
    orders_turn,
)

ROW = ["red", "blue", "green", "white", "black"]


def turn(state, player, orders):
    return orders_turn(state, player, orders_from_list(state.map_id, orders))


def dicts(result):
    return [action.to_dict() for action in result.actions]


def claim_order(route, pay="keep_locomotives", **more):
    return {"kind": "claim_route", "route": route, "pay": pay, **more}


def test_claim_paid_in_the_named_colour_with_the_fewest_locomotives():
    state = position(hands={"ann": {"red": 2, "yellow": 4, "locomotive": 2}}, face_up=ROW)
    route = get_map("usa").routes["atlanta-raleigh-1"]  # gray, of two
    assert route.length == 2 and route.color == "gray"
    result = turn(state, "ann", [claim_order(route.id, "red")])
    assert result.played == 0 and not result.skipped
    assert dicts(result) == [
        {"type": "claim_route", "route": route.id, "cards": {"red": 2}},
    ]


def test_keep_locomotives_pays_without_them_when_a_colour_will_do():
    state = position(hands={"ann": {"red": 1, "yellow": 4, "locomotive": 2}}, face_up=ROW)
    result = turn(state, "ann", [claim_order("atlanta-raleigh-1")])
    assert dicts(result)[0]["cards"] == {"yellow": 2}


def test_route_taken_by_the_previous_player_is_skipped_for_the_next_order():
    state = position(
        hands={"ann": {"red": 2}},
        claims={"atlanta-raleigh-1": "bob"},
        face_up=ROW,
    )
    orders = [
        claim_order("atlanta-raleigh-1", "red"),
        claim_order("atlanta-raleigh-2", "red"),  # its twin: shut in a game of two
        {"kind": "draw_deck"},
    ]
    result = turn(state, "ann", orders)
    assert result.played == 2
    assert result.skipped == (Skip(0, "route_taken"), Skip(1, "double_route_closed"))
    assert dicts(result) == [{"type": "draw_card", "from": "deck"}] * 2


def test_not_enough_cards_of_the_named_colour():
    state = position(hands={"ann": {"red": 1, "yellow": 4}}, face_up=ROW)
    result = turn(state, "ann", [claim_order("atlanta-raleigh-1", "red")])
    assert result.played is None and result.actions == ()
    assert result.skipped == (Skip(0, "not_enough_cards"),)


def test_face_up_card_then_a_second_named_one_or_the_deck():
    state = position(face_up=ROW, train_deck=["purple", "orange", "yellow"])
    order = {"kind": "draw_face_up", "color": "blue", "then": "green"}
    result = turn(state, "ann", [order])
    assert dicts(result) == [
        {"type": "draw_card", "from": "face_up", "color": "blue"},
        {"type": "draw_card", "from": "face_up", "color": "green"},
    ]
    gone = {"kind": "draw_face_up", "color": "blue", "then": "orange"}
    result = turn(state, "ann", [gone])
    # the refill turned up the deck's purple, not orange: the second card is the deck's top
    assert dicts(result)[1] == {"type": "draw_card", "from": "deck"}


def test_face_up_card_gone_is_skipped():
    state = position(face_up=ROW)
    result = turn(state, "ann", [{"kind": "draw_face_up", "color": "purple", "then": "deck"}])
    assert result.played is None and result.skipped == (Skip(0, "card_not_face_up"),)


def test_a_face_up_locomotive_is_the_whole_turn():
    state = position(face_up=["locomotive", *ROW[:4]])
    result = turn(state, "ann", [{"kind": "draw_face_up", "color": "locomotive", "then": "red"}])
    assert dicts(result) == [{"type": "draw_card", "from": "face_up", "color": "locomotive"}]


def test_tickets_drawn_wait_for_the_players_choice_unless_keep_all():
    state = position(face_up=ROW)
    result = turn(state, "ann", [{"kind": "draw_tickets", "keep": 1}])
    assert dicts(result) == [{"type": "draw_tickets"}]
    assert result.outcome == TICKETS_TO_CHOOSE
    result = turn(state, "ann", [{"kind": "draw_tickets", "keep": KEEP_ALL}])
    assert [a["type"] for a in dicts(result)] == ["draw_tickets", "keep_tickets"]
    assert len(dicts(result)[1]["tickets"]) == 3


def test_ticket_deck_empty_is_skipped():
    state = replace(position(face_up=ROW), ticket_deck=())
    result = turn(state, "ann", [{"kind": "draw_tickets", "keep": "all"}, {"kind": "draw_deck"}])
    assert result.skipped == (Skip(0, "no_tickets_to_draw"),) and result.played == 1
    state = replace(position(face_up=ROW), ticket_deck=("denver-el_paso",))
    result = turn(state, "ann", [{"kind": "draw_tickets", "keep": 2}])
    assert result.skipped == (Skip(0, "too_few_tickets"),)


def test_tunnel_paid_within_the_limit_declined_beyond_it_never_without_one():
    # Munchen - Zurich is a yellow tunnel of 2; the top three turn up one yellow, one locomotive
    setup = dict(
        train_deck=["yellow", "locomotive", "blue"],
        face_up=ROW,
        hands={"ann": {"yellow": 5, "locomotive": 1}},
    )
    state = position("europe", **setup)
    unset = turn(state, "ann", [claim_order("munchen-zurich", "yellow")])
    assert unset.skipped == (Skip(0, "tunnel_without_limit"),)
    within = turn(state, "ann", [claim_order("munchen-zurich", "yellow", tunnel_extra=2)])
    assert [a["type"] for a in dicts(within)] == ["claim_route", "pay_tunnel"]
    assert dicts(within)[1]["cards"] == {"yellow": 2}
    beyond = turn(state, "ann", [claim_order("munchen-zurich", "yellow", tunnel_extra=1)])
    assert [a["type"] for a in dicts(beyond)] == ["claim_route", "decline_tunnel"]
    assert beyond.outcome == TUNNEL_OVER_LIMIT


def test_station_paid_in_the_named_colour_or_skipped():
    state = position("europe", face_up=ROW, hands={"ann": {"red": 1, "blue": 2}})
    result = turn(state, "ann", [{"kind": "build_station", "city": "berlin", "pay": "red"}])
    assert dicts(result) == [{"type": "build_station", "city": "berlin", "cards": {"red": 1}}]
    taken = position("europe", face_up=ROW, hands={"ann": {"red": 1}}, stations={"berlin": "bob"})
    result = turn(taken, "ann", [{"kind": "build_station", "city": "berlin", "pay": "red"}])
    assert result.skipped == (Skip(0, "station_taken"),)
    unpaid = turn(state, "ann", [{"kind": "build_station", "city": "berlin", "pay": "green"}])
    assert unpaid.skipped == (Skip(0, "not_enough_cards"),)


def test_nothing_plays_out_of_turn():
    state = position(face_up=ROW)
    assert turn(state, "bob", [{"kind": "draw_deck"}]).played is None


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        [{"kind": "draw_deck"}] * (MAX_ORDERS + 1),
        [{"kind": "fly"}],
        [{"kind": "claim_route", "route": "nowhere", "pay": "red"}],
        [{"kind": "claim_route", "route": "denver-omaha", "pay": "gold"}],
        [{"kind": "build_station", "city": "denver", "pay": "red"}],  # no stations on the USA
        [{"kind": "draw_face_up", "color": "red", "then": "locomotive"}],
        [{"kind": "draw_tickets", "keep": 0}],
        [{"kind": "draw_tickets", "keep": True}],
        ["draw_deck"],
    ],
)
def test_malformed_orders_are_refused(bad):
    with pytest.raises(MalformedOrder):
        orders_from_list("usa", bad)


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_the_stored_form_reads_back_the_same(map_id):
    rng = random.Random(4)
    state = new_game(map_id, ["ann", "bob"], 4)
    for _ in range(50):
        orders = _random_orders(state, "ann", rng)
        again = orders_from_list(map_id, [order.to_dict() for order in orders])
        assert again == orders


def _random_orders(state, player, rng):
    """Up to five instructions, some taken from the legal moves, some made up."""
    game_map = get_map(state.map_id)
    routes = sorted(game_map.routes)
    cities = sorted(game_map.cities)
    orders = []
    for _ in range(rng.randint(1, MAX_ORDERS)):
        kind = rng.choice(
            ["claim_route", "claim_route", "draw_face_up", "draw_deck", "draw_tickets"]
        )
        if kind == "claim_route":
            legal = [a for a in legal_actions(state, player) if a.type == "claim_route"]
            route = rng.choice(legal).route if legal and rng.random() < 0.6 else rng.choice(routes)
            pay = rng.choice([*CARD_KINDS, "keep_locomotives"])
            orders.append(claim_order(route, pay, tunnel_extra=rng.choice([None, 0, 1, 2, 3])))
        elif kind == "draw_face_up":
            orders.append(
                {
                    "kind": kind,
                    "color": rng.choice(CARD_KINDS),
                    "then": rng.choice([*CARD_KINDS[:-1], "deck"]),
                }
            )
        elif kind == "draw_tickets":
            orders.append({"kind": kind, "keep": rng.choice([1, 2, 3, "all"])})
        else:
            orders.append({"kind": kind})
    if game_map.has_stations and rng.random() < 0.3:
        orders.insert(
            0, {"kind": "build_station", "city": rng.choice(cities), "pay": rng.choice(CARD_KINDS)}
        )
        orders = orders[:MAX_ORDERS]
    return orders_from_list(state.map_id, orders)


@pytest.mark.parametrize("map_id", ["usa", "europe"])
@pytest.mark.parametrize("seed", range(8))
def test_whatever_the_orders_give_is_legal_in_bot_games(map_id, seed):
    """One seat plays by random orders whenever one is playable, the others are bots; every
    action the orders give applies, and the turn ends with it (or waits for the ticket
    choice, which the bot then makes)."""
    rng = random.Random(seed)
    players = ["ann", "bob", "cy"][: 2 + seed % 2]
    state = new_game(map_id, players, seed)
    bot = make_bot("route_focus")
    history: list[dict] = []
    played = skipped = 0
    steps = 0
    while state.phase != Phase.GAME_OVER and steps < 3000:
        player = players_to_act(state)[0]
        if player == "ann" and state.phase == Phase.PLAY and state.pending is None:
            result = orders_turn(state, player, _random_orders(state, player, rng))
            skipped += len(result.skipped)
            assert all(skip.code in SKIP_CODES for skip in result.skipped)
            for action in result.actions:
                assert players_to_act(state) == (player,)
                state, events = apply(state, player, action)  # raises if illegal
                history.extend(events)
                steps += 1
            if result.played is not None:
                played += 1
                ended = state.phase == Phase.GAME_OVER or state.players[state.current] != player
                assert ended or result.outcome == TICKETS_TO_CHOOSE
                assert ended or state.pending is not None
                continue
        view = seat_for(state, player, tuple(history), bot_rng(str(seed), player, steps))
        state, events = apply(state, player, bot.decide(view))
        history.extend(events)
        steps += 1
    assert state.phase == Phase.GAME_OVER
    assert played > 10 and skipped > 0
