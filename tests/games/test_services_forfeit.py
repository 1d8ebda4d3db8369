"""The deadline sweep's service: a seat is forfeited only when, under the lock, its time is up."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone
from game_steps import (
    a_legal_action,
    make_users,
    play_one,
    seat_to_move,
    started_game,
    who_must_act,
)

from games.models import GameStatus, Move, Rating, RatingChange
from games.refusals.errors import NotAllowed
from games.selectors.replay import game_state_rebuilt
from games.services.forfeit import game_forfeit
from games.services.play import game_play

pytestmark = pytest.mark.django_db


def finish_opening(game, rng):
    while game.status == GameStatus.CHOOSING:
        play_one(game, rng)
        game.refresh_from_db()


def after_deadline(game):
    game.refresh_from_db()
    return game.deadline + timedelta(seconds=1)


def test_nothing_is_forfeited_before_the_deadline():
    game = started_game(make_users("ann", "bob"))
    finish_opening(game, random.Random(1))
    seat = seat_to_move(game)
    version = game.version
    assert game_forfeit(game_id=game.pk, seat_id=seat.pk, reason="timeout") is None
    game.refresh_from_db()
    assert game.version == version and game.seats.get(pk=seat.pk).forfeited_at is None


def test_the_last_player_standing_wins_a_two_player_game():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    finish_opening(game, random.Random(2))
    late = seat_to_move(game)
    moves = Move.objects.filter(game=game).count()
    move = game_forfeit(
        game_id=game.pk, seat_id=late.pk, reason="timeout", now=after_deadline(game)
    )
    assert move.action == {"type": "forfeit"} and move.seat == late
    assert move.number == moves + 1
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    places = {seat.pk: seat.place for seat in game.seats.all()}
    other = next(pk for pk in places if pk != late.pk)
    assert places[other] == 1 and places[late.pk] == 2
    assert game.seats.get(pk=late.pk).forfeited_at is not None
    # Rated: both players' overall and map ratings moved, the winner's up.
    changes = {(c.seat_id, c.board): c for c in RatingChange.objects.filter(game=game)}
    assert len(changes) == 4
    assert changes[(other, "overall")].mu_after > changes[(late.pk, "overall")].mu_after
    assert game_state_rebuilt(game=game).to_dict() == game.state


def test_in_a_three_player_game_the_turn_passes_and_the_others_play_on(time_machine):
    time_machine.move_to("2030-01-01 12:00Z", tick=False)
    game = started_game(make_users("ann", "bob", "cy"), turn_seconds=3600)
    finish_opening(game, random.Random(3))
    late = seat_to_move(game)
    time_machine.move_to(after_deadline(game), tick=False)
    game_forfeit(game_id=game.pk, seat_id=late.pk, reason="timeout")
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING
    assert seat_to_move(game) != late
    assert game.deadline == timezone.now() + timedelta(hours=1)
    assert [s.pk for s in game.seats.filter(to_move=True)] == [seat_to_move(game).pk]
    # Out is out: the forfeited player cannot come back with a move.
    with pytest.raises(NotAllowed):
        game_play(
            game_id=game.pk,
            user=late.user,
            action={"type": "draw_card", "from": "deck"},
            expected_version=game.version,
        )


def test_forfeiting_twice_or_a_player_who_is_not_to_move_does_nothing():
    game = started_game(make_users("ann", "bob", "cy"))
    finish_opening(game, random.Random(4))
    late = seat_to_move(game)
    waiting = next(s for s in game.seats.all() if s.pk != late.pk)
    when = after_deadline(game)
    assert game_forfeit(game_id=game.pk, seat_id=waiting.pk, reason="timeout", now=when) is None
    assert game_forfeit(game_id=game.pk, seat_id=late.pk, reason="timeout", now=when)
    moves = Move.objects.filter(game=game).count()
    assert game_forfeit(game_id=game.pk, seat_id=late.pk, reason="timeout", now=when) is None
    assert Move.objects.filter(game=game).count() == moves


def test_an_opening_nobody_finished_in_time_is_aborted_without_a_winner():
    game = started_game(make_users("ann", "bob"))
    first, second = who_must_act(game)
    game_forfeit(game_id=game.pk, seat_id=first.pk, reason="timeout", now=after_deadline(game))
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED and game.finished_at is not None
    assert all(seat.place is None for seat in game.seats.all())
    assert not game.seats.filter(to_move=True).exists()
    assert not RatingChange.objects.filter(game=game).exists()
    assert not Rating.objects.filter(user__seats__game=game).exists()


def test_in_the_opening_the_player_who_chose_in_time_wins_over_the_one_who_did_not():
    game = started_game(make_users("ann", "bob"))
    rng = random.Random(5)
    punctual, late = who_must_act(game)
    game_play(
        game_id=game.pk,
        user=punctual.user,
        action=a_legal_action(game, punctual, rng),
        expected_version=game.version,
    )
    game_forfeit(game_id=game.pk, seat_id=late.pk, reason="timeout", now=after_deadline(game))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert game.seats.get(pk=punctual.pk).place == 1
