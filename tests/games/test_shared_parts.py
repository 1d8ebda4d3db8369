"""The public parts of the game page (board, log, since your last turn, players) are drawn
once per game version, language, time zone and seat and shared through the cache: the same
bytes as drawn afresh, never those of an older version, never another language's."""

import random
import re

import pytest
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.test import Client
from game_steps import make_users, play_one, started_game

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
    response = client.get(f"/games/{game.pk}/")
    first = response.content.decode()
    key = response.context["shared"]
    assert key.startswith(f"g{game.pk}.v{game.version}.en-gb.") and key.endswith(".s0")
    minute = response.context["clock_minute"]
    for name, vary_on in (("board", [key]), ("log", [key]), ("players", [key, minute])):
        assert cache.get(make_template_fragment_key(name, vary_on)) is not None, name
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


def test_each_language_and_seat_has_its_own():
    game, users = a_game_under_way()
    english = page(game, None)
    dutch = page(game, None, language="nl")
    assert parts(dutch) != parts(english)
    assert parts(dutch)[1] != parts(english)[1]
    ann_page, bob_page = page(game, users[0]), page(game, users[1])
    assert "(you)" in PLAYERS.search(ann_page).group(0)
    assert PLAYERS.search(ann_page).group(0) != PLAYERS.search(bob_page).group(0)
