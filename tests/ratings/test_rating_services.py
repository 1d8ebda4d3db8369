"""Ratings recorded by the real game services: played to the end, ended by forfeits, unrated."""

import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from game_steps import make_users, started_game, who_must_act
from game_steps import play_one as play_a_move

from games.models import Game, GameStatus, Rating, RatingChange
from games.ratings.selectors import profile_stats
from games.services.forfeit import game_forfeit

pytestmark = pytest.mark.django_db


def play_one(game, rng):
    """One random legal move, then the game as it is now."""
    play_a_move(game, rng)
    game.refresh_from_db()


@pytest.mark.slow  # a whole game or more: CI runs it, `make test-fast` does not
def test_a_game_played_to_the_end_records_ratings_the_rebuild_reproduces():
    users = make_users("ann", "bob", "cy")
    game = started_game(users)
    rng = random.Random(7)
    for _ in range(4000):
        if game.is_over:
            break
        play_one(game, rng)
    assert game.status == GameStatus.FINISHED

    changes = RatingChange.objects.filter(game=game)
    assert changes.count() == 3 * 2
    seats = {s.user_id: s.place for s in game.seats.all()}
    assert {(c.user_id, c.place) for c in changes} == set(seats.items())
    winner = changes.filter(board="overall").order_by("place").first()
    assert winner.shown_after > winner.shown_before
    assert all(c.created_at == game.finished_at for c in changes)
    call_command("rebuild_ratings", "--check")

    stats = profile_stats(users[0], viewer=users[0])
    assert stats.games_played == 1
    assert stats.tickets_kept >= 2  # at least the opening keep, read from the engine's result


def test_forfeits_through_the_service_rank_the_leavers_last():
    users = make_users("ann", "bob", "cy")
    game = started_game(users)
    rng = random.Random(3)
    while game.status == GameStatus.CHOOSING:
        play_one(game, rng)
    leavers = []
    while not game.is_over:
        seat = who_must_act(game)[0]
        leavers.append(seat.user_id)
        game_forfeit(
            game_id=game.pk,
            seat_id=seat.pk,
            reason="timeout",
            now=game.deadline + timedelta(seconds=1),
        )
        game.refresh_from_db()

    assert game.status == GameStatus.FINISHED and len(leavers) == 2
    places = dict(
        RatingChange.objects.filter(game=game, board="overall").values_list("user_id", "place")
    )
    (stayer,) = set(places) - set(leavers)
    assert places == {stayer: 1, leavers[0]: 2, leavers[1]: 2}
    assert Rating.objects.get(user_id=stayer, board="overall").shown > 1000
    call_command("rebuild_ratings", "--check")


def test_an_unrated_game_finished_by_the_services_changes_no_rating():
    users = make_users("ann", "bob")
    game = started_game(users, rated=False)
    rng = random.Random(5)
    while game.status == GameStatus.CHOOSING:
        play_one(game, rng)
    seat = who_must_act(game)[0]
    game_forfeit(
        game_id=game.pk,
        seat_id=seat.pk,
        reason="timeout",
        now=game.deadline + timedelta(seconds=1),
    )

    assert Game.objects.get(pk=game.pk).status == GameStatus.FINISHED
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
