"""Races on a real row lock: two tabs posting one move; a last-second move against the sweep.

Runs on PostgreSQL only: SQLite has no row locks (it serialises whole transactions
instead), so these tests could not fail there. CI runs them on PostgreSQL; here:
DATABASE_URL=postgres://postgres@127.0.0.1:5432/ttr_dev_services pytest <this file>
"""

import random
from unittest import mock

import pytest
from django.db import connection
from game_steps import a_legal_action, make_users, play_one, seat_to_move, started_game
from lock_waits import HeldLock, run_in_line

from games import engine
from games.models import GameStatus, Move
from games.refusals.errors import GameMovedOn, GameNotActive, NotAllowed
from games.services import extra_time
from games.services.extra_time import game_give_time
from games.services.forfeit import game_forfeit
from games.services.play import game_play
from games.services.resign import game_resign

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (SQLite has none); CI runs this on PostgreSQL")


@pytest.fixture
def held_lock():
    """In run_in_line, the first engine call (or a gift's clock change) stops under the
    game's row lock until the racing caller is seen waiting for that lock."""
    held = HeldLock()
    with (
        mock.patch("games.engine.apply", side_effect=held.wrap(engine.apply)),
        mock.patch("games.engine.forfeit", side_effect=held.wrap(engine.forfeit)),
        mock.patch.object(
            extra_time, "seat_give_time", side_effect=held.wrap(extra_time.seat_give_time)
        ),
    ):
        yield held


def playing_game(players=2, seed=1):
    game = started_game(make_users(*["ann", "bob", "cy"][:players]))
    rng = random.Random(seed)
    while game.status == GameStatus.CHOOSING:
        play_one(game, rng)
        game.refresh_from_db()
    return game


def test_two_tabs_posting_the_same_move_apply_it_once(held_lock):
    game = playing_game()
    seat = seat_to_move(game)
    action = a_legal_action(game, seat, random.Random(2))
    moves_before = Move.objects.filter(game=game).count()

    def post():
        return game_play(
            game_id=game.pk, user=seat.user, action=action, expected_version=game.version
        )

    results = run_in_line(post, post, held_lock)
    applied = [value for value, error in results if error is None]
    refused = [error for value, error in results if error is not None]
    assert len(applied) == 1, results
    assert len(refused) == 1 and isinstance(refused[0], GameMovedOn), results
    assert Move.objects.filter(game=game).count() == moves_before + 1
    game.refresh_from_db()
    assert game.version == applied[0].game.version


@pytest.mark.parametrize("first", ["move", "sweep"])
def test_a_last_second_move_and_the_deadline_sweep_never_both_win(held_lock, first):
    game = playing_game(players=3, seed=3)
    seat = seat_to_move(game)
    action = a_legal_action(game, seat, random.Random(4))
    # The deadline has just passed; the player's move and the sweep arrive together.
    when = game.deadline
    moves_before = Move.objects.filter(game=game).count()

    def move():
        return game_play(
            game_id=game.pk, user=seat.user, action=action, expected_version=game.version
        )

    def sweep():
        return game_forfeit(game_id=game.pk, seat_id=seat.pk, reason="timeout", now=when)

    calls = (move, sweep) if first == "move" else (sweep, move)
    results = dict(
        zip(
            (first, "sweep" if first == "move" else "move"),
            run_in_line(*calls, held_lock),
            strict=True,
        )
    )
    moved, move_error = results["move"]
    forfeit_move, sweep_error = results["sweep"]
    assert sweep_error is None, sweep_error

    seat.refresh_from_db()
    assert Move.objects.filter(game=game).count() == moves_before + 1
    if first == "move":
        assert move_error is None and moved.move.action == action
        assert forfeit_move is None and seat.forfeited_at is None
    else:
        assert isinstance(move_error, GameMovedOn | GameNotActive), move_error
        assert forfeit_move.action == {"type": "forfeit"} and seat.forfeited_at is not None


def test_two_sweeps_forfeit_a_seat_once(held_lock):
    game = playing_game(players=3, seed=5)
    seat = seat_to_move(game)
    moves_before = Move.objects.filter(game=game).count()

    def sweep():
        return game_forfeit(game_id=game.pk, seat_id=seat.pk, reason="timeout", now=game.deadline)

    results = run_in_line(sweep, sweep, held_lock)
    assert all(error is None for _value, error in results), results
    assert sum(value is not None for value, _error in results) == 1
    assert Move.objects.filter(game=game, action={"type": "forfeit"}).count() == 1
    assert Move.objects.filter(game=game).count() == moves_before + 1


@pytest.mark.parametrize("first", ["resign", "sweep"])
def test_resigning_as_the_deadline_sweep_forfeits_leaves_the_seat_once(held_lock, first):
    game = playing_game(players=3, seed=7)
    seat = seat_to_move(game)
    moves_before = Move.objects.filter(game=game).count()

    def resign():
        return game_resign(game_id=game.pk, user=seat.user)

    def sweep():
        return game_forfeit(game_id=game.pk, seat_id=seat.pk, reason="timeout", now=game.deadline)

    calls = (resign, sweep) if first == "resign" else (sweep, resign)
    (first_value, first_error), (second_value, second_error) = run_in_line(*calls, held_lock)
    assert first_error is None, first_error
    seat.refresh_from_db()
    assert seat.forfeited_at is not None
    assert Move.objects.filter(game=game).count() == moves_before + 1
    if first == "resign":
        assert seat.resigned and second_value is None and second_error is None
    else:
        assert not seat.resigned and isinstance(second_error, NotAllowed), second_error


@pytest.mark.parametrize("first", ["move", "gift"])
def test_a_move_and_one_more_day_made_against_one_version_never_both_land(held_lock, first):
    game = playing_game(players=3, seed=9)
    seat = seat_to_move(game)
    giver = next(s for s in game.seats.select_related("user") if s.pk != seat.pk)
    # A whole turn (not a first card draw, which keeps the turn).
    action = next(
        a.to_dict()
        for a in engine.legal_actions(engine.State.from_dict(game.state), seat.player_id)
        if a.type == "draw_tickets"
    )
    deadline = game.deadline

    def move():
        return game_play(
            game_id=game.pk, user=seat.user, action=action, expected_version=game.version
        )

    def gift():
        return game_give_time(game_id=game.pk, user=giver.user, expected_version=game.version)

    calls = (move, gift) if first == "move" else (gift, move)
    (_, first_error), (_, second_error) = run_in_line(*calls, held_lock)
    assert first_error is None, first_error
    # Whoever came second saw a version that had moved on, and changed nothing.
    assert isinstance(second_error, GameMovedOn), second_error
    game.refresh_from_db()
    seats = {s.pk: s for s in game.seats.all()}
    if first == "move":
        assert seats[seat.pk].to_move  # choosing the drawn tickets: the same turn goes on
        assert seats[seat.pk].extra_seconds == 0 and game.deadline == deadline
    else:
        assert seats[seat.pk].extra_seconds == 86400 and game.deadline > deadline
