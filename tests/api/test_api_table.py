"""The table's own actions through the API: resign (and the others as they come)."""

import pytest
from api_steps import game_url, started_game, token_client

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
