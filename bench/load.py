"""The load benchmark: `python -m bench.load [--players 50] [--games 10] [--seconds 15]`.

Bounded and on loopback only. On the PostgreSQL server DATABASE_URL names it makes a
scratch database (dropped at the end), sets up players and games in it, and starts the
production server as deploy/gunicorn.conf.py configures it (gunicorn, its gthread workers
and threads, DEBUG off, Redis: database 14 of REDIS_URL's server, or LOAD_REDIS_URL).
Then, in one run:

- unloaded: one client posts moves one at a time (the page's htmx post and the API's);
- the bare PostgreSQL transaction a move needs at minimum (lock the game row, insert a
  move row, update the state, at the sizes of this run's own moves and states), one at a
  time and at the players' concurrency (psycopg threads);
- loaded, twice: every player in a loop without think time: a player who must act moves,
  by the page and by the API in turn: at the page, most moves are a click on the deck
  (the form its own parts hold), any other move, like every move by the API, asks the API
  for the legal actions and posts one (two requests, as a page's claim is); the others watch,
  first by polling the version and, when it moved, fetching the page's fragments (at once,
  not every 3 s), then by holding the page's event stream (the stream server, uvicorn, as
  deploy/systemd/ttr-stream.service starts it): a page that need not act shows the table's
  parts the stream brings with a version it does not show, the one that must act fetches
  its fragments; the time from the mover's answer to each other page showing the move, and
  the server CPU (site and stream server) per applied move;
- the bare transaction under pgbench at the players' concurrency: the reference no Python
  client limits (the state's UPDATE sized as a game at move 200 writes it, 3.3 KB);
- the framework floor (bench/load_floor.py): the site's settings, middleware and
  authentication in front of the bare transaction alone, under the same server, one request
  at a time (as the page and as the API) and at the players' concurrency: what any Django
  view that moves a game costs here before the game's own work;
- the version poll and a bare WSGI app under the same server, at 50 and 200 connections;
- 500 open pages polling every 3 s: what they cost the server (CPU) and how fast it answers;
- 2,000 idle open pages holding a stream (one ping each): the stream server's memory and
  CPU, and the same under a Django async view (bench/stream_django.py) for comparison.

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
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

from bench.load_streams import (
    VERSION_IN_PAGE,
    idle_streams,
    open_stream,
    rss_mb,
    start_stream_server,
    stream_path,
)

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
    """Database 14 of REDIS_URL's server, or LOAD_REDIS_URL as it stands (two runs at once on
    one Redis must not share the cache: their scratch databases number games alike). Each
    run empties it first."""
    if os.environ.get("LOAD_REDIS_URL"):
        return os.environ["LOAD_REDIS_URL"]
    parts = urlsplit(url or "redis://127.0.0.1:6379/0")
    return urlunsplit((parts.scheme, parts.netloc, "/14", "", ""))


STATE_AT_MOVE_200 = 3300  # bytes


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
        self.deck: int | None = None  # the version the page's deck form posts, if it has one


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
    state = json.dumps(game.state)
    # The state's UPDATE as a game at move 200 writes it (3.3 KB), not this opening's.
    if len(state) < STATE_AT_MOVE_200:
        padded = {**game.state, "pad": "x" * (STATE_AT_MOVE_200 - len(state) - 10)}
        state = json.dumps(padded)
    samples = {
        "state": state,
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
            "LIVE_CHANNEL": os.environ["LIVE_CHANNEL"],
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
# The action panel, as a fetched answer draws it: "waiting" unless the viewer must act.
ACTION_PANEL = re.compile(r'<section class="panel action( waiting)?" id="action-panel"')


def must_act(html: str) -> bool:
    """Whether the fetched answer shows the viewer a move to make: its action panel (every
    answer after a move draws it), else the tab's title."""
    panel = ACTION_PANEL.search(html)
    if panel is not None:
        return panel.group(1) is None and 'data-panel="over"' not in html
    return TURN_MARK in html


# The page's move POST while it holds its stream: its answer leaves out the table's public
# parts, which the stream brings.
STREAMED_POST = "move POST (htmx, stream held)"
# The deck's form in a page's own parts (games/play/draw_form.html): only on the page of the
# player who may draw now, with the version the page shows. A page's player draws by its
# button, as most moves are (MOST_ARE_DRAWS), and asks nothing first.
DECK_FORM = re.compile(r'id="draw-deck">.*?name="version" value="([0-9]+)"', re.DOTALL)
DRAW_FORMS_PART = 'id="draw-forms-part"'
MOST_ARE_DRAWS = 0.85
# The standing orders' slot (games/play/orders_slot.html): put in, the page fetches the panel.
ORDERS_SLOT = 'id="orders-panel" aria-labelledby="orders-title" hx-get='


