"""Links that can be taken back: a club's owner and admins renew its join link (the old one
stops at once), removing a member renews it, and a named invitation can be withdrawn; a
private game's creator renews its invitation link. Whoever holds an old link, a stranger,
a former member or someone signed out, gets the very answer a club or game that never
existed gets."""

import re

import pytest
from club_steps import club_of
from django.test import Client
from game_steps import make_users
from rest_framework.test import APIClient

from games.models import Club, ClubInvitation, ClubMember, ClubRole, Game
from games.services.clubs import club_invite, club_member_set_role
from games.services.lobby import game_create

pytestmark = pytest.mark.django_db

NEVER = 987654


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _seen(response, *paths) -> tuple[int, str]:
    """An answer as its reader sees it, without the address asked and the CSRF token."""
    text = response.content.decode()
    for path in paths:
        text = text.replace(path, "")
    return response.status_code, re.sub(r'(CSRFToken": "|value=")[\w-]{64}', "", text)


def same_as_never(client, method, path, never_path, **data):
    ask = getattr(client, method)
    real = _seen(ask(path, data) if data else ask(path), path)
    never = _seen(ask(never_path, data) if data else ask(never_path), never_path)
    assert real[0] == 404
    assert real == never, path
    return real


def club_links_all_refused(club, old_token, *clients):
    for client in clients:
        same_as_never(client, "get", f"/clubs/join/{old_token}/", "/clubs/join/never-made-1/")
        same_as_never(client, "get", f"/clubs/{club.pk}/", f"/clubs/{NEVER}/")
        if client.session.get("_auth_user_id"):
            same_as_never(
                client,
                "post",
                f"/clubs/{club.pk}/join/",
                f"/clubs/{NEVER}/join/",
                token=old_token,
            )


def test_the_owner_renews_the_link_and_the_old_one_leads_nowhere_for_anyone():
    ann, bob, eve = make_users("ann", "bob", "eve")
    club = club_of(ann, invite_only=True)
    old = club.invite_token
    owner = client_for(ann)
    page = owner.get(f"/clubs/{club.pk}/").content.decode()
    assert f"/clubs/join/{old}/" in page and "New link" in page

    answer = owner.post(f"/clubs/{club.pk}/link/", follow=True)
    assert "The club has a new link: the old one no longer works." in answer.content.decode()
    club.refresh_from_db()
    assert club.invite_token != old
    assert f"/clubs/join/{club.invite_token}/" in answer.content.decode()

    club_links_all_refused(club, old, client_for(eve), client_for(None))
    assert not ClubMember.objects.filter(club=club, user=eve).exists()
    # The new link works as the old one did.
    bob_client = client_for(bob)
    assert bob_client.get(f"/clubs/join/{club.invite_token}/").status_code == 200
    bob_client.post(f"/clubs/{club.pk}/join/", {"token": club.invite_token})
    assert ClubMember.objects.filter(club=club, user=bob).exists()


def test_an_admin_renews_the_link_a_member_cannot():
    ann, bob, cleo = make_users("ann", "bob", "cleo")
    club = club_of(ann, bob, cleo, invite_only=True)
    club_member_set_role(club_id=club.pk, user=ann, username="bob", role=ClubRole.ADMIN)
    old = club.invite_token
    answer = client_for(cleo).post(f"/clubs/{club.pk}/link/", follow=True)
    assert "Only the club&#x27;s owner and admins can do that." in answer.content.decode()
    assert Club.objects.get(pk=club.pk).invite_token == old
    assert "New link" not in answer.content.decode()
    client_for(bob).post(f"/clubs/{club.pk}/link/")
    assert Club.objects.get(pk=club.pk).invite_token != old


def test_a_removed_admin_cannot_come_back_through_any_link_they_held():
    ann, mallory = make_users("ann", "mallory")
    club = club_of(ann, mallory, invite_only=True)
    club_member_set_role(club_id=club.pk, user=ann, username="mallory", role=ClubRole.ADMIN)
    held = [club.invite_token]
    client_for(mallory).post(f"/clubs/{club.pk}/link/")  # an admin renews: holds both
    held.append(Club.objects.get(pk=club.pk).invite_token)
    owner = client_for(ann)
    owner.post(f"/clubs/{club.pk}/members/", {"username": "mallory", "action": "member"})
    owner.post(f"/clubs/{club.pk}/members/", {"username": "mallory", "action": "remove"})
    club.refresh_from_db()
    assert club.invite_token not in held
    assert not ClubMember.objects.filter(club=club, user=mallory).exists()

    former = client_for(mallory)
    for token in held:
        club_links_all_refused(club, token, former, client_for(None))
    api = APIClient()
    api.force_authenticate(mallory)
    for token in held:
        real = api.post(f"/api/v1/clubs/{club.pk}/join/", {"token": token}, format="json")
        never = api.post(f"/api/v1/clubs/{NEVER}/join/", {"token": token}, format="json")
        assert (real.status_code, real.json()) == (never.status_code, never.json())
        assert real.status_code == 404
    real = api.get(f"/api/v1/clubs/{club.pk}/")
    assert (real.status_code, real.json()) == (404, api.get(f"/api/v1/clubs/{NEVER}/").json())
    assert not ClubMember.objects.filter(club=club, user=mallory).exists()


