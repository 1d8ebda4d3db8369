"""Refusals answer with the documented status and {"error": code, "message": sentence},
and change nothing."""

import pytest
from api_steps import GAMES, create_game, game_url, play, started_game, token_client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    """A started three-player game: {"clients": {...}, "game": creator's detail}."""
    clients = {name: token_client(name) for name in ("ada", "bob", "cyd")}
    return {"clients": clients, "game": started_game(list(clients.values()), max_players=3)}


def a_choice(client, game):
    legal = client.get(game_url(game["id"], "legal-actions/")).json()
    return legal["version"], legal["actions"][0]


def version_of(client, game_id):
    return client.get(game_url(game_id)).json()["version"]


def past_the_opening(table) -> dict:
    """Everyone keeps opening tickets; the game detail once play has begun."""
    for client in table["clients"].values():
        version, choice = a_choice(client, table["game"])
        assert play(client, table["game"]["id"], version, choice).status_code == 200
    return table["clients"]["ada"].get(game_url(table["game"]["id"])).json()


def test_a_move_made_against_an_older_version_is_409_moved_on_and_changes_nothing(table):
    game = past_the_opening(table)
    assert game["status"] == "playing"
    mover = table["clients"][next(s["username"] for s in game["seats"] if s["to_move"])]
    version, choice = a_choice(mover, game)
    assert play(mover, game["id"], version, choice).status_code == 200
    after = mover.get(game_url(game["id"])).json()
    response = play(mover, game["id"], version, {"type": "draw_card", "from": "deck"})
    assert response.status_code == 409
    assert response.json()["error"] == "moved_on"
    assert mover.get(game_url(game["id"])).json() == after


def test_the_same_post_twice_is_accepted_once(table):
    ada, game = table["clients"]["ada"], table["game"]
    version, choice = a_choice(ada, game)
    assert play(ada, game["id"], version, choice).status_code == 200
    assert play(ada, game["id"], version, choice).status_code == 409