def deck_version(html: str, known: int | None) -> int | None:
    """The version the page's deck form posts, from an answer that draws the page's draw
    forms (None: the player may not draw now); `known` when the answer leaves them out."""
    if DRAW_FORMS_PART not in html:
        return known
    found = DECK_FORM.search(html)
    return int(found.group(1)) if found else None


class Play:
    """Players posting moves and polling through the server, recording latencies."""

    def __init__(self, port: int, seed: int = 1):
        self.port = port
        self.rng = random.Random(seed)
        self.times: dict[str, list[float]] = {}
        self.moves = 0
        self.refused = 0
        self.last_version: int | None = None
        # Watching by stream: when each (game, version) was answered to its mover, and when
        # each other page of the game had fetched its fragments after hearing of it.
        self.moved: dict[tuple[int, int], float] = {}
        self.fetched: dict[tuple[int, int], list[float]] = {}
        self.empty_decks: set[int] = set()  # games whose deck a page's player found empty
        self.shown_parts = 0  # the times a watching page showed the parts its stream brought
        self.own_fetches = 0  # the times a page that must act asked for its own parts
        self.orders_loads = 0  # the standing orders' panels a fetched answer had put in
        # What the pages held by a stream were sent after the page's first answer: the
        # events down their streams and the fragments they fetched.
        self.watcher_bytes = 0

    def note(self, name: str, seconds: float):
        self.times.setdefault(name, []).append(seconds)

    async def legal(self, connection, player) -> tuple[int, list[dict]]:
        began = time.perf_counter()
        status, _, body = await connection.request(
            "GET", f"/api/v1/games/{player.game_id}/legal-actions/", player.api_headers
        )
        self.note("legal actions GET (API)", time.perf_counter() - began)
        data = json.loads(body)
        return data["version"], data["actions"]

    def pick(self, actions: list[dict]) -> dict:
        draws = [a for a in actions if a["type"] == "draw_card"]
        if draws and self.rng.random() < MOST_ARE_DRAWS:  # most moves in a real game are draws
            return self.rng.choice(draws)
        return self.rng.choice(actions)

    async def move(self, connection, player, via: str, public: int | None = None) -> bool:
        """One legal move by the player; whether they still must act after it. With `public`
        (a page that holds its stream, showing the table's public parts of that version) the
        page's answer leaves out what the stream brings."""
        from games.web.views.action_form import form_data
        from games.web.views.render import CHAT_SEEN_PARAMETER, PUBLIC_PARAMETER

        clicked = (
            via == "htmx"
            and player.deck is not None
            and player.game_id not in self.empty_decks
            and self.rng.random() < MOST_ARE_DRAWS
        )
        if clicked:
            # As a person at the page: a click on the deck, its form as the page holds it.
            version, action = player.deck, {"type": "draw_card", "from": "deck"}
        else:
            # Any other move: as a client of the API, or as a page's claim (the route's
            # panel, then its form), two requests.
            version, actions = await self.legal(connection, player)
            if not actions:
                return False
            action = self.pick(actions)
        if via == "htmx":
            # As the page's script: the chat version it shows (no one chats in these games).
            fields = {**form_data(action, version), CHAT_SEEN_PARAMETER: "0"}
            if public is not None:
                fields[PUBLIC_PARAMETER] = str(public)
            body = urlencode(fields, doseq=True).encode()
            headers = {
                **player.page_headers,
                "Content-Type": "application/x-www-form-urlencoded",
            }
            began = time.perf_counter()
            status, _, content = await connection.request(
                "POST", f"/games/{player.game_id}/move/", headers, body
            )
            name = "move POST (htmx)" if public is None else STREAMED_POST
            self.note(name, time.perf_counter() - began)
            text = content.decode(errors="replace")
            player.deck = deck_version(text, None) if status == 200 else None
            await self.orders_panel(connection, player, text)
            found = VERSION_IN_PAGE.search(content)
            self.last_version = int(found.group(1)) if found else None
            # Its action panel says whether the move left the player more to do.
            still = must_act(text)
        else:
            body = json.dumps({"version": version, "action": action}).encode()
            headers = {**player.api_headers, "Content-Type": "application/json"}
            began = time.perf_counter()
            status, _, content = await connection.request(
                "POST", f"/api/v1/games/{player.game_id}/actions/", headers, body
            )
            self.note("move POST (API)", time.perf_counter() - began)
            player.deck = None  # the API's answer holds no form
            still = False
            self.last_version = None
            if status == 200:
                data = json.loads(content)
                self.last_version = data.get("version")
                still = any(
                    seat["username"] == player.name and seat["to_move"] for seat in data["seats"]
                )
        if status == 200:
            self.moves += 1
        else:
            self.refused += 1
            if clicked and status == 422:
                # The deck ran out (its button greys): this game's players ask as for any move.
                self.empty_decks.add(player.game_id)
        return still

    async def poll(self, connection, player, version: int, chat: int) -> tuple[int, bytes]:
        path = f"/games/{player.game_id}/version/?" + urlencode(
            {"v": version, "c": chat, "t": player.ticket, "visible": 1}
        )
        began = time.perf_counter()
        status, _, content = await connection.request("GET", path, player.page_headers)
        self.note("version poll", time.perf_counter() - began)
        return status, content

    async def page(self, connection, player, **asked) -> str:
        """The page's fragments, as its script asks for them (`asked`: the version it shows,
        and the public parts' when its stream brought them: only its own parts come)."""
        began = time.perf_counter()
        query = urlencode({"chat_seen": 0, **asked})
        status, _, content = await connection.request(
            "GET", f"/games/{player.game_id}/?{query}", player.page_headers
        )
        self.note("game page (htmx fragments)", time.perf_counter() - began)
        text = content.decode(errors="replace")
        player.deck = deck_version(text, player.deck)
        if await self.orders_panel(connection, player, text):
            self.orders_loads += 1
        return text

    async def orders_panel(self, connection, player, text: str) -> bool:
        """As htmx does when an answer puts the standing orders' slot in: fetch the panel."""
        if ORDERS_SLOT not in text:
            return False
        began = time.perf_counter()
        await connection.request("GET", f"/games/{player.game_id}/orders/", player.page_headers)
        self.note("standing orders panel (htmx)", time.perf_counter() - began)
        return True

    async def player_loop(self, player, stop_at: float, versions: dict):
        connection = Connection(self.port)
        via = self.rng.choice(["htmx", "api"])
        html = await self.page(connection, player)
        my_turn = TURN_MARK in html
        try:
            while time.monotonic() < stop_at:
                if my_turn:
                    my_turn = await self.move(connection, player, via)
                    if not my_turn:  # the next turn by the other way (a turn is one client's)
                        via = "api" if via == "htmx" else "htmx"
                    continue
                known = versions.get(player.game_id, 0)
                status, content = await self.poll(connection, player, known, 0)
                if status == 200 and content.strip().isdigit():
                    versions[player.game_id] = int(content)
                    my_turn = TURN_MARK in await self.page(connection, player)
        finally:
            connection.close()

    async def stream_player_loop(self, player, stop_at: float, stream_port: int):
        """A player whose page holds its stream: told of each new version, it shows the
        table's parts the stream brought with it, and when its viewer must act ("act")
        fetches only its own parts; with no parts it fetches the fragments (as
        static/js/game.js does). Its moves' answers leave out what the stream brings."""
        connection = Connection(self.port)
        via = self.rng.choice(["htmx", "api"])
        news: asyncio.Queue = asyncio.Queue()
        stream = await open_stream(stream_port, stream_path(player), on_version=news.put_nowait)
        html = await self.page(connection, player)
        found = VERSION_IN_PAGE.search(html.encode())
        shown = int(found.group(1)) if found else None
        my_turn = must_act(html)
        try:
            while time.monotonic() < stop_at:
                if my_turn:
                    my_turn = await self.move(connection, player, via, public=shown)
                    if not my_turn:  # the next turn by the other way (a turn is one client's)
                        via = "api" if via == "htmx" else "htmx"
                    if self.last_version is not None:
                        shown = self.last_version
                        self.moved[(player.game_id, shown)] = time.perf_counter()
                    continue
                try:
                    async with asyncio.timeout(max(0.01, stop_at - time.monotonic())):
                        told = await news.get()
                except TimeoutError:
                    break
                while not news.empty():
                    told = news.get_nowait()
                version = told["v"]
                if shown is not None and version <= shown:
                    continue  # shown already (its own move's answer came first), as the page
                if "html" in told:  # the page puts the parts in place
                    self.shown_parts += 1
                    self.fetched.setdefault((player.game_id, version), []).append(
                        time.perf_counter()
                    )
                    if told.get("act"):  # its viewer must act: their own parts, asked
                        html = await self.page(
                            connection, player, shown=shown or "", public=version
                        )
                        self.watcher_bytes += len(html.encode())
                        self.own_fetches += 1
                        my_turn = True  # the stream said so (the answer may leave the head)
                    shown = version
                    continue
                # No parts: the whole fragments, for the version it shows (one behind: only
                # what the move changed), as the page's script asks.
                html = await self.page(connection, player, shown=shown or "")
                self.watcher_bytes += len(html.encode())
                self.fetched.setdefault((player.game_id, version), []).append(time.perf_counter())
                found = VERSION_IN_PAGE.search(html.encode())
                shown = int(found.group(1)) if found else version
                my_turn = must_act(html)
        finally:
            self.watcher_bytes += stream.bytes
            stream.close()
            connection.close()

    def watcher_latencies(self) -> list[float]:
        """From the mover's answer to each other page showing the move (the parts its stream
        brought, or its fetched fragments), per move."""
        return [
            fetched - moved
            for key, moved in self.moved.items()
            for fetched in self.fetched.get(key, ())
        ]


