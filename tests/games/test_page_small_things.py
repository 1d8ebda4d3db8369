"""Small things a player meets on the way: a bookmarked /games/new/, the login page reached from
a mail's link, a hand never kept by a cache, the board named one way in every title."""

import re

import pytest
from django.test import Client
from game_steps import make_user, make_users, started_game

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def title_of(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1).strip()


def test_new_game_opened_directly_leads_to_the_lobby_form():
    client = client_for(make_user("ann"))
    response = client.get("/games/new/", follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == "/games/#new-game"
    html = response.content.decode()
    assert 'id="new-game"' in html and 'action="/games/new/"' in html


def test_the_login_page_from_a_game_link_says_why_it_is_shown():
    from games.mail.compose import game_login_link

    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    link = game_login_link(game)  # as the your-turn mail has it
    html = Client().get(link[link.index("/accounts/") :]).content.decode()
    assert f"Log in to open game #{game.pk}." in html
    # Reached by itself, the login page gives no reason.
    assert "Log in to open" not in Client().get("/accounts/login/").content.decode()
    # Nor does a next= that is no page of ours.
    assert "Log in to" not in Client().get("/accounts/login/?next=/nowhere/").content.decode()


def test_login_and_signup_forms_say_they_are_working():
    for url, busy in (("/accounts/login/", "Logging in…"), ("/accounts/signup/", "Creating")):
        html = Client().get(url).content.decode()
        assert f'data-busy="{busy}' in html
        assert "/static/js/forms.js" in html


def test_pages_that_show_a_hand_are_never_stored_by_any_cache():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    client = client_for(ann)
    for url in (f"/games/{game.pk}/", f"/games/{game.pk}/station/"):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.get(url, **headers)
            assert response.status_code == 200
            cache_control = {part.strip() for part in response["Cache-Control"].split(",")}
            assert {"no-store", "private"} <= cache_control, (url, headers)
    moved = client.post(f"/games/{game.pk}/move/", {"type": "pass"}, HTTP_HX_REQUEST="true")
    assert "no-store" in moved["Cache-Control"]


def test_every_game_page_title_names_the_board_as_the_lobby_does():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], map_id="europe")
    client = client_for(ann)
    titles = [
        title_of(client.get(f"/games/{game.pk}/{suffix}").content.decode())
        for suffix in ("", "replay/", "log/")
    ]
    for title in titles:
        assert f"Game #{game.pk} · Europe · " in title, title
        assert "Ticket to Ride Europe" not in title
