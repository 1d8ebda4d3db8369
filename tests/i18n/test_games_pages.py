"""A game's pages in Dutch, Swedish and French with nothing of the games app left in English:
the table mid-game (log, board and card pictures, clock texts), the full log, the replay, and
a finished game's score sheet, each compared with its English rendering."""

import random

import pytest
from django.test import Client
from game_steps import make_users, play_one, play_to_the_end, started_game
from i18n.english import english_left_at

# Whole games through the services: slow.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# The players' names and the initials the board draws on their trains.
ALLOW = ["ann", "bob", "A", "B"]


@pytest.fixture
def games():
    ann, bob = make_users("ann", "bob")
    playing = started_game([ann, bob], map_id="europe", seed=5)
    rng = random.Random(2)
    for _ in range(24):
        play_one(playing, rng)
        playing.refresh_from_db()
    finished = started_game([ann, bob], map_id="europe", seed=11)
    play_to_the_end(finished, random.Random(3))
    client = Client()
    client.force_login(ann)
    return client, playing, finished


@pytest.mark.parametrize("language", ["nl", "sv", "fr"])
def test_a_game_s_pages_have_no_english_left(games, language):
    client, playing, finished = games
    urls = [
        f"/games/{playing.pk}/",
        f"/games/{playing.pk}/log/",
        f"/games/{finished.pk}/",
        f"/games/{finished.pk}/log/",
        f"/games/{finished.pk}/replay/?turn=9",
    ]
    left = {url: english_left_at(client, url, language, allow=ALLOW) for url in urls}
    assert left == {url: [] for url in urls}
