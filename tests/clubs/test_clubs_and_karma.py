"""Clubs, karma and the league's rules as players meet them: pages, refusals, privacy,
and one season's standings worked out by hand."""

import re
from datetime import timedelta

import pytest
from club_steps import active_season_games, bot_plays_to_the_end, club_of, season_begun
from django.test import Client
from django.utils import timezone, translation
from game_steps import make_users, started_game

from games.models import ClubMember, Game, GameStatus, Seat
from games.refusals.errors import ClubFull, ClubNotFound, InvalidSettings, NotAllowed
from games.selectors.karma import karma_get
from games.selectors.leagues import TableResult, standings_compute
from games.services.clubs import club_create, club_join, club_leave, club_member_remove
from games.services.forfeit import game_forfeit
from games.services.leagues import season_create, season_enter, season_start
from games.services.lobby import game_create, game_join

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_an_invite_only_club_is_described_to_no_stranger_but_opens_to_its_link():
    ann, bob, eve = make_users("ann", "bob", "eve")
    club = club_create(creator=ann, name="Night trains", invite_only=True, description="secret")
    stranger = client_for(eve)
    assert "Night trains" not in stranger.get("/clubs/").content.decode()
    page = stranger.get(f"/clubs/{club.pk}/")
    assert page.status_code == 404 and b"secret" not in page.content
    assert Client().get(f"/clubs/{club.pk}/").status_code == 404
    with pytest.raises(ClubNotFound):
        club_join(club_id=club.pk, user=eve)
    # the club's link shows it, and lets its holder join
    linked = client_for(bob).get(f"/clubs/join/{club.invite_token}/")
    assert linked.status_code == 200 and "Join the club" in linked.content.decode()
    client_for(bob).post(f"/clubs/{club.pk}/join/", {"token": club.invite_token})
    assert ClubMember.objects.filter(club=club, user=bob).exists()
    members_page = client_for(bob).get(f"/clubs/{club.pk}/").content.decode()
    assert "secret" in members_page and "ann" in members_page and "Club chat" in members_page


def test_a_club_game_takes_only_members_and_a_full_club_takes_no_one():
    ann, bob, cy, dee = make_users("ann", "bob", "cy", "dee")
    club = club_create(creator=ann, name="Small club", max_members=2)
    club_join(club_id=club.pk, user=bob)
    with pytest.raises(ClubFull) as full:
        club_join(club_id=club.pk, user=cy)
    assert "full" in full.value.message
    game = game_create(creator=ann, map_id="usa", max_players=3, club=club)
    with pytest.raises(NotAllowed) as refused:
        game_join(game_id=game.pk, user=dee)
    assert refused.value.message == "Only the club's members can join this game."
    game_join(game_id=game.pk, user=bob)
    assert game.seats.count() == 2
    # the lobby says whose game it is
    assert "Small club" in client_for(dee).get("/games/").content.decode()


def test_karma_is_the_share_of_games_played_to_the_end_and_a_game_may_ask_for_it():
    ann, bob, cy = make_users("ann", "bob", "cy")
    assert karma_get(user=bob).percent is None  # nothing finished yet
    for _ in range(2):  # bob runs out of time in both: ann is left and the game ends
        game = started_game([ann, bob], max_players=2)
        seat = Seat.objects.get(game=game, user=bob)
        game_forfeit(
            game_id=game.pk, seat_id=seat.pk, reason="test", now=timezone.now() + timedelta(days=9)
        )
    over = started_game([ann, bob, cy], max_players=3)
    Game.objects.filter(pk=over.pk).update(status=GameStatus.FINISHED, finished_at=timezone.now())
    game = started_game([ann, bob, cy], max_players=3)
    assert karma_get(user=bob).percent == 33 and karma_get(user=ann).percent == 100
    strict = game_create(creator=ann, map_id="usa", max_players=3, min_karma=80)
    page = client_for(bob).post(f"/games/{strict.pk}/join/", follow=True)
    assert "This game asks for a karma of at least 80%; yours is 33%" in page.content.decode()
    assert not strict.seats.filter(user=bob).exists()
    rated = game_create(creator=ann, map_id="usa", max_players=3, min_rating=1200)
    with pytest.raises(NotAllowed) as refused:
        game_join(game_id=rated.pk, user=cy)
    assert "at least 1200" in refused.value.message and "yours is 1000" in refused.value.message
    # karma beside names: the lobby's seats and the profile
    assert "karma 100%" in client_for(cy).get("/games/").content.decode()
    assert "karma 33%" in Client().get("/u/bob/").content.decode()
    # and at the table of a game under way
    table = client_for(cy).get(f"/games/{game.pk}/").content.decode()
    assert "karma 33%" in table and "karma 100%" in table


