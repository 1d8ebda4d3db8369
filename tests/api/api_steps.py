"""API test helpers: token users and a client that plays only through /api/v1/.

Nothing here imports the engine or the services: moves are picked from what
legal-actions offers, exactly as a bot that knows only the API docs would.
"""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model
from knox.models import AuthToken
from rest_framework.test import APIClient

GAMES = "/api/v1/games/"


def token_client(username: str) -> APIClient:
    user = get_user_model().objects.create_user(username, f"{username}@example.org", "pw")
    client = APIClient()
    _, key = AuthToken.objects.create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    client.username = username
    return client


def game_url(game_id: int, tail: str = "") -> str:
    return f"{GAMES}{game_id}/{tail}"


def create_game(client: APIClient, **settings) -> dict:
    response = client.post(GAMES, {"map": "usa", "max_players": 5, **settings}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def started_game(clients: list[APIClient], **settings) -> dict:
    """Created by clients[0] and joined by the others; started by the creator unless the
    last join filled it (which starts it). The creator's game detail."""
    game = create_game(clients[0], **settings)
    for client in clients[1:]:
        body = {"invite_token": game["invite_token"]} if game["invite_token"] else {}
        response = client.post(game_url(game["id"], "join/"), body, format="json")
        assert response.status_code == 200, response.content
    if response.json()["status"] == "open":
        response = clients[0].post(game_url(game["id"], "start/"))
        assert response.status_code == 200, response.content
    return clients[0].get(game_url(game["id"])).json()


def play(client: APIClient, game_id: int, version: int, action: dict):
    return client.post(
        game_url(game_id, "actions/"), {"version": version, "action": action}, format="json"
    )


def one_random_move(clients: dict[str, APIClient], game: dict, rng: random.Random) -> dict:
    """A random legal move by one seat that must act now; the game detail after it."""
    movers = [seat["username"] for seat in game["seats"] if seat["to_move"]]
    client = clients[rng.choice(movers)]
    legal = client.get(game_url(game["id"], "legal-actions/")).json()
    assert legal["actions"], f"{client.username} must act but has no legal action"
    response = play(client, game["id"], legal["version"], rng.choice(legal["actions"]))
    assert response.status_code == 200, response.content
    return response.json()


def play_to_end(clients: dict[str, APIClient], game: dict, rng: random.Random, limit=2000):
    moves = 0
    while game["status"] in ("choosing", "playing"):
        game = one_random_move(clients, game, rng)
        moves += 1
        assert moves < limit, "the game did not end"
    return game, moves
