"""The load benchmark: `python -m bench.load [--players 50] [--games 10] [--seconds 15]`.

Bounded and on loopback only. On the PostgreSQL server DATABASE_URL names it makes a
scratch database (dropped at the end), sets up players and games in it, and starts the
production server as deploy/gunicorn.conf.py configures it (gunicorn, its gthread workers
and threads, DEBUG off, Redis: database 14 of REDIS_URL's server). Then, in one run:

- unloaded: one client posts moves one at a time (the page's htmx post and the API's);
- the bare PostgreSQL transaction a move needs at minimum (lock the game row, insert a
  move row, update the state, at the sizes of this run's own moves and states), one at a
  time and at the players' concurrency (psycopg threads);
- loaded: every player in a loop without think time: a player who must act asks the API
  for its legal actions and posts one (htmx and API in turn); the others poll the version
  and, when it moved, fetch the page's fragments, as an open page does (but at once, not
  every 3 s);
- the framework floor (bench/load_floor.py): the site's settings, middleware and
  authentication in front of the bare transaction alone, under the same server, one request
  at a time (as the page and as the API) and at the players' concurrency: what any Django
  view that moves a game costs here before the game's own work;
- the version poll and a bare WSGI app under the same server, at 50 and 200 connections;
- 500 open pages polling every 3 s: what they cost the server (CPU) and how fast it answers.

Prints p50/p95/p99 latencies, throughputs and the ratios to the references measured in the
same run. The client shares the machine with the server: run it on an otherwise quiet
machine for figures to compare (`make load` runs it under `nice`). Not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def bare_app(environ, start_response):
    """The reference for the poll: a WSGI app that answers 204 and does nothing else."""
    start_response("204 No Content", [("Cache-Control", "no-cache")])
    return [b""]


# ----- figures -----------------------------------------------------------------------


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def summary(name: str, seconds: list[float], wall: float | None = None) -> dict:
    row = {
        "name": name,
        "n": len(seconds),
        "p50": percentile(seconds, 0.50) * 1000,
        "p95": percentile(seconds, 0.95) * 1000,
        "p99": percentile(seconds, 0.99) * 1000,
    }
    if wall:
        row["per_s"] = len(seconds) / wall
    return row


def show(row: dict) -> None:
    rate = f"{row['per_s']:9.1f}/s" if "per_s" in row else " " * 11
    print(
        f"  {row['name']:<44} n={row['n']:<6} p50 {row['p50']:8.2f} ms  "
        f"p95 {row['p95']:8.2f} ms  p99 {row['p99']:8.2f} ms  {rate}"
    )


# ----- a small HTTP/1.1 keep-alive client (asyncio, loopback) ------------------------


class Connection:
    def __init__(self, port: int):
        self.port = port
        self.reader = None
        self.writer = None

    async def _open(self):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict, body: bytes = b""):
        for attempt in range(2):
            if self.writer is None:
                await self._open()
            head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            head += "".join(f"{name}: {value}\r\n" for name, value in headers.items())
            head += f"Content-Length: {len(body)}\r\n\r\n"
            try:
                self.writer.write(head.encode() + body)
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionResetError("closed by the server")
                status = int(status_line.split()[1])
                answer_headers = {}
                while True:
                    line = await self.reader.readline()
                    if line in (b"\r\n", b"\n", b""):
                        break
                    name, _, value = line.decode("latin-1").partition(":")
                    answer_headers[name.strip().lower()] = value.strip()
                length = int(answer_headers.get("content-length", "0"))
                content = await self.reader.readexactly(length) if length else b""
                if answer_headers.get("connection", "").lower() == "close":
                    self.close()
                return status, answer_headers, content
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")


# ----- set-up: scratch database, players, games, servers ----------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise SystemExit(f"the server on port {port} did not start")


def scratch_database(url: str) -> tuple[str, str, str]:
    """(admin URL, scratch URL, scratch name) on the server `url` names."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql", "pgsql"):
        raise SystemExit("The load benchmark needs PostgreSQL: set DATABASE_URL=postgres://...")
    name = f"ttr_load_{os.getpid()}"
    admin = urlunsplit(("postgresql", parts.netloc, "/postgres", "", ""))
    return admin, urlunsplit((parts.scheme, parts.netloc, f"/{name}", "", "")), name


