"""Bots in the pages: play against bots from the lobby, add a bot to an empty seat, the
takeover choice of the game form, the bot seat's name at the table, the API and the bot
level's own page with its record against people."""

import pytest
from django.test import Client
from game_steps import make_users

from games.models import Game, GameStatus, Seat
from games.services.bots import game_against_bots
from games.services.lobby import game_create, game_join
from games.services.resign import game_resign

pytestmark = pytest.mark.django_db


def page(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_play_against_bots_from_the_lobby_starts_a_game_at_once():
    (ann,) = make_users("ann")
    lobby = page(ann).get("/games/").content.decode()
    assert "Play against bots" in lobby and 'action="/games/against-bots/"' in lobby
    response = page(ann).post(
        "/games/against-bots/",
        {"map_id": "europe", "bots": "3", "level": "beginner", "turn_seconds": "3600"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == GameStatus.CHOOSING and not game.rated and game.is_private
    table = page(ann).get(f"/games/{game.pk}/").content.decode()
    assert table.count('href="/bots/beginner/"') == 3
    assert "Beginner bot 3" in table


def test_play_against_bots_refuses_what_is_not_on_offer():
    (ann,) = make_users("ann")
    for body in ({"map_id": "usa", "bots": "9", "level": "casual"}, {"level": "godlike"}, {}):
        response = page(ann).post("/games/against-bots/", {"turn_seconds": "3600", **body})
        assert response.status_code == 400
    assert not Game.objects.exists()


def test_the_creator_adds_a_bot_to_an_empty_seat_from_the_lobby():
    ann, bob = make_users("ann", "bob")
    game = game_create(creator=ann, map_id="usa", max_players=3)
    html = page(ann).get("/games/").content.decode()
    assert f'action="/games/{game.pk}/add-bot/"' in html
    assert f'action="/games/{game.pk}/add-bot/"' not in page(bob).get("/games/").content.decode()
    page(ann).post(f"/games/{game.pk}/add-bot/", {"level": "strong"})
    assert page(bob).post(f"/games/{game.pk}/add-bot/", {"level": "strong"}).status_code == 404
    lobby = page(bob).get("/games/").content.decode()
    assert "Strong bot" in lobby and 'href="/bots/strong/"' in lobby
    game.refresh_from_db()
    assert not game.rated and game.status == GameStatus.OPEN
    assert page(ann).post(f"/games/{game.pk}/add-bot/", {"level": "x"}).status_code == 302
    assert game.seats.count() == 2


@pytest.mark.parametrize(
    ("choice", "seats", "takeover"),
    [("default", "3", True), ("default", "2", False), ("skip", "4", False), ("bot", "2", True)],
)
def test_the_game_form_takes_the_takeover_choice(choice, seats, takeover):
    (ann,) = make_users("ann")
    form = page(ann).get("/games/").content.decode()
    assert "A bot takes over" in form and "Skip the seat" in form
    page(ann).post(
        "/games/new/",
        {"map_id": "usa", "max_players": seats, "turn_seconds": "86400", "takeover": choice},
    )
    assert Game.objects.get().bot_takeover is takeover


def test_the_api_names_the_bot_seats():
    (ann,) = make_users("ann")
    game = game_against_bots(creator=ann, map_id="usa", bots=1, level="casual")
    seats = page(ann).get(f"/api/v1/games/{game.pk}/").json()["seats"]
    assert sorted((s["username"], s["bot"]) for s in seats) == [
        ("Casual bot", "casual"),
        ("ann", None),
    ]


def test_a_bot_level_page_shows_its_record_against_people():
    ann, bob = make_users("ann", "bob")
    game = game_against_bots(creator=ann, map_id="usa", bots=1, level="casual")
    bot = Seat.objects.get(game=game, bot_level="casual")
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED, is_private=False)
    Seat.objects.filter(pk=bot.pk).update(place=1, final_score=101)
    Seat.objects.filter(game=game, user=ann).update(place=2, final_score=80)
    other = game_against_bots(creator=bob, map_id="usa", bots=1, level="casual")
    Game.objects.filter(pk=other.pk).update(status=GameStatus.FINISHED)
    Seat.objects.filter(game=other, bot_level="casual").update(place=2, final_score=60)
    Seat.objects.filter(game=other, user=bob).update(place=1, final_score=90)
    html = Client().get("/bots/casual/").content.decode()
    assert "<h1>Casual bot</h1>" in html
    assert "<td>2</td>" in html and "<td>1 (50%)</td>" in html and "<td>80.5</td>" in html
    assert f"/games/{game.pk}/" in html and f"/games/{other.pk}/" not in html  # private
    assert "No finished game" in Client().get("/bots/strong/").content.decode()
    assert Client().get("/bots/godlike/").status_code == 404
    # a bot's name, wherever it links as a player's, leads to its level's page
    response = Client().get("/u/Casual bot/")
    assert response.status_code == 302 and response["Location"] == "/bots/casual/"


def test_a_seat_a_bot_took_over_shows_who_plays_it_at_the_table():
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = game_create(creator=ann, map_id="usa", max_players=3, bot_takeover=True)
    for user in (bob, cy):
        game_join(game_id=game.pk, user=user, invite_token=game.invite_token)
    game_resign(game_id=game.pk, user=cy)
    html = page(ann).get(f"/games/{game.pk}/").content.decode()
    assert 'cy <span class="muted">(Casual bot plays on)</span>' in html
    mine = page(cy).get(f"/games/{game.pk}/").content.decode()
    assert "Yes, resign" not in mine
    assert "You resigned from this game" in mine
    assert "Casual bot plays your seat on, with your cards and tickets." in mine


def test_a_rematch_against_bots_seats_the_bots_again_and_starts():
    (ann,) = make_users("ann")
    game = game_against_bots(creator=ann, map_id="usa", bots=2, level="beginner")
    Game.objects.filter(pk=game.pk).update(status=GameStatus.FINISHED)
    response = page(ann).post(f"/games/{game.pk}/rematch/")
    rematch = Game.objects.get(rematch_of=game)
    assert response.status_code == 302
    assert rematch.status == GameStatus.CHOOSING and not rematch.rated
    assert sorted(s.bot_level for s in rematch.seats.all()) == ["", "beginner", "beginner"]