async def unloaded_moves(port: int, players: list, moves: int) -> Play:
    """One client, one move at a time, in the first game, each way in turn: the page's post
    while it holds its stream (its answer leaves the public parts to the stream), the page's
    post without a stream (the whole answer), the API's."""
    play = Play(port, seed=7)
    game_players = [p for p in players if p.game_id == players[0].game_id]
    connection = Connection(port)
    ways = ("streamed", "htmx", "api")
    turn = 0
    for _ in range(moves):
        for player in game_players:  # whoever must act: legal-actions is empty for the others
            version, actions = await play.legal(connection, player)
            if actions:
                way = ways[turn % len(ways)]
                public = version if way == "streamed" else None
                await play.move(connection, player, "api" if way == "api" else "htmx", public)
                turn += 1
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


async def loaded_by_stream(
    port: int, stream_port: int, players: list, seconds: float
) -> tuple[Play, float]:
    play = Play(port, seed=13)
    stop_at = time.monotonic() + seconds
    began = time.monotonic()
    await asyncio.gather(*(play.stream_player_loop(p, stop_at, stream_port) for p in players))
    return play, time.monotonic() - began


async def hammer(
    port: int, path: str, headers: dict, connections: int, seconds: float, targets=None
):
    """Closed-loop GETs of one address on `connections` keep-alive connections (or of
    `targets`, (path, headers) pairs, one per connection in turn)."""
    times: list[float] = []
    stop_at = time.monotonic() + seconds
    statuses: dict[int, int] = {}

    async def one(index: int):
        mine, my_headers = targets[index % len(targets)] if targets else (path, headers)
        connection = Connection(port)
        try:
            while time.monotonic() < stop_at:
                began = time.perf_counter()
                status, _, _ = await connection.request("GET", mine, my_headers)
                times.append(time.perf_counter() - began)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            connection.close()

    began = time.monotonic()
    client_cpu = time.process_time()
    await asyncio.gather(*(one(i) for i in range(connections)))
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
    parser.add_argument("--unloaded-moves", type=int, default=90)
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--streams", type=int, default=2000, help="idle open pages by stream")
    parser.add_argument("--idle-seconds", type=float, default=21.0, help="one ping each")
    args = parser.parse_args(argv)

    admin_url, database_url, name = scratch_database(
        os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    )
    redis_url = redis_for_load(os.environ.get("REDIS_URL", ""))
    # An earlier run's cache names the same games and versions (every scratch database
    # numbers its games alike): what it drew there must not be read here.
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    secret = secrets.token_urlsafe(50)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "ttr_site.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "SECRET_KEY": secret,
            "DEBUG": "false",
            "SECURE_SSL_REDIRECT": "false",
            # This run's news only: a site on the same Redis hears none of it.
            "LIVE_CHANNEL": f"ttr:load:{os.getpid()}",
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
        stream_port, django_stream_port = free_port(), free_port()
        stream = start_stream_server(
            "ttr_site.stream:application",
            server_env(database_url, redis_url, secret, var_dir, stream_port),
            stream_port,
            Path(var_dir) / "stream.log",
        )
        servers.append(stream)
        django_stream = start_stream_server(
            "bench.stream_django:application",
            server_env(database_url, redis_url, secret, var_dir, django_stream_port),
            django_stream_port,
            Path(var_dir) / "stream-django.log",
        )
        servers.append(django_stream)
        for port in (site_port, bare_port, floor_port, stream_port, django_stream_port):
            wait_for_port(port)
        run(
            args,
            players,
            samples,
            database_url,
            (site, stream, django_stream),
            (site_port, bare_port, floor_port, stream_port, django_stream_port),
        )
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


