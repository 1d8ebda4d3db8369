"""The account mails (sign-up, password reset, email change) name the site "Ticket to Ride",
never the host the request came in on, and their subjects are in sentence case."""

import re

import pytest
from account_steps import last_mail_to, log_out, sign_up
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db

HOST = "127.0.0.1:8177"  # a development server, as the reviewer saw it


@pytest.fixture
def dev_client(settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    return Client(HTTP_HOST=HOST)


def words_of(message) -> str:
    """The body without its links: what the reader reads."""
    return re.sub(r"https?://\S+", "<link>", message.body)


def assert_signed_by_the_site(message):
    text = words_of(message)
    assert text.startswith("Hello from Ticket to Ride!\n")
    assert text.rstrip().endswith("Thank you for playing Ticket to Ride.")
    assert HOST not in text and "127.0.0.1" not in text


def test_the_sign_up_mail_names_ticket_to_ride_and_asks_in_sentence_case(dev_client):
    sign_up(dev_client)

    message = last_mail_to("ann@example.org")
    assert message.subject == "[Ticket to Ride] Please confirm your email address"
    assert_signed_by_the_site(message)
    assert (
        "You're receiving this email because user ann has given your email address "
        "for an account on Ticket to Ride."
    ) in message.body
    assert (
        f"To confirm this is correct, go to http://{HOST}/accounts/confirm-email/" in message.body
    )


def test_the_password_reset_mail_names_ticket_to_ride(dev_client):
    sign_up(dev_client)
    log_out(dev_client)
    mail.outbox.clear()

    dev_client.post("/accounts/password/reset/", {"email": "ann@example.org"})

    message = last_mail_to("ann@example.org")
    assert message.subject == "[Ticket to Ride] Reset your password"
    assert_signed_by_the_site(message)
    assert f"http://{HOST}/accounts/password/reset/key/" in message.body
    assert "In case you forgot, your username is ann." in message.body


def test_a_reset_for_an_unknown_address_names_ticket_to_ride(dev_client):
    dev_client.post("/accounts/password/reset/", {"email": "nobody@example.org"})

    message = last_mail_to("nobody@example.org")
    assert message.subject == "[Ticket to Ride] No account with this email address"
    assert_signed_by_the_site(message)


def test_the_email_change_mail_names_ticket_to_ride(dev_client):
    sign_up(dev_client)
    dev_client.post("/accounts/email/", {"email": "ann@new.example.org", "action_add": ""})

    message = last_mail_to("ann@new.example.org")
    assert message.subject == "[Ticket to Ride] Please confirm your email address"
    assert_signed_by_the_site(message)
