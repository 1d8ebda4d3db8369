"""/api/v1/games/<id>/orders/: read, set and cancel your own standing orders; nobody else's,
bad input a 400 that changes nothing; once played, the report with the skipped reasons."""

import pytest
from api_steps import game_url, started_game, token_client
from rest_framework.test import APIClient

from games import engine
from games.models import Game, Move, StandingOrders
from games.services.orders import seat_orders_play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("generous_throttles")]


def _in_play(clients):
    game = started_game(clients)
    for client in clients:
        data = client.get(game_url(game["id"])).json()
        me = data["view"]["players"][data["you"]]
        if me.get("offered"):
            response = client.post(
                game_url(game["id"], "actions/"),
                {
                    "version": data["version"],
                    "action": {"type": "keep_tickets", "tickets": me["offered"]},
                },
                format="json",
            )
            assert response.status_code == 200, response.json()
    data = clients[0].get(game_url(game["id"])).json()
    current = data["view"]["current"]
    waiting = [c for c in clients if c.get(game_url(game["id"])).json()["you"] != current]
    moving = [c for c in clients if c not in waiting]
    return game["id"], moving[0], waiting[0]


def test_set_read_and_cancel_ones_own_orders_only():
    clients = [token_client(name) for name in ("ada", "bob")]
    game_id, moving, waiting = _in_play(clients)
    url = game_url(game_id, "orders/")
    assert waiting.get(url).json()["status"] is None
    orders = [
        {"kind": "claim_route", "route": "denver-omaha", "pay": "keep_locomotives"},
        {"kind": "draw_face_up", "color": "red", "then": "deck"},
        {"kind": "draw_deck"},
    ]
    answer = waiting.put(url, {"orders": orders}, format="json")
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["status"] == "standing" and body["orders"] == orders
    assert body["summary"][0] == "Claim Denver–Omaha, keeping my locomotives"
    assert body["summary"][2] == "Draw two train cards from the deck"
    # the other player, a stranger and anyone anonymous never see them
    assert moving.get(url).json()["status"] is None
    assert token_client("cyd").get(url).status_code == 404
    assert APIClient().get(url).status_code in (401, 403)
    # the mover cannot leave orders for the turn they are playing
    assert moving.put(url, {"orders": orders}, format="json").status_code == 403
    assert waiting.delete(url).json()["status"] is None
    assert not StandingOrders.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"orders": []},
        {"orders": "draw_deck"},
        {"orders": [{"kind": "draw_deck"}] * 6},
        {"orders": [{"kind": "fly"}]},
        {"orders": [{"kind": "claim_route", "route": "nowhere", "pay": "red"}]},
        {"orders": [{"kind": "claim_route", "route": "denver-omaha", "pay": 3}]},
        {"orders": [{"kind": "build_station", "city": "denver", "pay": "red"}]},
        {"orders": [{"kind": "draw_tickets", "keep": 9}]},
        {"orders": [None]},
    ],
)
def test_bad_input_is_a_400_that_changes_nothing(body):
    clients = [token_client(name) for name in ("ada", "bob")]
    game_id, _moving, waiting = _in_play(clients)
    answer = waiting.put(game_url(game_id, "orders/"), body, format="json")
    assert answer.status_code == 400, answer.json()
    assert answer.json()["message"]
    assert not StandingOrders.objects.exists()


def test_a_played_order_is_shown_to_its_owner_with_the_reasons_earlier_ones_were_skipped():
    clients = [token_client(name) for name in ("ada", "bob")]
    game_id, moving, waiting = _in_play(clients)
    url = game_url(game_id, "orders/")
    orders = [
        {"kind": "draw_face_up", "color": "locomotive"},
        {"kind": "draw_deck"},
    ]
    game = Game.objects.get(pk=game_id)
    state = engine.State.from_dict(game.state)
    if "locomotive" in state.face_up:
        orders[0] = {"kind": "draw_tickets", "keep": "all"}
        state = None
    assert waiting.put(url, orders and {"orders": orders}, format="json").status_code == 200
    data = moving.get(game_url(game_id)).json()
    for _ in range(2):
        data = moving.get(game_url(game_id)).json()
        moving.post(
            game_url(game_id, "actions/"),
            {"version": data["version"], "action": {"type": "draw_card", "from": "deck"}},
            format="json",
        )
    game.refresh_from_db()
    seat = game.seats.get(orders_standing=True)
    assert seat_orders_play(game_id=game_id, seat_id=seat.pk, version=game.version) == "played"
    body = waiting.get(url).json()
    assert body["status"] == "played"
    if state is not None:  # no face-up locomotive: the first was skipped, the deck drawn
        assert body["report"]["played"] == 1
        assert body["report"]["skipped"][0]["reason"] == "card_not_face_up"
        assert body["report"]["skipped"][0]["reason_text"] == "that card was not face up"
    assert moving.get(url).json()["status"] is None
    # and the log tells everyone
    log = moving.get(game_url(game_id, "moves/"), {"page_size": 100}).json()
    assert "played by standing order" in str(log)
    assert Move.objects.filter(game_id=game_id, by_order=True).count() >= 1
