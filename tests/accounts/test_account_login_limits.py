"""Every way in is throttled, per client even behind a proxy: the admin login goes through
the site's login, a blocked login says so with 429, and the API's anonymous budget cannot
be escaped by sending a made-up X-Forwarded-For."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from account_steps import PASSWORD, log_in, log_out
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from rest_framework.settings import api_settings

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
BOSS_PASSWORD = "boss-Pullman-1869"


def behind_proxies(count: int):
    """The settings TRUSTED_PROXY_COUNT=count gives (see ttr_site/settings.py)."""
    rest = {**api_settings.user_settings, "NUM_PROXIES": count}
    return override_settings(ALLAUTH_TRUSTED_PROXY_COUNT=count, REST_FRAMEWORK=rest)


def test_forty_wrong_admin_passwords_do_not_let_the_right_one_in(client):
    get_user_model().objects.create_superuser("boss", "boss@example.org", BOSS_PASSWORD)
    for _ in range(40):
        client.post("/admin/login/", {"username": "boss", "password": "guess"})
    client.post("/admin/login/", {"username": "boss", "password": BOSS_PASSWORD})
    assert client.get("/admin/").status_code == 302  # still signed out


def test_the_admin_login_is_the_sites_login_with_its_limit(client):
    get_user_model().objects.create_superuser("boss", "boss@example.org", BOSS_PASSWORD)
    response = client.get("/admin/login/?next=/admin/games/game/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=%2Fadmin%2Fgames%2Fgame%2F"

    signed_in = Client()
    signed_in.post("/accounts/login/", {"login": "boss", "password": BOSS_PASSWORD})
    assert signed_in.get("/admin/").status_code == 200

    for _ in range(5):
        log_in(client, "boss", "guess")
    assert log_in(client, "boss", BOSS_PASSWORD).status_code == 429


def test_a_blocked_login_answers_429_with_the_form_and_the_reason(client, ann):
    log_out(client)
    for _ in range(5):
        assert log_in(client, "ann", "wrong-password").status_code == 200

    response = log_in(client, "ann", PASSWORD)

    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many failed login attempts. Try again later." in page
    assert 'name="password"' in page and 'name="login"' in page
    assert not response.wsgi_request.user.is_authenticated


def test_behind_a_proxy_one_clients_failures_do_not_lock_out_another(client, ann):
    log_out(client)
    get_user_model().objects.create_user("bob", "bob@example.org", PASSWORD)
    with behind_proxies(1):
        attacker = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.5")
        for name in ("ann", "cy", "dan", "eve", "fay", "gus"):
            attacker.post("/accounts/login/", {"login": name, "password": "guess"})
        assert log_in(attacker, "ann", PASSWORD).status_code == 429

        bob = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.7")
        assert log_in(bob, "bob", PASSWORD).wsgi_request.user.username == "bob"


def test_a_request_that_skipped_a_trusted_proxy_is_refused_politely_not_with_a_500(ann):
    with behind_proxies(2):
        direct = Client(REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.5")
        response = direct.post("/accounts/login/", {"login": "ann", "password": "guess"})
    assert response.status_code == 200
    assert "The username and/or password you specified are not correct." in response.text


def api_budget_spent(headers_for) -> bool:
    """Whether 61 anonymous requests in a minute (the budget is 60) meet a 429."""
    statuses = [
        Client(REMOTE_ADDR="10.0.0.1", **headers_for(n))
        .get("/api/v1/leaderboards/overall/")
        .status_code
        for n in range(61)
    ]
    return statuses[-1] == 429 and set(statuses[:60]) == {200}


def test_a_made_up_forwarded_for_does_not_escape_the_api_throttle():
    assert api_budget_spent(lambda n: {"HTTP_X_FORWARDED_FOR": f"192.0.2.{n}"})


def test_behind_one_proxy_the_api_throttle_keys_on_the_address_the_proxy_saw():
    with behind_proxies(1):
        assert api_budget_spent(lambda n: {"HTTP_X_FORWARDED_FOR": f"192.0.2.{n}, 203.0.113.5"})
        # Another client behind the same proxy has a budget of its own.
        other = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.7")
        assert other.get("/api/v1/leaderboards/overall/").status_code == 200


@pytest.mark.parametrize(("env", "count"), [(None, 0), ("2", 2)])
def test_trusted_proxy_count_is_one_setting_for_the_login_limit_and_the_api(env, count):
    environ = {k: v for k, v in os.environ.items() if k != "TRUSTED_PROXY_COUNT"}
    if env is not None:
        environ["TRUSTED_PROXY_COUNT"] = env
    code = (
        "from ttr_site import settings_test as s;"
        "print(s.ALLAUTH_TRUSTED_PROXY_COUNT, s.REST_FRAMEWORK['NUM_PROXIES'])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environ, capture_output=True, text=True
    )
    assert out.stdout.split() == [str(count), str(count)], out.stderr
