"""Every form on the account pages carries a CSRF token, and a POST without one is refused."""

import re
from urllib.parse import urlsplit

import pytest
from account_steps import PASSWORD, last_mail_to, links_in, log_out
from django.test import Client

pytestmark = pytest.mark.django_db

POST_FORM = re.compile(r"<form\b[^>]*method=\"post\"[^>]*>.*?</form>", re.S | re.I)


def post_forms(response):
    assert response.status_code == 200
    forms = POST_FORM.findall(response.content.decode())
    assert forms, "the page should have a form"
    return forms


def assert_every_form_has_a_csrf_token(response):
    for form in post_forms(response):
        assert 'name="csrfmiddlewaretoken"' in form, form[:200]


@pytest.mark.parametrize(
    "url", ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"]
)
def test_visitor_forms_carry_a_csrf_token(client, url):
    assert_every_form_has_a_csrf_token(client.get(url))


@pytest.mark.parametrize(
    "url",
    [
        "/games/mine/",
        "/settings/",
        "/accounts/email/",
        "/accounts/password/change/",
        "/accounts/logout/",
    ],
)
def test_player_forms_carry_a_csrf_token(client, ann, url):
    assert_every_form_has_a_csrf_token(client.get(url))


def test_pending_email_change_forms_carry_a_csrf_token(client, ann):
    client.post("/accounts/email/", {"email": "ann@new.example.org", "action_add": ""})

    assert_every_form_has_a_csrf_token(client.get("/accounts/email/"))


def test_mail_link_forms_carry_a_csrf_token(client, ann):
    confirm = [u for u in links_in(last_mail_to("ann@example.org")) if "/confirm-email/" in u][0]
    assert_every_form_has_a_csrf_token(client.get(urlsplit(confirm).path))

    log_out(client)
    client.post("/accounts/password/reset/", {"email": "ann@example.org"})
    reset = [u for u in links_in(last_mail_to("ann@example.org")) if "/reset/key/" in u][0]
    assert_every_form_has_a_csrf_token(client.get(urlsplit(reset).path, follow=True))


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("/accounts/login/", {"login": "ann", "password": PASSWORD}),
        ("/accounts/signup/", {"username": "eve", "email": "eve@example.org"}),
        ("/accounts/password/reset/", {"email": "ann@example.org"}),
    ],
)
def test_visitor_post_without_csrf_token_is_refused(ann, url, data):
    response = Client(enforce_csrf_checks=True).post(url, data)

    assert response.status_code == 403
    assert b"Not allowed" in response.content


@pytest.mark.parametrize(
    "url", ["/accounts/logout/", "/accounts/email/", "/accounts/password/change/", "/settings/"]
)
def test_player_post_without_csrf_token_is_refused(ann, url):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(ann)

    response = browser.post(url, {})

    assert response.status_code == 403
    assert browser.get("/settings/").status_code == 200  # still logged in: logout was refused
