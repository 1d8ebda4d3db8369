"""An invite-only club, its games, seasons, standings and chat are described to no
stranger (signed in or not): every page and API answer about them is the 404 of a club
that does not exist, and nothing on the lists, the lobby or a member's profile names
them. Bad input to the club services is refused with a sentence and changes nothing."""

from datetime import timedelta

import pytest
from club_steps import bot_plays_to_the_end, club_of, season_begun
from django.test import Client
from django.utils import timezone
from game_steps import make_users

from games.models import Club, ClubMember, ClubMessage, Game, Season
from games.refusals.errors import ClubNotFound, InvalidSettings, NotAllowed
from games.services.clubs import (
    club_chat_post,
    club_create,
    club_invite,
    club_member_set_role,
)
from games.services.leagues import season_advance, season_create, season_enter
from games.services.lobby import game_create

pytestmark = pytest.mark.django_db

SECRET = "Midnight express"


def viewer(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def hidden(django_capture_on_commit_callbacks):
    """Ann's and Bob's invite-only club, with a finished one-round season (its games played
    to the end), a chat line and an open club game. Dan is a stranger."""
    ann, bob, dan = make_users("ann", "bob", "dan")
    club = club_of(ann, bob, invite_only=True)
    Club.objects.filter(pk=club.pk).update(name=SECRET, description="the tunnel code")
    club.refresh_from_db()
    club_chat_post(club_id=club.pk, user=ann, text="meet at the depot")
    season = season_begun(club, ann, ann, bob, name="Hush season")
    with django_capture_on_commit_callbacks(execute=True):
        bot_plays_to_the_end(Game.objects.get(season=season))
    season.refresh_from_db()
    open_game = game_create(creator=ann, map_id="europe", max_players=3, club=club)
    return {"ann": ann, "bob": bob, "dan": dan, "club": club, "season": season, "open": open_game}


def test_an_invite_only_club_is_described_to_no_stranger(hidden):
    club, season = hidden["club"], hidden["season"]
    assert season.status == "finished" and hidden["open"].is_private
    league_game = Game.objects.get(season=season)
    for who in (viewer(), viewer(hidden["dan"])):
        for path in (
            f"/clubs/{club.pk}/",
            f"/clubs/{club.pk}/seasons/{season.pk}/",
            f"/api/v1/clubs/{club.pk}/",
            f"/api/v1/seasons/{season.pk}/",
            f"/games/{league_game.pk}/",
            f"/api/v1/games/{hidden['open'].pk}/",
        ):
            answer = who.get(path)
            assert answer.status_code == 404, path
            assert SECRET not in answer.content.decode(), path
        for path in ("/clubs/", "/games/", "/api/v1/clubs/", "/u/ann/", "/api/v1/games/"):
            text = who.get(path).content.decode()
            assert SECRET not in text and "Hush season" not in text, path
        assert "meet at the depot" not in who.get(f"/clubs/{club.pk}/").content.decode()
    # a member sees it all, and the profile line of the finished season
    member = viewer(hidden["bob"])
    assert "meet at the depot" in member.get(f"/clubs/{club.pk}/").content.decode()
    assert "Hush season" in member.get("/u/ann/").content.decode()
    page = member.get(f"/clubs/{club.pk}/seasons/{season.pk}/").content.decode()
    assert "Final standings" in page


def test_a_stranger_cannot_write_to_an_invite_only_club(hidden):
    club, dan = hidden["club"], viewer(hidden["dan"])
    messages = ClubMessage.objects.count()
    for path, data in (
        (f"/clubs/{club.pk}/chat/", {"text": "hello"}),
        (f"/clubs/{club.pk}/join/", {}),
        (f"/clubs/{club.pk}/invite/", {"usernames": "dan"}),
        (f"/clubs/{club.pk}/members/", {"username": "bob", "action": "remove"}),
        (f"/clubs/{club.pk}/leave/", {}),
        (f"/clubs/{club.pk}/seasons/new/", {"name": "x"}),
        (f"/clubs/{club.pk}/seasons/{hidden['season'].pk}/enter/", {}),
        (f"/games/{hidden['open'].pk}/join/", {}),
    ):
        answer = dan.post(path, data)
        assert answer.status_code == 404, path
        assert SECRET not in answer.content.decode()
    assert ClubMessage.objects.count() == messages
    assert not ClubMember.objects.filter(club=club, user=hidden["dan"]).exists()
    assert hidden["open"].seats.count() == 1


def test_bad_input_to_clubs_and_seasons_is_refused_and_changes_nothing():
    ann, bob, cy = make_users("ann", "bob", "cy")
    club = club_of(ann, bob)
    with pytest.raises(InvalidSettings):
        club_create(creator=cy, name="  ")
    with pytest.raises(InvalidSettings):
        club_create(creator=cy, name=club.name.upper())  # taken, whatever the case
    with pytest.raises(InvalidSettings):
        club_create(creator=cy, name="Fine name", language="xx")
    with pytest.raises(InvalidSettings):
        club_invite(club_id=club.pk, inviter=ann, usernames=["nobody"])
    with pytest.raises(NotAllowed):
        club_invite(club_id=club.pk, inviter=bob, usernames=["cy"])
    with pytest.raises(NotAllowed):
        club_member_set_role(club_id=club.pk, user=bob, username="ann", role="admin")
    with pytest.raises(InvalidSettings):
        club_member_set_role(club_id=club.pk, user=ann, username="bob", role="owner")
    with pytest.raises(InvalidSettings):
        club_chat_post(club_id=club.pk, user=bob, text="x" * 501)
    with pytest.raises(ClubNotFound):
        club_chat_post(club_id="abc", user=bob, text="hi")
    settings = dict(
        club_id=club.pk,
        user=ann,
        name="S",
        maps=["usa"],
        table_size=2,
        turn_seconds=86400,
        rounds=2,
        starts_at=timezone.now(),
    )
    for bad in (
        {"maps": []},
        {"maps": ["mars"]},
        {"table_size": 6},
        {"rounds": 0},
        {"turn_seconds": 5},
    ):
        with pytest.raises(InvalidSettings):
            season_create(**{**settings, **bad})
    assert Season.objects.count() == 0
    # a season due with too few entrants waits, and says why when started by hand
    season = season_create(**settings)
    season_enter(season_id=season.pk, user=ann)
    assert not season_advance(season_id=season.pk, now=timezone.now() + timedelta(days=1))
    page = viewer(ann).post(f"/clubs/{club.pk}/seasons/{season.pk}/start/", follow=True)
    assert (
        "A season needs at least 2 entrants to fill one table; it has 1." in page.content.decode()
    )
    season.refresh_from_db()
    assert season.status == "upcoming" and season.current_round == 0
    # the season form with nonsense answers 400 with the form, not a 500
    answer = viewer(ann).post(
        f"/clubs/{club.pk}/seasons/new/", {"name": "", "rounds": "x", "maps": "mars"}
    )
    assert answer.status_code == 400
    assert viewer(ann).post("/clubs/new/", {"name": ""}).status_code == 400
    assert viewer(ann).get(f"/clubs/{club.pk}/seasons/99999/").status_code == 404
    assert viewer(ann).get("/clubs/join/not-a-token/").status_code == 404
