"""The schema of actions is the engine's own description of them (`ACTION_FIELDS`): every
action with the fields the engine reads, required where the engine needs them, and a
payment's counts as low as the engine takes them."""

import random

import pytest
from api_steps import game_url, one_random_move, play, started_game, token_client
from rest_framework.test import APIClient

from games import engine

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("generous_throttles")]


def action_schemas() -> dict:
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    return schema["components"]["schemas"]


def test_every_action_is_documented_with_the_fields_the_engine_reads():
    schemas = action_schemas()
    mapping = schemas["Action"]["discriminator"]["mapping"]
    assert set(mapping) == set(engine.ActionType)
    for action_type, specs in engine.ACTION_FIELDS.items():
        component = schemas[f"{engine.ACTION_CLASSES[action_type].__name__}Action"]
        assert list(component["properties"]) == ["type", *(s.name for s in specs)]
        needed = {"type", *(s.name for s in specs if s.only_with is None)}
        assert set(component["required"]) == needed, action_type
        for spec in specs:
            if spec.type is engine.FieldType.CARDS:
                counts = component["properties"][spec.name]["additionalProperties"]
                assert counts["minimum"] == 0, action_type


def test_a_payment_that_names_a_colour_zero_times_is_taken_as_the_schema_says():
    clients = {name: token_client(name) for name in ("ada", "bob")}
    game = started_game(list(clients.values()))
    rng = random.Random(3)
    while True:
        mover = next(s["username"] for s in game["seats"] if s["to_move"])
        legal = clients[mover].get(game_url(game["id"], "legal-actions/?type=claim_route"))
        if legal.json()["actions"]:
            break
        game = one_random_move(clients, game, rng)
    claim = legal.json()["actions"][0]
    unused = next(c for c in ("red", "blue", "green", "black") if c not in claim["cards"])
    claim = {**claim, "cards": {**claim["cards"], unused: 0}}
    response = play(clients[mover], game["id"], legal.json()["version"], claim)
    assert response.status_code == 200, response.content
    assert claim["route"] in response.json()["view"]["claims"]
    counts = action_schemas()["ClaimRouteAction"]["properties"]["cards"]["additionalProperties"]
    assert counts["minimum"] == 0
