"""Schemathesis's own command over the whole OpenAPI schema, every check on (server errors,
status codes, content types, response schemas and headers, schema-violating requests
rejected and schema-valid ones accepted, authentication, unsupported methods, resources
used after deletion, ...), against a live test server, as a player with a token.

schemathesis.toml at the repository's root names the few operations whose valid-looking
requests the game's rules may still refuse. The run prints schemathesis's summary."""

import subprocess
import sys
from pathlib import Path

import pytest
from api_steps import started_game, token_client
from django.conf import settings
from rest_framework.throttling import SimpleRateThrottle

# Fresh ids: the low ids schemathesis tries are real games (1 running, 2 open).
pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True, reset_sequences=True)]

SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")


def test_schemathesis_with_every_check_finds_nothing(live_server, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {"anon": "1000000/minute", "user": "1000000/minute"}
    )
    clients = [token_client(name) for name in ("ada", "bob", "cyd")]
    running = started_game(clients, max_players=3)
    clients[1].post("/api/v1/games/", {"map": "europe"})
    token = clients[0]._credentials["HTTP_AUTHORIZATION"]
    assert running["id"] == 1
    result = subprocess.run(
        [
            str(SCHEMATHESIS),
            "--no-color",
            "--config-file",
            str(Path(settings.BASE_DIR) / "schemathesis.toml"),
            "run",
            f"{live_server.url}/api/schema/?format=json",
            "--checks",
            "all",
            "--phases",
            "examples,coverage,fuzzing,stateful",
            "--max-examples",
            "10",
            "--header",
            f"Authorization: {token}",
            "--seed",
            "12",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,  # its cache stays out of the repository
        timeout=900,
    )
    summary = result.stdout[result.stdout.rfind("SUMMARY") :]
    with capsys.disabled():
        print("\n" + summary)
    assert result.returncode == 0, result.stdout[-20000:]
