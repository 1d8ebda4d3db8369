"""The failed-login limit and the API throttle are counted in the database: a flush of the
cache (what a Redis restart does to it) resets neither, each ends when its time is up, and
the hourly sweep prunes only the rows that limit nothing any more. (The same across a real
Redis crash under two app hosts: tests/service/test_limits_outlive_redis.py.)"""

from datetime import timedelta

import pytest
from account_steps import PASSWORD, log_in, log_out
from django.core.cache import cache, caches
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from accounts.models import ApiRequestCount, LimitCacheEntry
from accounts.rate_limit_pruning import prune_rate_limits

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games/"


def flush_the_cache():
    """What a Redis restart leaves: an empty cache."""
    cache.clear()
    caches["volatile"].clear()


@pytest.fixture
def clock(time_machine):
    time_machine.move_to("2030-03-04 09:00Z", tick=False)
    return time_machine


def test_five_failed_logins_stay_blocked_through_a_flush_of_the_cache_for_five_minutes(
    client, ann, clock
):
    log_out(client)
    for _ in range(5):
        assert log_in(client, "ann", "wrong-password").status_code == 200

    flush_the_cache()
    assert log_in(client, "ann", PASSWORD).status_code == 429
    assert log_in(Client(), "ann", PASSWORD).status_code == 429  # the account, from any browser
    # Per address and per account, in the database's table.
    assert LimitCacheEntry.objects.filter(cache_key__contains="login_failed").count() == 2

    clock.shift(timedelta(minutes=5, seconds=1))
    assert log_in(client, "ann", PASSWORD).wsgi_request.user.is_authenticated


def test_the_api_throttle_holds_through_a_flush_of_the_cache_until_its_minute_is_over(
    monkeypatch, clock
):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/minute", "user": None})
    anonymous = APIClient()
    assert [anonymous.get(GAMES).status_code for _ in range(3)] == [200, 200, 200]
    clock.shift(timedelta(seconds=20))
    flush_the_cache()
    refused = anonymous.get(GAMES)
    assert refused.status_code == 429
    assert refused.json()["retry_after"] == 40  # the minute opened by the first request
    assert refused["Retry-After"] == "40"

    clock.shift(timedelta(seconds=40))
    assert anonymous.get(GAMES).status_code == 200  # a new minute: three more
    assert [anonymous.get(GAMES).status_code for _ in range(3)] == [200, 200, 429]


def test_the_hourly_sweep_prunes_only_limits_that_are_over(client, ann, clock):
    log_out(client)
    log_in(client, "ann", "wrong-password")
    APIClient().get(GAMES)
    failed_logins = LimitCacheEntry.objects.filter(cache_key__contains="login_failed")
    assert failed_logins.count() == 2 and ApiRequestCount.objects.count() == 2

    prune_rate_limits(timezone.now() + timedelta(minutes=4))
    assert failed_logins.count() == 2 and ApiRequestCount.objects.count() == 2
    # A failed login counts for five minutes (allauth's other limits less); an API window
    # is over after a day at the most.
    assert prune_rate_limits(timezone.now() + timedelta(minutes=6)) > 0
    assert not LimitCacheEntry.objects.exists() and ApiRequestCount.objects.count() == 2
    assert prune_rate_limits(timezone.now() + timedelta(days=1, seconds=1)) == 2
    assert not ApiRequestCount.objects.exists()


def test_the_default_cache_keeps_allauths_limits_in_the_database_and_the_rest_in_redis():
    cache.set_many({"allauth:rl:login_failed:x": [1.5], "versions:7": [3, 1]})
    assert caches["limits"].get("allauth:rl:login_failed:x") == [1.5]
    assert caches["volatile"].get("versions:7") == [3, 1]
    assert caches["volatile"].get("allauth:rl:login_failed:x") is None
    assert cache.get_many(["allauth:rl:login_failed:x", "versions:7", "none"]) == {
        "allauth:rl:login_failed:x": [1.5],
        "versions:7": [3, 1],
    }
    cache.delete_many(["allauth:rl:login_failed:x", "versions:7"])
    assert not LimitCacheEntry.objects.exists() and cache.get("versions:7") is None
