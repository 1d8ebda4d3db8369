"""The site's rate limits, kept in the database: every app process shares them, and they
outlive a restart of Redis (which runs without persistence) and a flush of its cache.

- `LimitCacheEntry` is the table of Django's database cache (its own layout, the table
  `createcachetable` would make) behind caches["limits"]: allauth's failed-login limit and
  its other limits, reached through the default cache (ttr_site/routed_cache.py).
- `ApiRequestCount` counts each API client's requests (games/api/throttles.py).

Old rows are pruned by the hourly sweep (accounts.rate_limit_pruning).
"""

from django.db import models


class LimitCacheEntry(models.Model):
    cache_key = models.CharField(max_length=255, primary_key=True)
    value = models.TextField()
    expires = models.DateTimeField(db_index=True)

    class Meta:
        db_table = "rate_limit_cache"

    def __str__(self) -> str:
        return self.cache_key


class ApiRequestCount(models.Model):
    # DRF's throttle key: the scope and the user's id or the client's address.
    client = models.CharField(max_length=255, primary_key=True)
    # When the client's current window opened (seconds since the epoch) and its requests
    # since then.
    window_start = models.FloatField(db_index=True)
    hits = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"{self.client}: {self.hits}"
