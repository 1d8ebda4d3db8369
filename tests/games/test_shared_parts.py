"""The public parts of the game page (board, log, since your last turn, players, the cards
on the table) are drawn once per game version, language and time zone (and seat, for "since")
and shared through the cache: the same bytes as drawn afresh, never those of an older
version, never another language's. The board, the players' table, the log and the face-up
row are the same bytes for every viewer, but for the rings on the board put in after; the
players' "(you)" and the turn line's "Your turn." are the page's to show (its data-me)."""

import random
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation
from game_steps import make_users, play_one, seat_plays, started_game, tunnel_turned_up
from play_client import parse_page, set_position

from games.svg import RINGS_MARK, STATION_RINGS_MARK
from games.web.views.parts import BY_NAME, part_cache_key
from games.web.views.table import Table

pytestmark = pytest.mark.django_db

BOARD = re.compile(r'<div id="board">(.*?)</div>\s*</div>', re.S)
LOG = re.compile(r'<section class="panel log".*?</section>', re.S)
PLAYERS = re.compile(r'<section class="panel players".*?</section>', re.S)
DRAW = re.compile(r'<section class="panel draw".*?</section>', re.S)
# A viewer's rings, put in the board every viewer shares at its marks: the routes' before
# the routes, the stations' before the cities.
RINGS = re.compile(
    rf'({re.escape(RINGS_MARK)})(.*?)(?=<g id="route-|<a href)'
    rf'|({re.escape(STATION_RINGS_MARK)})(.*?)(?=<g id="city-)',
    re.S,
)


def rings_of(board: str) -> str:
    return "".join(m.group(2) or m.group(4) or "" for m in RINGS.finditer(board))


def without_rings(board: str) -> str:
    return RINGS.sub(lambda m: m.group(1) or m.group(3), board)


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
            # The board (without a mover's links), the log and the players' table are every
            # viewer's (the board's rings put in after): no seat in their keys.
            assert ".s" not in key.rsplit(".v", 1)[1] and cache.get(key) is not None, name
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


def a_station_and_a_tunnel_since():
    """Europe, three players: the first draws two cards, the second claims a tunnel (nothing
    extra turned up), the third builds a station in Roma; the first is to move again. The
    second has the station to see since their last turn, the third nothing."""
    game = started_game(make_users("ann", "bob", "cy"), map_id="europe")
    seats = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "train_deck": ["black", "white", "orange", "green", "blue", "red"] * 3,
            "face_up": ["red", "red", "blue", "locomotive", "white"],
            "hands": {"p0": {"red": 2}, "p1": {"purple": 2}, "p2": {"yellow": 1}},
            "tickets": {
                "p0": ["amsterdam-pamplona"],
                "p1": ["angora-kharkov"],
                "p2": ["brest-petrograd"],
            },
        },
    )
    tunnel_turned_up(game, seats)
    seat_plays(game, seats["p2"], {"type": "build_station", "city": "roma", "cards": {"yellow": 1}})
    game.refresh_from_db()
    return game, seats


def board_of(html: str) -> str:
    return BOARD.search(html).group(1)


