"""Invitations by name and rematches: the invited get a mail and see the invitation in My
games, accept (a seat, even at a private game) or decline; at the end a rematch makes a new
game with the same map, seats and settings and invites the others."""

import re

import pytest
from django.core import mail
from django.test import Client
from game_steps import make_users
from table_steps import game_in_play, game_page, page_of

from games.models import Game, GameStatus, Invitation
from games.services.bots import game_add_bot
from games.services.invitations import game_create_inviting
from games.services.lobby import game_start
from games.services.resign import game_resign

pytestmark = pytest.mark.django_db

NEW_GAME = {"map_id": "europe", "max_players": "3", "turn_seconds": "86400", "rated": "on"}


@pytest.fixture(autouse=True)
def eager(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True


def test_the_game_form_invites_players_by_username(django_capture_on_commit_callbacks):
    ann, bob, cy = make_users("ann", "bob", "cy")
    with django_capture_on_commit_callbacks(execute=True):
        created = page_of(ann).post(
            "/games/new/", {**NEW_GAME, "is_private": "on", "invite": "bob, CY"}
        )
    assert created.status_code == 302
    game = Game.objects.get()
    subjects = {m.to[0]: m.subject for m in mail.outbox}
    assert subjects["bob@example.org"] == f"ann invites you to game #{game.pk}, Europe"
    assert "cy@example.org" in subjects

    mine = page_of(bob).get("/games/mine/").content.decode()
    assert "ann invites you" in mine and f"Game #{game.pk}" in mine
    invitation = Invitation.objects.get(invitee=bob)
    assert page_of(bob).post(f"/games/invitations/{invitation.pk}/accept/").status_code == 302
    assert game.seats.filter(user=bob).exists()  # a private game: the invitation was the key
    declined = Invitation.objects.get(invitee=cy)
    page_of(cy).post(f"/games/invitations/{declined.pk}/decline/")
    declined.refresh_from_db()
    assert declined.status == "declined" and not game.seats.filter(user=cy).exists()
    assert "invites you" not in page_of(cy).get("/games/mine/").content.decode()
    again = page_of(bob).post(f"/games/invitations/{invitation.pk}/accept/")
    assert again.status_code == 302 and game.seats.filter(user=bob).count() == 1


def test_an_unknown_name_creates_no_game_and_says_which():
    (ann,) = make_users("ann")
    response = page_of(ann).post("/games/new/", {**NEW_GAME, "invite": "nobody"})
    assert response.status_code == 400
    assert "No player is called nobody." in response.content.decode()
    assert not Game.objects.exists()


def test_a_rematch_has_the_same_map_seats_and_settings_and_invites_the_others(
    django_capture_on_commit_callbacks,
):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], map_id="europe", turn_seconds=3 * 86400, bank_seconds=86400)
    game_resign(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert "Rematch" in game_page(game, ann)
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        assert page_of(ann).post(f"/games/{game.pk}/rematch/").status_code == 302
    rematch = Game.objects.get(rematch_of=game)
    assert (rematch.map_id, rematch.max_players, rematch.turn_seconds, rematch.bank_seconds) == (
        "europe",
        2,
        3 * 86400,
        86400,
    )
    assert rematch.creator == ann and rematch.status == GameStatus.OPEN
    (invite_mail,) = [m for m in mail.outbox if m.to == [bob.email]]
    assert "ann asks for a rematch" in invite_mail.body
    assert "ann asks for a rematch" in page_of(bob).get("/games/mine/").content.decode()
    assert f"Rematch: game #{rematch.pk}" in game_page(game, bob)

    page_of(bob).post(f"/games/{game.pk}/rematch/")  # a second ask finds the same game
    assert Game.objects.filter(rematch_of=game).count() == 1
    invitation = Invitation.objects.get(invitee=bob, game=rematch)
    page_of(bob).post(f"/games/invitations/{invitation.pk}/accept/")
    rematch.refresh_from_db()
    assert rematch.status == GameStatus.CHOOSING  # full: it started


def test_a_game_still_on_has_no_rematch():
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob])
    assert "Rematch" not in game_page(game, ann)
    page_of(ann).post(f"/games/{game.pk}/rematch/")
    assert not Game.objects.filter(rematch_of=game).exists()


def test_the_games_address_shows_an_invitee_the_invitation_and_nobody_else_anything():
    ann, bob, cy, dee = make_users("ann", "bob", "cy", "dee")
    game = game_create_inviting(
        creator=ann, invite=["bob", "dee"], map_id="usa", max_players=3, is_private=True
    )
    address = f"/games/{game.pk}/"
    shown = page_of(bob).get(address)
    assert shown.status_code == 200
    html = shown.content.decode()
    assert "ann invites you" in html and "Accept" in html and "Decline" in html
    assert page_of(cy).get(address).status_code == 404  # not invited
    assert Client().get(address).status_code == 404  # not signed in
    # Answered: a declined invitation opens nothing any more.
    invitation = Invitation.objects.get(invitee=dee)
    page_of(dee).post(f"/games/invitations/{invitation.pk}/decline/")
    assert page_of(dee).get(address).status_code == 404
    # The creator's waiting page says who was invited and what they answered.
    waiting = " ".join(re.sub(r"<[^>]+>", "", game_page(game, ann)).split())
    assert "bob (no answer yet)" in waiting and "dee (declined)" in waiting
    # Started without Bob: his invitation says there is no seat left, and shows no position.
    game_add_bot(game_id=game.pk, user=ann, level="casual")
    game_start(game_id=game.pk, user=ann)
    late = page_of(bob).get(address).content.decode()
    assert "This game has already started, so it has no free seat." in late
    assert "Accept" not in late and 'id="board"' not in late