def redis_for_load(url: str) -> str:
    parts = urlsplit(url or "redis://127.0.0.1:6379/0")
    return urlunsplit((parts.scheme, parts.netloc, "/14", "", ""))


class Player:
    def __init__(self, user, game_id: int, session_key: str, api_key: str, ticket: str):
        self.user_id = user.pk
        self.name = user.username
        self.game_id = game_id
        self.csrf = secrets.token_hex(16)
        self.page_headers = {
            "Cookie": f"sessionid={session_key}; csrftoken={self.csrf}",
            "X-CSRFToken": self.csrf,
            "HX-Request": "true",
        }
        self.api_headers = {"Authorization": f"Token {api_key}", "Accept": "application/json"}
        self.ticket = ticket


def set_up(players: int, games: int) -> tuple[list[Player], dict]:
    """Users, games past their opening, sessions, tokens; returns the players and samples of
    the real row sizes (a move's events and action, a state)."""
    import django

    django.setup()
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.core.management import call_command
    from knox.models import AuthToken

    from accounts.sessions import SessionStore
    from games import engine
    from games.engine import ActionType
    from games.live.poll import poll_ticket
    from games.models import Game, Move
    from games.services import lobby
    from games.services.play import game_play

    call_command("migrate", verbosity=0)
    User = get_user_model()
    per_game = max(2, players // games)
    result = []
    for g in range(games):
        users = [User.objects.create(username=f"load{g}x{i}", email="") for i in range(per_game)]
        game = lobby.game_create(creator=users[0], map_id="usa", max_players=per_game)
        for user in users[1:]:
            _call(lobby.game_join, game, user=user)
        game.refresh_from_db()
        # The opening: every player keeps the tickets first offered.
        state = engine.State.from_dict(game.state)
        for seat in game.seats.select_related("user"):
            keep = engine.legal_options(state, seat.player_id, ActionType.KEEP_TICKETS)[0]
            game.refresh_from_db()
            game_play(
                game_id=game.pk,
                user=seat.user,
                action=keep.to_dict(),
                expected_version=game.version,
            )
        for user in users:
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            _, key = AuthToken.objects.create(user=user)
            result.append(
                Player(user, game.pk, session.session_key, key, poll_ticket(game.pk, user))
            )
    game = Game.objects.get(pk=result[0].game_id)
    move = Move.objects.filter(game=game).order_by("-number").first()
    samples = {
        "state": json.dumps(game.state),
        "events": json.dumps(move.events),
        "action": json.dumps(move.action),
    }
    return result, samples


def _call(function, game, **kwargs):
    """Lobby services take the game or its id (as they change, this benchmark need not)."""
    import inspect

    if "game_id" in inspect.signature(function).parameters:
        return function(game_id=game.pk, **kwargs)
    return function(game=game, **kwargs)


def server_env(database_url: str, redis_url: str, secret: str, var_dir: str, port: int) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("EMAIL_", "CELERY_"))}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "ttr_site.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "SECRET_KEY": secret,
            "DEBUG": "false",
            "SECURE_SSL_REDIRECT": "false",
            "ALLOWED_HOSTS": "127.0.0.1",
            "VAR_DIR": var_dir,
            "PORT": str(port),
            "PYTHONUNBUFFERED": "1",
        }
    )
    return env


