"""What the page's htmx post of a move answers: the parts of the page the move's events can
have changed (games.web.views.parts), and not the others (the board, the tickets and, after a
first card, the game's head after a card draw; the chat the page already shows, the player's
own note, the header's count when the turn stayed)."""

import pytest
from django.test import Client
from game_steps import make_users, started_game
from play_client import set_position

from games.services.chat import chat_post
from games.web.views.action_form import form_data

pytestmark = pytest.mark.django_db

TICKETS = {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"], "p2": ["brest-petrograd"]}


@pytest.fixture
def table():
    users = make_users("alice", "bruno", "chiara")
    game = started_game(users, map_id="europe")
    players = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "train_deck": ["purple", "locomotive", "green", "white", "black", "orange"],
            "face_up": ["red", "red", "blue", "green", "white"],
            "hands": {"p0": {"red": 3}, "p1": {}, "p2": {}},
            "tickets": TICKETS,
        },
    )
    game.refresh_from_db()
    client = Client()
    client.force_login(players["p0"].user)
    return game, players, client


def post_move(client, game, action, **extra):
    game.refresh_from_db()
    body = {**form_data(action, game.version), **extra}
    response = client.post(f"/games/{game.pk}/move/", body, headers={"HX-Request": "true"})
    assert response.status_code == 200, response.content[:300]
    return response, response.content.decode()


def test_a_card_draw_keeps_the_board_and_closes_its_routes(table):
    game, players, client = table
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert 'class="pick"' in html  # red routes to claim at the start of the turn

    response, html = post_move(client, game, {"type": "draw_card", "from": "deck"})
    assert 'id="board"' not in html
    assert response["HX-Trigger-After-Swap"] == "board-routes-closed"
    # The rest of the table is there: the hand with the card drawn, the second draw's panel.
    assert 'id="hand-part" hx-swap-oob="true"' in html and "Purple" in html
    assert 'id="action-part" hx-swap-oob="true"' in html

    response, html = post_move(client, game, {"type": "draw_card", "from": "deck"})
    assert 'id="board"' not in html
    # The turn passed: the header's count of games awaiting a move is sent again.
    assert 'id="my-games-link"' in html


def test_the_first_card_leaves_the_headers_count_as_it_was(table):
    game, players, client = table
    _, html = post_move(client, game, {"type": "draw_card", "from": "deck"})
    assert 'id="my-games-link"' not in html


def test_a_card_draw_keeps_the_tickets_and_the_first_card_the_games_head(table):
    game, players, client = table
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Amsterdam – Pamplona" in page and 'id="game-head"' in page

    _, html = post_move(client, game, {"type": "draw_card", "from": "deck"})
    assert 'id="tickets-part"' not in html
    assert "Amsterdam – Pamplona" not in html
    assert 'id="game-head"' not in html  # still the player's move: the tab's title stays

    _, html = post_move(client, game, {"type": "draw_card", "from": "deck"})
    assert "Amsterdam – Pamplona" not in html
    # The turn passed: the head (and with it the tab's title) says so again.
    head = html[html.index('id="game-head"') :]
    assert "(Your turn)" not in head[: head.index(">")]


def test_a_claim_sends_the_board_with_the_route_claimed(table):
    game, players, client = table
    action = {"type": "claim_route", "route": "bruxelles-paris-1", "cards": {"red": 2}}
    response, html = post_move(client, game, action)
    assert "HX-Trigger-After-Swap" not in response
    # The tickets and the head come again with a claim (a ticket may be joined now).
    assert "Amsterdam – Pamplona" in html and 'id="game-head"' in html
    board = html[html.index('id="board"') :]
    assert 'id="route-bruxelles-paris-1" class="r k-' in board
    route = board[board.index('id="route-bruxelles-paris-1"') :]
    assert " own " in route[: route.index(">")]


def test_the_chat_is_sent_again_only_when_the_page_has_not_shown_its_last_message(table):
    game, players, client = table
    chat_post(game_id=game.pk, user=players["p1"].user, text="Nice weather for trains")
    game.refresh_from_db()
    shown = str(game.chat_version - 1)
    _, html = post_move(client, game, {"type": "draw_card", "from": "deck"}, chat_seen=shown)
    assert "Nice weather for trains" in html

    game.refresh_from_db()
    current = str(game.chat_version)
    _, html = post_move(client, game, {"type": "draw_card", "from": "deck"}, chat_seen=current)
    assert "Nice weather for trains" not in html
    assert 'id="chat-part"' not in html


def test_the_note_is_never_sent_again_in_a_moves_answer(table):
    game, players, client = table
    client.post(f"/games/{game.pk}/note/", {"text": "watch the red routes"})
    assert "watch the red routes" in client.get(f"/games/{game.pk}/").content.decode()
    _, html = post_move(client, game, {"type": "draw_card", "from": "deck"})
    assert "watch the red routes" not in html
    assert 'id="note-part"' not in html and 'id="note-form"' not in html
