"""Clubs, seasons, standings and karma in the API; an invite-only club is 404 to strangers."""

import json

import pytest
from club_steps import club_of, season_begun
from django.test import Client
from game_steps import make_users, started_game

from games.services.clubs import club_create

pytestmark = pytest.mark.django_db


def api(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_clubs_seasons_standings_and_karma_in_the_api():
    ann, bob, eve = make_users("ann", "bob", "eve")
    club = club_of(ann, bob)
    hidden = club_create(creator=ann, name="Hidden", invite_only=True, description="secret")
    season = season_begun(club, ann, ann, bob, name="Spring")

    listed = api(eve).get("/api/v1/clubs/").json()
    assert [c["name"] for c in listed] == ["ann's club"]
    assert {c["name"] for c in api(ann).get("/api/v1/clubs/").json()} == {"Hidden", "ann's club"}
    detail = api(eve).get(f"/api/v1/clubs/{club.pk}/").json()
    assert detail["you"] is None and [m["username"] for m in detail["member_list"]] == [
        "ann",
        "bob",
    ]
    assert detail["seasons"][0]["status"] == "running"
    stranger = api(eve).get(f"/api/v1/clubs/{hidden.pk}/")
    assert stranger.status_code == 404 and "secret" not in stranger.content.decode()
    assert api().get(f"/api/v1/clubs/{hidden.pk}/").status_code == 404
    standings = api(eve).get(f"/api/v1/seasons/{season.pk}/").json()
    assert [r["username"] for r in standings["standings"]] == ["ann", "bob"]
    assert standings["current_round"] == 1 and standings["standings"][0]["points"] == 0

    # joining: an invite-only club without its token is 404, with it a member
    join = f"/api/v1/clubs/{hidden.pk}/join/"
    assert api(eve).post(join, "{}", content_type="application/json").status_code == 404
    body = json.dumps({"token": hidden.invite_token})
    assert api(eve).post(join, body, content_type="application/json").status_code == 204
    assert api(eve).get(f"/api/v1/clubs/{hidden.pk}/").json()["you"] == "member"
    # a season's player cannot leave mid-season
    left = api(bob).post(f"/api/v1/clubs/{club.pk}/leave/", content_type="application/json")
    assert left.status_code == 403 and "seasons" in left.json()["message"]

    # karma: in profiles and beside each seat
    assert api().get("/api/v1/users/bob/").json()["karma"] == {
        "percent": None,
        "games": 0,
        "kept": 0,
    }
    game = started_game([ann, eve], max_players=2)
    seats = api(ann).get(f"/api/v1/games/{game.pk}/").json()["seats"]
    assert [s["karma"] for s in seats] == [None, None]


def test_bad_club_ids_and_bodies_are_refused_clearly():
    (ann,) = make_users("ann")
    assert api(ann).get("/api/v1/clubs/999999/").status_code == 404
    assert api(ann).get("/api/v1/seasons/999999/").status_code == 404
    bad = api(ann).post(
        "/api/v1/clubs/1/join/", json.dumps({"token": 5}), content_type="application/json"
    )
    assert bad.status_code in (400, 404)
