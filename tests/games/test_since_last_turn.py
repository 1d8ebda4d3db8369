"""What changed since a player last looked: the others' turns above the log, their new routes
and stations ringed on the board, and a tunnel's turned-up cards shown to every player."""

import html as html_text
import re

from django.test import Client
from game_steps import make_users, seat_plays, started_game, tunnel_turned_up
from play_client import Browser, set_position

from games.models import Game

TICKETS = {"p0": ["amsterdam-pamplona"], "p1": ["angora-kharkov"], "p2": ["brest-petrograd"]}


def words(html: str) -> str:
    return html_text.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def section(html: str, marker: str) -> str:
    at = html.index(marker)
    start = html.rindex("<section", 0, at)
    return html[start : html.index("</section>", at)]


def three_at_the_table(deck):
    game = started_game(make_users("alice", "bruno", "chiara"), map_id="europe")
    seats = set_position(
        game,
        {
            "phase": "play",
            "current": "p0",
            "train_deck": deck,
            "face_up": ["red", "red", "blue", "green", "white"],
            "hands": {
                "p0": {"red": 2, "black": 1},
                "p1": {"purple": 2},
                "p2": {"yellow": 1},
            },
            "tickets": TICKETS,
        },
    )
    return game, seats


def test_the_others_turns_are_listed_and_their_routes_ringed_on_the_board(db):
    game, seats = three_at_the_table(["black", "white", "orange", "green", "blue", "red"] * 3)
    # The first player draws, the second claims a tunnel that turns up nothing extra, the third
    # draws two cards: the first player's next visit shows both of their turns.
    tunnel_turned_up(game, seats)
    seat_plays(game, seats["p2"], {"type": "draw_card", "from": "deck"})
    seat_plays(game, seats["p2"], {"type": "draw_card", "from": "deck"})

    first, second, third = (seats[p].user.username for p in ("p0", "p1", "p2"))
    html, _ = Browser(Client(), seats["p0"].user, game).page()
    since = words(section(html, "Since your last turn"))
    assert f"{second}'s tunnel Marseille–Zürich turned up" in since
    assert "nothing extra" in since
    assert f"{second} claimed Marseille–Zürich (2)" in since
    assert f"{third} drew 2 cards from the deck" in since
    assert first not in since  # their own turn is not news to them
    # The board rings the new route, and only that one.
    assert re.findall(r'<g class="nw" data-route="([^"]+)"', html) == ["marseille-zurich"]
    # The list comes before the log.
    assert html.index("Since your last turn") < html.index("Game log")


def test_a_tunnel_that_asks_nothing_extra_shows_everyone_its_three_cards(db):
    # The first player draws black and white; the second's tunnel turns up orange, green, blue.
    game, seats = three_at_the_table(["black", "white", "orange", "green", "blue", "red"] * 3)
    tunnel_turned_up(game, seats)
    second = seats["p1"].user.username
    for seat in ("p0", "p1", "p2"):
        html, _ = Browser(Client(), seats[seat].user, game).page()
        log = section(html, "Game log")
        assert (
            f"{second}'s tunnel Marseille–Zürich turned up an orange card, a green card and a blue"
            " card: nothing extra" in words(log)
        ), seat
        chips = re.findall(r'class="chip chip-(\w+)"', log)
        assert chips == ["orange", "green", "blue"], (seat, chips)


def test_while_a_tunnel_waits_for_payment_the_others_see_what_it_turned_up(db):
    game, seats = three_at_the_table(["black", "white", "purple", "locomotive", "green", "red"])
    tunnel_turned_up(game, seats)
    html, _ = Browser(Client(), seats["p2"].user, game).page()
    news = words(html[html.index('class="tunnel-news"') :].split("</p>")[0])
    assert f"{seats['p1'].user.username}'s tunnel Marseille – Zürich turned up 2 extra:" in news
    turned = html[html.index('class="tunnel-news"') :].split("</p>")[0]
    assert re.findall(r'class="chip chip-(\w+)"', turned) == ["purple", "locomotive", "green"]


def test_a_player_who_has_not_moved_yet_gets_no_list(db):
    game, seats = three_at_the_table(["black", "white", "orange", "green", "blue", "red"] * 3)
    seat_plays(game, seats["p0"], {"type": "draw_card", "from": "deck"})
    seat_plays(game, seats["p0"], {"type": "draw_card", "from": "deck"})
    html, _ = Browser(Client(), seats["p1"].user, game).page()
    assert "Since your last turn" not in html


def test_the_list_goes_with_the_players_own_move(db):
    """The answer to the player's own move empties "since your last turn" (their move is now
    the last), as their page drawn afresh does."""
    game, seats = three_at_the_table(["black", "white", "orange", "green", "blue", "red"] * 3)
    seat_plays(game, seats["p0"], {"type": "draw_card", "from": "deck"})
    seat_plays(game, seats["p0"], {"type": "draw_card", "from": "deck"})
    seat_plays(game, seats["p1"], {"type": "draw_card", "from": "deck"})
    seat_plays(game, seats["p1"], {"type": "draw_card", "from": "deck"})
    seat_plays(game, seats["p2"], {"type": "draw_card", "from": "deck"})
    seat_plays(game, seats["p2"], {"type": "draw_card", "from": "deck"})
    client = Client()
    client.force_login(seats["p0"].user)
    before = client.get(f"/games/{game.pk}/").content.decode()
    assert "Since your last turn" in before
    version = Game.objects.get(pk=game.pk).version
    answer = client.post(
        f"/games/{game.pk}/move/",
        {"type": "draw_card", "from": "deck", "version": version},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert 'id="since-part"' in answer and "Since your last turn" not in answer
    assert "Since your last turn" not in client.get(f"/games/{game.pk}/").content.decode()


def test_the_tunnels_news_reaches_the_others_when_its_player_opened_the_page_first(db):
    """The turn line is drawn once for every viewer: the tunnel's player, whose page draws it
    first here, leaves the others their news (their own page hides it: it is theirs to pay)."""
    game, seats = three_at_the_table(["black", "white", "purple", "locomotive", "green", "red"])
    tunnel_turned_up(game, seats)
    mine, _ = Browser(Client(), seats["p1"].user, game).page()
    order = seats["p1"].order
    assert f'<div class="theirs" data-order="{order}"><p class="tunnel-news">' in mine
    assert f'id="game-page" data-me="{order}"' in mine  # the page hides it from its player
    html, _ = Browser(Client(), seats["p2"].user, game).page()
    news = words(html[html.index('class="tunnel-news"') :].split("</p>")[0])
    assert f"{seats['p1'].user.username}'s tunnel Marseille – Zürich turned up 2 extra:" in news