def test_a_season_needs_a_table_and_its_players_cannot_leave_until_it_ends():
    ann, bob, cy = make_users("ann", "bob", "cy")
    club = club_of(ann, bob)
    start = timezone.now()
    with pytest.raises(InvalidSettings) as few:
        season_create(
            club_id=club.pk,
            user=ann,
            name="S",
            maps=["usa"],
            table_size=3,
            turn_seconds=86400,
            rounds=2,
            starts_at=start,
        )
    assert few.value.message == (
        "A season needs at least 3 members to fill one table; the club has 2."
    )
    with pytest.raises(NotAllowed):  # a member is no admin
        season_create(
            club_id=club.pk,
            user=bob,
            name="S",
            maps=["usa"],
            table_size=2,
            turn_seconds=86400,
            rounds=2,
            starts_at=start,
        )
    season = season_create(
        club_id=club.pk,
        user=ann,
        name="S",
        maps=["usa"],
        table_size=2,
        turn_seconds=86400,
        rounds=2,
        starts_at=start,
    )
    season_enter(season_id=season.pk, user=ann)
    with pytest.raises(InvalidSettings):  # one entrant: no table
        season_start(season_id=season.pk, user=ann)
    season_enter(season_id=season.pk, user=bob)
    season_start(season_id=season.pk, user=ann)
    with pytest.raises(NotAllowed) as staying:
        club_leave(club_id=club.pk, user=bob)
    assert "seasons" in staying.value.message
    with pytest.raises(NotAllowed):
        club_member_remove(club_id=club.pk, user=ann, username="bob")
    page = client_for(bob).post(f"/clubs/{club.pk}/leave/", follow=True).content.decode()
    assert "You play in one of the club" in page
    standings = client_for(cy).get(f"/clubs/{club.pk}/seasons/{season.pk}/")
    assert standings.status_code == 200 and "How the league counts" in standings.content.decode()


def test_standings_worked_out_by_hand():
    # tables of three; round 1: a beats b beats c, d sits out; round 2: d first, a and
    # c share second, b sits out; round 3: b 1st, d 2nd, a left (last), c sits out.
    results = [
        TableResult(1, 1, ((1, 1, 100), (2, 2, 90), (3, 3, 50))),
        TableResult(2, 2, ((4, 1, 80), (1, 2, 70), (3, 2, 70))),
        TableResult(3, 3, ((2, 1, 60), (4, 2, 60), (1, 3, 10))),
    ]
    byes = [(4, 1), (2, 2), (3, 3)]
    rows = standings_compute(
        members=[(1, "a"), (2, "b"), (3, "c"), (4, "d")],
        results=results,
        byes=byes,
        table_size=3,
    )
    # a: 4 + 2 + 0 = 6; b: 2 + bye 2 + 4 = 8; c: 0 + 2 + bye 2 = 4; d: bye 2 + 4 + 2 = 8
    assert [(r.name, r.points) for r in rows] == [("b", 8), ("d", 8), ("a", 6), ("c", 4)]
    # b and d tie on points; total score breaks it: b 150, d 140
    assert [r.score for r in rows] == [150, 140, 180, 120]
    # b and d level on points (2) and total score (120): head to head, b beat d
    rows = standings_compute(
        members=[(2, "b"), (4, "d"), (5, "e")],
        results=[
            TableResult(1, 1, ((2, 1, 60), (4, 2, 60))),
            TableResult(2, 2, ((4, 1, 60), (5, 2, 0))),
            TableResult(3, 3, ((5, 1, 70), (2, 2, 60))),
        ],
        byes=[],
        table_size=2,
    )
    assert [(r.name, r.points, r.score, r.head_to_head) for r in rows] == [
        ("b", 2, 120, 1),
        ("d", 2, 120, 0),
        ("e", 2, 70, 0),
    ]


