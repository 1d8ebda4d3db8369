"""The lobby, as players use it: forms posted through the test client."""

import pytest
from django.test import Client
from game_steps import make_user, make_users

from games.models import Game, GameStatus, Seat

pytestmark = pytest.mark.django_db

NEW_GAME = {"map_id": "usa", "max_players": "3", "turn_seconds": str(2 * 24 * 3600), "rated": "on"}


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def create_game(client, **changes) -> Game:
    response = client.post("/games/new/", {**NEW_GAME, **changes})
    assert response.status_code == 302, response.content.decode()[:500]
    return Game.objects.latest("created_at")


def test_lobby_page_offers_the_create_form_with_the_time_choices():
    client = client_for(make_user("ann"))
    page = client.get("/games/").content.decode()
    for label in ("1 hour", "6 hours", "12 hours", "1 day", "2 days", "3 days", "7 days"):
        assert f">{label}</option>" in page
    assert 'value="172800" selected' in page  # two days by default
    assert "csrfmiddlewaretoken" in page


def test_creating_a_game_seats_the_creator_and_lists_it_as_theirs():
    ann = make_user("ann")
    client = client_for(ann)
    game = create_game(client, map_id="europe", max_players="4", turn_seconds="3600")
    settings = (game.map_id, game.max_players, game.turn_seconds, game.rated)
    assert settings == ("europe", 4, 3600, True)
    assert game.status == GameStatus.OPEN
    assert list(game.seats.values_list("user__username", flat=True)) == ["ann"]
    page = client.get("/games/").content.decode()
    assert "Your games waiting for players" in page
    assert f'id="game-{game.id}"' in page
    assert "Start now" in page and "Leave" in page


def test_a_game_with_six_seats_or_an_odd_time_is_refused_with_the_form_errors():
    client = client_for(make_user("ann"))
    response = client.post("/games/new/", {**NEW_GAME, "max_players": "6"})
    assert response.status_code == 400
    response = client.post("/games/new/", {**NEW_GAME, "turn_seconds": "60"})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not Game.objects.exists()


def test_another_player_sees_the_open_game_joins_it_and_gets_a_different_colour():
    ann, bob = make_users("ann", "bob")
    game = create_game(client_for(ann))
    bob_client = client_for(bob)
    page = bob_client.get("/games/").content.decode()
    assert f'action="/games/{game.id}/join/"' in page
    response = bob_client.post(f"/games/{game.id}/join/")
    assert response.status_code == 302
    seats = list(game.seats.order_by("order"))
    assert [seat.user.username for seat in seats] == ["ann", "bob"]
    assert len({seat.color for seat in seats}) == 2


def test_joining_twice_keeps_one_seat():
    ann, bob = make_users("ann", "bob")
    game = create_game(client_for(ann))
    bob_client = client_for(bob)
    bob_client.post(f"/games/{game.id}/join/")
    bob_client.post(f"/games/{game.id}/join/")
    assert game.seats.filter(user=bob).count() == 1


def test_a_player_leaves_before_the_start():
    ann, bob = make_users("ann", "bob")
    game = create_game(client_for(ann))
    bob_client = client_for(bob)
    bob_client.post(f"/games/{game.id}/join/")
    response = bob_client.post(f"/games/{game.id}/leave/", follow=True)
    assert "You left the game." in response.content.decode()
    assert list(game.seats.values_list("user__username", flat=True)) == ["ann"]


def test_the_creator_leaving_an_empty_game_deletes_it():
    ann = make_user("ann")
    client = client_for(ann)
    game = create_game(client)
    client.post(f"/games/{game.id}/leave/")
    assert not Game.objects.filter(pk=game.pk).exists()


def test_the_creator_leaving_hands_the_game_to_the_next_player():
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = create_game(client_for(ann), max_players="4")
    client_for(bob).post(f"/games/{game.id}/join/")
    client_for(cy).post(f"/games/{game.id}/join/")
    client_for(ann).post(f"/games/{game.id}/leave/")
    game.refresh_from_db()
    assert game.creator == bob
    assert sorted(game.seats.values_list("user__username", flat=True)) == ["bob", "cy"]


def test_only_the_creator_can_start_and_only_with_two_players():
    ann, bob = make_users("ann", "bob")
    ann_client = client_for(ann)
    game = create_game(ann_client)
    response = ann_client.post(f"/games/{game.id}/start/", follow=True)
    assert "Wait for at least one more player" in response.content.decode()
    bob_client = client_for(bob)
    bob_client.post(f"/games/{game.id}/join/")
    response = bob_client.post(f"/games/{game.id}/start/", follow=True)
    assert "Only the game&#x27;s creator can start it." in response.content.decode()
    game.refresh_from_db()
    assert game.status == GameStatus.OPEN


