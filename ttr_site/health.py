"""GET /healthz: whether this app host can reach its database and Redis, for load balancers.

No login, no session, no template: a JSON answer, 200 when both answer and 503
otherwise, naming what failed. Redis being down degrades the site (see
ttr_site/resilient_cache.py) but the host is still reported unhealthy, so an
operator hears of it.
"""

import redis
from django.conf import settings
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

PROBE_TIMEOUT = 1.0  # seconds: a load balancer's probe must not hang


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return f"error: {type(exc).__name__}"
    return "ok"


def _redis() -> str:
    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL,
            socket_connect_timeout=PROBE_TIMEOUT,
            socket_timeout=PROBE_TIMEOUT,
        )
        try:
            client.ping()
        finally:
            client.close()
    except Exception as exc:
        return f"error: {type(exc).__name__}"
    return "ok"


@never_cache
@require_GET
def healthz(request):
    checks = {"database": _database(), "redis": _redis()}
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503
    )
