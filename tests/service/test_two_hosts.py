"""Two app hosts behind one load balancer: two gunicorn servers on two ports, one
PostgreSQL database, one Redis, two Celery workers and two beats.

A game is played alternating between the hosts; the same move raced through both is
applied once; a move made on one host shows on a page polled from the other and reaches
a page streamed from the other at once; and with every sweep running twice a period, an
overdue seat is forfeited once and every mail goes out once: counted once both beats have
sent every sweep twice more, the workers have run them, and every task sent has run
(sweep_runs).
"""

import http.client
import random
import re
import secrets
import threading
import time
from datetime import timedelta
from email import message_from_string
from pathlib import Path
from urllib.parse import urlencode

import pytest
from app_processes import (
    app_env,
    beat_command,
    gunicorn_command,
    needs_postgresql,
    stream_command,
    wait_for_app,
    worker_command,
)
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from game_steps import make_users, started_game, who_must_act
from live_stream import Stream
from private_redis import free_port
from sweep_runs import wait_until_the_sweeps_ran_again

from accounts.sessions import SessionStore
from games import engine
from games.mail import outbox
from games.models import Game, Move, Notification, Seat
from games.web.views.action_form import form_data

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.slow,
    pytest.mark.serial,
]

MOVES = 12


class Browser:
    """One signed-in player's browser: a session cookie and a CSRF token, any host."""

    def __init__(self, user):
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        self.csrf = secrets.token_hex(16)
        self.cookie = f"sessionid={session.session_key}; csrftoken={self.csrf}"

    def request(self, port: int, method: str, path: str, body: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Cookie": self.cookie, "HX-Request": "true", "X-CSRFToken": self.csrf}
        payload = None
        if body is not None:
            payload = urlencode(body, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        answer = (response.status, dict(response.getheaders()), response.read().decode())
        connection.close()
        return answer


def a_move(game: Game, rng: random.Random):
    game.refresh_from_db()
    seat = rng.choice(who_must_act(game))
    state = engine.State.from_dict(game.state)
    actions = [a.to_dict() for a in engine.legal_actions(state, seat.player_id)]
    draws = [a for a in actions if a["type"] == "draw_card" and a["from"] == "deck"]
    return seat, (draws or actions)[0] if rng.random() < 0.7 else rng.choice(actions)


def mail_files(var_dir: Path) -> list[tuple[str, str]]:
    """(recipient, subject) of every mail written: a file holds one or more, each ended by
    a line of dashes (two mails sent in one second may share a file)."""
    found = []
    for path in sorted((var_dir / "mail").glob("*.txt")):
        for chunk in path.read_text().split("-" * 79):
            if chunk.strip():
                message = message_from_string(chunk.strip())
                found.append((message["To"], message["Subject"]))
    return found


def test_two_app_hosts_share_one_database_and_one_redis(
    private_redis, processes, tmp_path, monkeypatch
):
    needs_postgresql()
    # No grace for the your-turn mails, here as on the hosts: each is due at once, and the
    # sweep queues it at its next run.
    monkeypatch.setattr(outbox, "YOUR_TURN_GRACE", timedelta(0))
    env = app_env(
        tmp_path,
        private_redis.url(),
        SWEEP_SECONDS="1",
        YOUR_TURN_GRACE_SECONDS="0",
        WEB_WORKERS="1",
        WEB_THREADS="4",
    )
    ports = [free_port(), free_port()]
    for index, port in enumerate(ports):
        processes.start(f"web{index}", gunicorn_command(port), env, tmp_path)
    stream_port = free_port()  # host 1's stream server
    processes.start("stream1", stream_command(stream_port), env, tmp_path)
    workers = [
        processes.start(f"worker{index}", worker_command(f"w{index}"), env, tmp_path)
        for index in range(2)
    ]
    beats = [
        processes.start(f"beat{index}", beat_command(tmp_path / f"beat{index}"), env, tmp_path)
        for index in range(2)
    ]
    for port in ports:
        wait_for_app(port)
    wait_for_app(stream_port)  # answers /healthz with a 404: it is up

    users = make_users("ann", "bob")
    browsers = {user.pk: Browser(user) for user in users}
    game = started_game(users)
    rng = random.Random(7)

    # Alternate between the hosts, move by move.
    for number in range(MOVES):
        seat, action = a_move(game, rng)
        port = ports[number % 2]
        before = game.version
        status, _, _ = browsers[seat.user_id].request(
            port, "POST", f"/games/{game.pk}/move/", form_data(action, before)
        )
        assert status == 200, (number, action)
        game.refresh_from_db()
        assert game.version > before

    # A move made on host 0 shows on the page polled from host 1.
    game.refresh_from_db()
    seat, action = a_move(game, rng)
    other = browsers[next(u.pk for u in users if u.pk != seat.user_id)]
    known = game.version
    poll = f"/games/{game.pk}/version/?v={known}"
    assert other.request(ports[1], "GET", poll)[0] == 204
    status, _, _ = browsers[seat.user_id].request(
        ports[0], "POST", f"/games/{game.pk}/move/", form_data(action, known)
    )
    assert status == 200
    status, headers, body = other.request(ports[1], "GET", poll)
    assert (status, headers.get("HX-Trigger")) == (200, "game-moved")
    new_version = int(body)
    assert new_version > known
    status, _, page = other.request(ports[1], "GET", f"/games/{game.pk}/")
    assert status == 200
    assert f"?v={new_version}" in page  # the page now polls from the new position

    # A move made on host 0 reaches the page streamed from host 1 at once.
    game.refresh_from_db()
    seat, action = a_move(game, rng)
    watcher = next(u for u in users if u.pk != seat.user_id)
    # The ticket as host 1 gives it to the watcher's page (its access is that host's Redis's).
    status, _, page = browsers[watcher.pk].request(ports[1], "GET", f"/games/{game.pk}/")
    assert status == 200
    ticket = re.search(r"&amp;t=([^\"&]+)", page).group(1)
    stream = Stream(stream_port, f"/games/{game.pk}/stream/?t={ticket}", timeout=30)
    assert stream.status == 200
    assert stream.next_version()["v"] == game.version
    status, _, _ = browsers[seat.user_id].request(
        ports[0], "POST", f"/games/{game.pk}/move/", form_data(action, game.version)
    )
    assert status == 200
    game.refresh_from_db()
    assert stream.next_version() == {"v": game.version, "c": game.chat_version}
    stream.close()

    # The same move raced through both hosts: one is applied, the other is told so.
    game.refresh_from_db()
    seat, action = a_move(game, rng)
    moves_before = Move.objects.filter(game=game).count()
    results = [None, None]
    barrier = threading.Barrier(2)

    def post(index):
        barrier.wait()
        results[index] = browsers[seat.user_id].request(
            ports[index], "POST", f"/games/{game.pk}/move/", form_data(action, game.version)
        )[0]

    threads = [threading.Thread(target=post, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(90)
    assert sorted(results) == [200, 409]
    assert Move.objects.filter(game=game).count() == moves_before + 1

    # Two beats and two workers: an overdue seat is forfeited once, each mail sent once.
    third = started_game(make_users("cy", "dee", "eve"))
    # The choice began a whole move time ago: every seat's clock has run out, so each
    # deadline the services work out again (after a forfeit) has passed too.
    began = third.started_at - third.turn_time - timedelta(minutes=1)
    Game.objects.filter(pk=third.pk).update(turn_started_at=began, deadline=third.started_at)
    Seat.objects.filter(game=third, deadline__isnull=False).update(deadline=third.started_at)
    games = [game, third]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        forfeits = Seat.objects.filter(game=third, forfeited_at__isnull=False).count()
        unsent = Notification.objects.filter(
            game__in=games, sent_at__isnull=True, skipped=False
        ).count()
        if forfeits and not unsent:
            break
        time.sleep(0.5)  # polls for the forfeit and the mails done, up to the deadline
    wait_until_the_sweeps_ran_again(workers, beats, private_redis.url())

    forfeit_events = [
        event
        for move in Move.objects.filter(game=third)
        for event in move.events
        if event.get("type") == "player_forfeited"
    ]
    third.refresh_from_db()
    # Two of the three choosing players are forfeited, one at a time; then the last is
    # overdue too and the game is abandoned. Each forfeit once, although every sweep ran
    # on both beats.
    assert third.is_over
    assert Seat.objects.filter(game=third, forfeited_at__isnull=False).count() == 2
    assert len(forfeit_events) == 2
    sent = Notification.objects.filter(game__in=games, sent_at__isnull=False)
    files = mail_files(tmp_path)
    assert sent.count() >= 5
    # One mail written for each sent row: a mail sent twice would leave one more. (Two turn mails
    # may read alike: moves made within a minute name the same deadline.)
    assert len(files) == sent.count()
    assert not Notification.objects.filter(
        game__in=games, sent_at__isnull=True, skipped=False
    ).exists()
