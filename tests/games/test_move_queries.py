"""What one move costs the database: SQL queries per move POST (the page's htmx post and the
API's) and per game page, early in a game and late in a long one. The counts must stay flat
as the game grows: nothing on the move path or the page reads the whole log."""

import random

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from game_steps import make_users, started_game, state_of, who_must_act
from knox.models import AuthToken
from rest_framework.test import APIClient

from games import engine
from games.models import Move
from games.services.play import game_play
from games.web.views.action_form import form_data

# Committed transactions, as on the site (a test transaction turns each atomic block into a
# savepoint, two more queries).
pytestmark = pytest.mark.django_db(transaction=True)

# At most this many queries per move POST and per game page, at move 10 as at move 300.
MOVE_POST = 6
GAME_PAGE = 6
# What a move that builds (a route, a station) costs beyond that, on every database: its
# claim rows' one INSERT after the move's.
CLAIM_ROWS = 1
BUILDS = ("claim_route", "build_station", "pay_tunnel")
# What an API request costs beyond that: its throttle counts it in the database, one upsert
# (games/api/throttles.py), so the count survives a Redis restart.
API_THROTTLE = 1


# A transaction's brackets are not counted: the bare transaction a move is compared with in
# the load benchmark (bench.load) has them too. SQLite opens a move's transaction with
# BEGIN IMMEDIATE, so that two writers wait for each other instead of failing.
BRACKETS = {"BEGIN", "BEGIN IMMEDIATE", "COMMIT"}


def _queries(call) -> tuple[int, object]:
    """The statements that read or write data while `call` runs, and its response."""
    with CaptureQueriesContext(connection) as captured:
        response = call()
    statements = [q["sql"] for q in captured.captured_queries if q["sql"] not in BRACKETS]
    return len(statements), response


class Players:
    """Each player with a logged-in page client and an API token client."""

    def __init__(self, users):
        self.pages = {}
        self.api = {}
        for user in users:
            page = Client()
            page.force_login(user)
            self.pages[user.pk] = page
            api = APIClient()
            _, key = AuthToken.objects.create(user=user)
            api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
            self.api[user.pk] = api


def _next_move(game, rng):
    seat = rng.choice(who_must_act(game))
    options = engine.legal_actions(state_of(game), seat.player_id)
    draws = [option for option in options if option.type == "draw_card"]
    # Mostly draws (as in real games), and every kind of move now and then.
    action = rng.choice(draws if draws and rng.random() < 0.7 else options).to_dict()
    return seat, action


def _draw(game):
    """The seat to move and a card draw it may make (the deck, else a face-up card that is
    not a locomotive), or None when it has none."""
    seat = who_must_act(game)[0]
    options = engine.legal_actions(state_of(game), seat.player_id)
    draws = [option.to_dict() for option in options if option.type == "draw_card"]
    deck = [draw for draw in draws if draw["from"] == "deck"]
    plain = [draw for draw in draws if draw.get("color") != "locomotive"]
    return seat, (deck or plain or [None])[0]


def _page_move(game, players: Players, seat, action) -> int:
    version = game.version
    # As the page's script posts it: with the chat version the page shows (static/js/game.js).
    body = {**form_data(action, version), "chat_seen": str(game.chat_version)}
    count, response = _queries(
        lambda: players.pages[seat.user_id].post(
            f"/games/{game.pk}/move/", body, headers={"HX-Request": "true"}
        )
    )
    assert response.status_code == 200, response.content[:500]
    game.refresh_from_db()
    assert game.version == version + 1
    return count


def _api_move(game, players: Players, seat, action) -> int:
    version = game.version
    count, response = _queries(
        lambda: players.api[seat.user_id].post(
            f"/api/v1/games/{game.pk}/actions/",
            {"version": version, "action": action},
            format="json",
        )
    )
    assert response.status_code == 200, response.content[:500]
    assert response.json()["version"] == version + 1
    game.refresh_from_db()
    return count


