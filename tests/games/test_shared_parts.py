"""The public parts of the game page (board, log, since your last turn, players) are drawn
once per game version, language, time zone and seat and shared through the cache: the same
bytes as drawn afresh, never those of an older version, never another language's."""

import random
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation
from game_steps import make_users, play_one, started_game

from games.web.views.parts import BY_NAME, part_cache_key
from games.web.views.table import Table

pytestmark = pytest.mark.django_db

BOARD = re.compile(r'<div id="board">(.*?)</div>\s*</div>', re.S)
LOG = re.compile(r'<section class="panel log".*?</section>', re.S)
PLAYERS = re.compile(r'<section class="panel players".*?</section>', re.S)


def parts(html: str) -> tuple[str, str, str]:
    return BOARD.search(html).group(1), LOG.search(html).group(0), PLAYERS.search(html).group(0)


def page(game, user=None, language="en-gb") -> str:
    client = Client(headers={"Accept-Language": language})
    if user is not None:
        client.force_login(user)
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def a_game_under_way(moves=12):
    users = make_users("ann", "bob", "cy")
    game = started_game(users, seed=5)
    rng = random.Random(3)
    for _ in range(moves):
        game.refresh_from_db()
        play_one(game, rng)
    game.refresh_from_db()
    return game, users


def test_spectators_share_the_parts_drawn_once_and_they_match_a_fresh_drawing():
    game, _users = a_game_under_way()
    eve, dee = make_users("eve", "dee")
    client = Client()
    client.force_login(eve)
    first = client.get(f"/games/{game.pk}/").content.decode()
    table = Table(game=game, seats=list(game.seats.all()), me=None)
    with translation.override("en-gb"):
        for name in ("board", "log", "players"):
            key = part_cache_key(BY_NAME[name], table)
            assert key.startswith(f"part.{name}.g{game.pk}.v{game.version}.en-gb."), key
            # The log and the players' table are every viewer's: no seat in their keys.
            every_viewers = name in ("log", "players")
            assert (".s0" in key) != every_viewers and cache.get(key) is not None, name
    assert parts(page(game, dee)) == parts(first)  # from the cache
    cache.clear()
    assert parts(page(game, dee)) == parts(first)  # drawn afresh: the same bytes


def test_a_new_version_is_drawn_anew():
    game, _users = a_game_under_way()
    eve = make_users("eve")[0]
    before = page(game, eve)
    play_one(game, random.Random(9))
    game.refresh_from_db()
    after = page(game, eve)
    cache.clear()
    assert parts(after) == parts(page(game, eve))
    assert parts(after)[1] != parts(before)[1]  # the log has the new move


def test_each_language_has_its_own_and_each_page_names_its_viewers_seat():
    game, users = a_game_under_way()
    english = page(game, None)
    dutch = page(game, None, language="nl")
    assert parts(dutch) != parts(english)
    assert parts(dutch)[1] != parts(english)[1]
    ann_page, bob_page = page(game, users[0]), page(game, users[1])
    assert PLAYERS.search(ann_page).group(0) == PLAYERS.search(bob_page).group(0)
    assert ME.search(ann_page).group(1) == str(game.seats.get(user=users[0]).order)
    assert ME.search(bob_page).group(1) == str(game.seats.get(user=users[1]).order)
    assert not ME.search(english)  # a spectator's page names no seat


ME = re.compile(r'id="game-page" data-me="(\d)"')
TURN = re.compile(r'<section class="panel turn".*?</section>', re.S)
YOU = re.compile(
    r'data-order="(\d)"[^>]*>(?:(?!</tr>).)*<small class="you yours"> \(you\)</small>', re.S
)


def test_the_players_table_and_the_turn_line_are_the_same_bytes_for_every_viewer():
    """Drawn for the first page, read from the cache by the others: the same bytes for each
    player and spectator of a version. Each row carries its "(you)" and the turn line both
    "Your turn." and whose turn it is; the page's data-me (the viewer's seat) picks what shows
    (static/css/game.css)."""
    game, users = a_game_under_way()
    ann_page = page(game, users[0])
    ann = PLAYERS.search(ann_page).group(0)
    table = Table(game=game, seats=list(game.seats.all()), me=None)
    for name in ("players", "turn"):
        with translation.override("en-gb"):
            key = part_cache_key(BY_NAME[name], table)
        assert ".s" not in key.rsplit(".v", 1)[1]  # no seat in its key
        assert cache.get(key) is not None
    bob_page, spectator_page = page(game, users[1]), page(game, None)
    bob = PLAYERS.search(bob_page).group(0)
    spectator = PLAYERS.search(spectator_page).group(0)
    assert ann == bob == spectator
    orders = sorted(str(seat.order) for seat in game.seats.all())
    assert sorted(YOU.findall(ann)) == orders  # each row's own "(you)", for its viewer
    turn = TURN.search(ann_page).group(0)
    assert turn == TURN.search(bob_page).group(0) == TURN.search(spectator_page).group(0)
    to_move = next(seat for seat in game.seats.all() if seat.to_move)
    assert f'<p class="turn-line" data-order="{to_move.order}">' in turn
    assert '<strong class="yours">Your turn.</strong>' in turn
    assert f"It is <strong>{to_move.user.username}</strong>'s turn." in turn
    # The log too, drawn once for all of them.
    assert LOG.search(page(game, users[1])).group(0) == LOG.search(page(game, None)).group(0)
