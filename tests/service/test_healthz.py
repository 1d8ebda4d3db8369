"""/healthz, the probe a load balancer sends each app host: JSON, no login, 200 or 503."""

import socket

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.slow, pytest.mark.serial]


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_healthz_answers_ok_when_database_and_redis_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"status": "ok", "database": "ok", "redis": "ok"}
    assert "no-store" in response["Cache-Control"]


def test_healthz_is_503_and_names_redis_when_redis_is_unreachable(client, settings):
    settings.REDIS_URL = f"redis://127.0.0.1:{closed_port()}/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["database"] == "ok"
    assert body["redis"].startswith("error: ")


def test_healthz_is_not_redirected_to_https(client, settings):
    """A probe over plain HTTP from the load balancer gets the answer, not a redirect."""
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz").status_code == 200
    assert client.get("/games/").status_code == 301
