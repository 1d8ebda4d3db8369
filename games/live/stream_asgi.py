"""The open game pages' server-sent event streams: an ASGI application of its own.

`GET /games/<id>/stream/?t=<the page's poll ticket>[&visible=1][&lang=<language>&tz=<zone>]`
answers text/event-stream: at once, and again each time the game's version or chat version
changes, an event `version` with `{"v": version, "c": chat version}`; every PING_EVERY
seconds an event `ping`, so the page knows its stream is held (a proxy that buffers lets
neither through, and the page falls back to polling). A page that names its language and
time zone is sent `parts` instead of `version`: the same two numbers and the public parts of
the table, drawn once for all such pages from a spectator's view (the site's `render_parts`,
ttr_site/stream.py: games.web.views.watch_parts), so it need not fetch them; a page told the
version just before is sent only the parts that changed since ("since": that version). A
page whose viewer must act now, and whose options the move may have changed (it names them),
is told so ("act"): it fetches only its viewer's own parts, and keeps its own of the public
ones ("own": the board that links their routes...).
Nothing else ever goes down a stream: what the version poll answers, and what any spectator
of the game sees.

The news comes from Redis pub/sub (games.live.news): one subscription per process, and on
news of a game that has pages open here one read of its row, whatever their number. While
Redis cannot be heard the streams are closed and new ones refused (503), so no page waits
for news that cannot come: the pages poll until Redis is back.

Served by uvicorn on the stream path alone (ttr_site/stream.py; docs/performance.md, "Live
updates", says why not Django's async views): an idle page costs a coroutine pair and a few
objects here.
"""

import asyncio
import contextlib
import json
import logging
import re
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qsl

import redis.asyncio as aioredis
from django.conf import settings
from django.db import close_old_connections, connections
from redis.exceptions import RedisError

from games.live.news import ACCESS_ENDED, news_channel
from games.live.poll import TICKET_PARAMETER, VISIBLE_PARAMETER, ticket_viewer, tickets_standing
from games.live.presence import note_seen_by_many
from games.live.versions import game_versions_fresh

log = logging.getLogger(__name__)

STREAM_PATH = re.compile(r"/games/([0-9]{1,18})/stream/")
PING_EVERY = 20.0  # seconds; the proxy's read timeout is longer (deploy/nginx.conf)
# A page on screen is noted as seen this often (presence keeps a note 90 s).
PRESENCE_EVERY = 30.0
# The browser's wait before it opens a cut stream again (the page polls meanwhile).
RETRY_MS = 3000
READY_WITHIN = 2.0  # seconds a new stream waits for the subscription before a 503
SAFE_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cache-control", b"no-cache, no-transform"),
]


# One thread for the rows and the cache: a read is a primary key's, so one connection per
# process serves every page, and it is closed with the process (StreamApp's lifespan).
_database = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stream-db")


def _in_database_thread(function, *args):
    return asyncio.get_running_loop().run_in_executor(_database, function, *args)


def _with_connection(function, *args):
    close_old_connections()
    try:
        return function(*args)
    finally:
        close_old_connections()


def _read_versions(game_id: int) -> tuple[int, int] | None:
    return _with_connection(lambda: game_versions_fresh(game_id=game_id))


def _told_version(page) -> int | None:
    return page.versions[0] if page.versions is not None else None


def parts_event(parts: dict, *, act: bool = False) -> bytes:
    """The parts as a page is told them; with `act`, for a page whose viewer must act now: it
    fetches its own parts after, and keeps its own of the public ones ("own": their ids)."""
    told = {"v": parts["v"], "c": parts["c"], "html": parts["html"]}
    if parts.get("since") is not None:
        told["since"] = parts["since"]
    if act:
        told["act"] = True
        told["own"] = list(parts.get("own", ()))
    data = json.dumps(told, separators=(",", ":"))
    return f"event: parts\ndata: {data}\n\n".encode()


def version_event(versions: tuple[int, int]) -> bytes:
    version, chat_version = versions
    data = json.dumps({"v": version, "c": chat_version}, separators=(",", ":"))
    return f"event: version\ndata: {data}\n\n".encode()


PING_EVENT = b"event: ping\ndata: \n\n"


class Page:
    """One open stream: what it last heard, and the event that wakes its coroutine."""

    __slots__ = (
        "game_id",
        "viewer",
        "ticket",
        "visible",
        "shown_in",
        "versions",
        "event",
        "wake",
        "closed",
    )

    def __init__(self, game_id: int, viewer: int, visible: bool, shown_in=None, ticket=""):
        self.game_id = game_id
        self.viewer = viewer
        self.ticket = ticket  # checked again on each news: access may have ended since
        self.visible = visible
        # (language, time zone) when the page may be sent the table's public parts.
        self.shown_in: tuple[str, str] | None = shown_in
        self.versions: tuple[int, int] | None = None
        self.event: bytes | None = None  # what to send for `versions`, if not the numbers
        self.wake = asyncio.Event()
        self.closed = False

    def close(self) -> None:
        self.closed = True
        self.wake.set()


