"""Password reset by following the link in the mail."""

from urllib.parse import urlsplit

import pytest
from account_steps import PASSWORD, last_mail_to, links_in, log_in, log_out
from django.core import mail

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "signal-box-Crewe-1877"


def ask_for_reset(client, email):
    return client.post("/accounts/password/reset/", {"email": email}, follow=True)


def reset_link(address):
    message = last_mail_to(address)
    (link,) = [url for url in links_in(message) if "/password/reset/key/" in url]
    return urlsplit(link).path


def test_reset_mail_link_lets_the_player_choose_a_new_password_and_log_in(client, ann):
    log_out(client)
    mail.outbox.clear()

    response = ask_for_reset(client, "ann@example.org")
    assert b"Check your email" in response.content
    assert last_mail_to("ann@example.org").subject.startswith("[Ticket to Ride] ")

    form_page = client.get(reset_link("ann@example.org"), follow=True)
    assert b"Choose a new password" in form_page.content
    set_password_url = form_page.wsgi_request.path
    assert f'action="{set_password_url}"' in form_page.content.decode()
    done = client.post(
        set_password_url,
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        follow=True,
    )
    assert b"Password changed" in done.content

    assert not log_in(client, "ann", PASSWORD).wsgi_request.user.is_authenticated
    assert log_in(client, "ann", NEW_PASSWORD).wsgi_request.user == ann


def test_reset_link_works_only_once(client, ann):
    log_out(client)
    ask_for_reset(client, "ann@example.org")
    link = reset_link("ann@example.org")
    form_page = client.get(link, follow=True)
    client.post(form_page.wsgi_request.path, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})

    again = client.get(link, follow=True)

    assert b"This link no longer works" in again.content


def test_reset_for_an_unknown_address_reveals_nothing_on_the_page(client):
    response = ask_for_reset(client, "nobody@example.org")

    assert b"Check your email" in response.content
    # The mail, if any, tells the stranger there is no account: nothing to click through.
    assert all("/password/reset/key/" not in url for m in mail.outbox for url in links_in(m))
