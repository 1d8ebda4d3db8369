"""The game page's log after moves posted from the page: the same lines, turn numbers and
links as the log read afresh from the database, whether the moves came from the page
(which adds each to the log it already read) or from elsewhere (a service, as a bot's)."""

import random

import pytest
from django.core.cache import cache
from django.test import Client
from game_steps import a_legal_action, make_users, play_one, started_game, who_must_act

from games.web.views.action_form import form_data

pytestmark = pytest.mark.django_db


def _log(html: str) -> str:
    start = html.index('<ol class="log-lines">')
    return html[start : html.index("</ol>", start)]


def test_the_log_after_page_moves_reads_as_the_log_read_afresh():
    users = make_users("ann", "bob", "cat")
    game = started_game(users, map_id="europe", seed=3)
    clients = {}
    for user in users:
        clients[user.pk] = Client()
        clients[user.pk].force_login(user)
    rng = random.Random(7)
    url = f"/games/{game.pk}/"
    for step in range(40):
        if step % 9 == 4:
            play_one(game, rng)  # a move the pages did not make
            continue
        seat = rng.choice(who_must_act(game))
        client = clients[seat.user_id]
        client.get(url)
        game.refresh_from_db()
        action = a_legal_action(game, seat, rng)
        response = client.post(
            url + "move/", form_data(action, game.version), headers={"HX-Request": "true"}
        )
        assert response.status_code == 200
        answered = response.content.decode()
        kept = client.get(url).content.decode()
        cache.clear()
        fresh = client.get(url).content.decode()
        assert _log(answered) == _log(fresh), step
        assert _log(kept) == _log(fresh), step
