"""The API's `view` is the engine's player_view, key for key, for every viewer, in every
phase and pending decision of both maps (a tunnel's laid cards included), and it has the
shape the API's schema documents (engine.PlayerView)."""

import json
import random
import typing

import pytest
from api_steps import game_url, started_game, token_client

from games import engine
from games.models import Game, GameStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("generous_throttles")]


def situation(state: engine.State) -> str:
    if state.pending is not None:
        return f"pending {state.pending.kind}"
    return f"phase {state.phase}"


SITUATIONS = {
    "phase initial_tickets",
    "phase play",
    "phase game_over",
    "pending second_card",
    "pending tickets",
}


def one_position_of_each(map_id: str, players: list[str]) -> dict[str, engine.State]:
    """Random games on this table until every situation (a tunnel too, in Europe) was seen."""
    wanted = SITUATIONS | ({"pending tunnel"} if map_id == "europe" else set())
    found: dict[str, engine.State] = {}
    rng = random.Random(map_id)
    for seed in range(200):
        state = engine.new_game(map_id, players, seed)
        while True:
            found.setdefault(situation(state), state)
            if state.phase == engine.Phase.GAME_OVER:
                break
            player = rng.choice(engine.players_to_act(state))
            state, _ = engine.apply(state, player, rng.choice(engine.legal_actions(state, player)))
        if wanted <= set(found):
            return found
    raise AssertionError(f"not seen in 200 games: {wanted - set(found)}")


def check_shape(value, hint, where="view"):
    """`value` (JSON) has exactly the shape of the type hint (TypedDicts, lists, dicts...)."""
    if typing.is_typeddict(hint):
        hints = typing.get_type_hints(hint)
        assert isinstance(value, dict), where
        assert hint.__required_keys__ <= value.keys() <= hints.keys(), (where, sorted(value))
        for key, item in value.items():
            check_shape(item, hints[key], f"{where}.{key}")
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, type(int | None)):
        if value is None:
            assert type(None) in args, where
            return
        (hint,) = [arg for arg in args if arg is not type(None)]
        check_shape(value, hint, where)
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            check_shape(item, args[0], f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), where
        for key, item in value.items():
            check_shape(item, args[1], f"{where}.{key}")
    elif isinstance(hint, type) and issubclass(
        hint, engine.Phase | engine.PendingKind | engine.ActionType
    ):
        assert value in list(hint), where
    else:
        assert type(value) is hint, (where, value)


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_the_api_view_is_player_view_for_every_viewer_in_every_situation(map_id):
    clients = [token_client(name) for name in ("ann", "bob", "cy")]
    detail = started_game(clients, map=map_id)
    game = Game.objects.get(pk=detail["id"])
    seats = {seat["username"]: seat["player"] for seat in detail["seats"]}
    watcher = token_client("watcher")
    positions = one_position_of_each(map_id, [seat["player"] for seat in detail["seats"]])
    for name, state in positions.items():
        game.state = state.to_dict()
        game.status = (
            GameStatus.FINISHED if state.phase == engine.Phase.GAME_OVER else GameStatus.PLAYING
        )
        game.save(update_fields=["state", "status"])
        for client, viewer in [*((c, seats[c.username]) for c in clients), (watcher, None)]:
            response = client.get(game_url(game.pk))
            assert response.status_code == 200, name
            sent = response.json()["view"]
            assert sent == json.loads(json.dumps(engine.player_view(state, viewer))), name
            check_shape(sent, engine.PlayerView)
        if name == "pending tunnel":
            assert sent["pending"]["laid"] and sum(sent["pending"]["laid"].values()) > 0


def test_the_schema_documents_the_view_from_the_engine_types(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    view = schema["components"]["schemas"]["PlayerView"]
    pending = view["properties"]["pending"]
    assert set(pending["properties"]) == set(typing.get_type_hints(engine.PendingView))
    assert "laid" in pending["properties"] and set(pending["required"]) == {"kind", "player"}
    assert set(view["properties"]) == set(typing.get_type_hints(engine.PlayerView))
    assert client.get("/api/schema/").status_code == 200  # the YAML form renders too
