"""Redis unreachable (nothing listens on its port): the site degrades, it does not break.

Pages, moves, logins and the API keep answering; the cache (who has a page open, the
versions polled) falls back to each process's memory; the failed-login limit and the API
throttle, kept in the database, hold as before; mails owed wait in the outbox for the sweep.
The API answers a crash in JSON too.
"""

import logging
import random
import socket
from unittest import mock

import pytest
import redis
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from game_steps import a_legal_action, seat_to_move, started_game
from knox.models import AuthToken
from rest_framework.test import APIClient

from games.models import Move, Notification
from ttr_site import resilient_cache
from ttr_site.celery import app

pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.serial]

PASSWORD = "narrow-gauge-Pullman-42"


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_down(settings):
    """The site's caches and the real broker, Redis's pointed at a port nobody listens on."""
    dead = f"redis://127.0.0.1:{closed_port()}/0"
    settings.CACHES = {
        "default": settings.ROUTED_CACHE,
        "volatile": {
            "BACKEND": "ttr_site.resilient_cache.ResilientRedisCache",
            "LOCATION": dead,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        },
        "limits": settings.RATE_LIMIT_CACHE,
    }
    settings.REDIS_URL = dead
    settings.CELERY_BROKER_URL = dead
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app._pool = None
    app.amqp._producer_pool = None
    yield dead
    app._pool = None
    app.amqp._producer_pool = None


def player(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_pages_and_moves_answer_and_the_outage_is_logged(
    redis_down, caplog, django_capture_on_commit_callbacks
):
    ann, bob = player("ann"), player("bob")
    game = started_game([ann, bob])
    assert Notification.objects.filter(game=game, sent_at__isnull=True).count() == 2
    seat = seat_to_move(game)
    page = signed_in(seat.user)

    with caplog.at_level(logging.WARNING):
        assert page.get("/games/mine/").status_code == 200
        assert page.get("/games/").status_code == 200
        assert page.get(f"/games/{game.pk}/").status_code == 200
        version = page.get(f"/games/{game.pk}/version/", {"v": game.version, "visible": "1"})
        assert version.status_code == 204
        action = a_legal_action(game, seat, random.Random(1))  # the opening: keep tickets
        data = {"version": game.version, "type": action["type"], "tickets": action["tickets"]}
        with django_capture_on_commit_callbacks(execute=True):  # as the commit would
            moved = page.post(f"/games/{game.pk}/move/", data, headers={"HX-Request": "true"})

    assert moved.status_code == 200
    assert Move.objects.filter(game=game).count() == 1
    assert "Redis cache unreachable" in caplog.text
    assert healthz_names_redis(page)


def healthz_names_redis(client) -> bool:
    response = client.get("/healthz")
    return response.status_code == 503 and response.json()["redis"].startswith("error")


def log_in(client, password):
    return client.post("/accounts/login/", {"login": "ann", "password": password}, follow=True)


def test_logins_work_and_failed_logins_are_still_limited(redis_down):
    player("ann")
    assert log_in(Client(), PASSWORD).wsgi_request.user.is_authenticated

    client = Client()
    for _ in range(5):
        assert not log_in(client, "wrong-password").wsgi_request.user.is_authenticated
    refused = log_in(client, PASSWORD)
    assert refused.status_code == 429
    assert not refused.wsgi_request.user.is_authenticated
    assert b"Too many failed login attempts. Try again later." in refused.content


def test_the_api_answers_and_its_throttle_still_counts(redis_down, settings):
    ann = player("ann")
    token = APIClient()
    token.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=ann)[1]}")
    assert token.get("/api/v1/games/").status_code == 200
    created = token.post("/api/v1/games/", {"map": "usa"}, format="json")
    assert created.status_code == 201

    anonymous = APIClient()
    answers = [anonymous.get("/api/v1/games/").status_code for _ in range(61)]
    assert answers[:60] == [200] * 60  # the anonymous rate: 60 a minute
    limited = anonymous.get("/api/v1/games/")
    assert limited.status_code == 429
    assert limited.json()["error"] == "throttled"


def test_the_cache_uses_redis_again_once_it_is_back(private_redis, settings, monkeypatch):
    """The memory fallback lasts only as long as the outage. Redis is tried again at each
    call here (no pause after a failure), so no time need pass once it is back."""
    monkeypatch.setattr(resilient_cache, "RETRY_AFTER", 0)
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "ttr_site.resilient_cache.ResilientRedisCache",
            "LOCATION": private_redis.url(),
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        },
    }
    direct = redis.Redis.from_url(private_redis.url())
    cache.set("before", 1)
    assert cache.get("before") == 1 and direct.dbsize() == 1

    private_redis.kill()
    cache.set("during", 2)  # the memory cache takes it
    assert cache.get("during") == 2

    private_redis.start()  # returns once the new server answers a ping
    cache.set("after", 3)
    assert cache.get("after") == 3
    assert direct.dbsize() == 1  # a fresh Redis, and the key written to it


@pytest.mark.parametrize("path", ["/api/v1/games/", "/api/v1/me/"])
def test_an_api_crash_answers_json_500(path, client):
    """A bug (here: the database read failing unexpectedly) still gets the API's shape."""
    client.raise_request_exception = False
    with mock.patch("games.api.views.base.ApiView.initial", side_effect=RuntimeError("bug")):
        response = client.get(path)
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "error": "server_error",
        "message": "Something went wrong on our side.",
    }