def test_a_withdrawn_invitation_opens_nothing():
    ann, dan = make_users("ann", "dan")
    club = club_of(ann, invite_only=True)
    club_invite(club_id=club.pk, inviter=ann, usernames=["dan"])
    owner = client_for(ann)
    page = owner.get(f"/clubs/{club.pk}/").content.decode()
    assert "Invited" in page and "dan" in page and "Withdraw" in page
    invitee = client_for(dan)
    assert invitee.get(f"/clubs/{club.pk}/").status_code == 200

    answer = owner.post(f"/clubs/{club.pk}/invitations/withdraw/", {"username": "dan"}, follow=True)
    assert "Invitation withdrawn." in answer.content.decode()
    assert not ClubInvitation.objects.filter(club=club).exists()
    club_links_all_refused(club, "", invitee)
    # Withdrawing it again says there is none.
    again = owner.post(f"/clubs/{club.pk}/invitations/withdraw/", {"username": "dan"}, follow=True)
    assert "dan has no invitation to this club." in again.content.decode()


def test_the_creator_renews_a_private_game_link_and_the_old_one_leads_nowhere():
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = game_create(creator=ann, map_id="usa", max_players=4, is_private=True)
    old = game.invite_token
    creator = client_for(ann)
    assert "New link" in creator.get(f"/games/{game.pk}/").content.decode()
    answer = creator.post(f"/games/{game.pk}/invite-link/", {"from": "game"}, follow=True)
    assert "The game has a new invitation link" in answer.content.decode()
    game.refresh_from_db()
    assert game.invite_token != old
    assert f"/games/invite/{game.invite_token}/" in answer.content.decode()

    for client in (client_for(eve), client_for(bob)):
        same_as_never(client, "get", f"/games/invite/{old}/", "/games/invite/never-made-1/")
        same_as_never(
            client, "post", f"/games/{game.pk}/join/", f"/games/{NEVER}/join/", invite_token=old
        )
    assert Game.objects.get(pk=game.pk).seats.count() == 1
    assert (
        client_for(bob)
        .post(f"/games/{game.pk}/join/", {"invite_token": game.invite_token})
        .status_code
        == 302
    )
    assert Game.objects.get(pk=game.pk).seats.count() == 2


def test_the_api_renews_a_game_link_for_its_creator_only():
    ann, bob, eve = make_users("ann", "bob", "eve")
    game = game_create(creator=ann, map_id="usa", max_players=4, is_private=True)
    clients = {}
    for user in (ann, bob, eve):
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    clients["bob"].post(
        f"/api/v1/games/{game.pk}/join/", {"invite_token": game.invite_token}, format="json"
    )
    old = game.invite_token
    renewed = clients["ann"].post(f"/api/v1/games/{game.pk}/invite-link/")
    assert renewed.status_code == 200
    assert renewed.json()["invite_token"] not in (None, old)
    assert renewed["Cache-Control"] == "private, no-store"
    assert clients["bob"].post(f"/api/v1/games/{game.pk}/invite-link/").status_code == 403
    stranger = clients["eve"].post(f"/api/v1/games/{game.pk}/invite-link/")
    never = clients["eve"].post(f"/api/v1/games/{NEVER}/invite-link/")
    assert (stranger.status_code, stranger.json()) == (404, never.json())
    joined = clients["eve"].post(
        f"/api/v1/games/{game.pk}/join/", {"invite_token": old}, format="json"
    )
    assert (joined.status_code, joined.json()) == (
        404,
        clients["eve"]
        .post(f"/api/v1/games/{NEVER}/join/", {"invite_token": old}, format="json")
        .json(),
    )


def test_the_creator_withdraws_a_game_invitation_and_its_accept_leads_nowhere():
    from games.models import Invitation
    from games.services.invitations import game_invite, invitation_decline

    ann, bob, cleo, eve = make_users("ann", "bob", "cleo", "eve")
    game = game_create(creator=ann, map_id="usa", max_players=4, is_private=True)
    game_invite(game_id=game.pk, inviter=ann, usernames=["bob", "cleo"])
    invitation = Invitation.objects.get(game=game, invitee=bob)
    creator = client_for(ann)
    page = creator.get(f"/games/{game.pk}/").content.decode()
    assert f"/games/invitations/{invitation.pk}/withdraw/" in page and "Withdraw" in page
    # Only the creator: to anyone else the invitation does not exist.
    same_as_never(
        client_for(eve),
        "post",
        f"/games/invitations/{invitation.pk}/withdraw/",
        f"/games/invitations/{NEVER}/withdraw/",
    )
    answer = creator.post(f"/games/invitations/{invitation.pk}/withdraw/", follow=True)
    assert "Invitation withdrawn." in answer.content.decode()
    assert f"/games/invitations/{invitation.pk}/" not in answer.content.decode()

    invitee = client_for(bob)
    same_as_never(
        invitee,
        "post",
        f"/games/invitations/{invitation.pk}/accept/",
        f"/games/invitations/{NEVER}/accept/",
    )
    same_as_never(invitee, "get", f"/games/{game.pk}/", f"/games/{NEVER}/")
    assert not game.seats.filter(user=bob).exists()
    # An answered invitation stays as answered.
    declined = invitation_decline(
        invitation_id=Invitation.objects.get(game=game, invitee=cleo).pk, user=cleo
    )
    again = creator.post(f"/games/invitations/{declined.pk}/withdraw/", follow=True)
    assert "This invitation has been answered already." in again.content.decode()
    assert Invitation.objects.filter(pk=declined.pk).exists()
