"""Every page of the site outside the game's own reads in Dutch, Swedish and French: no
English left, marked or not, and <html lang> says which language it is."""

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation
from game_steps import make_user
from i18n.english import english_left, english_left_at

from games.mail.unsubscribe import unsubscribe_url

# Every page or mail in three languages: CI runs it, `make test-fast` does not.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]

LANGUAGES = ["nl", "sv", "fr"]

VISITOR_PAGES = {
    "home": "/",
    "log in": "/accounts/login/",
    "log in, on the way to a game": "/accounts/login/?next=/games/12/",
    "sign up": "/accounts/signup/",
    "reset the password": "/accounts/password/reset/",
    "reset link sent": "/accounts/password/reset/done/",
    "reset link no longer works": "/accounts/password/reset/key/1-nothing/",
    "confirmation sent": "/accounts/confirm-email/",
    "confirmation link expired": "/accounts/confirm-email/nothing/",
    "leaderboard": "/leaderboard/",
    "page not found": "/nothing-here/",
    "unsubscribe link not valid": "/unsubscribe/nothing/",
}

PLAYER_PAGES = {
    "settings": "/settings/",
    "change email": "/accounts/email/",
    "change password": "/accounts/password/change/",
    "log out": "/accounts/logout/",
    "API token": "/settings/api-token/",
    "own profile": "/u/Ann/",
    "another player's profile": "/u/Bob/",
}


def html_lang(html: str) -> str:
    return re.search(r'<html lang="([^"]+)"', html).group(1)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", VISITOR_PAGES)
def test_a_visitors_page_has_no_english_left(client, page, language):
    url = VISITOR_PAGES[page]
    assert english_left_at(client, url, language) == []
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert html_lang(html) == language


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PLAYER_PAGES)
def test_a_players_page_has_no_english_left(client, page, language):
    client.force_login(make_user("Ann"))
    make_user("Bob")
    url = PLAYER_PAGES[page]
    assert english_left_at(client, url, language, allow=["Ann", "Bob"]) == []
    assert html_lang(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()) == language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_settings_page_after_saving_and_with_a_token_and_time_away(client, language):
    ann = make_user("Ann")
    client.force_login(ann)
    client.post("/settings/api-token/", {"do": "create"})
    client.post("/settings/away/", {"first_day": "2030-07-01", "last_day": "2030-07-10"})
    assert english_left_at(client, "/settings/", language, allow=["Ann"]) == []
    assert english_left_at(client, "/settings/api-token/", language, allow=["Ann"]) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_unsubscribe_pages_have_no_english_left(client, language):
    ann = make_user("Ann")
    url = unsubscribe_url(ann, "your_turn").removeprefix("http://testserver")
    path = re.sub(r"^https?://[^/]+", "", url)
    assert english_left_at(client, path, language, allow=["Ann"]) == []
    english = client.post(path, HTTP_ACCEPT_LANGUAGE="en-gb").content.decode()
    ann.profile.email_your_turn = True
    ann.profile.save()
    translated = client.post(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert english_left(translated, language, english=english, allow=["Ann"]) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_form_gets_the_not_allowed_page_in_the_language(language):
    csrf_client = Client(enforce_csrf_checks=True)
    english = csrf_client.post("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en-gb")
    translated = csrf_client.post("/accounts/login/", HTTP_ACCEPT_LANGUAGE=language)
    assert translated.status_code == 403
    html = translated.content.decode()
    assert english_left(html, language, english=english.content.decode()) == []
    assert html_lang(html) == language


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_request_page_is_in_the_language(client, language):
    english = client.get("/", HTTP_HOST="elsewhere.example", HTTP_ACCEPT_LANGUAGE="en-gb")
    translated = client.get("/", HTTP_HOST="elsewhere.example", HTTP_ACCEPT_LANGUAGE=language)
    assert translated.status_code == 400
    html = translated.content.decode()
    assert english_left(html, language, english=english.content.decode()) == []
    assert html_lang(html) == language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_server_error_page_is_in_the_language(language):
    english = render_to_string("errors/500.html", {"style": ""})
    with translation.override(language):
        html = render_to_string("errors/500.html", {"style": ""})
    assert english_left(html, language, english=english) == []
    assert html_lang(html) == language


def test_the_api_reference_pages_say_they_are_english(client):
    for name in ("api-docs", "api-redoc"):
        html = client.get(reverse(name), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
        assert html_lang(html) == "en"


FORMS_REFUSED = {
    "wrong password": ("/accounts/login/", {"login": "Ann", "password": "not-it"}),
    "sign-up refused": (
        "/accounts/signup/",
        {"username": "Ann", "email": "not-an-address", "password1": "a", "password2": "b"},
    ),
    "reset for a bad address": ("/accounts/password/reset/", {"email": "not-an-address"}),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("form", FORMS_REFUSED)
def test_a_refused_form_explains_itself_in_the_language(client, form, language):
    make_user("Ann")
    url, data = FORMS_REFUSED[form]
    english = client.post(url, data, HTTP_ACCEPT_LANGUAGE="en-gb").content.decode()
    translated = client.post(url, data, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'class="errorlist' in translated
    assert english_left(translated, language, english=english, allow=["Ann"]) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_settings_form_refused_and_allauths_own_pages(client, language):
    client.force_login(make_user("Ann"))
    english = client.post(
        "/settings/away/", {"first_day": "x", "last_day": ""}, HTTP_ACCEPT_LANGUAGE="en-gb"
    )
    translated = client.post(
        "/settings/away/", {"first_day": "x", "last_day": ""}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert translated.status_code == 400
    found = english_left(
        translated.content.decode(), language, english=english.content.decode(), allow=["Ann"]
    )
    assert found == []
    assert english_left_at(client, "/accounts/reauthenticate/", language, allow=["Ann"]) == []
