"""`python -m bench.dead_broker [--rounds 10]`: what an unreachable broker costs a player.

Two things a player does that hand work to the broker as they commit: starting a game
against a bot (its opening choice is queued) and resigning from a game of two (the
result mails are queued). Each is timed with the broker refusing connections (nothing
listens on its port) beside the reference measured in the same run: the same action with
the broker reachable (the Redis at REDIS_URL, database 14, emptied afterwards; without
it the reference is left out). On a scratch test database, as bench.web. Wall-clock
time, so on a busy machine both figures grow: read them against each other. The tests
check only what the player sees (the move commits, the task waits for the sweep); how
long it takes is measured here. Not a test.
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import statistics
import time
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings_test")

REFERENCE_DB = 14


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _reference_url() -> str | None:
    import redis

    parts = urlsplit(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    url = urlunsplit(parts._replace(path=f"/{REFERENCE_DB}"))
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError:
        return None
    return url


class _Broker:
    """Celery publishing to `url`, as the site's processes publish (not eagerly)."""

    def __init__(self, url: str):
        from django.test import override_settings

        self._override = override_settings(
            CELERY_BROKER_URL=url, CELERY_TASK_ALWAYS_EAGER=False, BOT_MOVE_DELAY_SECONDS=0
        )

    @staticmethod
    def _forget_connections():
        from ttr_site.celery import app

        app._pool = None
        app.amqp._producer_pool = None

    def __enter__(self):
        self._override.enable()
        self._forget_connections()

    def __exit__(self, *exc):
        self._forget_connections()
        self._override.disable()


def _player(name: str):
    from allauth.account.models import EmailAddress
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(name, f"{name}@example.org", "pw")
    EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
    return user


def _game_against_a_bot(tag: str) -> float:
    from games.services.bots import game_against_bots

    ann = _player(f"ann{tag}")
    began = time.perf_counter()
    game_against_bots(creator=ann, map_id="usa", bots=1, level="beginner")
    return time.perf_counter() - began


def _resigning(tag: str) -> float:
    from games.services.lobby import game_create, game_join
    from games.services.resign import game_resign

    ann, bob = _player(f"ann{tag}"), _player(f"bob{tag}")
    game = game_create(creator=ann, map_id="usa", max_players=2)
    game_join(game_id=game.pk, user=bob, invite_token=game.invite_token)  # full: it starts
    began = time.perf_counter()
    game_resign(game_id=game.pk, user=bob)
    return time.perf_counter() - began


ACTIONS = {
    "start a game against a bot": _game_against_a_bot,
    "resign from a game of two": _resigning,
}


def run(rounds: int) -> tuple[dict[str, dict[str, list[float]]], int]:
    """The times of each action under each broker, and how many tasks the reachable one
    received (a check that the reference really published)."""
    brokers = {"refusing": f"redis://127.0.0.1:{_closed_port()}/0"}
    reference = _reference_url()
    if reference:
        brokers["reachable"] = reference
    times: dict[str, dict[str, list[float]]] = {name: {} for name in ACTIONS}
    serial = 0
    for _ in range(rounds):  # the conditions alternate, so both see the same machine
        for condition, url in brokers.items():
            with _Broker(url):
                for name, action in ACTIONS.items():
                    serial += 1
                    times[name].setdefault(condition, []).append(action(str(serial)))
    queued = 0
    if reference:
        import redis

        client = redis.Redis.from_url(reference)
        queued = client.llen("celery")
        client.delete("celery")  # no worker reads database 14
    return times, queued


def report(times: dict[str, dict[str, list[float]]], queued: int) -> str:
    lines = [f"median and slowest, ms (wall clock); the reachable broker received {queued} tasks:"]
    for name, by_condition in times.items():
        lines.append(f"  {name}:")
        reachable = by_condition.get("reachable")
        for condition in ("reachable", "refusing"):
            values = by_condition.get(condition)
            if not values:
                lines.append(f"    broker {condition}: not measured (no Redis at REDIS_URL)")
                continue
            median = statistics.median(values)
            line = f"    broker {condition + ':':10} {median * 1000:7.1f} {max(values) * 1000:7.1f}"
            if condition == "refusing" and reachable:
                line += f"   ×{median / statistics.median(reachable):.2f} the reachable broker"
            lines.append(line)
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args(argv)

    import django

    django.setup()
    # Each refused publish logs a warning with its traceback: the figures are the output.
    logging.getLogger("games").setLevel(logging.ERROR)
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        print(report(*run(args.rounds)))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


if __name__ == "__main__":
    main()
