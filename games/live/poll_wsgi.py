"""The version poll with a valid ticket, answered before Django's request handling.

Every open game page asks every few seconds whether its game moved. With its page's signed
ticket the answer needs no session, user, language, CSRF or template (games.web.views.version):
only the ticket's signature and the game's versions (the cache, else one row). Going through
the whole middleware stack for it cost several times the answer itself, so the WSGI
application answers it here with the view's own functions. Anything else (another address
or method, no ticket or a bad one, a NUL byte, an unknown game, an error) goes to Django
unchanged, which answers it as before.
"""

import re
from urllib.parse import parse_qsl

from django.db import close_old_connections

from games.live.poll import (
    TICKET_PARAMETER,
    VISIBLE_PARAMETER,
    poll_answer,
    ticket_versions,
    ticket_viewer,
)

POLL_PATH = re.compile(r"/games/([0-9]{1,18})/version/")
# What the security middleware adds to every answer, for an answer with no content to run.
SAFE_HEADERS = [
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
]
REASONS = {200: "OK", 204: "No Content", 304: "Not Modified"}


def _ticket_poll(environ) -> tuple[int, dict[str, str]] | None:
    """The game id and query of a poll this module may answer, else None."""
    if environ.get("REQUEST_METHOD") != "GET":
        return None
    path = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
    raw = environ.get("QUERY_STRING", "")
    if path is None or "%00" in raw or "\x00" in raw:
        return None
    try:
        query = dict(parse_qsl(raw, keep_blank_values=True, strict_parsing=False))
    except ValueError:
        return None
    if TICKET_PARAMETER not in query:
        return None
    return int(path.group(1)), query


def with_poll_fast_path(django_application):
    def application(environ, start_response):
        poll = _ticket_poll(environ)
        if poll is None:
            return django_application(environ, start_response)
        game_id, query = poll
        viewer = ticket_viewer(query[TICKET_PARAMETER], game_id)
        if viewer is None:
            return django_application(environ, start_response)
        # As Django's handler does around each request: drop a connection that broke or
        # outlived CONN_MAX_AGE.
        close_old_connections()
        try:
            versions = ticket_versions(game_id, viewer, query.get(VISIBLE_PARAMETER) == "1")
        except Exception:  # no such game, or the database failing: Django answers as ever
            return django_application(environ, start_response)
        finally:
            close_old_connections()
        status, headers, body = poll_answer(versions, query, environ.get("HTTP_IF_NONE_MATCH"))
        headers = [*headers, *SAFE_HEADERS]
        if body:
            headers.append(("Content-Length", str(len(body))))
        start_response(f"{status} {REASONS[status]}", headers)
        return [body]

    return application
