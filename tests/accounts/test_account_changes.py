"""Changing the password and the email address of a signed-in player."""

from urllib.parse import urlsplit

import pytest
from account_steps import PASSWORD, last_mail_to, links_in, log_in, log_out
from allauth.account.models import EmailAddress

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "Settle-Carlisle-line-1876"


def test_change_password_needs_the_current_one_and_the_new_one_works(client, ann):
    refused = client.post(
        "/accounts/password/change/",
        {"oldpassword": "wrong", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )
    assert b"Please type your current password" in refused.content

    client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        follow=True,
    )
    log_out(client)

    assert not log_in(client, "ann", PASSWORD).wsgi_request.user.is_authenticated
    assert log_in(client, "ann", NEW_PASSWORD).wsgi_request.user == ann


def confirm_link(address):
    (link,) = [u for u in links_in(last_mail_to(address)) if "/confirm-email/" in u]
    return urlsplit(link).path


def test_sign_up_mail_link_confirms_the_address(client, ann):
    link = confirm_link("ann@example.org")
    assert b"Confirm your email" in client.get(link).content

    client.post(link, follow=True)

    assert EmailAddress.objects.get(user=ann, email="ann@example.org").verified


def test_change_email_takes_effect_once_the_new_address_is_confirmed(client, ann):
    client.post(confirm_link("ann@example.org"))

    page = client.post(
        "/accounts/email/", {"email": "ann@new.example.org", "action_add": ""}, follow=True
    )
    assert b"Changing to <strong>ann@new.example.org</strong>" in page.content
    ann.refresh_from_db()
    assert ann.email == "ann@example.org"  # not before the owner of the new address confirms

    client.post(confirm_link("ann@new.example.org"), follow=True)

    ann.refresh_from_db()
    assert ann.email == "ann@new.example.org"
    log_out(client)
    assert log_in(client, "ann@new.example.org").wsgi_request.user == ann
    log_out(client)
    assert not log_in(client, "ann@example.org").wsgi_request.user.is_authenticated


def test_change_email_before_confirming_any_replaces_the_unconfirmed_address(client, ann):
    client.post("/accounts/email/", {"email": "ann@typo-fixed.example.org", "action_add": ""})

    ann.refresh_from_db()
    assert ann.email == "ann@typo-fixed.example.org"
    assert list(EmailAddress.objects.filter(user=ann).values_list("email", flat=True)) == [
        "ann@typo-fixed.example.org"
    ]
    client.post(confirm_link("ann@typo-fixed.example.org"))
    assert EmailAddress.objects.get(user=ann).verified


def test_change_email_never_gives_a_player_another_players_address(client, ann, django_user_model):
    bob = django_user_model.objects.create_user("bob", "bob@example.org", "bobs-own-Password-1")
    EmailAddress.objects.create(user=bob, email="bob@example.org", primary=True, verified=True)

    client.post("/accounts/email/", {"email": "BOB@example.org", "action_add": ""})

    ann.refresh_from_db()
    assert ann.email.lower() != "bob@example.org"  # her mail never goes to Bob
    assert not EmailAddress.objects.filter(user=ann, email__iexact="bob@example.org", verified=True)
    log_out(client)
    assert not log_in(client, "bob@example.org", PASSWORD).wsgi_request.user.is_authenticated
