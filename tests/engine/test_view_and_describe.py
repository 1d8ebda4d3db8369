"""What each viewer sees, and the sentences of the game log."""

import json

from engine_helpers import act, claim, position

from games.engine import describe, new_game, player_view

ROW = ["red", "blue", "green", "white", "black"]


def test_player_view_shows_own_hand_and_tickets_and_only_counts_of_others():
    state = position(
        face_up=ROW,
        hands={"ann": {"red": 2}, "bob": {"blue": 3}},
        tickets={"ann": ["boston-miami"], "bob": ["denver-el_paso"]},
    )
    view = player_view(state, "ann")
    me, other = view["players"]["ann"], view["players"]["bob"]
    assert me["hand"] == {"red": 2} and me["tickets"] == ["boston-miami"]
    assert me["ticket_progress"] == {"boston-miami": False}
    assert other == {
        "score": 0,
        "trains": 45,
        "stations_left": 3,
        "card_count": 3,
        "ticket_count": 1,
        "forfeited": False,
    }
    text = json.dumps(view)
    assert "denver-el_paso" not in text and "blue" not in json.dumps(other)


def test_player_view_never_holds_deck_order_seed_or_ticket_deck():
    state = new_game("europe", ["ann", "bob"], seed=123456)
    view = player_view(state, "ann")
    assert set(view) == {
        "map",
        "phase",
        "players_order",
        "current",
        "to_act",
        "viewer",
        "pending",
        "last_round_ends_after",
        "face_up",
        "deck_count",
        "discard_count",
        "ticket_deck_count",
        "claims",
        "stations",
        "players",
        "final",
        "turn",
    }
    assert "123456" not in json.dumps(view)
    assert view["players"]["ann"]["offered"] == list(state.offered[0])
    assert "offered" not in view["players"]["bob"]
    assert view["players"]["ann"]["choices"]["keep"]["tickets"] == list(state.offered[0])
    assert not {"choices", "ticket_paths", "ticket_missing"} & set(view["players"]["bob"])
    for ticket in state.offered[1]:
        assert ticket not in json.dumps(view)


def test_spectator_sees_no_hand_at_all():
    state = new_game("usa", ["ann", "bob"], seed=1)
    view = player_view(state, None)
    assert view["viewer"] is None
    assert all("hand" not in p and "tickets" not in p for p in view["players"].values())


def test_pending_tunnel_reveal_and_laid_cards_are_public():
    state = position(
        "europe", train_deck=["yellow", "red", "blue"], face_up=ROW, hands={"ann": {"yellow": 3}}
    )
    state, _ = act(state, "ann", claim("munchen-zurich", yellow=2))
    view = player_view(state, "bob")
    assert view["pending"] == {
        "kind": "tunnel",
        "player": "ann",
        "route": "munchen-zurich",
        "laid": {"yellow": 2},
        "revealed": ["yellow", "red", "blue"],
        "extra": 1,
    }
    # The laid cards are on the table, out of the hand, for the player as for everyone.
    mine = player_view(state, "ann")
    assert mine["pending"]["laid"] == {"yellow": 2}
    assert mine["players"]["ann"]["hand"] == {"yellow": 1}


NAMES = {"ann": "Ann", "bob": "Bob", "cy": "Cy"}


def test_describe_card_draws_never_name_a_blind_card():
    assert (
        describe(
            {"type": "card_drawn", "player": "ann", "source": "face_up", "color": "red"}, NAMES
        )
        == "Ann took a face-up red card"
    )
    assert (
        describe(
            {"type": "card_drawn", "player": "ann", "source": "face_up", "color": "locomotive"},
            NAMES,
        )
        == "Ann took a face-up locomotive"
    )
    assert (
        describe({"type": "card_drawn", "player": "ann", "source": "deck", "color": None}, NAMES)
        == "Ann drew a card from the deck"
    )


def test_describe_claims_tunnels_and_stations_with_city_names():
    assert (
        describe(
            {
                "type": "route_claimed",
                "player": "bob",
                "route": "denver-omaha",
                "length": 4,
                "points": 7,
                "cards": {},
            },
            NAMES,
            "usa",
        )
        == "Bob claimed Denver–Omaha (4) for 7 points"
    )
    revealed = {
        "type": "tunnel_revealed",
        "player": "cy",
        "route": "munchen-zurich",
        "revealed": ["red", "locomotive", "blue"],
        "extra": 0,
    }
    assert describe(revealed, NAMES, "europe") == (
        "Cy's tunnel München–Zürich turned up a red card, a locomotive and a blue card:"
        " nothing extra"
    )
    assert describe({**revealed, "extra": 1}, NAMES, "europe") == (
        "Cy's tunnel München–Zürich turned up a red card, a locomotive and a blue card:"
        " 1 extra, pay or decline"
    )
    paid = {
        "type": "tunnel_paid",
        "player": "cy",
        "route": "munchen-zurich",
        "extra": 1,
        "cards": {"yellow": 1},
    }
    assert describe(paid, NAMES, "europe") == "Cy's tunnel München–Zürich turned up 1 extra: paid"
    assert (
        describe({**paid, "type": "tunnel_declined"}, NAMES)
        == "Cy's tunnel München–Zürich turned up 1 extra: declined"
    )
    assert (
        describe(
            {"type": "station_built", "player": "ann", "city": "kobenhavn", "cards": {}},
            NAMES,
            "europe",
        )
        == "Ann built a station in København"
    )


def test_describe_every_event_of_a_game_in_one_sentence():
    state = position(
        "europe", train_deck=["yellow", "red", "blue"], face_up=ROW, hands={"ann": {"yellow": 3}}
    )
    state, events = act(state, "ann", claim("munchen-zurich", yellow=2))
    state, more = act(state, "ann", {"type": "pay_tunnel", "cards": {"yellow": 1}})
    for event in events + more:
        sentence = describe(event, NAMES, "europe")
        assert sentence and "\n" not in sentence and "{" not in sentence
    assert (
        describe(
            {"type": "game_over", "ranking": [["ann", "bob"]], "totals": {"ann": 50, "bob": 50}},
            NAMES,
        )
        == "The game is over: Ann and Bob share the win with 50 points"
    )
