"""Which language a page is in: the signed-in player's setting, else the footer's choice,
else the browser's Accept-Language, else English. The address never changes."""

import re

import pytest
from django.conf import settings
from game_steps import make_user

from accounts.models import Profile, profile_for

pytestmark = pytest.mark.django_db


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


@pytest.mark.parametrize(
    "header, language",
    [("nl", "nl"), ("sv-SE,sv;q=0.9", "sv"), ("fr-CA", "fr"), ("de", "en-gb"), ("", "en-gb")],
)
def test_the_browser_language_picks_the_page_language(client, header, language):
    response = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE=header)
    assert html_lang(response) == language
    assert response["Content-Language"] == language


def test_a_visitor_switches_language_in_the_footer_and_comes_back_to_the_same_page(client):
    page = client.get("/leaderboard/?page=1", HTTP_ACCEPT_LANGUAGE="en-gb").content.decode()
    switch = page[page.index('<form class="language-switch"') :]
    assert 'action="/language/"' in switch and 'name="csrfmiddlewaretoken"' in switch
    assert 'name="next" value="/leaderboard/?page=1"' in switch
    assert '<option value="sv" lang="sv">Svenska</option>' in switch

    response = client.post("/language/", {"language": "sv", "next": "/leaderboard/?page=1"})

    assert response.status_code == 302 and response["Location"] == "/leaderboard/?page=1"
    again = client.get("/leaderboard/?page=1", HTTP_ACCEPT_LANGUAGE="fr")
    assert html_lang(again) == "sv"
    assert "<h1>Topplista" in again.content.decode()
    assert '<option value="sv" lang="sv" selected>Svenska</option>' in again.content.decode()


def test_the_footer_switch_refuses_a_link_to_another_site(client):
    response = client.post("/language/", {"language": "nl", "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"


def test_an_unknown_language_in_the_switch_changes_nothing(client):
    client.post("/language/", {"language": "xx", "next": "/"})
    assert html_lang(client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


def test_a_players_setting_outranks_the_browser_and_is_kept_from_the_login_on(client):
    ann = make_user("Ann")
    profile = profile_for(ann)
    profile.language = "nl"
    profile.save()

    client.post("/accounts/login/", {"login": "Ann", "password": "pw"}, HTTP_ACCEPT_LANGUAGE="fr")

    page = client.get("/settings/", HTTP_ACCEPT_LANGUAGE="fr")
    assert html_lang(page) == "nl"
    assert "<h1>Instellingen</h1>" in page.content.decode()
    assert client.session["language"] == "nl"  # later requests read no profile for it


def test_choosing_a_language_on_the_settings_page(client):
    ann = make_user("Ann")
    client.force_login(ann)
    form = client.get("/settings/", HTTP_ACCEPT_LANGUAGE="en-gb").content.decode()
    assert '<option value="" selected>The browser&#x27;s language</option>' in form
    assert '<option value="fr" lang="fr">Français</option>' in form

    response = client.post("/settings/", {**settings_form(), "language": "fr"}, follow=True)

    assert html_lang(response) == "fr"
    assert "Réglages enregistrés." in response.content.decode()
    assert language_of(ann) == "fr"
    assert (
        client.get("/settings/", HTTP_ACCEPT_LANGUAGE="sv")
        .content.decode()
        .count('<option value="fr" lang="fr" selected>Français</option>')
        == 1
    )  # the settings form; the footer shows the language in use, also French
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="sv", follow=True)) == "fr"


def test_going_back_to_the_browsers_language_forgets_an_earlier_footer_choice(client):
    ann = make_user("Ann")
    client.force_login(ann)
    client.post("/language/", {"language": "nl", "next": "/settings/"})
    assert language_of(ann) == "nl"  # the footer's choice is the player's setting

    client.post("/settings/", {**settings_form(), "language": ""})

    assert language_of(ann) == ""
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == ""  # deleted
    assert html_lang(client.get("/settings/", HTTP_ACCEPT_LANGUAGE="sv")) == "sv"


def test_the_game_pages_poll_reads_no_session_for_the_language(client):
    ann = make_user("Ann")
    profile = profile_for(ann)
    profile.language = "nl"
    profile.save()
    client.force_login(ann)

    poll = client.get("/games/1/version/", HTTP_ACCEPT_LANGUAGE="fr")
    page = client.get("/settings/", HTTP_ACCEPT_LANGUAGE="fr")

    assert poll["Content-Language"] == "fr"  # the browser's: the player's was not looked up
    assert page["Content-Language"] == "nl"


def settings_form() -> dict:
    return {
        "timezone": "UTC",
        "email_your_turn": "on",
        "email_reminders": "on",
        "email_results": "on",
        "digest_hour": "8",
    }


def language_of(user) -> str:
    return Profile.objects.get(user=user).language
