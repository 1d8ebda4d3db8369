"""Steps of the table tests: a two- or three-player game brought to play at a set moment,
whole turns played, the sweeps run at a given time, pages read as a player."""

from datetime import datetime

from django.test import Client
from game_steps import keep_opening_tickets, started_game

from games.heartbeat import sweeps
from games.models import Game

START = "2030-03-04 09:00Z"


def game_in_play(users, **settings) -> Game:
    game = started_game(users, **settings)
    keep_opening_tickets(game)
    return game


def sweep_at(moment: datetime) -> int:
    """The deadline sweep, run at `moment`; how many seats it forfeited."""
    return sweeps.forfeit_overdue(moment)


def page_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def game_page(game, user) -> str:
    return page_of(user).get(f"/games/{game.pk}/").content.decode()
