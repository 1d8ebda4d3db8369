"""Whole games of both maps with three players, through the API and token auth only."""

import random

import pytest
from api_steps import GAMES, game_url, play_to_end, started_game, token_client

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("generous_throttles"),
    pytest.mark.slow,  # whole games: CI runs them, `make test-fast` does not
]


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_three_token_users_play_a_whole_game_to_its_ranking(map_id):
    clients = {name: token_client(name) for name in ("ada", "bob", "cyd")}
    game = started_game(list(clients.values()), map=map_id, max_players=3)
    assert game["status"] == "choosing"
    assert sorted(seat["username"] for seat in game["seats"]) == ["ada", "bob", "cyd"]

    game, moves = play_to_end(clients, game, random.Random(f"api-{map_id}"))

    assert game["status"] == "finished"
    final = clients["ada"].get(game_url(game["id"])).json()
    assert final["view"]["phase"] == "game_over"
    ranked = [name for place in final["ranking"] for name in place]
    assert sorted(ranked) == ["ada", "bob", "cyd"]
    assert {seat["username"]: seat["place"] for seat in final["seats"]}[ranked[0]] == 1
    assert set(final["view"]["final"]["players"]) == {seat["player"] for seat in final["seats"]}
    # The log has every move, in turns (two card draws are one), and the game is listed as
    # finished for its players.
    logged, page = [], 1
    while page:
        log = clients["bob"].get(game_url(game["id"], "moves/"), {"page": page, "page_size": 100})
        logged += log.json()["results"]
        page = page + 1 if log.json()["next"] else None
    assert [number for entry in logged for number in entry["moves"]] == list(range(1, moves + 1))
    assert all(entry["number"] == entry["moves"][-1] for entry in logged)
    assert any(len(entry["moves"]) == 2 for entry in logged)
    # Numbered by turn as the engine numbers the events: the opening is turn 1.
    assert [entry["turn"] for entry in logged] == list(range(1, len(logged) + 1))
    assert all(event["turn"] == entry["turn"] for entry in logged for event in entry["events"])
    assert final["view"]["turn"] == logged[-1]["turn"]
    mine = clients["cyd"].get(GAMES, {"filter": "mine"}).json()["results"]
    assert [(g["id"], g["status"]) for g in mine] == [(game["id"], "finished")]
    # A rated game moves everyone's ratings: overall and the map's board.
    profile = clients["bob"].get("/api/v1/users/ada/").json()
    assert sorted(point["board"] for point in profile["rating_history"]) == sorted(
        ["overall", map_id]
    )
    assert profile["games_played"] == 1
