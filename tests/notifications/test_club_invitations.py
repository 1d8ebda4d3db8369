"""A club's invitation reaches the invited as a game's does: a mail in their language, the same
message on their webhook, a count beside "Clubs" on every page, an entry in the API's
invitations list; joining or declining (on the site or through the API) answers it, and a
notice still owed for an answered invitation is dropped."""

import json
import re

import pytest
from django.core import mail
from django.utils import timezone
from knox.models import AuthToken
from mail_steps import mails_to, make_player
from receivers import Receiver
from rest_framework.test import APIClient

from games.mail.send import deliver
from games.models import Channel, ClubInvitation, ClubMember, Notification
from games.services.clubs import club_create, club_invite
from games.services.reach import webhook_add

pytestmark = pytest.mark.django_db


@pytest.fixture
def receiver(settings):
    settings.DEBUG = True
    server = Receiver()
    yield server
    server.close()


def api_client(user) -> APIClient:
    client = APIClient()
    _, key = AuthToken.objects.create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def page_text(client, url: str) -> str:
    """The page's words as a reader reads them (tags dropped)."""
    return " ".join(re.sub(r"<[^>]+>", "", client.get(url).content.decode()).split())


def test_a_club_invitation_is_mailed_in_the_invitees_language_and_sent_to_their_webhook(
    committed, receiver, client
):
    ann = make_player("ann")
    dan = make_player("dan", language="nl")
    webhook_add(user=dan, url=f"{receiver.url}/hook", flavour="json")
    club = club_create(creator=ann, name="Night Trains", invite_only=True)
    with committed():
        club_invite(club_id=club.pk, inviter=ann, usernames=["dan"])

    (invited,) = mails_to(dan)
    assert invited.subject == "ann nodigt je uit voor de club Night Trains"
    assert "Meedoen of afslaan bij Clubs: https://ttr.example/accounts/login/?next=%2Fclubs%2F" in (
        invited.body
    )
    (message,) = receiver.at("/hook")
    body = json.loads(message.body)
    assert body["kind"] == "invitation" and body["game"] is None
    assert body["text"] == "ann nodigt je uit voor de club Night Trains"
    assert Notification.objects.get(user=dan, channel=Channel.WEBHOOK).sent_at is not None

    # Invited again while the invitation stands: told once only.
    with committed():
        club_invite(club_id=club.pk, inviter=ann, usernames=["dan"])
    assert len(mails_to(dan)) == 1

    client.force_login(dan)
    assert "Clubs ✉ 1 Uitnodigingen om te beantwoorden" in page_text(client, "/settings/")
    client.post(f"/clubs/{club.pk}/join/")
    assert ClubMember.objects.filter(club=club, user=dan).exists()
    assert "Uitnodigingen om te beantwoorden" not in page_text(client, "/settings/")


def test_the_api_lists_game_and_club_invitations_and_answers_both(committed, client):
    ann, bob = make_player("ann"), make_player("bob")
    first = club_create(creator=ann, name="First", invite_only=True)
    second = club_create(creator=ann, name="Second")
    with committed():
        club_invite(club_id=first.pk, inviter=ann, usernames=["bob"])
        club_invite(club_id=second.pk, inviter=ann, usernames=["bob"])
    api = api_client(bob)
    ada_api = api_client(ann)
    with committed():
        created = ada_api.post(
            "/api/v1/games/", {"map": "usa", "max_players": 2, "invite": ["bob"]}, format="json"
        )
    assert created.status_code == 201

    entries = api.get("/api/v1/invitations/").json()["results"]
    assert [(entry["kind"], entry["game"], entry["club_name"]) for entry in entries] == [
        ("game", created.json()["id"], None),
        ("club", None, "Second"),
        ("club", None, "First"),
    ]
    assert {entry["inviter"] for entry in entries} == {"ann"}
    client.force_login(bob)  # the header counts each kind beside its link
    header = page_text(client, "/settings/")
    assert "My games ✉ 1 Invitations to answer" in header
    assert "Clubs ✉ 2 Invitations to answer" in header

    assert api.post(f"/api/v1/clubs/{second.pk}/decline/").status_code == 204
    assert api.post(f"/api/v1/clubs/{second.pk}/decline/").status_code == 404
    assert api.post(f"/api/v1/clubs/{first.pk}/join/", {}, format="json").status_code == 204
    game_entry = api.get("/api/v1/invitations/").json()["results"]
    assert [entry["kind"] for entry in game_entry] == ["game"]
    assert not ClubInvitation.objects.filter(invitee=bob).exists()

    # The mails went before the answers; one still owed now would be dropped, not sent.
    assert len(mails_to(bob)) == 3
    owed = Notification.objects.filter(user=bob, key__startswith="invitation:c").first()
    Notification.objects.filter(pk=owed.pk).update(sent_at=None)
    mail.outbox.clear()
    assert deliver(owed.pk, now=timezone.now()) == "dropped"
    assert mails_to(bob) == []
