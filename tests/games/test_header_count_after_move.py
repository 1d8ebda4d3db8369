"""The header's count of games awaiting the player, as the htmx answer to their move shows
it: read with the move's lock (the player's other games) and the move's own game as the
move left it. It must equal a fresh count whatever happened elsewhere meanwhile: a move in
another game, a new game, a resignation."""

import re

import pytest
from django.test import Client
from game_steps import keep_opening_tickets, make_users, play_a_turn, seats_to_move, started_game

from games.selectors.access import seat_count_awaiting
from games.services.resign import game_resign
from games.web.views.action_form import form_data

pytestmark = pytest.mark.django_db

BADGE = re.compile(r'id="my-games-link"[^>]*>[^<]*(?:<span class="badge"[^>]*>(\d+)</span>)?')


def _playing(users, seed):
    game = started_game(users, map_id="europe", seed=seed)
    keep_opening_tickets(game)
    return game


def _on_the_move(game, user):
    """Turns pass until it is `user`'s."""
    while seats_to_move(game)[0].user != user:
        play_a_turn(game)


def _turn_shown(client, game) -> int | None:
    """The whole turn (two blind cards) posted from the page; the count its last answer
    shows (None when that answer leaves the header as it was)."""
    for _ in range(2):
        game.refresh_from_db()
        body = form_data({"type": "draw_card", "from": "deck"}, game.version)
        response = client.post(f"/games/{game.pk}/move/", body, headers={"HX-Request": "true"})
        assert response.status_code == 200
    found = BADGE.search(response.content.decode())
    return None if found is None else int(found.group(1) or 0)


def test_the_count_after_a_move_is_the_count_of_the_players_games_then():
    ann, bob, cat = make_users("ann", "bob", "cat")
    here = _playing([ann, bob], seed=1)
    other = _playing([bob, ann], seed=2)
    client = Client()
    client.force_login(ann)

    _on_the_move(here, ann)
    _on_the_move(other, bob)  # bob to move there: only `here` awaits ann
    assert _turn_shown(client, here) == seat_count_awaiting(user=ann) == 0

    play_a_turn(here)  # bob's turn here
    play_a_turn(other)  # bob moved elsewhere: ann's move there now
    assert _turn_shown(client, here) == seat_count_awaiting(user=ann) == 1

    started_game([cat, ann], map_id="europe", seed=3)  # a new game: ann chooses tickets
    play_a_turn(here)
    assert _turn_shown(client, here) == seat_count_awaiting(user=ann) == 2

    game_resign(game_id=other.pk, user=ann)  # out of the other game: it awaits her no more
    play_a_turn(here)
    assert _turn_shown(client, here) == seat_count_awaiting(user=ann) == 1
