"""The move log through the API numbers its entries by turn, as the engine numbers the
events in them, and the schema says so."""

import random

import pytest
from api_steps import game_url, one_random_move, started_game, token_client
from rest_framework.test import APIClient

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("generous_throttles")]


def test_each_entry_of_the_move_log_is_one_turn_with_its_number_in_every_event():
    clients = {name: token_client(name) for name in ("ada", "bea", "cal")}
    game = started_game(list(clients.values()), max_players=3)
    rng = random.Random(8)
    for _ in range(30):
        game = one_random_move(clients, game, rng)
    log = clients["ada"].get(game_url(game["id"], "moves/"), {"page_size": 100}).json()
    entries = log["results"]
    assert [entry["turn"] for entry in entries] == list(range(1, len(entries) + 1))
    assert all(event["turn"] == entry["turn"] for entry in entries for event in entry["events"])
    assert len(entries[0]["moves"]) == 3  # the opening: everyone's choice in turn 1
    view = clients["ada"].get(game_url(game["id"])).json()["view"]
    assert view["turn"] in (entries[-1]["turn"], entries[-1]["turn"] + 1)


def test_the_schema_documents_the_turn_of_an_entry_and_of_the_view():
    components = APIClient().get("/api/schema/", {"format": "json"}).json()["components"]
    entry = components["schemas"]["MoveEntry"]
    assert entry["properties"]["turn"]["type"] == "integer" and "turn" in entry["required"]
    view = components["schemas"]["PlayerView"]
    assert view["properties"]["turn"]["type"] == "integer" and "turn" in view["required"]