def _costs(game, players: Players) -> dict[str, int]:
    """Queries for the game page, and for a turn of two card draws (the first keeps the turn,
    the second passes it on: 89% of moves are draws) posted from the page and from the API."""
    seat, action = _draw(game)
    assert action is not None and state_of(game).pending is None
    cache.clear()  # the page with none of its log at hand: its dearest case
    count, response = _queries(lambda: players.pages[seat.user_id].get(f"/games/{game.pk}/"))
    assert response.status_code == 200
    costs = {"page": count}
    costs["htmx first card"] = _page_move(game, players, seat, action)
    seat, action = _draw(game)
    costs["htmx second card"] = _page_move(game, players, seat, action)
    seat, action = _draw(game)
    costs["api first card"] = _api_move(game, players, seat, action)
    seat, action = _draw(game)
    costs["api second card"] = _api_move(game, players, seat, action)
    return costs


def _play_until(game, moves: int, rng) -> None:
    """Random moves (mostly draws, so the game lasts) until `moves` were made and the player
    to move is at the start of a turn, with cards enough in the deck for two turns of draws."""
    while (
        Move.objects.filter(game=game).count() < moves
        or state_of(game).pending
        or engine.player_view(state_of(game), None)["deck_count"] < 4
    ):
        assert game.is_active, "the game ended before the move the test measures at"
        seat, action = _next_move(game, rng)
        game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)
        game.refresh_from_db()


def _four_players_at_move(moves: int):
    users = make_users("ann", "bob", "cat", "dan")
    game = started_game(users, map_id="europe", seed=11, allow_vacations=True, bank_seconds=86400)
    rng = random.Random(5)
    _play_until(game, moves, rng)
    return game, Players(users), rng


def test_a_move_and_the_game_page_cost_no_more_queries_than_their_ceilings():
    game, players, _ = _four_players_at_move(10)
    early = _costs(game, players)
    assert early["page"] <= GAME_PAGE, early
    assert max(early["htmx first card"], early["htmx second card"]) <= MOVE_POST, early
    assert max(early["api first card"], early["api second card"]) <= MOVE_POST + API_THROTTLE


@pytest.mark.slow  # 300 moves through the services: CI runs it, `make test-fast` does not
def test_a_move_and_the_game_page_cost_as_few_queries_at_move_300_as_at_move_10():
    game, players, rng = _four_players_at_move(10)
    early = _costs(game, players)
    _play_until(game, 300, rng)
    late = _costs(game, players)
    assert late == early, (early, late)


def _ceiling(action: dict, *, api: bool) -> int:
    ceiling = MOVE_POST + (API_THROTTLE if api else 0)
    return ceiling + (CLAIM_ROWS if action["type"] in BUILDS else 0)


def test_every_kind_of_move_from_the_page_and_the_api_costs_no_more_than_the_ceiling():
    """A game from its opening on, moves posted from the page and from the API in turn, the
    kinds of move other than card draws made often: each move within the ceiling."""
    game, players, rng = _four_players_at_move(0)
    users = [seat.user_id for seat in game.seats.all()]
    for user_id in users:  # each player has the page open, as one who posts from it has
        assert players.pages[user_id].get(f"/games/{game.pk}/").status_code == 200
    most: dict[str, int] = {}
    for number in range(120):
        if not game.is_active:
            break
        seat = rng.choice(who_must_act(game))
        options = [o.to_dict() for o in engine.legal_actions(state_of(game), seat.player_id)]
        others = [o for o in options if o["type"] != "draw_card"]
        action = rng.choice(others if others and rng.random() < 0.6 else options)
        move = _page_move if number % 2 else _api_move
        count = move(game, players, seat, action)
        assert count <= _ceiling(action, api=move is _api_move), (number, action, count)
        kind = f"{'htmx' if number % 2 else 'api'} {action['type']}"
        most[kind] = max(most.get(kind, 0), count)
    for kind in ("keep_tickets", "draw_card", "claim_route", "draw_tickets"):
        assert {f"htmx {kind}", f"api {kind}"} <= set(most), most