class Hub:
    """The process's one subscription and the pages open here, by game."""

    def __init__(self, render_parts=None):
        self.render_parts = render_parts
        self.pages: dict[int, set[Page]] = {}
        self.ready = asyncio.Event()
        self.reading: set[int] = set()
        self.again: set[int] = set()
        self.tasks: list[asyncio.Task] = []

    def start(self) -> None:
        if not self.tasks:
            self.tasks = [
                asyncio.create_task(self._listen()),
                asyncio.create_task(self._note_presence()),
            ]

    def add(self, page: Page) -> None:
        self.pages.setdefault(page.game_id, set()).add(page)

    def remove(self, page: Page) -> None:
        pages = self.pages.get(page.game_id)
        if pages is not None:
            pages.discard(page)
            if not pages:
                del self.pages[page.game_id]

    def close_all(self) -> None:
        for pages in list(self.pages.values()):
            for page in list(pages):
                page.close()

    async def _listen(self) -> None:
        wait = 0.5
        while True:
            client = aioredis.from_url(
                settings.REDIS_URL, socket_connect_timeout=2, socket_keepalive=True
            )
            try:
                pubsub = client.pubsub()
                await pubsub.subscribe(news_channel())
                self.ready.set()
                if wait > 0.5:
                    log.warning("hearing the news again")
                wait = 0.5
                while True:
                    # A timeout, then a PING: a Redis gone silent is noticed within a minute.
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=30)
                    if message is None:
                        await pubsub.ping()
                        continue
                    self._news(message.get("data"))
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                if self.ready.is_set() or wait == 0.5:
                    log.error("cannot hear the news (%s): the open pages poll", exc)
            finally:
                self.ready.clear()
                self.close_all()
                with contextlib.suppress(RedisError, OSError):
                    await client.aclose()
            await asyncio.sleep(wait)
            wait = min(wait * 2, 10.0)

    def _news(self, data) -> None:
        text = data.decode() if isinstance(data, bytes) else str(data)
        if text.startswith(ACCESS_ENDED):
            self._access_ended(text.removeprefix(ACCESS_ENDED))
            return
        try:
            game_id = int(text)
        except (TypeError, ValueError):
            return
        if game_id not in self.pages:
            return
        if game_id in self.reading:
            self.again.add(game_id)  # read once more when the read under way ends
            return
        self.reading.add(game_id)
        asyncio.create_task(self._tell(game_id))

    def _access_ended(self, user_id: str) -> None:
        """Close the pages of a user whose tickets no longer hold; they poll with their
        session from then on, whose access is checked as any page's."""
        for pages in list(self.pages.values()):
            for page in list(pages):
                if str(page.viewer) == user_id:
                    page.close()

    async def _tell(self, game_id: int) -> None:
        try:
            while True:
                self.again.discard(game_id)
                try:
                    versions = await _in_database_thread(_read_versions, game_id)
                except Exception:
                    log.exception("could not read game %s's versions", game_id)
                    versions = None
                if versions is None:  # gone, or the database failing: let the pages poll
                    for page in list(self.pages.get(game_id, ())):
                        page.close()
                elif all(page.versions == versions for page in self.pages.get(game_id, ())):
                    pass  # every page was told these already (the game had moved on)
                else:
                    # A page whose ticket no longer holds hears nothing more.
                    tickets = [page.ticket for page in self.pages.get(game_id, ())]
                    standing = await _in_database_thread(tickets_standing, game_id, tickets)
                    for page in list(self.pages.get(game_id, ())):
                        if page.ticket not in standing:
                            page.close()
                    events = await self._parts_events(game_id, versions)
                    for page in self.pages.get(game_id, ()):
                        told = events.get((page.shown_in, page.viewer))
                        page.versions, page.event = told or (versions, None)
                        page.wake.set()
                if game_id not in self.again:
                    return
        finally:
            self.reading.discard(game_id)

    async def _parts_events(self, game_id: int, versions: tuple[int, int]) -> dict:
        """{(language and zone, viewer): (versions, the parts event)} for the pages of the
        game: drawn once per language and zone (and for the pages told the version just
        before, once more with only what changed); a viewer who must act now is told so with
        them ("act"). A game that moved on while they were drawn (a mover's second card comes
        within milliseconds) is told as it stands then: all its parts, at its newer versions,
        rather than a bare version that would send every page to fetch them."""
        events: dict = {}
        if self.render_parts is None:
            return events
        pages = list(self.pages.get(game_id, ()))
        before = versions[0] - 1
        groups = {(page.shown_in, _told_version(page) == before) for page in pages if page.shown_in}
        for shown_in, one_behind in groups:
            since = (before,) if one_behind else ()
            try:
                parts = await _in_database_thread(
                    _with_connection, self.render_parts, game_id, *shown_in, *since
                )
            except Exception:
                log.exception("could not draw game %s's parts", game_id)
                continue
            if parts is None or parts["v"] < versions[0] or parts["c"] < versions[1]:
                continue  # over (the pages fetch), or a reader behind the news: it follows
            told = (parts["v"], parts["c"])
            event, movers = parts_event(parts), set(parts["movers"])
            acting = parts_event(parts, act=True) if movers else event
            for page in pages:
                if page.shown_in == shown_in and (_told_version(page) == before) == one_behind:
                    events[(shown_in, page.viewer)] = (
                        told,
                        acting if page.viewer in movers else event,
                    )
        return events

    async def _note_presence(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_EVERY)
            seen = [
                (page.viewer, page.game_id)
                for pages in self.pages.values()
                for page in pages
                if page.visible and page.viewer
            ]
            if seen:
                await _in_database_thread(note_seen_by_many, seen)


