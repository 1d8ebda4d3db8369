"""A player whose address is not confirmed is asked, on every page, to confirm it (game
mail waits for that), with a button that sends the link again."""

from datetime import timedelta

import pytest
from account_steps import last_mail_to, links_in, log_in, log_out
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

pytestmark = pytest.mark.django_db

BANNER = 'class="email-banner"'


def banner(html: str) -> str:
    start = html.index(f"<section {BANNER}")
    return html[start : html.index("</section>", start)]


def test_an_unconfirmed_player_sees_the_banner_with_a_resend_button(client, ann):
    for path in ("/games/", "/games/mine/", "/settings/", "/leaderboard/", "/u/ann/"):
        text = banner(client.get(path).content.decode())
        assert "Confirm your email address <strong>ann@example.org</strong>" in text
        assert "to get mail about your games" in text
    assert 'name="action_send"' in text and 'value="ann@example.org"' in text


def test_the_button_sends_the_confirmation_link_again(client, ann, time_machine):
    mail.outbox.clear()
    time_machine.move_to(timezone.now() + timedelta(minutes=4))  # allauth: one per 3 minutes
    response = client.post(
        "/accounts/email/", {"email": "ann@example.org", "action_send": ""}, follow=True
    )
    assert response.status_code == 200
    assert "Confirmation email sent to ann@example.org" in response.content.decode()
    (message,) = mail.outbox
    assert message.to == ["ann@example.org"]
    assert any("/confirm-email/" in link for link in links_in(message))


def test_the_banner_goes_once_the_link_is_followed_even_in_another_browser(client, ann):
    from django.test import Client

    (link,) = [u for u in links_in(last_mail_to("ann@example.org")) if "/confirm-email/" in u]
    Client().post(link.split("testserver", 1)[-1])  # confirmed elsewhere, signed out
    assert BANNER not in client.get("/games/").content.decode()


def test_a_confirmed_player_sees_no_banner_and_pages_read_nothing_for_it(client, ann):
    from allauth.account.models import EmailAddress

    EmailAddress.objects.filter(user=ann).update(verified=True)
    log_out(client)
    log_in(client, "ann")
    with CaptureQueriesContext(connection) as captured:
        html = client.get("/games/").content.decode()
    assert BANNER not in html
    assert not [q for q in captured.captured_queries if "account_emailaddress" in q["sql"]]


def test_signed_out_visitors_see_no_banner(client):
    assert BANNER not in client.get("/games/").content.decode()
