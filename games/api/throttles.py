"""The API's throttles (settings.REST_FRAMEWORK): DRF's anonymous and per-user rates, each
client's requests counted in the database rather than in the cache.

In Redis the count is gone when Redis restarts, and while Redis is down each process
counts on its own; in the database every process shares it and nothing resets it. One
statement per request counts and reads it (an upsert): a client's window opens at its
first request and lasts the rate's period (a minute); in it at most the rate's number of
requests is answered, the next ones get 429 until the window has passed.
"""

from django.db import connection
from rest_framework import throttling

from accounts.models import ApiRequestCount


def count_request(client: str, now: float, period: float) -> tuple[int, float]:
    """Count one request of `client` at `now`: (requests in its window so far, when the
    window opened). A window older than `period` starts again."""
    quote = connection.ops.quote_name
    table = quote(ApiRequestCount._meta.db_table)
    key, start, hits = quote("client"), quote("window_start"), quote("hits")
    expired = f"{table}.{start} <= %s"
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} ({key}, {start}, {hits}) VALUES (%s, %s, 1) "
            f"ON CONFLICT ({key}) DO UPDATE SET "
            f"{hits} = CASE WHEN {expired} THEN 1 ELSE {table}.{hits} + 1 END, "
            f"{start} = CASE WHEN {expired} THEN %s ELSE {table}.{start} END "
            f"RETURNING {hits}, {start}",
            [client, now, now - period, now - period, now],
        )
        count, opened = cursor.fetchone()
    return count, opened


class CountedInTheDatabase(throttling.SimpleRateThrottle):
    """DRF's throttle with its count in ApiRequestCount (DRF's own history lives in the
    cache); the rate, the scope and the client's key stay DRF's."""

    # Set by DRF's __init__ from the rate (the stubs leave them out); read only when
    # there is a rate.
    num_requests: int
    duration: int
    window_start: float

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        count, self.window_start = count_request(self.key, self.now, self.duration)
        return count <= self.num_requests

    def wait(self):
        return max(0.0, self.window_start + self.duration - self.now)


class AnonRateThrottle(CountedInTheDatabase, throttling.AnonRateThrottle):
    pass


class UserRateThrottle(CountedInTheDatabase, throttling.UserRateThrottle):
    pass
