"""The site's WSGI application answers a poll that carries a valid ticket itself, without
Django's middleware, exactly as the view would; every other request reaches Django."""

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from game_steps import make_user, make_users, play_one, started_game
from wsgi_calls import wsgi_call as call

from games.live.poll import poll_ticket

# No test transaction around these: the WSGI application drops a connection left inside
# one, as Django's own request handler does.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def private_game():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="usa", is_private=True)
    cache.clear()
    return game, ann, bob


def test_a_ticket_poll_is_answered_from_one_row_without_session_or_language(private_game):
    game, ann, _ = private_game
    path, ticket = f"/games/{game.pk}/version/", poll_ticket(game.pk, ann)
    with CaptureQueriesContext(connection) as queries:
        status, headers, body = call(path, {"v": game.version, "c": 0, "t": ticket})
    assert status == "204 No Content" and body == b""
    assert [q["sql"].split()[0] for q in queries] == ["SELECT"]
    assert "game" in queries[0]["sql"].lower() and "session" not in queries[0]["sql"].lower()
    assert "Set-Cookie" not in headers and "Cookie" not in headers.get("Vary", "")
    assert headers["ETag"] == f'"v{game.version}c0"'
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Content-Security-Policy"].startswith("default-src 'none'")

    # The same answers as the view for a matching ETag and after a move.
    status, _, _ = call(path, {"v": game.version, "t": ticket}, if_none_match=headers["ETag"])
    assert status == "304 Not Modified"
    old = game.version
    play_one(game, random.Random(1))
    game.refresh_from_db()
    status, headers, body = call(path, {"v": old, "c": 0, "t": ticket})
    assert status == "200 OK" and body == str(game.version).encode()
    assert headers["HX-Trigger"] == "game-moved"


def test_a_poll_the_fast_path_cannot_answer_gets_django_s_own_answer(private_game):
    game, ann, _ = private_game
    stranger = make_user("eve")
    path = f"/games/{game.pk}/version/"
    forged = poll_ticket(game.pk, ann)[:-3] + "xyz"
    for query in ({"v": 1, "t": forged}, {"v": 1}, {"v": 1, "t": ""}):
        status, _, _ = call(path, query)
        expected = Client().get(path, query)
        assert int(status.split()[0]) == expected.status_code == 404  # a private game
    # Someone else's game's ticket opens nothing either.
    other = started_game(make_users("cat", "dan"), map_id="usa", is_private=True)
    status, _, _ = call(f"/games/{other.pk}/version/", {"t": poll_ticket(game.pk, stranger)})
    assert status.startswith("404")
    # A ticket for a game that does not exist, a NUL byte, another method.
    status, _, _ = call("/games/99999/version/", {"t": poll_ticket(99999, ann)})
    assert status.startswith("404")
    status, _, _ = call(path, f"v=1%00&t={poll_ticket(game.pk, ann)}")
    assert status.startswith("400")
    status, _, _ = call(path, {"t": poll_ticket(game.pk, ann)}, method="POST")
    assert status[:3] in {"403", "405"}  # the CSRF check, or "GET only"