def start_server(app: str, env: dict, log_path: Path) -> subprocess.Popen:
    log = log_path.open("wb")
    command = [str(BIN / "gunicorn"), "-c", str(ROOT / "deploy" / "gunicorn.conf.py"), app]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def process_cpu(pid: int) -> float:
    """CPU seconds used by the process and its children alive now (gunicorn's workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(child) for child in children]
    except OSError:
        pass
    for one in pids:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


# ----- the bare transaction ----------------------------------------------------------


def bare_transactions(
    database_url: str, samples: dict, threads: int, seconds: float, rows: int, limit: int = 0
) -> tuple[list[float], float]:
    """The bare transaction a move needs, in `threads` threads over `rows` game rows, for
    `seconds` (or `limit` transactions per thread); latencies and the wall time."""
    import psycopg

    conninfo = database_url.replace("postgres://", "postgresql://", 1)
    with psycopg.connect(conninfo, autocommit=True) as admin:
        admin.execute(
            "CREATE TABLE IF NOT EXISTS bare_game (id int PRIMARY KEY, version int NOT NULL,"
            " state jsonb NOT NULL)"
        )
        admin.execute(
            "CREATE TABLE IF NOT EXISTS bare_move (id bigserial PRIMARY KEY, game_id int NOT"
            " NULL, number int NOT NULL, action jsonb NOT NULL, events jsonb NOT NULL,"
            " created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (game_id, number))"
        )
        # The sizes of this run's rows, for the framework floor's view (bench/load_floor.py).
        admin.execute(
            "CREATE TABLE IF NOT EXISTS bare_sample (action jsonb NOT NULL, events jsonb NOT"
            " NULL, state jsonb NOT NULL)"
        )
        admin.execute("TRUNCATE bare_game, bare_move, bare_sample")
        admin.execute(
            "INSERT INTO bare_sample VALUES (%s::jsonb, %s::jsonb, %s::jsonb)",
            (samples["action"], samples["events"], samples["state"]),
        )
        for row in range(rows):
            admin.execute(
                "INSERT INTO bare_game VALUES (%s, 0, %s::jsonb)", (row, samples["state"])
            )
    latencies: list[float] = []
    lock = threading.Lock()
    start_gate = threading.Barrier(threads + 1)

    def work(index: int):
        mine = []
        with psycopg.connect(conninfo) as connection:
            start_gate.wait()
            stop_at = time.monotonic() + seconds
            done = 0
            while time.monotonic() < stop_at and (not limit or done < limit):
                row = (index + done) % rows if rows > threads else index % rows
                began = time.perf_counter()
                with connection.transaction():
                    version = connection.execute(
                        "SELECT version FROM bare_game WHERE id = %s FOR UPDATE", (row,)
                    ).fetchone()[0]
                    connection.execute(
                        "INSERT INTO bare_move (game_id, number, action, events)"
                        " VALUES (%s, %s, %s::jsonb, %s::jsonb)",
                        (row, version + 1, samples["action"], samples["events"]),
                    )
                    connection.execute(
                        "UPDATE bare_game SET state = %s::jsonb, version = version + 1"
                        " WHERE id = %s",
                        (samples["state"], row),
                    )
                mine.append(time.perf_counter() - began)
                done += 1
        with lock:
            latencies.extend(mine)

    workers = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    start_gate.wait()
    began = time.monotonic()
    for worker in workers:
        worker.join()
    return latencies, time.monotonic() - began


# ----- playing through the server ----------------------------------------------------

TURN_MARK = 'data-title="(Your turn)'
HEAD_MARK = 'id="game-head"'


class Play:
    """Players posting moves and polling through the server, recording latencies."""

    def __init__(self, port: int, seed: int = 1):
        self.port = port
        self.rng = random.Random(seed)
        self.times: dict[str, list[float]] = {}
        self.moves = 0
        self.refused = 0

    def note(self, name: str, seconds: float):
        self.times.setdefault(name, []).append(seconds)

    async def legal(self, connection, player) -> tuple[int, list[dict]]:
        status, _, body = await connection.request(
            "GET", f"/api/v1/games/{player.game_id}/legal-actions/", player.api_headers
        )
        data = json.loads(body)
        return data["version"], data["actions"]

    def pick(self, actions: list[dict]) -> dict:
        draws = [a for a in actions if a["type"] == "draw_card"]
        if draws and self.rng.random() < 0.85:  # most moves in a real game are draws
            return self.rng.choice(draws)
        return self.rng.choice(actions)

    async def move(self, connection, player, via: str) -> bool:
        """One legal move by the player; whether they still must act after it."""
        from games.web.views.action_form import form_data
        from games.web.views.render import CHAT_SEEN_PARAMETER

        version, actions = await self.legal(connection, player)
        if not actions:
            return False
        action = self.pick(actions)
        if via == "htmx":
            # As the page's script: the chat version it shows (no one chats in these games).
            fields = {**form_data(action, version), CHAT_SEEN_PARAMETER: "0"}
            body = urlencode(fields, doseq=True).encode()
            headers = {
                **player.page_headers,
                "Content-Type": "application/x-www-form-urlencoded",
            }
            began = time.perf_counter()
            status, _, content = await connection.request(
                "POST", f"/games/{player.game_id}/move/", headers, body
            )
            self.note("move POST (htmx)", time.perf_counter() - began)
            text = content.decode(errors="replace")
            # The answer leaves out the game's head when the move did not change whose move
            # it is (a first card: games.web.views.render); otherwise the head says.
            still = TURN_MARK in text or HEAD_MARK not in text
        else:
            body = json.dumps({"version": version, "action": action}).encode()
            headers = {**player.api_headers, "Content-Type": "application/json"}
            began = time.perf_counter()
            status, _, content = await connection.request(
                "POST", f"/api/v1/games/{player.game_id}/actions/", headers, body
            )
            self.note("move POST (API)", time.perf_counter() - began)
            still = False
            if status == 200:
                data = json.loads(content)
                still = any(
                    seat["username"] == player.name and seat["to_move"] for seat in data["seats"]
                )
        if status == 200:
            self.moves += 1
        else:
            self.refused += 1
        return still

    async def poll(self, connection, player, version: int, chat: int) -> tuple[int, bytes]:
        path = f"/games/{player.game_id}/version/?" + urlencode(
            {"v": version, "c": chat, "t": player.ticket, "visible": 1}
        )
        began = time.perf_counter()
        status, _, content = await connection.request("GET", path, player.page_headers)
        self.note("version poll", time.perf_counter() - began)
        return status, content

    async def page(self, connection, player) -> str:
        began = time.perf_counter()
        status, _, content = await connection.request(
            "GET", f"/games/{player.game_id}/?chat_seen=0", player.page_headers
        )
        self.note("game page (htmx fragments)", time.perf_counter() - began)
        return content.decode(errors="replace")

    async def player_loop(self, player, stop_at: float, versions: dict):
        connection = Connection(self.port)
        via = self.rng.choice(["htmx", "api"])
        html = await self.page(connection, player)
        my_turn = TURN_MARK in html
        try:
            while time.monotonic() < stop_at:
                if my_turn:
                    my_turn = await self.move(connection, player, via)
                    via = "api" if via == "htmx" else "htmx"
                    continue
                known = versions.get(player.game_id, 0)
                status, content = await self.poll(connection, player, known, 0)
                if status == 200 and content.strip().isdigit():
                    versions[player.game_id] = int(content)
                    my_turn = TURN_MARK in await self.page(connection, player)
        finally:
            connection.close()


async def unloaded_moves(port: int, players: list, moves: int) -> Play:
    """One client, one move at a time, in the first game, both ways in turn."""
    play = Play(port, seed=7)
    game_players = [p for p in players if p.game_id == players[0].game_id]
    connection = Connection(port)
    via = "htmx"
    for _ in range(moves):
        for player in game_players:  # whoever must act: legal-actions is empty for the others
            version, actions = await play.legal(connection, player)
            if actions:
                await play.move(connection, player, via)
                via = "api" if via == "htmx" else "htmx"
                break
    connection.close()
    return play


async def loaded(port: int, players: list, seconds: float) -> tuple[Play, float]:
    play = Play(port, seed=11)
    versions: dict[int, int] = {}
    stop_at = time.monotonic() + seconds
    began = time.monotonic()
    await asyncio.gather(*(play.player_loop(p, stop_at, versions) for p in players))
    return play, time.monotonic() - began


async def hammer(port: int, path: str, headers: dict, connections: int, seconds: float):
    """Closed-loop GETs of one address on `connections` keep-alive connections."""
    times: list[float] = []
    stop_at = time.monotonic() + seconds
    statuses: dict[int, int] = {}

    async def one():
        connection = Connection(port)
        try:
            while time.monotonic() < stop_at:
                began = time.perf_counter()
                status, _, _ = await connection.request("GET", path, headers)
                times.append(time.perf_counter() - began)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            connection.close()

    began = time.monotonic()
    client_cpu = time.process_time()
    await asyncio.gather(*(one() for _ in range(connections)))
    wall = time.monotonic() - began
    return times, wall, statuses, (time.process_time() - client_cpu) / wall


async def floor_posts(
    port: int, players: list, rows: int, via: str, connections: int, seconds: float, limit: int
):
    """Closed-loop POSTs to the framework floor (bench/load_floor.py), one connection a
    player, each on its own game's row; latencies, wall time and the statuses."""
    times: list[float] = []
    statuses: dict[int, int] = {}
    stop_at = time.monotonic() + seconds

    async def one(index: int):
        player = players[index % len(players)]
        row = index % rows
        if via == "page":
            path, body = f"/floor/page/{row}/", b"version=1&type=draw_card&source=deck"
            headers = {**player.page_headers, "Content-Type": "application/x-www-form-urlencoded"}
        else:
            path, body = f"/floor/api/{row}/", b'{"version": 1, "action": {"type": "draw_card"}}'
            headers = {**player.api_headers, "Content-Type": "application/json"}
        connection = Connection(port)
        done = 0
        try:
            while time.monotonic() < stop_at and (not limit or done < limit):
                began = time.perf_counter()
                status, _, _ = await connection.request("POST", path, headers, body)
                times.append(time.perf_counter() - began)
                statuses[status] = statuses.get(status, 0) + 1
                done += 1
        finally:
            connection.close()

    began = time.monotonic()
    await asyncio.gather(*(one(i) for i in range(connections)))
    return times, time.monotonic() - began, statuses


