"""The API takes what its schema says and refuses the rest, as the schema documents: what
schemathesis found accepted against the schema (form bodies, `page_size=null`, `rated: 0`,
a number for a token) and the 400 a NUL byte gets, which the schema did not list."""

import pytest
from api_steps import GAMES, create_game, game_url, started_game, token_client
from rest_framework.test import APIClient

from games.models import Game, Move

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("generous_throttles")]


@pytest.fixture
def table():
    clients = [token_client(name) for name in ("ada", "bob")]
    return clients, started_game(clients)


def unchanged(game_id, before):
    game = Game.objects.get(pk=game_id)
    return (game.version, game.state, Move.objects.filter(game=game).count()) == before


def snapshot(game_id):
    game = Game.objects.get(pk=game_id)
    return game.version, game.state, Move.objects.filter(game=game).count()


@pytest.mark.parametrize("form", ["multipart", None])
def test_a_form_body_is_refused_as_not_json(table, form):
    (ada, _), game = table
    before = snapshot(game["id"])
    body = {"version": game["version"], "action": '{"type": "draw_tickets"}'}
    if form:
        response = ada.post(game_url(game["id"], "actions/"), body, format=form)
    else:
        response = ada.post(
            game_url(game["id"], "actions/"),
            "version=0&type=draw_tickets",
            content_type="application/x-www-form-urlencoded",
        )
    assert response.status_code == 415
    assert response.json()["error"] == "unsupported_media_type"
    assert unchanged(game["id"], before)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"map": "usa", "rated": 0}, "rated"),
        ({"map": "usa", "is_private": "yes"}, "is_private"),
        ({"map": "usa", "max_players": "3"}, "max_players"),
        ({"map": "usa", "max_players": 3.0}, "max_players"),
        ({"map": "usa", "invite": [7]}, "invite"),
        ({"map": "usa", "bank_seconds": "0"}, "bank_seconds"),
        ({"map": "usa", "bank_seconds": True}, "bank_seconds"),
    ],
)
def test_game_settings_of_the_wrong_json_type_are_refused(body, field):
    ada = token_client("ada")
    response = ada.post(GAMES, body)
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"
    assert list(response.json()["fields"]) == [field]
    assert not Game.objects.exists()


def test_a_token_that_is_not_a_string_is_refused():
    ada, bob = token_client("ada"), token_client("bob")
    game = create_game(ada, is_private=True)
    response = bob.post(game_url(game["id"], "join/"), {"invite_token": 12345})
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["invite_token"]


def test_a_version_sent_as_a_string_is_refused_and_changes_nothing(table):
    (ada, _), game = table
    before = snapshot(game["id"])
    response = ada.post(
        game_url(game["id"], "actions/"),
        {"version": str(game["version"]), "action": {"type": "draw_tickets"}},
    )
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["version"]
    assert unchanged(game["id"], before)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"text": "   "}, "text"),
        ({"text": ""}, "text"),
        # Spaces to Python only (it trims them) and to JSON Schema only: still nothing.
        ({"text": "\x85"}, "text"),
        ({"text": "\x1c \x1f"}, "text"),
        ({"text": "\ufeff"}, "text"),
        ({"text": 5}, "text"),
    ],
)
def test_a_chat_line_with_nothing_to_read_is_refused(table, body, field):
    (ada, _), game = table
    response = ada.post(game_url(game["id"], "chat/"), body)
    assert response.status_code == 400
    assert list(response.json()["fields"]) == [field]


def test_a_vacation_with_a_day_that_is_not_a_date_is_refused():
    response = token_client("ada").post(
        "/api/v1/me/vacation/", {"first_day": "2000-01-01", "last_day": {}}
    )
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["last_day"]


@pytest.mark.parametrize(
    "query",
    ["page_size=null", "page_size=0", "page_size=101", "page_size=²", "page=null", "page=0"],
)
@pytest.mark.parametrize("path", ["/api/v1/games/", "/api/v1/invitations/", "moves"])
def test_page_numbers_and_sizes_are_whole_numbers_in_range(table, query, path):
    (ada, _), game = table
    path = game_url(game["id"], "moves/") if path == "moves" else path
    response = ada.get(f"{path}?{query}")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"


def test_a_page_past_the_end_is_not_found_and_a_leaderboard_shows_its_last(table):
    (ada, _), _game = table
    assert ada.get("/api/v1/games/?page=" + "9" * 40).status_code == 404
    assert ada.get("/api/v1/games/?page_size=100").status_code == 200
    assert ada.get("/api/v1/leaderboards/usa/?page=" + "9" * 40).status_code == 200
    assert ada.get("/api/v1/leaderboards/usa/?page=null").status_code == 400


def test_an_empty_action_type_filter_is_refused(table):
    (ada, _), game = table
    response = ada.get(game_url(game["id"], "legal-actions/?type="))
    assert response.status_code == 400


def test_the_schema_lists_the_refusals_that_come_before_any_view():
    schema = APIClient().get("/api/schema/", {"format": "json"}).json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            bad = responses["400"]["content"]["application/json"]["examples"]
            assert bad["NULByte"]["value"]["error"] == "bad_request", (method, path)
            assert "401" in responses, (method, path)
            if "requestBody" in operation:
                assert list(operation["requestBody"]["content"]) == ["application/json"]
                assert "415" in responses, (method, path)
    sizes = schema["paths"]["/api/v1/games/"]["get"]["parameters"]
    assert {"name": "page_size", "minimum": 1, "maximum": 100}.items() <= {
        "name": "page_size",
        **next(p for p in sizes if p["name"] == "page_size")["schema"],
    }.items()
    # The 400 is what a NUL byte gets, as documented.
    response = APIClient().get("/api/v1/games/?filter=open%00")
    assert response.status_code == 400
    assert response.json()["error"] == "bad_request"
