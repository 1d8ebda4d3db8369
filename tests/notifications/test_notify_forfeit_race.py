"""The forfeit sweep and a last-second move arrive together: the game row lock puts them
in line, so exactly one wins and nothing is forfeited by mistake or twice.

Each test forces the overlap: one side stops while it holds the lock, and the other
starts only then and is seen waiting for the lock (lock_waits), so it must re-check
under it once the first goes on.
"""

from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.db import connection
from game_steps import act, keep_opening_tickets, seats_to_move, started_game
from lock_waits import HeldLock, in_thread, wait_until_waiting_on_a_lock
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
    held, results = HeldLock(), {}
    action = a_turn_ending_action(game, late)
    with mock.patch.object(engine, "apply", held.wrap(engine.apply)):
        held.arm()
        mover = in_thread(
            lambda: game_play(
                game_id=game.pk, user=late.user, action=action, expected_version=game.version
            ),
            results,
            "move",
        )
        held.wait_inside()
        sweeper = in_thread(
            lambda: sweeps.forfeit_overdue(game.deadline + timedelta(seconds=1)), results, "sweep"
        )
        try:
            wait_until_waiting_on_a_lock()  # the sweep waits for the move's lock
        finally:
            held.let_go()
            mover.join(30)
            sweeper.join(30)

    assert not isinstance(results["move"], Exception), results["move"]
    assert results["sweep"] == 0
    late.refresh_from_db()
    assert late.forfeited_at is None
    assert not Move.objects.filter(game=game, action={"type": "forfeit"}).exists()
    assert not [m for m in mail.outbox if "ran out of time" in m.subject]


def test_a_move_arriving_while_the_forfeit_holds_the_lock_is_refused_and_counted_once(
    overdue_game,
):
    game, late = overdue_game
    held, results = HeldLock(), {}
    action = a_turn_ending_action(game, late)
    now = game.deadline + timedelta(seconds=1)
    with mock.patch.object(engine, "forfeit", held.wrap(engine.forfeit)):
        held.arm()
        sweeper = in_thread(lambda: sweeps.forfeit_overdue(now), results, "sweep")
        held.wait_inside()
        mover = in_thread(
            lambda: game_play(
                game_id=game.pk, user=late.user, action=action, expected_version=game.version
            ),
            results,
            "move",
        )
        second_sweep = in_thread(lambda: sweeps.forfeit_overdue(now), results, "again")
        try:
            wait_until_waiting_on_a_lock(2)  # the move and the second sweep both wait
        finally:
            held.let_go()
            for thread in (sweeper, mover, second_sweep):
                thread.join(30)

    assert results["sweep"] == 1 and results["again"] == 0
    assert isinstance(results["move"], GameMovedOn)
    late.refresh_from_db()
    assert late.forfeited_at is not None
    assert Move.objects.filter(game=game, action={"type": "forfeit"}).count() == 1
    forfeit_mails = [m for m in mail.outbox if "ran out of time" in m.subject]
    assert sorted(m.to[0] for m in forfeit_mails) == sorted(
        seat.user.email for seat in game.seats.select_related("user")
    )
