"""The site's cache keeps one Redis client per process and Redis URL: a request makes no new
one, however many cache calls it makes (a client made per call costs more than its call)."""

import secrets

import pytest
import redis
from django.test import Client
from game_steps import keep_opening_tickets, make_users, started_game, who_must_act

from games import engine
from games.services.play import game_play

pytestmark = pytest.mark.django_db


@pytest.fixture
def redis_cache(settings):
    """The volatile cache in Redis, as on the site (the tests keep it in memory)."""
    settings.CACHES = {
        **settings.CACHES,
        "volatile": {
            "BACKEND": "ttr_site.resilient_cache.ResilientRedisCache",
            "LOCATION": settings.REDIS_URL,
            "KEY_PREFIX": f"ttr-test-{secrets.token_hex(4)}",
        },
    }


@pytest.fixture
def clients_made(monkeypatch):
    """How many Redis clients this process has made since the fixture began."""
    made = []
    original = redis.Redis.__init__

    def counted(self, *args, **kwargs):
        made.append(1)
        original(self, *args, **kwargs)

    monkeypatch.setattr(redis.Redis, "__init__", counted)
    return made


def test_a_game_page_and_its_refreshes_make_no_new_redis_client(redis_cache, clients_made):
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], max_players=2)
    keep_opening_tickets(game)
    watcher = Client()
    watcher.force_login(ann)
    assert watcher.get(f"/games/{game.pk}/").status_code == 200
    first = len(clients_made)
    for _ in range(3):
        game.refresh_from_db()
        seat = who_must_act(game)[0]
        action = engine.legal_actions(engine.State.from_dict(game.state), seat.player_id)[0]
        game_play(
            game_id=game.pk, user=seat.user, action=action.to_dict(), expected_version=game.version
        )
        page = watcher.get(f"/games/{game.pk}/", headers={"HX-Request": "true"})
        assert page.status_code == 200
    assert watcher.get(f"/games/{game.pk}/").status_code == 200
    assert first <= 1  # the process's one client, made at the first cache call
    assert len(clients_made) == first
