"""Reads on a user's behalf: who may see a game, what they see, and "My games"."""

import random

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import timezone
from game_steps import a_legal_action, make_users, started_game

from games.models import GameStatus
from games.refusals.errors import NotAPlayer
from games.selectors.access import game_access, game_list_open, game_view, seat_count_awaiting
from games.selectors.lobby import game_list_mine
from games.selectors.log import player_names
from games.services.lobby import game_create, game_join
from games.services.play import game_play

pytestmark = pytest.mark.django_db


def test_players_see_their_game_and_strangers_may_watch_a_started_public_game():
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = started_game([ann, bob])
    assert game_access(game_id=game.pk, user=ann) == game
    assert game_access(game_id=game.pk, user=eve) == game
    assert game_access(game_id=game.pk, user=AnonymousUser()) == game


def test_a_private_game_is_not_found_for_strangers():
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = started_game([ann, bob], is_private=True)
    assert game_access(game_id=game.pk, user=bob) == game
    for outsider in (eve, AnonymousUser()):
        with pytest.raises(NotAPlayer):
            game_access(game_id=game.pk, user=outsider)
    with pytest.raises(NotAPlayer):
        game_access(game_id=game.pk + 1000, user=ann)


def test_an_open_game_is_not_watched_by_strangers():
    ann, eve = make_users("ann", "eve")
    game = game_create(creator=ann, map_id="usa")
    with pytest.raises(NotAPlayer):
        game_access(game_id=game.pk, user=eve)


def test_each_viewer_sees_only_their_own_hand_and_spectators_see_none():
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = started_game([ann, bob])
    seats = {seat.user.username: seat.player_id for seat in game.seats.all()}
    ann_view = game_view(game=game, user=ann)
    assert ann_view["viewer"] == seats["ann"]
    assert "hand" in ann_view["players"][seats["ann"]]
    assert "hand" not in ann_view["players"][seats["bob"]]
    eve_view = game_view(game=game, user=eve)
    assert eve_view["viewer"] is None
    assert all("hand" not in player for player in eve_view["players"].values())
    assert player_names(game=game) == {seats["ann"]: "ann", seats["bob"]: "bob"}


def test_open_games_lists_public_games_waiting_for_players():
    ann, bob = make_users("ann", "bob")
    public = game_create(creator=ann, map_id="usa")
    game_create(creator=ann, map_id="usa", is_private=True)
    started_game([ann, bob])
    assert [(game, game.seat_count) for game in game_list_open()] == [(public, 1)]


def test_my_games_lists_my_move_first_by_deadline_then_others_then_finished():
    ann, bob, cy = make_users("ann", "bob", "cy")
    rng = random.Random(7)
    soon = started_game([ann, bob], turn_seconds=3600)
    later = started_game([ann, cy], turn_seconds=7 * 24 * 3600)
    # In a third game ann has kept her tickets: it waits for bob only.
    theirs = started_game([ann, bob])
    ann_seat = theirs.seats.get(user=ann)
    game_play(
        game_id=theirs.pk,
        user=ann,
        action=a_legal_action(theirs, ann_seat, rng),
        expected_version=theirs.version,
    )
    waiting = game_create(creator=ann, map_id="europe")
    over = started_game([ann, bob])
    over.status, over.finished_at = GameStatus.FINISHED, timezone.now()
    over.save()
    over.seats.update(to_move=False)

    games = game_list_mine(user=ann)
    assert games.awaiting == [soon, later]
    assert games.active == [theirs]
    assert games.waiting == [waiting]
    assert games.finished == [over]
    assert list(games) == [soon, later, theirs, waiting, over]
    assert seat_count_awaiting(user=ann) == 2
    assert seat_count_awaiting(user=bob) == 2  # soon and theirs; over is finished


def test_awaiting_count_is_one_query(django_assert_num_queries):
    ann, bob = make_users("ann", "bob")
    started_game([ann, bob])
    started_game([ann, bob])
    with django_assert_num_queries(1):
        assert seat_count_awaiting(user=ann) == 2


def test_the_header_counts_games_awaiting_me_and_my_games_shows_deadlines():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], turn_seconds=3600)
    client = Client()
    client.force_login(ann)
    page = client.get("/games/mine/").content.decode()
    assert 'title="Games awaiting your move">1</span>' in page
    assert "Your move" in page and "choose your tickets" in page
    assert "left)" in page
    assert f'href="/games/{game.id}/"' in page

    # Once ann has chosen, the game waits for bob only, and her header count drops.
    rng = random.Random(8)
    seat = game.seats.get(user=ann)
    game_play(
        game_id=game.pk,
        user=ann,
        action=a_legal_action(game, seat, rng),
        expected_version=game.version,
    )
    page = client.get("/games/mine/").content.decode()
    assert "Games awaiting your move" not in page
    assert "Waiting for others" in page and "bob to move" in page


def test_joining_through_the_service_keeps_a_private_game_closed_without_the_token():
    ann, bob = make_users("ann", "bob")
    game = game_create(creator=ann, map_id="usa", is_private=True)
    with pytest.raises(NotAPlayer):
        game_join(game_id=game.pk, user=bob, invite_token="nope")
    seat = game_join(game_id=game.pk, user=bob, invite_token=game.invite_token)
    assert seat.user == bob