def test_broken_json_is_400_malformed_json(table):
    ada, game = table["clients"]["ada"], table["game"]
    response = ada.generic(
        "POST",
        game_url(game["id"], "actions/"),
        '{"version": 1, "action": {',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "error": "malformed_json",
        "message": "The request body is not valid JSON.",
    }


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": {"type": "draw_tickets"}}, "version"),
        ({"version": "soon", "action": {"type": "draw_tickets"}}, "version"),
        ({"version": 1}, "action"),
        ({"version": 1, "action": "draw"}, "action"),
    ],
)
def test_a_body_missing_or_mistyping_a_field_is_400_invalid_naming_it(table, body, field):
    ada, game = table["clients"]["ada"], table["game"]
    response = ada.post(game_url(game["id"], "actions/"), body, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"
    assert response.json()["message"].startswith(f"{field}: ")
    assert field in response.json()["fields"]


def test_an_unknown_action_type_is_400_bad_action(table):
    ada, game = table["clients"]["ada"], table["game"]
    response = play(ada, game["id"], game["version"], {"type": "fly", "to": "boston"})
    assert response.status_code == 400
    assert response.json()["error"] == "bad_action"
    assert version_of(ada, game["id"]) == game["version"]


def test_a_move_the_rules_forbid_is_422_with_the_engines_code_and_message(table):
    ada, game = table["clients"]["ada"], table["game"]
    response = play(ada, game["id"], game["version"], {"type": "draw_card", "from": "deck"})
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "tickets_pending"
    assert body["message"] and body["message"] != body["error"]
    response = play(
        ada, game["id"], game["version"], {"type": "keep_tickets", "tickets": ["nowhere-else"]}
    )
    assert (response.status_code, response.json()["error"]) == (422, "not_offered")
    assert version_of(ada, game["id"]) == game["version"]


def test_a_stranger_posting_a_move_gets_404(table):
    game = table["game"]
    response = play(token_client("eve"), game["id"], game["version"], {"type": "draw_tickets"})
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


def test_a_game_that_does_not_exist_is_404_everywhere():
    eve = token_client("eve")
    for tail in ("", "legal-actions/", "moves/"):
        assert eve.get(game_url(999999, tail)).status_code == 404
    for tail in ("join/", "leave/", "start/"):
        assert eve.post(game_url(999999, tail)).status_code == 404


def test_anonymous_writes_are_401_and_say_how_to_authenticate(table):
    anonymous, game = APIClient(), table["game"]
    for url, body in [
        (GAMES, {"map": "usa"}),
        (game_url(game["id"], "actions/"), {"version": 1, "action": {"type": "pass"}}),
        (game_url(game["id"], "join/"), {}),
    ]:
        response = anonymous.post(url, body, format="json")
        assert response.status_code == 401
        assert response.json()["error"] == "not_authenticated"
        assert response["WWW-Authenticate"] == "Token"
    assert anonymous.get("/api/v1/me/").status_code == 401
    assert anonymous.get(GAMES, {"filter": "mine"}).status_code == 401


def test_a_revoked_or_mistyped_token_is_401_bad_token():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-key")
    response = client.get(GAMES)
    assert response.status_code == 401
    assert response.json()["error"] == "bad_token"


@pytest.mark.parametrize("key", ["caf\xe9", "abc\x00def", "a" * 300])
def test_a_key_that_is_not_utf8_holds_a_nul_or_is_overlong_is_401_bad_token(key):
    """Such keys reach the token lookup; they must be a plain 401, not a server error."""
    token_client("ada")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client.get("/api/v1/me/")
    assert response.status_code == 401
    assert response.json()["error"] == "bad_token"
    assert response["WWW-Authenticate"] == "Token"


def test_only_the_creator_may_start_403_and_a_started_game_cannot_be_joined_409():
    ada, bob = token_client("ada"), token_client("bob")
    game = create_game(ada)
    assert bob.post(game_url(game["id"], "join/")).status_code == 200
    refused = bob.post(game_url(game["id"], "start/"))
    assert (refused.status_code, refused.json()["error"]) == (403, "not_allowed")
    assert ada.post(game_url(game["id"], "start/")).status_code == 200
    late = token_client("cyd").post(game_url(game["id"], "join/"))
    assert (late.status_code, late.json()["error"]) == (409, "game_not_active")
    left = bob.post(game_url(game["id"], "leave/"))
    assert (left.status_code, left.json()["error"]) == (409, "game_not_active")


def test_a_full_game_refuses_another_join_and_bad_settings_are_400():
    ada = token_client("ada")
    game = create_game(ada, max_players=2)
    token_client("bob").post(game_url(game["id"], "join/"))
    assert token_client("cyd").post(game_url(game["id"], "join/")).status_code == 409
    response = ada.post(GAMES, {"map": "mars"}, format="json")
    assert (response.status_code, response.json()["error"]) == (400, "invalid")
    response = ada.post(GAMES, {"map": "usa", "max_players": 9}, format="json")
    assert (response.status_code, response.json()["error"]) == (400, "invalid")


def test_a_private_game_needs_its_invitation_to_join():
    ada, eve = token_client("ada"), token_client("eve")
    game = create_game(ada, is_private=True)
    assert eve.post(game_url(game["id"], "join/")).status_code == 404
    wrong = eve.post(game_url(game["id"], "join/"), {"invite_token": "guess"}, format="json")
    assert wrong.status_code == 404
    right = {"invite_token": game["invite_token"]}
    joined = eve.post(game_url(game["id"], "join/"), right, format="json")
    assert joined.status_code == 200
    assert [seat["username"] for seat in joined.json()["seats"]] == ["ada", "eve"]


def test_unknown_filters_and_action_types_in_queries_are_400():
    ada = token_client("ada")
    assert ada.get(GAMES, {"filter": "everything"}).json()["error"] == "invalid"
    game = create_game(ada)
    assert ada.get(game_url(game["id"], "legal-actions/"), {"type": "fly"}).status_code == 400