def test_the_board_and_the_cards_on_the_table_are_the_same_for_every_viewer_but_the_rings():
    game, seats = a_station_and_a_tunnel_since()
    mover, bob, cy = (seats[p].user for p in ("p0", "p1", "p2"))
    pages = {"bob": page(game, bob), "cy": page(game, cy), "spectator": page(game, None)}
    boards = {who: board_of(html) for who, html in pages.items()}
    # bob sees the station built since his turn ringed, and nothing else; cy and a
    # spectator see no rings.
    assert re.findall(r'class="nw-ring" data-city="(\w+)"', boards["bob"]) == ["roma"]
    assert 'class="nw"' not in boards["bob"]
    assert len(RINGS.findall(boards["bob"])) == 2  # both marks are there
    assert rings_of(boards["cy"]) == rings_of(boards["spectator"]) == ""
    assert rings_of(boards["bob"]).startswith('<circle class="nw-ring" data-city="roma"')
    assert boards["cy"] == boards["spectator"] != boards["bob"]
    assert len({without_rings(board) for board in boards.values()}) == 1
    table = Table(game=game, seats=list(game.seats.all()), me=seats["p1"])
    with translation.override("en-gb"):
        key = part_cache_key(BY_NAME["board"], table)
    assert ".s" not in key.rsplit(".v", 1)[1] and cache.get(key) is not None
    # The face-up row and the piles: the same bytes for all, the mover too, with no token
    # in them and no form for those who may not draw.
    mover_page = page(game, mover)
    draws = {who: DRAW.search(html).group(0) for who, html in {**pages, "ann": mover_page}.items()}
    assert len(set(draws.values())) == 1
    assert "csrfmiddlewaretoken" not in draws["ann"] and "<form" not in draws["ann"]
    assert 'form="draw-face-up"' in draws["ann"] and 'form="draw-deck"' in draws["ann"]
    for html in pages.values():
        assert 'id="draw-face-up"' not in html and 'id="draw-deck"' not in html
        assert not [f for f in parse_page(html).move_forms("draw_card")]
    assert 'id="draw-face-up"' in mover_page and 'id="draw-deck"' in mover_page
    # The mover's board has the links of the routes they may claim: theirs alone, with the
    # rings of the tunnel and the station built since their turn.
    mover_board = board_of(mover_page)
    assert 'class="pick"' in mover_board
    assert re.findall(r'<g class="nw" data-route="([^"]+)"', mover_board) == ["marseille-zurich"]
    assert re.findall(r'class="nw-ring" data-city="(\w+)"', mover_board) == ["roma"]


def test_the_mover_takes_a_card_and_draws_from_the_deck_with_the_token_checked():
    """Without JavaScript (a plain form POST) and with htmx, the CSRF check on."""
    game, seats = a_station_and_a_tunnel_since()
    ann = seats["p0"].user
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)
    forms = parse_page(client.get(f"/games/{game.pk}/").content.decode()).move_forms("draw_card")
    face_up = next(f for f in forms if f.id == "draw-face-up")
    # The locomotive may be taken as a first card; the buttons are the row's, in its order.
    assert [v for _, v in face_up.enabled_buttons()] == [
        "red",
        "red",
        "blue",
        "locomotive",
        "white",
    ]
    assert face_up.hidden["csrfmiddlewaretoken"]
    response = client.post(face_up.action, face_up.data(button=("color", "blue")))
    assert response.status_code == 302
    game.refresh_from_db()
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Draw your second card" in html
    forms = parse_page(html).move_forms("draw_card")
    deck = next(f for f in forms if f.id == "draw-deck")
    face_up = next(f for f in forms if f.id == "draw-face-up")
    # No locomotive from the row as a second card: disabled for everyone.
    assert "locomotive" not in [v for _, v in face_up.enabled_buttons()]
    assert re.search(
        r'<button type="submit" form="draw-face-up" name="color" value="locomotive"'
        r' class="card-button" disabled',
        html,
    )
    token = re.search(r'hx-headers=\'\{"X-CSRFToken": "([^"]+)"\}\'', html)
    assert token  # htmx sends the page's token as a header too, as base.html tells it
    headers = {"HX-Request": "true", "X-CSRFToken": token.group(1)}
    response = client.post(deck.action, deck.data(), headers=headers)
    assert response.status_code == 200
    # The turn is over: the answer takes the draw forms away.
    assert 'id="draw-forms-part" hidden hx-swap-oob="true"></div>' in response.content.decode()
    game.refresh_from_db()
    hand = Table(game=game, seats=list(game.seats.all()), me=seats["p0"]).mine["hand"]
    assert hand.get("blue") == 1 and sum(hand.values()) == 6
    assert not parse_page(page(game, ann)).move_forms("draw_card")
    # The check is on: without the form's token (and no header) a draw is refused.
    bare = {k: v for k, v in deck.data().items() if k != "csrfmiddlewaretoken"}
    assert client.post(deck.action, bare).status_code == 403
