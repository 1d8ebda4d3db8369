"""The malformed requests an audit found answered with 500: each gets a clear 400, 404 or
405 and changes nothing."""

import re

import pytest
from django.test import Client
from game_steps import make_users, started_game

from games.models import Move

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000  # more digits than int() reads (it refuses over 4300)


@pytest.fixture
def game():
    return started_game(make_users("ann", "bob"))


@pytest.fixture
def ann(game):
    client = Client()
    client.force_login(game.seats.get(user__username="ann").user)
    return client


def unchanged(game, before):
    game.refresh_from_db()
    return (game.version, game.state, Move.objects.filter(game=game).count()) == before


@pytest.mark.parametrize(
    "data",
    [
        {"type": "pass", "version": "²"},
        {"type": "pass", "version": HUGE},
        {"type": "claim_route", "route": "x", "cards": "red:²", "version": "0"},
        {"type": "claim_route", "route": "x", "cards": f"red:{HUGE}", "version": "0"},
        {"type": "build_station", "city": "x", "cards": "red:١", "version": "0"},
    ],
    ids=["superscript-version", "huge-version", "superscript-cards", "huge-cards", "arabic-digit"],
)
@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
def test_a_move_with_digits_int_cannot_read_is_refused_as_malformed(game, ann, data, htmx):
    before = (game.version, game.state, Move.objects.filter(game=game).count())
    data = {**data, "version": data["version"].replace("0", str(game.version))}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = ann.post(f"/games/{game.pk}/move/", data, **headers)
    assert response.status_code == 400
    assert unchanged(game, before)


@pytest.mark.parametrize(
    "path",
    ["/u/%00/", "/games/invite/%00/", "/leaderboard/%00/", "/games/1/route/%00/"],
)
def test_a_nul_byte_in_a_page_address_is_not_found(client, game, path):
    response = client.get(path.replace("/1/", f"/{game.pk}/"))
    assert response.status_code == 404


def test_a_nul_byte_in_an_api_address_is_a_json_404(client):
    response = client.get("/api/v1/users/%00/")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


@pytest.mark.parametrize("action", ["leave", "start", "join", "resign", "actions"])
def test_options_on_an_api_action_answers_what_it_allows(game, ann, action):
    response = ann.options(f"/api/v1/games/{game.pk}/{action}/")
    assert response.status_code == 200
    assert "POST" in response["Allow"]


def test_a_nul_byte_in_a_query_or_form_value_is_malformed(client, game, ann):
    assert client.get("/leaderboard/?page=%00").status_code == 400
    assert client.get("/api/v1/games/?status=%00").json()["error"] == "bad_request"
    before = (game.version, game.state, Move.objects.filter(game=game).count())
    response = ann.post(f"/games/{game.pk}/move/", {"type": "pass\x00", "version": "1"})
    assert response.status_code == 400
    assert "cannot read" in response.text
    assert unchanged(game, before)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/games/123456789012345678901234567890/"),
        ("post", "/games/123456789012345678901234567890/move/"),
        ("get", "/api/v1/games/123456789012345678901234567890/"),
        ("post", "/api/v1/games/38899149711804578764300010322814566400/chat/mute/"),
    ],
)
def test_an_id_too_long_for_the_database_is_not_found(ann, method, path):
    assert getattr(ann, method)(path).status_code == 404


@pytest.mark.parametrize("method", ["options", "post", "put", "delete"])
@pytest.mark.parametrize("page", ["/api/docs/", "/api/docs/?script=", "/api/redoc/"])
def test_the_api_docs_pages_answer_only_get_and_head(client, method, page):
    # Found by tests/test_generated_input.py: OPTIONS on /api/docs/ was a 500.
    response = getattr(client, method)(page)
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert client.head(page).status_code == 200


WRONG_TOKENS = ["wrong", "é", "\U0001f682" * 40, "\ud800"]


@pytest.mark.parametrize(
    ("kind", "path", "field"),
    [
        ("game", "/games/{id}/join/", "invite_token"),
        ("game", "/api/v1/games/{id}/join/", "invite_token"),
        ("club", "/clubs/{id}/join/", "token"),
        ("club", "/api/v1/clubs/{id}/join/", "token"),
    ],
)
def test_a_wrong_invitation_token_in_any_alphabet_answers_as_for_no_such_thing(kind, path, field):
    """A token outside ASCII is a wrong token like any other; and a private game or club
    answers exactly as an id that was never used, so the answer tells nothing."""
    from games.services.clubs import club_create
    from games.services.lobby import game_create

    ann, eve = make_users("ann", "eve")
    if kind == "game":
        thing = game_create(creator=ann, map_id="usa", max_players=3, is_private=True)
    else:
        thing = club_create(creator=ann, name="Night trains", invite_only=True)
    client = Client()
    client.force_login(eve)
    api = path.startswith("/api/")

    def answer(thing_id, token):
        url = path.format(id=thing_id)
        if api:
            response = client.post(url, {field: token}, content_type="application/json")
            return response.status_code, response.json()
        # A form's body is UTF-8: a lone surrogate reaches a page only in JSON.
        response = client.post(url, {field: token.encode("utf-8", "replace").decode()})
        # The page as a reader sees it: its address and the masked CSRF token aside.
        page = response.content.decode().replace(url, "")
        return response.status_code, re.sub(r'(CSRFToken": "|value=")[\w-]{64}', "", page)

    for token in WRONG_TOKENS:
        never_used = answer(thing.pk + 1000, token)
        assert never_used[0] in (400, 404)
        assert answer(thing.pk, token) == never_used, token
    assert thing.__class__.objects.get(pk=thing.pk).pk == thing.pk
    if kind == "game":
        assert not thing.seats.filter(user=eve).exists()
    else:
        assert not thing.members.filter(user=eve).exists()


@pytest.mark.parametrize(
    "body",
    [
        {"endpoint": "https://push.example.org/\x00"},
        {"endpoint\x00": "https://push.example.org/"},
        {"endpoint": ["x", {"deep": "a\x00"}]},
    ],
)
@pytest.mark.parametrize("path", ["/settings/push/off/", "/settings/push/"])
def test_a_nul_byte_in_a_json_body_outside_the_api_is_malformed(ann, path, body):
    response = ann.post(path, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json() == {"error": "bad_request", "message": "The request is malformed."}
