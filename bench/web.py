"""The web benchmark: `python -m bench.web [--moves 150] [--map usa|europe] [--players 3]`.

Plays one game through the Django test client on a scratch test database (the
test-database machinery: in-memory SQLite by default, or a throwaway database on
the server DATABASE_URL names), the way a browser with htmx would: before every
move the player to move loads the game page, then posts the move as a form.
Prints page and move latencies, SQL queries per page early and late in the game
(they must not grow with the number of moves), and the board SVG's size.
Not a test: figures for docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from games.engine import ActionType

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings_test")


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def _form_data(action: dict, version: int) -> dict:
    from games.web.views.action_form import cards_token

    data = {"type": action["type"], "version": str(version)}
    if action["type"] == ActionType.DRAW_CARD:
        data["from"] = action["from"]
        if action["from"] == "face_up":
            data["color"] = action["color"]
    if "route" in action:
        data["route"] = action["route"]
    if "city" in action:
        data["city"] = action["city"]
    if "cards" in action:
        data["cards"] = cards_token(action["cards"])
    if "tickets" in action:
        data["tickets"] = action["tickets"]
    return data


def _pick(actions: list, rng: random.Random):
    """Mostly card draws, so a game lasts long enough to measure a late page."""
    draws = [a for a in actions if a.type == ActionType.DRAW_CARD]
    if draws and rng.random() < 0.75:
        return rng.choice(draws)
    return rng.choice(actions)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def run(moves: int, map_id: str, players: int, seed: int) -> dict:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games import engine
    from games.models import Game
    from games.services.lobby import game_create, game_join, game_start
    from games.web.views.board_picture import board
    from games.web.views.render import load_table

    users = [
        get_user_model().objects.create_user(f"bench{i}", f"bench{i}@example.org", "pw")
        for i in range(players)
    ]
    game = game_create(creator=users[0], map_id=map_id, max_players=5)
    for user in users[1:]:
        game_join(game_id=game.pk, user=user)
    game = game_start(game_id=game.pk, user=users[0])
    clients = {}
    for user in users:
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)
    rng = random.Random(seed)
    url = f"/games/{game.pk}/"
    page_times, post_times, version_times = [], [], []
    queries: dict[int, int] = {}
    version_queries = None
    played = 0
    while played < moves:
        game = Game.objects.get(pk=game.pk)
        if game.is_over:
            break
        state = engine.State.from_dict(game.state)
        seats = {s.player_id: s for s in game.seats.all()}
        movers = [pid for pid in seats if engine.legal_actions(state, pid)]
        pid = rng.choice(movers)
        client = clients[seats[pid].user_id]
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = client.get(url)
            page_times.append(time.perf_counter() - start)
        assert response.status_code == 200, response.status_code
        if played + 1 in (10, moves):
            queries[played + 1] = len(captured.captured_queries)
        start = time.perf_counter()
        poll = client.get(url + "version/", {"v": str(game.version)})
        version_times.append(time.perf_counter() - start)
        assert poll.status_code == 204, poll.status_code
        if version_queries is None:
            with CaptureQueriesContext(connection) as captured:
                client.get(url + "version/", {"v": str(game.version)})
            version_queries = len(captured.captured_queries)
        action = _pick(engine.legal_actions(state, pid), rng).to_dict()
        start = time.perf_counter()
        response = client.post(
            url + "move/", _form_data(action, game.version), headers={"HX-Request": "true"}
        )
        post_times.append(time.perf_counter() - start)
        assert response.status_code == 200, (response.status_code, action)
        played += 1

    class _Request:
        user = users[0]

    svg = board(load_table(_Request(), game.pk))
    return {
        "map": map_id,
        "players": players,
        "moves": played,
        "page": page_times,
        "post": post_times,
        "version": version_times,
        "queries": queries,
        "version_queries": version_queries,
        "svg_bytes": len(svg.encode()),
        "page_bytes": len(response.content),
    }


def report(result: dict) -> str:
    def line(name, values):
        return (
            f"{name:<22} median {_ms(statistics.median(values)):>9}   "
            f"p95 {_ms(_percentile(values, 0.95)):>9}   (n={len(values)})"
        )

    queries = ", ".join(f"move {n}: {q}" for n, q in sorted(result["queries"].items()))
    return "\n".join(
        [
            f"Web benchmark: {result['map']}, {result['players']} players, "
            f"{result['moves']} moves through the test client",
            line("game page (GET)", result["page"][1:]),  # the first page also lays out the map
            line("move (htmx POST)", result["post"]),
            line("version poll (GET)", result["version"]),
            f"SQL queries per game page: {queries}",
            f"SQL queries per version poll: {result['version_queries']}",
            f"board SVG: {result['svg_bytes']:,} bytes",
        ]
    )


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--map", dest="map_id", default="usa", choices=("usa", "europe"))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        print(report(run(args.moves, args.map_id, args.players, args.seed)))
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


if __name__ == "__main__":
    main()