async def _answer(send, status: int, text: str) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"), *SAFE_HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": text.encode()})


class StreamApp:
    def __init__(self, render_parts=None, parts_asked=None):
        """`render_parts(game id, language, zone)`: the table's public parts, or None;
        `parts_asked(language, zone)`: whether a page may be sent them in those."""
        self.render_parts = render_parts
        self.parts_asked = parts_asked
        self.hub: Hub | None = None

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        path = STREAM_PATH.fullmatch(scope.get("path", ""))
        if path is None:
            await _answer(send, 404, "Not found")
            return
        if scope.get("method") != "GET":
            await _answer(send, 405, "Method not allowed")
            return
        raw = scope.get("query_string", b"").decode("latin-1")
        query = dict(parse_qsl(raw, keep_blank_values=True))
        game_id = int(path.group(1))
        ticket = query.get(TICKET_PARAMETER) or ""
        viewer = await _in_database_thread(ticket_viewer, ticket, game_id)  # reads the cache
        if viewer is None:
            await _answer(send, 403, "This page's ticket is not valid: reload the page")
            return
        if self.hub is None:
            self.hub = Hub(self.render_parts)
        hub = self.hub
        hub.start()
        try:
            async with asyncio.timeout(READY_WITHIN):
                await hub.ready.wait()
        except TimeoutError:
            await _answer(send, 503, "No news can be had now: the page polls")
            return
        language, zone = query.get("lang"), query.get("tz")
        asked = self.parts_asked is not None and self.parts_asked(language, zone)
        shown_in = (language, zone) if asked else None
        page = Page(game_id, viewer, query.get(VISIBLE_PARAMETER) == "1", shown_in, ticket)
        # Listed before the row is read: news committed meanwhile is told after it.
        hub.add(page)
        try:
            await self._stream(page, receive, send)
        finally:
            hub.remove(page)

    async def _stream(self, page: Page, receive, send) -> None:
        try:
            versions = await _in_database_thread(_read_versions, page.game_id)
        except Exception:
            log.exception("could not read game %s's versions", page.game_id)
            versions = None
        if versions is None:
            await _answer(send, 404 if not page.closed else 503, "No such game")
            return
        if page.versions is None:
            page.versions = versions
        if page.visible and page.viewer:
            await _in_database_thread(note_seen_by_many, [(page.viewer, page.game_id)])
        headers = [(b"content-type", b"text/event-stream; charset=utf-8"), *SAFE_HEADERS]
        headers.append((b"x-accel-buffering", b"no"))
        if settings.LIVE_STREAM_ORIGIN:
            headers.append((b"access-control-allow-origin", settings.SITE_URL.encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        sent = page.versions
        first = f"retry: {RETRY_MS}\n\n".encode() + version_event(sent)
        await send({"type": "http.response.body", "body": first, "more_body": True})
        watcher = asyncio.create_task(self._watch_disconnect(page, receive))
        try:
            while not page.closed:
                try:
                    async with asyncio.timeout(PING_EVERY):
                        await page.wake.wait()
                except TimeoutError:
                    ping = {"type": "http.response.body", "body": PING_EVENT, "more_body": True}
                    await send(ping)
                    continue
                page.wake.clear()
                if page.closed:
                    break
                if page.versions != sent:
                    sent = page.versions
                    body = page.event or version_event(sent)
                    await send({"type": "http.response.body", "body": body, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        except OSError:
            pass  # the browser went away mid-write
        finally:
            watcher.cancel()

    @staticmethod
    async def _watch_disconnect(page: Page, receive) -> None:
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                page.close()
                return

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self.hub is not None:
                    self.hub.close_all()
                    for task in self.hub.tasks:
                        task.cancel()
                await _in_database_thread(connections.close_all)
                await send({"type": "lifespan.shutdown.complete"})
                return
