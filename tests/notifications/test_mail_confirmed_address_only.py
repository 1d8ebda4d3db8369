"""Game mail goes to confirmed addresses only: whoever signs up with another person's
address cannot make the site mail that person about games."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from game_steps import started_game
from mail_steps import grace_passes, make_player

from games.models import Notification

pytestmark = pytest.mark.django_db

CONFIRM_SUBJECT = "[Ticket to Ride] Please confirm your email address"


def sign_up_with(address: str, username: str):
    data = {"username": username, "email": address, "password1": "Pw-x9!kq-long"}
    data["password2"] = data["password1"]
    assert Client().post("/accounts/signup/", data).status_code == 302
    return get_user_model().objects.get(username=username)


def game_mails_to(address: str) -> list[str]:
    return [m.subject for m in mail.outbox if m.to == [address] and m.subject != CONFIRM_SUBJECT]


def test_a_game_started_with_an_unconfirmed_address_mails_only_the_confirmed_players(
    time_machine, committed
):
    time_machine.move_to("2030-03-04 09:00Z")
    mallory = sign_up_with("vic@example.org", "mallory")  # Vic's address, not hers
    ann = make_player("ann")
    with committed():
        game = started_game([ann, mallory])
    grace_passes(time_machine, committed)

    assert game_mails_to("ann@example.org")  # asked to choose her tickets
    assert game_mails_to("vic@example.org") == []
    (row,) = Notification.objects.filter(user=mallory, game=game)
    assert row.skipped and row.sent_at is None


def test_once_the_address_is_confirmed_the_game_mail_reaches_it(time_machine, committed):
    time_machine.move_to("2030-03-04 09:00Z")
    cy = sign_up_with("cy@example.org", "cy")
    (link,) = re.findall(r"https?://\S+/confirm-email/\S+", mail.outbox[-1].body)
    Client().post(link.split("testserver", 1)[-1])
    assert EmailAddress.objects.get(user=cy).verified

    with committed():
        started_game([make_player("ann"), cy])
    grace_passes(time_machine, committed)

    assert game_mails_to("cy@example.org")
