"""Steps of the table tests: a two- or three-player game brought to play at a set moment,
whole turns played, the sweeps run at a given time, pages read as a player."""

from datetime import datetime

from django.test import Client
from game_steps import started_game

from games import engine, sweeps
from games.models import Game
from games.services.play import game_play

START = "2030-03-04 09:00Z"


def seats_to_move(game: Game):
    game.refresh_from_db()
    return [s for s in game.seats.select_related("user") if s.to_move and not s.forfeited]


def act(game: Game, seat, prefer: tuple[str, ...]):
    game.refresh_from_db()
    state = engine.State.from_dict(game.state)
    options = [a.to_dict() for a in engine.legal_actions(state, seat.player_id)]
    action = next((a for kind in prefer for a in options if a["type"] == kind), options[0])
    if action["type"] == "draw_card":
        action = next((a for a in options if a.get("from") == "deck"), action)
    return game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)


def keep_opening_tickets(game: Game, *, except_user=None) -> None:
    for seat in seats_to_move(game):
        if seat.user != except_user:
            act(game, seat, ("keep_tickets",))
    game.refresh_from_db()


def play_a_turn(game: Game):
    """The player to move draws two cards from the deck: a whole turn. Returns the seat."""
    (seat,) = seats_to_move(game)
    while seat.pk in {s.pk for s in seats_to_move(game)}:
        act(game, seat, ("draw_card",))
    game.refresh_from_db()
    return seat


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
