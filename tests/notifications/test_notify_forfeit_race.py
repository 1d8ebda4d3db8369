"""The forfeit sweep and a last-second move arrive together: the game row lock puts them
in line, so exactly one wins and nothing is forfeited by mistake or twice.

Each test forces the overlap: one side pauses while it holds the lock, and the
other starts only then, so it must wait for the lock and re-check under it.
"""

import threading
import time
from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.db import connection
from game_steps import act, keep_opening_tickets, seats_to_move, started_game
from mail_steps import make_player

from games import engine
from games.heartbeat import sweeps
from games.models import Move
from games.refusals.errors import GameMovedOn
from games.services.play import game_play

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL row locks (SELECT ... FOR UPDATE); SQLite has none. "
        "CI runs this on PostgreSQL.",
    ),
]
HOLD = 0.5  # seconds the first side keeps the lock


def in_thread(target, results, name):
    def run():
        try:
            results[name] = target()
        except Exception as exc:
            results[name] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def holding_the_lock(real, inside: threading.Event):
    """Wrap an engine call (made under the game lock) so it signals, then dawdles."""

    def slow(*args, **kwargs):
        inside.set()
        time.sleep(HOLD)
        return real(*args, **kwargs)

    return slow


@pytest.fixture
def overdue_game(time_machine):
    """Three players in play; the player to move is one second past the deadline."""
    time_machine.move_to("2030-04-01 12:00Z")
    players = [make_player(name) for name in ("ann", "bob", "cy")]
    game = started_game(players, turn_seconds=3600)
    keep_opening_tickets(game)
    (late,) = seats_to_move(game)
    act(game, late, ("draw_card",))  # a first card: the turn goes on until the second
    game.refresh_from_db()
    time_machine.move_to(game.deadline + timedelta(seconds=1), tick=False)
    mail.outbox.clear()
    return game, late


def a_turn_ending_action(game, seat) -> dict:
    """The second card from the deck: it ends the turn, made against this version."""
    options = engine.legal_actions(engine.State.from_dict(game.state), seat.player_id)
    return next(
        a.to_dict() for a in options if a.to_dict() == {"type": "draw_card", "from": "deck"}
    )


def test_a_move_made_while_the_sweep_waits_wins_and_nothing_is_forfeited(overdue_game):
    game, late = overdue_game
    inside, results = threading.Event(), {}
    action = a_turn_ending_action(game, late)
    with mock.patch.object(engine, "apply", holding_the_lock(engine.apply, inside)):
        mover = in_thread(
            lambda: game_play(
                game_id=game.pk, user=late.user, action=action, expected_version=game.version
            ),
            results,
            "move",
        )
        assert inside.wait(5)
        began = time.monotonic()
        sweeper = in_thread(
            lambda: sweeps.forfeit_overdue(game.deadline + timedelta(seconds=1)), results, "sweep"
        )
        mover.join(10)
        sweeper.join(10)

    assert not isinstance(results["move"], Exception), results["move"]
    assert results["sweep"] == 0
    assert time.monotonic() - began >= HOLD * 0.5  # the sweep really waited for the lock
    late.refresh_from_db()
    assert late.forfeited_at is None
    assert not Move.objects.filter(game=game, action={"type": "forfeit"}).exists()
    assert not [m for m in mail.outbox if "ran out of time" in m.subject]


def test_a_move_arriving_while_the_forfeit_holds_the_lock_is_refused_and_counted_once(
    overdue_game,
):
    game, late = overdue_game
    inside, results = threading.Event(), {}
    action = a_turn_ending_action(game, late)
    now = game.deadline + timedelta(seconds=1)
    with mock.patch.object(engine, "forfeit", holding_the_lock(engine.forfeit, inside)):
        sweeper = in_thread(lambda: sweeps.forfeit_overdue(now), results, "sweep")
        assert inside.wait(5)
        mover = in_thread(
            lambda: game_play(
                game_id=game.pk, user=late.user, action=action, expected_version=game.version
            ),
            results,
            "move",
        )
        second_sweep = in_thread(lambda: sweeps.forfeit_overdue(now), results, "again")
        for thread in (sweeper, mover, second_sweep):
            thread.join(10)

    assert results["sweep"] == 1 and results["again"] == 0
    assert isinstance(results["move"], GameMovedOn)
    late.refresh_from_db()
    assert late.forfeited_at is not None
    assert Move.objects.filter(game=game, action={"type": "forfeit"}).count() == 1
    forfeit_mails = [m for m in mail.outbox if "ran out of time" in m.subject]
    assert sorted(m.to[0] for m in forfeit_mails) == sorted(
        seat.user.email for seat in game.seats.select_related("user")
    )
