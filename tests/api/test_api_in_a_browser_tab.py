"""An API address opened in a browser tab (or followed from the docs) answers with JSON,
never a server error: the API speaks JSON only; /api/docs/ is the page for people."""

import pytest
from api_steps import game_url, play, started_game, token_client

pytestmark = pytest.mark.django_db

BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_every_read_address_answers_a_browser_with_json():
    ada, bob = token_client("ada"), token_client("bob")
    game = started_game([ada, bob])
    game_id = game["id"]
    offered = ada.get(game_url(game_id, "legal-actions/")).json()
    play(ada, game_id, game["version"], offered["actions"][0])
    addresses = [
        "/api/v1/me/",
        "/api/v1/games/",
        "/api/v1/games/?filter=mine",
        game_url(game_id),
        game_url(game_id, "moves/"),
        game_url(game_id, "legal-actions/"),
        "/api/v1/users/ada/",
        "/api/v1/leaderboards/overall/",
    ]
    for address in addresses:
        response = ada.get(address, HTTP_ACCEPT=BROWSER_ACCEPT)
        assert response.status_code == 200, (address, response.status_code)
        assert response["Content-Type"].startswith("application/json"), address
        response.json()