def pgbench(
    database_url: str, clients: int, seconds: float, rows: int
) -> tuple[list[float], float]:
    """The bare transaction under pgbench, the reference no Python client limits: the same
    statements on the same tables (bare_transactions made them), the rows' contents copied
    from bare_sample in the server; latencies (its per-transaction log) and transactions/s."""
    directory = Path(tempfile.mkdtemp(prefix="ttr-pgbench-"))
    script = directory / "move.sql"
    script.write_text(
        f"\\set row random(0, {rows - 1})\n"
        "BEGIN;\n"
        "SELECT version AS v FROM bare_game WHERE id = :row FOR UPDATE \\gset\n"
        "INSERT INTO bare_move (game_id, number, action, events)"
        " SELECT :row, :v + 1, action, events FROM bare_sample;\n"
        "UPDATE bare_game SET state = (SELECT state FROM bare_sample), version = version + 1"
        " WHERE id = :row;\n"
        "END;\n"
    )
    conninfo = database_url.replace("postgres://", "postgresql://", 1)
    command = [
        "pgbench", "-n", "-c", str(clients), "-j", "2", "-T", str(int(seconds)), "-f",
        str(script), "-l", f"--log-prefix={directory / 'log'}", conninfo,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    tps = float(re.search(r"tps = ([0-9.]+)", done.stdout).group(1))
    latencies = [
        int(line.split()[2]) / 1e6
        for log in directory.glob("log*")
        for line in log.read_text().splitlines()
        if line.strip()
    ]
    return latencies, tps


def run(args, players, samples, database_url, processes, ports) -> None:
    site, stream, django_stream = processes
    site_port, bare_port, floor_port, stream_port, django_stream_port = ports
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
        f"\nloaded, watching by poll (as before the streams): {concurrency} players over"
        f" {args.games} games, no think time, {args.seconds:.0f} s"
    )
    cpu0 = process_cpu(site.pid)
    play, wall = asyncio.run(loaded(site_port, players, args.seconds))
    busy = (process_cpu(site.pid) - cpu0) / wall
    loaded_rows = {}
    for name, times in sorted(play.times.items()):
        loaded_rows[name] = summary(name, times, wall)
        show(loaded_rows[name])
    poll_moves_per_s = play.moves / wall
    poll_cpu_per_move = busy / max(poll_moves_per_s, 1e-9)
    print(
        f"  moves applied: {play.moves} ({poll_moves_per_s:.1f}/s), refused {play.refused};"
        f" server CPU {busy:.2f} cores, {poll_cpu_per_move * 1000:.0f} ms per applied move"
    )

    print(
        f"\nloaded, watching by stream: {concurrency} players over {args.games} games, no think"
        f" time, {args.seconds:.0f} s"
    )
    cpu0 = process_cpu(site.pid) + process_cpu(stream.pid)
    stream_cpu0 = process_cpu(stream.pid)
    play, wall = asyncio.run(loaded_by_stream(site_port, stream_port, players, args.seconds))
    busy_streamed = (process_cpu(site.pid) + process_cpu(stream.pid) - cpu0) / wall
    stream_busy = (process_cpu(stream.pid) - stream_cpu0) / wall
    streamed_rows = {}
    for name, times in sorted(play.times.items()):
        streamed_rows[name] = summary(name, times, wall)
        show(streamed_rows[name])
    watcher = summary("move to each other page showing it", play.watcher_latencies())
    show(watcher)
    moves_per_s = play.moves / wall
    cpu_per_move = busy_streamed / max(moves_per_s, 1e-9)
    shown = sum(len(v) for v in play.fetched.values())
    # A page's requests: its refreshes (no parts came), a page that must act asking for its
    # own parts after the stream's, and the standing orders' panel those answers put in.
    refreshes = (shown - play.shown_parts + play.own_fetches + play.orders_loads) / max(
        play.moves, 1
    )
    # Every request the site answered in this phase, the movers' and the pages', per move.
    site_requests = sum(len(times) for times in play.times.values()) / max(play.moves, 1)
    print(
        f"  moves applied: {play.moves} ({moves_per_s:.1f}/s), refused {play.refused};"
        f" server CPU {busy_streamed:.2f} cores (the stream server {stream_busy:.2f}),"
        f" {cpu_per_move * 1000:.0f} ms per applied move; per move {refreshes:.2f} requests"
        f" ({play.own_fetches / max(play.moves, 1):.2f} for a page's own parts,"
        f" {play.orders_loads / max(play.moves, 1):.2f} for the standing orders' panel) and"
        f" {play.shown_parts / max(play.moves, 1):.1f} pages shown from the stream's parts"
    )

    bare_rows = {}
    for threads in sorted({concurrency, rows}, reverse=True):
        times, bare_wall = bare_transactions(database_url, samples, threads, args.seconds, rows)
        bare_rows[threads] = summary(
            f"bare transaction, psycopg ({threads} threads, {rows} rows)", times, bare_wall
        )
        show(bare_rows[threads])
    times, tps = pgbench(database_url, concurrency, args.seconds, rows)
    reference = summary(f"bare transaction, pgbench ({concurrency} clients, {rows} rows)", times)
    reference["per_s"] = tps
    show(reference)
    times, floor_wall, statuses = asyncio.run(
        floor_posts(floor_port, players, rows, "page", concurrency, args.seconds, 0)
    )
    floor_loaded = summary(
        f"framework floor (page), {concurrency} connections, {rows} rows", times, floor_wall
    )
    show(floor_loaded)
    print(f"    statuses {statuses}")

    print("\nversion poll (a mix of games and viewers) against a bare WSGI app (204 answers)")
    versions = asyncio.run(current_versions(site_port, players))
    targets = [
        (
            f"/games/{p.game_id}/version/?"
            + urlencode({"v": versions[p.game_id], "c": 0, "t": p.ticket}),
            p.page_headers,
        )
        for p in players
    ]
    polls = {}
    for connections in (50, 200):
        times, wall, statuses, client = asyncio.run(
            hammer(site_port, "", {}, connections, 8.0, targets=targets)
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

    idle = {}
    window = args.idle_seconds
    for label, process, port in (
        ("ours (ttr_site.stream)", stream, stream_port),
        ("Django async view (bench.stream_django)", django_stream, django_stream_port),
    )[: 2 if args.streams else 0]:  # --streams 0: the loaded figures alone
        print(f"\n{args.streams} idle open pages holding a stream, {label}, {window:.0f} s")
        found = asyncio.run(idle_streams(process.pid, port, players, args.streams, window))
        idle[label] = found
        print(
            f"  opened in {found['opened_s']:.1f} s; server memory {found['rss_before']:.0f} MB"
            f" before, {found['rss_after']:.0f} MB with them"
            f" (+{found['rss_after'] - found['rss_before']:.0f} MB,"
            f" {(found['rss_after'] - found['rss_before']) * 1024 / args.streams:.1f} KB a page);"
            f" CPU {found['cpu'] * 100:.2f}% of one core; {found['events']} events"
        )
    print(f"  the stream server now: {rss_mb(stream.pid):.0f} MB")

    print("\nratios to the references of this run")
    bare_p50 = bare_unloaded["p50"]
    for via, name in (
        ("page", STREAMED_POST),
        ("page", "move POST (htmx)"),
        ("api", "move POST (API)"),
    ):
        floor = floor_unloaded[via]["p50"]
        line = f"  unloaded framework floor ({via}) p50 / bare p50: {floor / bare_p50:.1f}x"
        if name in unloaded_move:
            line += f"; {name} p50 / bare p50 {unloaded_move[name]['p50'] / bare_p50:.1f}x"
        print(line)
    for threads, row in bare_rows.items():
        print(
            f"  psycopg bare transaction at {threads} threads / pgbench at {concurrency}:"
            f" p50 {row['p50'] / reference['p50']:.2f}x, per s {row['per_s'] / tps:.2f}x"
        )
    for connections in (50, 200):
        share = polls[("poll", connections)]["per_s"] / polls[("bare", connections)]["per_s"]
        print(f"  version poll / bare WSGI req/s at {connections} connections: 1/{1 / share:.1f}")
    print(
        f"  framework floor at {concurrency} connections: floors/s / pgbench tps"
        f" 1/{tps / floor_loaded['per_s']:.0f}"
    )

    ours = idle.get("ours (ttr_site.stream)")
    rows_goal = [
        (
            f"move to every open page, p95, {concurrency} players",
            f"{watcher['p95']:.0f} ms",
            "<= 500 ms",
            watcher["p95"] <= 500,
        ),
        (
            "requests per move from the watching pages (by stream)",
            f"{refreshes:.2f}",
            "<= 1.2",
            refreshes <= 1.2,
        ),
        (
            "server CPU per applied move, watchers included",
            f"{cpu_per_move * 1000:.0f} ms (by poll: {poll_cpu_per_move * 1000:.0f} ms)",
            "<= 25 ms",
            cpu_per_move <= 0.025,
        ),
        (
            f"moves/s / pgbench tps at {concurrency}",
            f"{moves_per_s:.1f} / {tps:.0f} = 1/{tps / max(moves_per_s, 1e-9):.0f}"
            f" (by poll: 1/{tps / max(poll_moves_per_s, 1e-9):.0f})",
            ">= 1/30",
            moves_per_s * 30 >= tps,
        ),
    ]
    if ours is not None:
        rows_goal[2:2] = [
            (
                f"{args.streams} idle streams: CPU",
                f"{ours['cpu'] * 100:.2f}% of a core",
                "< 2%",
                ours["cpu"] < 0.02,
            ),
            (
                f"{args.streams} idle streams: memory (the stream server's whole RSS)",
                f"{ours['rss_after']:.0f} MB",
                "< 200 MB",
                ours["rss_after"] < 200,
            ),
        ]
    for via, name in (
        ("page", STREAMED_POST),
        ("page", "move POST (htmx)"),
        ("api", "move POST (API)"),
    ):
        if name in unloaded_move:
            ratio = unloaded_move[name]["p50"] / floor_unloaded[via]["p50"]
            rows_goal.append(
                (
                    f"unloaded {name} p50 / framework floor ({via}) p50",
                    f"{unloaded_move[name]['p50']:.1f} / {floor_unloaded[via]['p50']:.1f} ms"
                    f" = {ratio:.1f}x",
                    "<= 2x",
                    ratio <= 2,
                )
            )
    print("\ngoals, measured in this run beside their references")
    for goal, measured, target, ok in rows_goal:
        print(f"  {goal:<62} {measured:<40} {target:<12} {_met(ok)}")
    print(
        f"  bytes per move to the watching pages (stream events and fetched fragments):"
        f" {play.watcher_bytes / max(play.moves, 1) / 1024:.1f} KB"
    )
    if moves_per_s:
        floor_ms = (floor_unloaded["page"]["p50"] + floor_unloaded["api"]["p50"]) / 2
        stream_ms = stream_busy / moves_per_s * 1000
        print(
            f"  where a move's {cpu_per_move * 1000:.0f} ms go: the stream server draws and"
            f" sends the parts, {stream_ms:.1f} ms; the site answers {site_requests:.2f}"
            f" requests per move (the mover's post, its asks for the legal actions, the"
            f" next page's own parts and orders' panel), {site_requests * floor_ms:.1f} ms"
            f" at the framework floor's {floor_ms:.1f} ms each before any game's work; the rest,"
            f" {cpu_per_move * 1000 - stream_ms - site_requests * floor_ms:.1f} ms, is the"
            f" game's: the lock, the rules, the writes, the answers' parts"
        )
        print(
            f"  why, from these figures: at {cpu_per_move * 1000:.0f} ms of server CPU per move,"
            f" 2 cores apply at most {2 / cpu_per_move:.0f} moves/s; 1/30 of pgbench's"
            f" {tps:.0f}/s is {tps / 30:.0f}/s, which needs"
            f" {tps / 30 * cpu_per_move:.1f} cores, and the client shares these 2 cores"
        )


def _met(ok: bool) -> str:
    return "met" if ok else "NOT met"


if __name__ == "__main__":
    main()
