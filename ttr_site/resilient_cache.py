"""The site's volatile cache: Redis, and while Redis cannot be reached, a cache in this process.

Everything this cache holds can be lost (who has a game page open, the versions polled,
the page's last moves): an outage must degrade the site, never break it. While Redis is
down, each operation goes to a per-process memory cache; Redis is tried again
RETRY_AFTER seconds after each failure. Going down and coming back are logged once.
The rate limits, which must not be lost, are kept in the database instead
(ttr_site/routed_cache.py, games/api/throttles.py).
"""

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

RETRY_AFTER = 5.0  # seconds without trying Redis after a failure: no timeout per request

# Per process, shared by every thread's cache object (Django makes one per thread).
_down_until: dict[str, float] = {}
_lock = threading.Lock()


# One Redis client per process and Redis URL (with its connection pool), shared by every
# thread: Django's own makes a pool per thread and a client per cache call.
_clients: dict[tuple, object] = {}


class SharedRedisCacheClient(RedisCacheClient):
    # Django's client sets these in its __init__; django-stubs lists only its public names.
    _servers: list[str]
    _pool_options: dict[str, Any]
    _pool_class: Any
    _client: Any
    _get_connection_pool_index: Callable[[bool], int]

    def __init__(self, servers, **options):
        super().__init__(servers, **options)
        # What makes two clients alike: the URL and the options (the driver's name aside).
        same = tuple(
            (name, repr(value))
            for name, value in sorted(self._pool_options.items())
            if name != "driver_info"
        )
        self._shared_as = [(server, same) for server in servers]

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = _clients.get(self._shared_as[index])
        if client is None:
            with _lock:
                client = _clients.get(self._shared_as[index])
                if client is None:
                    pool = self._pool_class.from_url(self._servers[index], **self._pool_options)
                    client = _clients[self._shared_as[index]] = self._client(connection_pool=pool)
        return client


def _fallback(operation: str):
    """The cache method `operation`: Redis's while it answers, else the local one."""

    def call(self, *args, **kwargs):
        location = self._location_name
        if time.monotonic() >= _down_until.get(location, 0.0):
            try:
                result = getattr(super(ResilientRedisCache, self), operation)(*args, **kwargs)
            except RedisError as exc:
                with _lock:
                    was_up = location not in _down_until
                    _down_until[location] = time.monotonic() + RETRY_AFTER
                if was_up:
                    log.error(
                        "Redis cache unreachable (%s: %s): using this process's memory cache",
                        type(exc).__name__,
                        exc,
                    )
            else:
                if location in _down_until:
                    with _lock:
                        if _down_until.pop(location, None) is not None:
                            log.warning("Redis cache reachable again")
                return result
        return getattr(self._local, operation)(*args, **kwargs)

    call.__name__ = operation
    return call


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = SharedRedisCacheClient
        self._location_name = str(server)
        self._local = LocMemCache(
            f"redis-fallback:{server}",
            {
                "TIMEOUT": params.get("TIMEOUT", 300),
                "KEY_PREFIX": params.get("KEY_PREFIX", ""),
                "OPTIONS": {"MAX_ENTRIES": 10_000},
            },
        )

    add = _fallback("add")
    get = _fallback("get")
    set = _fallback("set")
    touch = _fallback("touch")
    delete = _fallback("delete")
    get_many = _fallback("get_many")
    has_key = _fallback("has_key")
    incr = _fallback("incr")
    set_many = _fallback("set_many")
    delete_many = _fallback("delete_many")
    clear = _fallback("clear")
