"""Seating a bot through the API: the creator fills an empty seat with a bot of a level, the
game becomes unrated, a full game starts and the bot plays its part; anyone else is refused
and nothing changes."""

import pytest
from api_steps import create_game, game_url, token_client

pytestmark = pytest.mark.django_db


def add_bot(client, game_id: int, body):
    return client.post(game_url(game_id, "bots/"), body, format="json")


def test_the_creator_seats_a_bot_and_a_full_game_starts_with_the_bot_playing(
    django_capture_on_commit_callbacks, settings
):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    ann = token_client("ann")
    game = create_game(ann, max_players=3)
    assert game["rated"]

    response = add_bot(ann, game["id"], {"level": "casual"})
    assert response.status_code == 200, response.content
    seats = response.json()["seats"]
    assert [(s["username"], s["bot"]) for s in seats] == [("ann", None), ("Casual bot", "casual")]
    assert response.json()["status"] == "open" and not response.json()["rated"]

    with django_capture_on_commit_callbacks(execute=True):
        response = add_bot(ann, game["id"], {"level": "beginner"})
    assert response.status_code == 200, response.content
    detail = ann.get(game_url(game["id"])).json()
    assert detail["status"] == "choosing"
    bots = [s for s in detail["seats"] if s["bot"]]
    assert sorted(s["username"] for s in bots) == ["Beginner bot", "Casual bot"]
    # The bots chose their opening tickets as soon as the game started; ann has not.
    assert [s["username"] for s in detail["seats"] if s["to_move"]] == ["ann"]


@pytest.mark.parametrize(
    ("who", "body", "status", "error"),
    [
        ("bob", {"level": "casual"}, 403, "not_allowed"),
        ("cyd", {"level": "casual"}, 404, "not_found"),
        ("ann", {"level": "grandmaster"}, 400, "invalid"),
        ("ann", {}, 400, "invalid"),
        ("ann", "not json", 400, "malformed_json"),
    ],
)
def test_anyone_but_the_creator_or_a_bad_body_is_refused_and_nothing_changes(
    who, body, status, error
):
    clients = {name: token_client(name) for name in ("ann", "bob", "cyd")}
    game = create_game(clients["ann"], max_players=4, is_private=False)
    joined = clients["bob"].post(game_url(game["id"], "join/"), {}, format="json")
    assert joined.status_code == 200
    before = clients["ann"].get(game_url(game["id"])).json()

    if body == "not json":
        response = clients[who].post(
            game_url(game["id"], "bots/"), "{level", content_type="application/json"
        )
    else:
        response = add_bot(clients[who], game["id"], body)

    assert response.status_code == status, response.content
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"] == error
    assert clients["ann"].get(game_url(game["id"])).json() == before


def test_no_bot_joins_a_game_that_has_started():
    ann, bob = token_client("ann"), token_client("bob")
    game = create_game(ann, max_players=3, is_private=False)
    bob.post(game_url(game["id"], "join/"), {}, format="json")
    assert ann.post(game_url(game["id"], "start/")).status_code == 200
    version = ann.get(game_url(game["id"])).json()["version"]

    response = add_bot(ann, game["id"], {"level": "strong"})

    assert response.status_code == 409, response.content
    after = ann.get(game_url(game["id"])).json()
    assert after["version"] == version and not any(s["bot"] for s in after["seats"])
