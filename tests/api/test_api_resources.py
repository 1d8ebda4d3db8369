"""The read endpoints: me, public profiles, the games lists, leaderboards, the docs."""

import pytest
from api_steps import GAMES, create_game, game_url, started_game, token_client
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from games.models import Rating

pytestmark = pytest.mark.django_db


def test_me_names_the_token_owner_and_counts_games_awaiting_them():
    ada, bob = token_client("ada"), token_client("bob")
    started_game([ada, bob])
    me = ada.get("/api/v1/me/").json()
    assert (me["username"], me["email"], me["awaiting"]) == ("ada", "ada@example.org", 1)
    assert me["profile"].endswith("/api/v1/users/ada/")


def test_a_public_profile_shows_ratings_but_no_email():
    token_client("ada")
    ada = get_user_model().objects.get(username="ada")
    Rating.objects.create(user=ada, board="overall", mu=30, sigma=5, shown=15, games=4)
    profile = APIClient().get("/api/v1/users/ada/").json()
    assert profile["username"] == "ada"
    assert "email" not in profile
    assert profile["ratings"] == [
        {"board": "overall", "rating": 15.0, "games": 4, "provisional": True, "position": 1}
    ]
    assert APIClient().get("/api/v1/users/nobody/").status_code == 404


def test_the_games_filters_list_open_mine_and_awaiting():
    ada, bob, cyd = (token_client(name) for name in ("ada", "bob", "cyd"))
    waiting = create_game(cyd)
    running = started_game([ada, bob])

    def ids(client, name):
        return [g["id"] for g in client.get(GAMES, {"filter": name}).json()["results"]]

    assert ids(ada, "open") == [waiting["id"]]
    assert ids(APIClient(), "open") == [waiting["id"]]
    assert ids(ada, "mine") == [running["id"]]
    assert ids(ada, "awaiting") == [running["id"]]  # everyone chooses opening tickets
    assert ids(cyd, "mine") == [waiting["id"]]
    assert ids(cyd, "awaiting") == []
    listed = ada.get(GAMES).json()["results"][0]  # signed in: "mine" by default
    assert (listed["id"], listed["your_turn"], listed["players"]) == (
        running["id"],
        True,
        [s["username"] for s in running["seats"]],
    )


def test_lists_are_paginated():
    ada = token_client("ada")
    for _ in range(23):
        create_game(ada)
    first = ada.get(GAMES, {"filter": "mine"}).json()
    assert (first["count"], len(first["results"])) == (23, 20)
    second = ada.get(first["next"]).json()
    assert len(second["results"]) == 3 and second["next"] is None


def test_a_leaderboard_lists_players_with_three_rated_games_best_first():
    users = {name: token_client(name) for name in ("ada", "bob", "cyd")}
    model = get_user_model()
    for name, shown, games in [("ada", 10, 3), ("bob", 20, 5), ("cyd", 30, 2)]:
        Rating.objects.create(
            user=model.objects.get(username=name),
            board="usa",
            mu=shown + 15,
            sigma=5,
            shown=shown,
            games=games,
        )
    board = users["ada"].get("/api/v1/leaderboards/usa/").json()
    assert [(row["position"], row["username"]) for row in board["results"]] == [
        (1, "bob"),
        (2, "ada"),
    ]
    assert board["you"]["username"] == "ada" and board["count"] == 2
    assert APIClient().get("/api/v1/leaderboards/europe/").json()["results"] == []
    assert APIClient().get("/api/v1/leaderboards/mars/").status_code == 404


def test_a_lobby_round_trip_join_leave_start():
    ada, bob, cyd = (token_client(name) for name in ("ada", "bob", "cyd"))
    game = create_game(ada)
    assert game["status"] == "open" and game["view"] is None
    assert bob.post(game_url(game["id"], "join/")).json()["players"] == ["ada", "bob"]
    assert cyd.post(game_url(game["id"], "join/")).status_code == 200
    assert cyd.post(game_url(game["id"], "leave/")).status_code == 204
    started = ada.post(game_url(game["id"], "start/")).json()
    assert started["status"] == "choosing"
    assert started["view"]["phase"] == "initial_tickets"
    assert sorted(s["username"] for s in started["seats"]) == ["ada", "bob"]


def test_anonymous_clients_are_throttled_with_429_and_told_when_to_retry(monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "2/minute", "user": None})
    anonymous = APIClient()
    statuses = [anonymous.get(GAMES).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
    refused = anonymous.get(GAMES)
    assert refused.json()["error"] == "throttled"
    assert refused.json()["retry_after"] > 0
    assert int(refused["Retry-After"]) > 0


def test_token_clients_are_throttled_per_user(monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": None, "user": "3/minute"})
    ada = token_client("ada")
    assert [ada.get("/api/v1/me/").status_code for _ in range(4)] == [200, 200, 200, 429]
    assert token_client("bob").get("/api/v1/me/").status_code == 200


def test_the_schema_and_its_docs_pages_are_served_without_a_cdn():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    assert schema["openapi"].startswith("3.")
    assert {"/api/v1/games/{game_id}/actions/", "/api/v1/leaderboards/{board}/"} <= set(
        schema["paths"]
    )
    play = schema["paths"]["/api/v1/games/{game_id}/actions/"]["post"]["responses"]
    assert {"200", "400", "401", "403", "404", "409", "422", "429"} <= set(play)
    # Swagger UI from the sidecar's static files; Redoc's bundle from the sidecar too, served
    # with its one CDN address (a logo) taken out (games/api/doc_pages.py).
    for page, bundle in [
        ("/api/docs/", "/static/drf_spectacular_sidecar/"),
        ("/api/redoc/", '<script src="/api/redoc/redoc.standalone.js">'),
    ]:
        html = APIClient().get(page).content.decode()
        assert bundle in html
        assert "cdn" not in html.lower()
