"""A profile with finished rated games and the leaderboards with rows, in each language:
the ratings, the record and the statistics, with the game's words."""

import random

import pytest
from game_steps import make_user, play_to_the_end, started_game
from i18n.english import english_left_at

# Every page or mail in three languages: CI runs it, `make test-fast` does not.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

LANGUAGES = ["nl", "sv", "fr"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_profile_with_finished_rated_games_and_the_leaderboard(client, language):
    players = [make_user(name) for name in ("Ann", "Bob")]
    for seed in (1, 2):
        play_to_the_end(started_game(players, seed=seed, max_players=2), random.Random(seed))
    client.force_login(players[0])
    for url in ("/leaderboard/", "/leaderboard/usa/", "/u/Ann/", "/u/Bob/"):
        assert english_left_at(client, url, language, allow=["Ann", "Bob"]) == [], url