async def current_versions(port: int, players: list) -> dict[int, int]:
    """Each game's version now, as a poll answers it."""
    connection = Connection(port)
    versions = {}
    for player in players:
        if player.game_id not in versions:
            path = f"/games/{player.game_id}/version/?" + urlencode({"v": -1, "t": player.ticket})
            _, _, content = await connection.request("GET", path, player.page_headers)
            versions[player.game_id] = int(content)
    connection.close()
    return versions


async def open_pages(
    port: int, players: list, versions: dict, pages: int, seconds: float, every: float
):
    """`pages` open pages, each polling every `every` seconds (staggered)."""
    times: list[float] = []
    stop_at = time.monotonic() + seconds

    async def one(index: int):
        player = players[index % len(players)]
        path = f"/games/{player.game_id}/version/?" + urlencode(
            {"v": versions[player.game_id], "c": 0, "t": player.ticket}
        )
        connection = Connection(port)
        await asyncio.sleep(every * index / pages)
        try:
            while time.monotonic() < stop_at:
                began = time.perf_counter()
                await connection.request("GET", path, player.page_headers)
                times.append(time.perf_counter() - began)
                await asyncio.sleep(max(0.0, every - (time.perf_counter() - began)))
        finally:
            connection.close()

    await asyncio.gather(*(one(i) for i in range(pages)))
    return times