def test_the_lobby_filters_open_games_and_shows_the_games_of_players_one_follows():
    ann, bob, cy = make_users("ann", "bob", "cy")
    europe = game_create(creator=ann, map_id="europe", max_players=3, language="fr")
    usa = game_create(creator=bob, map_id="usa", max_players=2, min_karma=90, min_rating=1100)
    lobby = client_for(cy)

    def listed(query: str) -> set[int]:
        page = lobby.get("/games/" + query).content.decode()
        return {g.pk for g in (europe, usa) if f'id="game-{g.pk}"' in page}

    assert listed("") == {europe.pk, usa.pk}
    assert listed("?map_id=europe") == {europe.pk}
    assert listed("?seats=2") == {usa.pk}
    assert listed("?language=fr") == {europe.pk}
    assert listed("?karma=80") == {europe.pk}  # usa asks for 90
    assert listed("?rating=1200&karma=95") == {europe.pk, usa.pk}
    assert (
        "No open game matches these filters."
        in lobby.get("/games/?map_id=usa&seats=3").content.decode()
    )
    bad = lobby.get("/games/?seats=9&karma=abc")
    assert bad.status_code == 200 and "Select a valid choice" in bad.content.decode()
    # cy follows ann from her profile: ann's games show in cy's lobby
    lobby.post("/u/ann/follow/")
    assert "Unfollow" in lobby.get("/u/ann/").content.decode()
    page = lobby.get("/games/").content.decode()
    assert "Games of players you follow" in page
    lobby.post("/u/ann/unfollow/")
    assert "Games of players you follow" not in lobby.get("/games/").content.decode()
    assert lobby.post("/u/nobody/follow/", follow=True).status_code == 404


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en-gb", "This game asks for a karma of at least 80%; yours is 0%"),
        ("nl", "Deze partij vraagt een karma van minstens 80%; die van jou is 0%"),
        ("sv", "Det här partiet kräver en karma på minst 80%; din är 0%"),
        ("fr", "Cette partie demande un karma d'au moins 80% ; le vôtre est de 0%"),
    ],
)
def test_the_karma_refusal_and_the_club_page_in_each_language(language, words):
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], max_players=2)
    seat = Seat.objects.get(game=game, user=bob)
    game_forfeit(
        game_id=game.pk, seat_id=seat.pk, reason="test", now=timezone.now() + timedelta(days=9)
    )
    strict = game_create(creator=ann, map_id="usa", max_players=3, min_karma=80)
    club = club_create(creator=ann, name="Rails")
    with translation.override(language):
        with pytest.raises(NotAllowed) as refused:
            game_join(game_id=strict.pk, user=bob)
        page = client_for(bob).get(f"/clubs/{club.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert words in refused.value.message
    heading = {"en-gb": "Members", "nl": "Leden", "sv": "Medlemmar", "fr": "Membres"}[language]
    assert f'id="members">{heading}<' in page.content.decode()


def test_the_season_page_shows_each_players_points_by_round_and_karma():
    ann, bob = make_users("ann", "bob")
    season = season_begun(club_of(ann, bob), ann, ann, bob, name="Spring", rounds=2)
    (game,) = active_season_games(season)
    bot_plays_to_the_end(game)
    page = client_for(ann).get(f"/clubs/{season.club_id}/seasons/{season.pk}/").content.decode()
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    ]
    # place, player and karma, points, round 1, round 2 (not played yet), total score, games,
    # byes: the winner has 2 points, the other none; each has finished one game of one
    assert [row[:1] + row[2:5] + row[6:] for row in rows] == [
        ["1", "2", "2", "–", "1", "0"],
        ["2", "0", "0", "–", "1", "0"],
    ]
    assert sorted(row[1] for row in rows) == ["ann karma 100%", "bob karma 100%"]
