"""Resigning: a player leaves a started game of their own will, after confirming. It is a
forfeit in the game and the ratings; the others play on, or the last one standing wins."""

import random

import pytest
from django.core import mail
from django.test import Client
from game_steps import make_users, play_one, seat_to_move, started_game

from games.models import GameStatus, Move, RatingChange
from games.refusals.errors import NotAllowed
from games.selectors.replay import game_state_rebuilt
from games.services.resign import game_resign

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def eager_mail(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True


def in_play(users, seed=1):
    game = started_game(users)
    rng = random.Random(seed)
    while game.status == GameStatus.CHOOSING:
        play_one(game, rng)
        game.refresh_from_db()
    return game


def page(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_game_page_asks_to_confirm_and_resigning_passes_the_turn(
    django_capture_on_commit_callbacks,
):
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = in_play([ann, bob, cy])
    mover = seat_to_move(game)
    html = page(mover.user).get(f"/games/{game.pk}/").content.decode()
    assert "Resign…" in html and "Yes, resign" in html
    assert "counts as a forfeit in the ratings" in html
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        response = page(mover.user).post(f"/games/{game.pk}/resign/")
    assert response.status_code == 302

    mover.refresh_from_db()
    game.refresh_from_db()
    assert mover.resigned and mover.forfeited_at is not None
    assert game.status == GameStatus.PLAYING and seat_to_move(game) != mover
    after = page(mover.user).get(f"/games/{game.pk}/").content.decode()
    assert "You resigned from this game" in after and "Yes, resign" not in after
    assert f"{mover.user.username} resigned" in after
    subjects = {message.to[0]: message.subject for message in mail.outbox}
    others = [user for user in (ann, bob, cy) if user != mover.user]
    for user in others:
        assert subjects[user.email].startswith(f"{mover.user.username} resigned from game")
    assert mover.user.email not in subjects
    assert game_state_rebuilt(game=game).to_dict() == game.state  # the log still replays the game


def test_resigning_a_two_player_game_ends_it_and_rates_the_resigner_last():
    ann, bob = make_users("ann", "bob")
    game = in_play([ann, bob], seed=2)
    game_resign(game_id=game.pk, user=ann)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    places = dict(
        RatingChange.objects.filter(board="overall").values_list("user__username", "place")
    )
    assert places == {"bob": 1, "ann": 2}


def test_a_player_resigns_once_and_a_stranger_cannot(client):
    ann, bob, cy, eve = make_users("ann", "bob", "cy", "eve")
    game = in_play([ann, bob, cy], seed=3)
    game_resign(game_id=game.pk, user=bob)
    moves = Move.objects.filter(game=game).count()
    with pytest.raises(NotAllowed):
        game_resign(game_id=game.pk, user=bob)
    assert page(eve).post(f"/games/{game.pk}/resign/").status_code == 404
    assert client.post(f"/games/{game.pk}/resign/").status_code == 302  # to the login page
    assert Move.objects.filter(game=game).count() == moves
