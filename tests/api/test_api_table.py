"""The table's own actions through the API: resign (and the others as they come)."""

import random

import pytest
from api_steps import game_url, one_random_move, started_game, token_client

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("generous_throttles")]


def test_resigning_through_the_api():
    clients = [token_client(name) for name in ("ada", "bea", "cal")]
    game = started_game(clients, max_players=3)
    response = clients[1].post(game_url(game["id"], "resign/"))
    assert response.status_code == 200, response.content
    seat = next(seat for seat in response.json()["seats"] if seat["username"] == "bea")
    assert seat["forfeited"] and seat["resigned"]
    again = clients[1].post(game_url(game["id"], "resign/"))
    assert again.status_code == 403 and again.json()["error"] == "not_allowed"


def test_giving_the_player_to_move_one_more_day_through_the_api():
    clients = {name: token_client(name) for name in ("ada", "bea")}
    game = started_game(list(clients.values()), max_players=2, turn_seconds=86400)
    rng = random.Random(3)
    while game["status"] != "playing":
        game = one_random_move(clients, game, rng)
    mover = next(seat for seat in game["seats"] if seat["to_move"])
    giver = next(name for name in clients if name != mover["username"])
    response = clients[giver].post(
        game_url(game["id"], "more-time/"), {"version": game["version"]}, format="json"
    )
    assert response.status_code == 200, response.content
    after = next(seat for seat in response.json()["seats"] if seat["to_move"])
    assert after["extra_seconds"] == 86400
    assert response.json()["deadline"] > game["deadline"]
    moves = clients[giver].get(game_url(game["id"], "moves/"), {"page_size": 100}).json()
    assert moves["results"][-1]["sentences"] == [f"{giver} gave {mover['username']} one more day"]
    again = clients[giver].post(
        game_url(game["id"], "more-time/"), {"version": response.json()["version"]}, format="json"
    )
    assert again.status_code == 403
    stale = clients[mover["username"]].post(
        game_url(game["id"], "more-time/"), {"version": game["version"]}, format="json"
    )
    assert stale.status_code == 409


def test_time_away_through_the_api(time_machine):
    time_machine.move_to("2030-03-04 09:00Z", tick=False)
    ada, bea = token_client("ada"), token_client("bea")
    game = started_game([ada, bea], max_players=2, turn_seconds=86400)
    body = {"first_day": "2030-03-04", "last_day": "2030-03-06"}
    response = ada.post("/api/v1/me/vacation/", body, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == {
        "first_day": "2030-03-04",
        "last_day": "2030-03-06",
        "away_now": True,
        "year": 2030,
        "days_used": 3,
        "days_left": 18,
    }
    seen = bea.get(game_url(game["id"])).json()
    seat = next(seat for seat in seen["seats"] if seat["username"] == "ada")
    assert seat["away_until"] == "2030-03-06" and seat["deadline"] == "2030-03-08T00:00:00Z"
    past = ada.post("/api/v1/me/vacation/", {**body, "first_day": "2030-03-01"}, format="json")
    assert past.status_code == 400 and past.json()["error"] == "invalid_vacation"
    assert ada.delete("/api/v1/me/vacation/").status_code == 204
    assert ada.get("/api/v1/me/vacation/").json()["days_used"] == 1


def test_the_table_chat_through_the_api():
    from rest_framework.test import APIClient

    ada, bea, eve = token_client("ada"), token_client("bea"), token_client("eve")
    game = started_game([ada, bea], max_players=2)
    said = ada.post(game_url(game["id"], "chat/"), {"text": "<i>hello</i>"}, format="json")
    assert said.status_code == 201, said.content
    (line,) = said.json()["messages"]
    assert line["author"] == "ada" and line["text"] == "<i>hello</i>"  # as typed; escape it
    for reader in (bea, eve, APIClient()):  # a public game: spectators read the chat
        assert reader.get(game_url(game["id"], "chat/")).json()["messages"] == [line]
    assert eve.post(game_url(game["id"], "chat/"), {"text": "hi"}).status_code == 404
    too_long = ada.post(game_url(game["id"], "chat/"), {"text": "x" * 501}, format="json")
    assert too_long.status_code == 400
    report = game_url(game["id"], f"chat/{line['id']}/report/")
    assert bea.post(report).status_code == 204 and ada.post(report).status_code == 403
    muted = bea.post(game_url(game["id"], "chat/mute/"), {"muted": True}, format="json")
    assert muted.json() == {"muted": True, "messages": []}


def test_invitations_and_a_rematch_through_the_api():
    ada, bea = token_client("ada"), token_client("bea")
    body = {"map": "usa", "max_players": 2, "invite": ["bea"]}
    created = ada.post("/api/v1/games/", body, format="json")
    assert created.status_code == 201, created.content
    (invitation,) = bea.get("/api/v1/invitations/").json()["results"]
    assert invitation["inviter"] == "ada" and invitation["game"] == created.json()["id"]
    accepted = bea.post(f"/api/v1/invitations/{invitation['id']}/", {"accept": True})
    assert accepted.status_code == 200 and accepted.json()["status"] == "choosing"
    unknown = ada.post("/api/v1/games/", {**body, "invite": ["nobody"]}, format="json")
    assert unknown.status_code == 400 and unknown.json()["error"] == "invalid_settings"

    game_id = created.json()["id"]
    assert ada.post(game_url(game_id, "rematch/")).status_code == 409  # not over yet
    ada.post(game_url(game_id, "resign/"))
    rematch = bea.post(game_url(game_id, "rematch/"))
    assert rematch.status_code == 200 and rematch.json()["players"] == ["bea"]
    (asked,) = ada.get("/api/v1/invitations/").json()["results"]
    assert asked["rematch"] and asked["game"] == rematch.json()["id"]
    declined = ada.post(f"/api/v1/invitations/{asked['id']}/", {"accept": False})
    assert declined.status_code == 204 and ada.get("/api/v1/invitations/").json()["results"] == []
