"""Every answer that carries something only its viewer may see (a hand, tickets, a note, a
secret address, an invitation link, the orders they may give) says `private, no-store`:
no shared cache keeps it, no browser stores it. Pages for everyone are left cacheable."""

from urllib.parse import urlsplit

import pytest
from django.test import Client
from game_steps import make_users, started_game

from games.mail.unsubscribe import unsubscribe_url
from games.services.clubs import club_create
from games.services.lobby import game_create

pytestmark = pytest.mark.django_db


def _cache_control(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",")}


@pytest.fixture
def world():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    private = game_create(creator=ann, map_id="usa", max_players=3, is_private=True)
    club = club_create(creator=ann, name="Night trains", invite_only=True)
    client = Client()
    client.force_login(ann)
    return {"ann": ann, "game": game, "private": private, "club": club, "client": client}


PRIVATE_GETS = [
    "/settings/",
    "/games/mine/",
    "/games/{game}/",
    "/games/{game}/station/",
    "/games/{game}/chat/",
    "/games/{game}/log/",
    "/games/{game}/export/",
    "/games/invite/{invite}/",
    "/clubs/{club}/",
    "/clubs/join/{club_link}/",
    "{unsubscribe}",
    "/api/v1/me/",
    "/api/v1/me/calendar-url/",
    "/api/v1/me/vacation/",
    "/api/v1/invitations/",
    "/api/v1/games/{game}/",
    "/api/v1/games/{game}/legal-actions/",
    "/api/v1/games/{game}/moves/",
    "/api/v1/games/{game}/note/",
    "/api/v1/games/{game}/export/",
]


def _url(template: str, world) -> str:
    return template.format(
        game=world["game"].pk,
        invite=world["private"].invite_token,
        club=world["club"].pk,
        club_link=world["club"].invite_token,
        unsubscribe=urlsplit(unsubscribe_url(world["ann"], "turn")).path,
    )


@pytest.mark.parametrize("template", PRIVATE_GETS)
@pytest.mark.parametrize("htmx", [False, True])
def test_a_private_answer_is_never_stored(world, template, htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = world["client"].get(_url(template, world), **headers)
    assert response.status_code < 500
    assert {"private", "no-store"} <= _cache_control(response), response.status_code


def test_answers_to_orders_and_notes_are_never_stored(world):
    client, game = world["client"], world["game"]
    answers = [
        client.post(f"/games/{game.pk}/move/", {"type": "pass"}, HTTP_HX_REQUEST="true"),
        client.post(f"/games/{game.pk}/note/", {"text": "blue to Denver"}),
        client.put(
            f"/api/v1/games/{game.pk}/note/", {"text": "blue"}, content_type="application/json"
        ),
        client.post(
            f"/api/v1/games/{game.pk}/actions/",
            {"version": game.version, "action": {"type": "pass"}},
            content_type="application/json",
        ),
        client.post("/api/v1/me/calendar-url/", {}, content_type="application/json"),
    ]
    for response in answers:
        assert response.status_code < 500, response.content
        assert {"private", "no-store"} <= _cache_control(response), response.request


@pytest.mark.parametrize("url", ["/leaderboard/", "/rules/usa/", "/api/v1/leaderboards/usa/"])
def test_pages_for_everyone_are_not_marked_private(world, url):
    response = Client().get(url)
    assert response.status_code == 200
    assert "no-store" not in _cache_control(response)
