"""The failed-login limit and the API throttle hold across a Redis crash and restart, on two
app hosts (two gunicorn servers, one PostgreSQL database, one Redis).

Five wrong passwords, sent to either host, block the address and the account (429) on
both; sixty anonymous API requests use up the minute's allowance on both. Redis is then
killed (SIGKILL: nothing saved) and both hosts still refuse; it is started again, empty,
each host uses it again (it logs so), and both still refuse. Who can make Redis restart
cannot reset the limits, and while it is down the hosts do not each count on their own.
"""

import http.client
import secrets
import time
from urllib.parse import urlencode

import pytest
from app_processes import app_env, gunicorn_command, needs_postgresql, wait_for_app
from game_steps import make_user, make_users, started_game
from private_redis import free_port

from games.live.poll import poll_ticket

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.serial,
]

PASSWORD = "narrow-gauge-Pullman-42"
LOGIN_LIMIT = 5  # ACCOUNT_RATE_LIMITS: 5 failed logins in 5 minutes per address and account
ANONYMOUS_LIMIT = 60  # the API's anonymous rate: 60 a minute
RECONNECT_TIMEOUT = 30


class Visitor:
    """A browser nobody signed in with: a CSRF cookie and its token, for either host."""

    def __init__(self):
        self.csrf = secrets.token_hex(16)

    def request(self, port: int, method: str, path: str, body: dict | None = None) -> int:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Cookie": f"csrftoken={self.csrf}", "X-CSRFToken": self.csrf}
        payload = None
        if body is not None:
            payload = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status

    def log_in(self, port: int, password: str) -> int:
        return self.request(
            port, "POST", "/accounts/login/", {"login": "ann", "password": password}
        )

    def api(self, port: int) -> int:
        return self.request(port, "GET", "/api/v1/games/")


def both_refuse(visitor: Visitor, ports) -> dict:
    return {
        port: {
            "wrong password": visitor.log_in(port, "wrong-password"),
            "right password": visitor.log_in(port, PASSWORD),
            "api": visitor.api(port),
        }
        for port in ports
    }


REFUSED = {"wrong password": 429, "right password": 429, "api": 429}


def use_redis_again(visitor: Visitor, hosts, poll_path: str) -> None:
    """Poll a game's version on each host (its versions live in the Redis cache) until the
    host says it reaches Redis again."""
    deadline = time.monotonic() + RECONNECT_TIMEOUT
    for port, host in hosts:
        while "Redis cache reachable again" not in host.log():
            assert time.monotonic() < deadline, host.log()[-3000:]
            visitor.request(port, "GET", poll_path)
            time.sleep(0.2)


def test_failed_logins_and_the_api_throttle_stay_limited_across_a_redis_restart(
    private_redis, processes, tmp_path
):
    needs_postgresql()
    make_user("ann", password=PASSWORD)
    game = started_game(make_users("bob", "cy"))
    poll_path = f"/games/{game.pk}/version/?{urlencode({'v': 0, 't': poll_ticket(game.pk, None)})}"
    env = app_env(tmp_path, private_redis.url(), WEB_WORKERS="1", WEB_THREADS="2")
    ports = [free_port(), free_port()]
    hosts = [
        (port, processes.start(f"web{index}", gunicorn_command(port), env, tmp_path))
        for index, port in enumerate(ports)
    ]
    for port in ports:
        wait_for_app(port)
    visitor = Visitor()

    # Five wrong passwords and sixty API requests, taken in turn by the two hosts.
    failed = [visitor.log_in(ports[n % 2], "wrong-password") for n in range(LOGIN_LIMIT)]
    assert failed == [200] * LOGIN_LIMIT  # the form again, with its error
    answered = [visitor.api(ports[n % 2]) for n in range(ANONYMOUS_LIMIT)]
    assert answered == [200] * ANONYMOUS_LIMIT
    assert both_refuse(visitor, ports) == dict.fromkeys(ports, REFUSED)

    private_redis.kill()
    for port in ports:
        visitor.request(port, "GET", poll_path)  # each host finds Redis gone
    assert all("Redis cache unreachable" in host.log() for _, host in hosts)
    assert both_refuse(visitor, ports) == dict.fromkeys(ports, REFUSED), "during the outage"

    private_redis.start()  # empty
    use_redis_again(visitor, hosts, poll_path)
    assert both_refuse(visitor, ports) == dict.fromkeys(ports, REFUSED), "after the restart"
