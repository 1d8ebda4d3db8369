"""The unsubscribe link in every mail: works signed out, in one click, and only for its owner."""

import re

import pytest
from mail_steps import make_player

from accounts.models import profile_for
from games.mail.unsubscribe import make_token

pytestmark = pytest.mark.django_db


def url(token: str) -> str:
    return f"/unsubscribe/{token}/"


def test_opening_the_link_asks_first_and_changes_nothing(client):
    ann = make_player("ann")
    response = client.get(url(make_token(ann, "reminder")))
    assert response.status_code == 200
    assert "Stop reminders and last warnings to <strong>ann</strong>" in response.content.decode()
    assert profile_for(ann).email_reminders is True


def test_one_click_post_from_the_mail_client_unsubscribes_without_login_or_csrf(settings):
    from django.test import Client

    ann = make_player("ann")
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        url(make_token(ann, "your_turn")),
        data="List-Unsubscribe=One-Click",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    profile = profile_for(ann)
    profile.refresh_from_db()
    assert profile.email_your_turn is False
    assert profile.email_reminders is True and profile.email_results is True


def test_the_page_can_stop_every_mail_at_once_through_its_own_token(client):
    ann = make_player("ann", daily_digest=True)
    page = client.get(url(make_token(ann, "result"))).content.decode()
    stop_all = r'<form method="post" action="([^"]+)" class="inline"><button[^>]*>Stop every'
    (action,) = re.findall(stop_all, page)
    assert action == url(make_token(ann, "all"))
    client.post(action)
    profile = profile_for(ann)
    profile.refresh_from_db()
    assert not any(
        [
            profile.email_your_turn,
            profile.email_reminders,
            profile.email_results,
            profile.daily_digest,
        ]
    )


def test_a_token_for_one_kind_unsubscribes_that_kind_only_whatever_the_form_says(client):
    ann = make_player("ann", daily_digest=True)
    client.post(url(make_token(ann, "result")), {"scope": "all"})
    profile = profile_for(ann)
    profile.refresh_from_db()
    assert profile.email_results is False
    assert profile.email_your_turn and profile.email_reminders and profile.daily_digest


def test_leaving_the_digest_does_not_bring_back_a_mail_per_move(client):
    ann = make_player("ann", daily_digest=True)
    client.post(url(make_token(ann, "digest")))
    profile = profile_for(ann)
    profile.refresh_from_db()
    assert profile.daily_digest is False and profile.email_your_turn is False


def test_a_tampered_token_is_refused_and_unsubscribes_no_one(client):
    ann, bob = make_player("ann"), make_player("bob")
    token = make_token(ann, "your_turn")
    forged = token.replace(token.split(":")[0], make_token(bob, "your_turn").split(":")[0])
    for bad in (forged, token[:-3] + "abc", "nonsense"):
        assert client.post(url(bad)).status_code == 400
    assert profile_for(ann).email_your_turn and profile_for(bob).email_your_turn