# ----- the run -----------------------------------------------------------------------


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each loaded phase")
    parser.add_argument("--unloaded-moves", type=int, default=60)
    parser.add_argument("--pages", type=int, default=500)
    args = parser.parse_args(argv)

    admin_url, database_url, name = scratch_database(
        os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    )
    redis_url = redis_for_load(os.environ.get("REDIS_URL", ""))
    secret = secrets.token_urlsafe(50)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "ttr_site.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "SECRET_KEY": secret,
            "DEBUG": "false",
            "SECURE_SSL_REDIRECT": "false",
        }
    )
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    servers: list[subprocess.Popen] = []
    var_dir = tempfile.mkdtemp(prefix="ttr-load-")
    try:
        print(f"load average before: {os.getloadavg()[0]:.2f} (2-core machine)")
        print(f"set-up: {args.players} players over {args.games} games in database {name} ...")
        players, samples = set_up(args.players, args.games)
        print(
            f"  row sizes: state {len(samples['state'])} B, move events"
            f" {len(samples['events'])} B + action {len(samples['action'])} B"
        )
        subprocess.run(
            [str(BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=ROOT,
            env={**os.environ, "DEBUG": "false"},
            check=True,
        )
        site_port, bare_port = free_port(), free_port()
        site = start_server(
            "ttr_site.wsgi",
            server_env(database_url, redis_url, secret, var_dir, site_port),
            Path(var_dir) / "site.log",
        )
        servers.append(site)
        bare = start_server(
            "bench.load:bare_app",
            server_env(database_url, redis_url, secret, var_dir, bare_port),
            Path(var_dir) / "bare.log",
        )
        servers.append(bare)
        floor_port = free_port()
        servers.append(
            start_server(
                "ttr_site.wsgi:django_application",
                {
                    **server_env(database_url, redis_url, secret, var_dir, floor_port),
                    "DJANGO_SETTINGS_MODULE": "bench.load_floor_settings",
                },
                Path(var_dir) / "floor.log",
            )
        )
        for port in (site_port, bare_port, floor_port):
            wait_for_port(port)
        run(args, players, samples, database_url, site, (site_port, bare_port, floor_port))
        print(f"load average after: {os.getloadavg()[0]:.2f}")
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        from django.db import connections

        connections.close_all()
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run(args, players, samples, database_url, site, ports) -> None:
    site_port, bare_port, floor_port = ports
    concurrency = len(players)
    rows = args.games
    # Warm up the server's workers (imports, connections) before anything is timed.
    asyncio.run(
        hammer(
            site_port,
            f"/games/{players[0].game_id}/version/?v=0&t={players[0].ticket}",
            players[0].page_headers,
            4,
            2.0,
        )
    )

    print("\nunloaded (one request at a time)")
    play = asyncio.run(unloaded_moves(site_port, players, args.unloaded_moves))
    rows_out = [summary(name, times) for name, times in sorted(play.times.items())]
    for row in rows_out:
        show(row)
    bare_one, _ = bare_transactions(database_url, samples, 1, 30.0, rows, limit=300)
    bare_unloaded = summary("bare transaction (1 thread)", bare_one)
    show(bare_unloaded)
    unloaded_move = {row["name"]: row for row in rows_out}
    floor_unloaded = {}
    for via in ("page", "api"):
        times, _, statuses = asyncio.run(
            floor_posts(floor_port, players[:1], rows, via, 1, 30.0, args.unloaded_moves)
        )
        floor_unloaded[via] = summary(f"framework floor ({via}), 1 connection", times)
        show(floor_unloaded[via])
        print(f"    statuses {statuses}")

    print(
        f"\nloaded: {concurrency} players over {args.games} games, no think time, "
        f"{args.seconds:.0f} s"
    )
    cpu0 = process_cpu(site.pid)
    play, wall = asyncio.run(loaded(site_port, players, args.seconds))
    busy = (process_cpu(site.pid) - cpu0) / wall
    loaded_rows = {}
    for name, times in sorted(play.times.items()):
        loaded_rows[name] = summary(name, times, wall)
        show(loaded_rows[name])
    moves_per_s = play.moves / wall
    print(
        f"  moves applied: {play.moves} ({moves_per_s:.1f}/s), refused {play.refused};"
        f" server CPU {busy:.2f} cores"
    )
    bare_rows = {}
    for threads in sorted({concurrency, rows}, reverse=True):
        times, bare_wall = bare_transactions(database_url, samples, threads, args.seconds, rows)
        bare_rows[threads] = summary(
            f"bare transaction ({threads} threads, {rows} rows)", times, bare_wall
        )
        show(bare_rows[threads])
    times, floor_wall, statuses = asyncio.run(
        floor_posts(floor_port, players, rows, "page", concurrency, args.seconds, 0)
    )
    floor_loaded = summary(
        f"framework floor (page), {concurrency} connections, {rows} rows", times, floor_wall
    )
    show(floor_loaded)
    print(f"    statuses {statuses}")

    print("\nversion poll against a bare WSGI app under the same server (204 answers)")
    versions = asyncio.run(current_versions(site_port, players))
    first = players[0]
    poll_path = f"/games/{first.game_id}/version/?" + urlencode(
        {"v": versions[first.game_id], "c": 0, "t": first.ticket}
    )
    polls = {}
    for connections in (50, 200):
        times, wall, statuses, client = asyncio.run(
            hammer(site_port, poll_path, players[0].page_headers, connections, 8.0)
        )
        polls[("poll", connections)] = summary(
            f"version poll, {connections} connections", times, wall
        )
        show(polls[("poll", connections)])
        print(f"    statuses {statuses}, client CPU {client:.2f} cores")
        times, wall, statuses, client = asyncio.run(hammer(bare_port, "/", {}, connections, 8.0))
        polls[("bare", connections)] = summary(
            f"bare WSGI app, {connections} connections", times, wall
        )
        show(polls[("bare", connections)])
        print(f"    statuses {statuses}, client CPU {client:.2f} cores")

    print(f"\n{args.pages} open pages polling every 3 s (a hidden tab polls every 30 s)")
    cpu0, began = process_cpu(site.pid), time.monotonic()
    times = asyncio.run(open_pages(site_port, players, versions, args.pages, args.seconds, 3.0))
    wall = time.monotonic() - began
    cost = (process_cpu(site.pid) - cpu0) / wall
    show(summary(f"{args.pages} pages' polls", times, wall))
    print(f"  server CPU: {cost:.2f} cores ({cost * 100:.0f}% of one core; hidden tabs: a tenth)")

    print("\nratios to the references of this run (goal in brackets)")
    bare_p50 = bare_unloaded["p50"]
    for name in ("move POST (htmx)", "move POST (API)"):
        if name in unloaded_move:
            ratio = unloaded_move[name]["p50"] / bare_p50
            print(f"  unloaded {name} p50 / bare p50: {ratio:.1f}x  (<= 5x: {_met(ratio <= 5)})")
    # The floor: what Django itself costs for a move's request before the game's own work.
    for via, name in (("page", "move POST (htmx)"), ("api", "move POST (API)")):
        floor = floor_unloaded[via]["p50"]
        line = f"  unloaded framework floor ({via}) p50 / bare p50: {floor / bare_p50:.1f}x"
        if name in unloaded_move:
            line += f"; {name} p50 / floor p50: {unloaded_move[name]['p50'] / floor:.1f}x"
        print(line)
    for threads, row in bare_rows.items():
        for name in ("move POST (htmx)", "move POST (API)"):
            if name in loaded_rows:
                ratio = loaded_rows[name]["p50"] / row["p50"]
                print(
                    f"  loaded {name} p50 / bare p50 at {threads} threads: {ratio:.1f}x"
                    f"  (<= 5x: {_met(ratio <= 5)})"
                )
        share = moves_per_s / row["per_s"]
        print(
            f"  moves/s / bare transactions/s at {threads} threads: 1/{1 / share:.0f}"
            f"  (>= 1/10: {_met(share >= 0.1)})"
        )
        # Each applied move also brings the other players' polls and page refreshes: the
        # server CPU the loaded phase spent per move says how many cores 1/10 would need.
        if moves_per_s:
            print(
                f"    at {busy / moves_per_s * 1000:.0f} ms of server CPU per applied move,"
                f" 1/10 ({row['per_s'] / 10:.0f} moves/s) needs"
                f" {row['per_s'] / 10 * busy / moves_per_s:.1f} cores"
            )
    top = bare_rows[max(bare_rows)]
    print(
        f"  framework floor at {concurrency} connections: p50 / bare p50 at {max(bare_rows)}"
        f" threads {floor_loaded['p50'] / top['p50']:.1f}x, floors/s / bare transactions/s"
        f" 1/{top['per_s'] / floor_loaded['per_s']:.0f}, moves/s / floors/s"
        f" 1/{floor_loaded['per_s'] / max(moves_per_s, 1e-9):.1f}"
    )
    for connections in (50, 200):
        share = polls[("poll", connections)]["per_s"] / polls[("bare", connections)]["per_s"]
        print(
            f"  version poll / bare WSGI req/s at {connections} connections: 1/{1 / share:.1f}"
            f"  (>= 1/4: {_met(share >= 0.25)})"
        )


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


if __name__ == "__main__":
    main()