def test_the_creator_starts_the_game_and_lands_on_the_game_page():
    ann, bob = make_users("ann", "bob")
    ann_client = client_for(ann)
    game = create_game(ann_client)
    client_for(bob).post(f"/games/{game.id}/join/")
    response = ann_client.post(f"/games/{game.id}/start/")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.id}/"
    game.refresh_from_db()
    assert game.status == GameStatus.CHOOSING
    assert game.state is not None and game.deadline is not None
    assert sorted(game.seats.values_list("order", flat=True)) == [0, 1]
    # Nobody can leave or join a started game from the lobby.
    response = client_for(bob).post(f"/games/{game.id}/leave/", follow=True)
    assert "no longer leave" in response.content.decode()


def test_a_full_game_starts_by_itself():
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = create_game(client_for(ann), max_players="3")
    client_for(bob).post(f"/games/{game.id}/join/")
    response = client_for(cy).post(f"/games/{game.id}/join/")
    assert response["Location"] == f"/games/{game.id}/"
    game.refresh_from_db()
    assert game.status == GameStatus.CHOOSING
    assert len({seat.color for seat in game.seats.all()}) == 3
    dan = make_user("dan")
    response = client_for(dan).post(f"/games/{game.id}/join/", follow=True)
    assert "already started" in response.content.decode()
    assert not game.seats.filter(user=dan).exists()


def test_five_players_get_five_distinct_colours():
    users = make_users("ann", "bob", "cy", "dan", "eve")
    game = create_game(client_for(users[0]), max_players="5")
    for user in users[1:]:
        client_for(user).post(f"/games/{game.id}/join/")
    assert len(set(Seat.objects.filter(game=game).values_list("color", flat=True))) == 5


def test_a_private_game_is_unlisted_and_joined_only_through_its_invitation():
    ann, bob, cy = make_users("ann", "bob", "cy")
    ann_client = client_for(ann)
    game = create_game(ann_client, is_private="on")
    lobby = ann_client.get("/games/").content.decode()
    assert f"http://testserver/games/invite/{game.invite_token}/" in lobby

    bob_client = client_for(bob)
    assert f'id="game-{game.id}"' not in bob_client.get("/games/").content.decode()
    assert bob_client.post(f"/games/{game.id}/join/").status_code == 404
    wrong = bob_client.post(f"/games/{game.id}/join/", {"invite_token": "guess"})
    assert wrong.status_code == 404
    assert bob_client.get("/games/invite/not-the-token/").status_code == 404

    invite = bob_client.get(f"/games/invite/{game.invite_token}/").content.decode()
    assert "ann invites you to a game" in invite
    assert f'name="invite_token" value="{game.invite_token}"' in invite
    bob_client.post(f"/games/{game.id}/join/", {"invite_token": game.invite_token})
    assert game.seats.filter(user=bob).exists()
    assert not game.seats.filter(user=cy).exists()


def test_a_new_public_game_takes_its_creator_to_its_page_with_a_link_to_send():
    ann_client, bob_client = client_for(make_user("ann")), client_for(make_user("bob"))
    response = ann_client.post("/games/new/", NEW_GAME, follow=True)
    created = response.content.decode()
    game = Game.objects.latest("created_at")
    link = f"http://testserver/games/invite/{game.invite_token}/"
    # The game's own page, while it waits for players: the link, Start and Leave.
    assert response.redirect_chain == [(f"/games/{game.id}/", 302)]
    assert "Send its invitation link to friends" in created
    assert f'value="{link}"' in created
    assert "Start now" in created and "Leave" in created
    # The lobby lists it among the creator's games, with the same link and a way to its page.
    mine = ann_client.get("/games/").content.decode()
    assert f'value="{link}"' in mine and f'href="/games/{game.id}/"' in mine
    # A friend who follows the link can join from there.
    invite = bob_client.get(link).content.decode()
    assert "ann invites you to a game" in invite
    # The others in the lobby see the game and its Join button, not the creator's link.
    lobby = bob_client.get("/games/").content.decode()
    assert f'id="game-{game.id}"' in lobby
    assert link not in lobby


def test_lobby_posts_need_a_login_and_a_csrf_token():
    ann = make_user("ann")
    anonymous = Client()
    response = anonymous.post("/games/new/", NEW_GAME)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ann)
    assert strict.post("/games/new/", NEW_GAME).status_code == 403
    assert not Game.objects.exists()


def test_the_lobby_fits_a_phone_and_the_header_links_my_games():
    client = client_for(make_user("ann"))
    page = client.get("/games/").content.decode()
    assert 'name="viewport" content="width=device-width' in page
    assert 'href="/games/mine/"' in page


def test_the_header_lobby_link_leads_to_the_open_games():
    client = client_for(make_user("ann"))
    page = client.get("/", follow=True).content.decode()
    assert 'href="/games/">Lobby</a>' in page
