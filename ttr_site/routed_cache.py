"""The default cache, keeping each key where it belongs: rate limits in the database, the
rest in Redis.

allauth counts failed logins (and its other limits) in Django's default cache and has no
setting to name another. In Redis such a count is gone when Redis restarts (it runs
without persistence), and while Redis is down each process counts on its own
(ttr_site/resilient_cache.py): whoever can restart Redis would reset the brute-force
limit. So a key that starts with one of ROUTES' prefixes goes to the cache named beside it
(caches["limits"], Django's database cache, shared by every process); every other key goes
to DEFAULT (caches["volatile"], Redis: what may be lost, such as who has a page open).

clear() empties DEFAULT only: the limits are meant to outlast a flush of the cache, as they
outlast a restart of Redis; they expire by themselves.
"""

from collections import defaultdict
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache


class RoutedCache(BaseCache):
    def __init__(self, location, params):
        super().__init__(params)
        options = params.get("OPTIONS", {})
        self._default = options["DEFAULT"]
        self._routes = tuple(options.get("ROUTES", {}).items())

    def _alias(self, key) -> str:
        text = str(key)
        return next(
            (alias for prefix, alias in self._routes if text.startswith(prefix)), self._default
        )

    def _cache(self, key):
        return caches[self._alias(key)]

    def _by_cache(self, keys) -> dict:
        grouped = defaultdict(list)
        for key in keys:
            grouped[self._alias(key)].append(key)
        return grouped

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._cache(key).add(key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._cache(key).get(key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._cache(key).set(key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._cache(key).touch(key, timeout, version)

    def delete(self, key, version=None):
        return self._cache(key).delete(key, version)

    def has_key(self, key, version=None):
        return self._cache(key).has_key(key, version)

    def incr(self, key, delta=1, version=None):
        return self._cache(key).incr(key, delta, version)

    def decr(self, key, delta=1, version=None):
        return self._cache(key).decr(key, delta, version)

    def get_many(self, keys, version=None):
        found: dict[str, Any] = {}
        for alias, some in self._by_cache(keys).items():
            found |= caches[alias].get_many(some, version)
        return found

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        failed = []
        for alias, some in self._by_cache(data).items():
            values = {key: data[key] for key in some}
            failed += caches[alias].set_many(values, timeout, version) or []
        return failed

    def delete_many(self, keys, version=None):
        for alias, some in self._by_cache(keys).items():
            caches[alias].delete_many(some, version)

    def clear(self):
        caches[self._default].clear()
