"""Schemathesis against the generated OpenAPI schema, through the Django WSGI app:
no generated request may cause a server error or a response the schema does not describe."""

from contextlib import contextmanager

import pytest
import schemathesis
from api_steps import started_game, token_client
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import checks

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("generous_throttles")]

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]


@contextmanager
def connection_kept_open():
    """The real WSGI app closes "old" database connections around each request, which would
    close the test's transaction; Django's own test client switches that off the same way
    (and switches it back on after each of its requests, so this wraps the fuzzing only)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def fuzz(schema, headers: dict, max_examples: int, game_id: int | None = None) -> list[str]:
    """Generated requests for every operation; with `game_id`, those about one game all
    target that (real) game."""
    operations = [result.ok() for result in schema.get_all_operations()]
    for operation in operations:
        pinned = {}
        if game_id is not None:
            if "{game_id}" not in operation.path:
                continue
            pinned = {"path_parameters": {"game_id": game_id}}

        @settings(
            max_examples=max_examples,
            deadline=None,
            database=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(case=operation.as_strategy(**pinned))
        def check(case):
            case.call_and_validate(headers=headers, checks=CHECKS)

        check()
    return [operation.label for operation in operations]


@pytest.mark.slow  # hundreds of generated requests: CI runs it, `make test-fast` does not
def test_generated_requests_never_crash_the_api_nor_break_its_schema():
    # Real games to find: the low ids schemathesis tries exist (one running, one open).
    clients = [token_client(name) for name in ("ada", "bob", "cyd")]
    running = started_game(clients, max_players=3)
    clients[0].post("/api/v1/games/", {"map": "europe"}, format="json")
    token = clients[0]._credentials["HTTP_AUTHORIZATION"]

    with connection_kept_open():
        schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
        labels = fuzz(schema, {"Authorization": token}, max_examples=15)
        fuzz(schema, {}, max_examples=4)  # and anonymously
        fuzz(schema, {"Authorization": token}, max_examples=15, game_id=running["id"])

    assert len(labels) == 46
    assert "PUT /api/v1/games/{game_id}/orders/" in labels
    assert "POST /api/v1/games/{game_id}/actions/" in labels
