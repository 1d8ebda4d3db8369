"""What the table's picture costs a mail: `python -m bench.mail_picture [--moves 90] [--rounds 5]`.

Plays a three-player USA game through the services on a scratch test database (random legal
moves, a claim whenever one is legal), then builds each kind of mail for each player as the
mail task does (compose, and the MIME message as it goes to the mail server) with the picture
and, in the same run, without it (the reader's "pictures in mails" off). Prints the CPU time
(median and worst of the rounds) and the size of the whole message per mail; the goal is under
150 ms of CPU and under 120 KB per mail with the picture. Not a test: figures for the README.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from datetime import date

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings_test")

TURN_KINDS = ("your_turn", "reminder", "last_warning")


def _random_moves(game, rng: random.Random, limit: int) -> None:
    """Random legal moves, a claim whenever one is legal, until the limit or the game's end."""
    from games import engine
    from games.models import GameStatus
    from games.services.play import game_play

    for _ in range(limit):
        game.refresh_from_db()
        if game.status not in (GameStatus.PLAYING, GameStatus.CHOOSING):
            return
        state = engine.State.from_dict(game.state)
        seats = {seat.player_id: seat for seat in game.seats.select_related("user")}
        player = rng.choice(engine.players_to_act(state))
        options = [a.to_dict() for a in engine.legal_actions(state, player)]
        claims = [a for a in options if a["type"] == "claim_route"]
        game_play(
            game_id=game.pk,
            user=seats[player].user,
            action=rng.choice(claims or options),
            expected_version=game.version,
        )


def _play(moves: int, seed: int):
    from django.contrib.auth import get_user_model

    from games.services.lobby import game_create, game_join, game_start

    users = [
        get_user_model().objects.create_user(name, f"{name}@example.org", "pw")
        for name in ("ann", "bob", "cy")
    ]
    game = game_create(creator=users[0], map_id="usa", max_players=5)
    for user in users[1:]:
        game = game_join(game_id=game.pk, user=user, invite_token=game.invite_token).game
    game_start(game_id=game.pk, user=users[0])
    _random_moves(game, random.Random(seed), moves)
    game.refresh_from_db()
    return game, users


def _row(kind: str, game, user):
    from games.mail.keys import digest_key, turn_key
    from games.models import Notification

    if kind == "digest":
        key = digest_key(user_id=user.pk, day=date(2026, 12, 5))
        defaults = {"user": user, "kind": kind}
    elif kind == "result":
        key = f"bench-result:g{game.pk}:u{user.pk}"
        defaults = {"user": user, "game": game, "kind": kind}
    else:
        key = turn_key(kind, game_id=game.pk, started_at=game.turn_started_at, user_id=user.pk)
        defaults = {"user": user, "game": game, "kind": kind}
    return Notification.objects.get_or_create(key=key, defaults=defaults)[0]


def _measure(row, rounds: int) -> tuple[list[float], int, int] | None:
    """CPU seconds of each round, the message's size and its number of pictures."""
    from games.mail.send import build, to_message

    times, size, pictures = [], 0, 0
    for _ in range(rounds):
        start = time.process_time()
        mail = build(row)
        if mail is None:
            return None
        message = to_message(mail).message().as_bytes()
        times.append(time.process_time() - start)
        size, pictures = len(message), len(mail.pictures)
    return times, size, pictures


def _with_and_without(profile, kind: str, game, user, rounds: int) -> dict | None:
    """The same mail measured with the picture, then with the reader's pictures off (the row
    read afresh each time, as the task reads it, with the reader's profile)."""
    figures = {}
    for pictures_on in (True, False):
        profile.email_pictures = pictures_on
        profile.save(update_fields=["email_pictures"])
        figures[pictures_on] = _measure(_row(kind, game, user), rounds)
    profile.email_pictures = True
    profile.save(update_fields=["email_pictures"])
    return _pair(figures) if figures[True] is not None else None


def run(moves: int, rounds: int, seed: int):
    from accounts.models import profile_for

    game, users = _play(moves, seed)
    # One mail of each kind drawn before the clock starts: fonts, caches and imports are
    # a worker's first mail's cost, not every mail's.
    for user in users:
        for kind in TURN_KINDS:
            _measure(_row(kind, game, user), 1)
    found = []
    for user in users:
        profile = profile_for(user)
        for kind in (*TURN_KINDS, "digest"):
            figures = _with_and_without(profile, kind, game, user, rounds)
            if figures is not None:  # the digest: only for the player the game waits for
                found.append({"kind": kind, "user": user.username, **figures})
    return found, game, users


def _pair(figures) -> dict:
    (on_times, on_size, count), (off_times, off_size, _none) = figures[True], figures[False]
    return {
        "on_ms": statistics.median(on_times) * 1000,
        "on_worst_ms": max(on_times) * 1000,
        "on_kb": on_size / 1024,
        "pictures": count,
        "off_ms": statistics.median(off_times) * 1000,
        "off_kb": off_size / 1024,
    }


def _finish(game, users, rounds: int, seed: int) -> list[dict]:
    """The result mails: the game played on to its end."""
    from accounts.models import profile_for

    _random_moves(game, random.Random(seed + 1), 5000)
    found = []
    for user in users:
        figures = _with_and_without(profile_for(user), "result", game, user, rounds)
        found.append({"kind": "result", "user": user.username, **figures})
    return found


def report(rows: list[dict]) -> str:
    lines = [
        f"{'mail':<13}{'to':<5}{'CPU ms (worst)':>16}{'KB':>8}{'pictures':>10}"
        f"{'without: CPU ms':>17}{'KB':>7}"
    ]
    for row in rows:
        lines.append(
            f"{row['kind']:<13}{row['user']:<5}"
            f"{row['on_ms']:>9.0f} ({row['on_worst_ms']:>3.0f}){row['on_kb']:>9.1f}"
            f"{row['pictures']:>10}{row['off_ms']:>17.0f}{row['off_kb']:>7.1f}"
        )
    worst_ms = max(row["on_ms"] for row in rows)
    worst_kb = max(row["on_kb"] for row in rows)
    lines.append(
        f"worst median with the picture: {worst_ms:.0f} ms CPU (goal 150), "
        f"{worst_kb:.1f} KB (goal 120)"
    )
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=90)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        rows, game, users = run(args.moves, args.rounds, args.seed)
        rows += _finish(game, users, args.rounds, args.seed)
        print(report(rows))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


if __name__ == "__main__":
    main()
