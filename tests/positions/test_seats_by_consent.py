"""Nobody is seated without saying yes. A game from a position (a scenario, or "new game
from here") seats its creator and bots at once and invites every other person it names:
the game waits, with no clock running, until the last one accepts; one who declines or
lets the invitation lapse (a week) calls it off. Staff seating a tournament's players at
once is the one exception, written in the admin's log, and such a seat touches its
player's karma only once they play a move in it."""

import random
from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.core import mail
from django.test import Client
from django.urls import reverse
from game_steps import make_user, make_users, started_game, state_of

from games import bots, engine
from games.heartbeat import sweeps
from games.models import Game, GameStatus, Invitation, RatingChange, Seat
from games.refusals.errors import NotAllowed
from games.selectors.karma import karma_get
from games.services.invitations import game_rematch
from games.services.lobby import game_join, game_start
from games.services.play import game_play
from games.services.resign import game_resign

pytestmark = pytest.mark.django_db

# A position in play; the file's names happen to be the site's usernames, and seat no one.
TWO = {
    "map": "usa",
    "players": ["mallory", "alice"],
    "seed": 3,
    "setup": {
        "phase": "play",
        "trains": {"mallory": 9, "alice": 10},
        "tickets": {"mallory": ["denver-el_paso"], "alice": ["duluth-houston"]},
    },
}
WEEK = timedelta(days=7)  # the stated time after which an invitation lapses
THREE = {"map": "usa", "players": ["x", "y", "z"], "seed": 5}


@pytest.fixture(autouse=True)
def eager(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post(user, url: str, body: dict):
    return signed_in(user).post(url, body, content_type="application/json")


def from_scenario(user, document: dict, players: list[str], **extra):
    return post(
        user, "/api/v1/games/from-scenario/", {"scenario": document, "players": players, **extra}
    )


def answer(user, game, *, accept: bool):
    invitation = Invitation.objects.get(game=game, invitee=user)
    return post(user, f"/api/v1/invitations/{invitation.pk}/", {"accept": accept})


def test_alice_is_invited_not_seated_and_her_clock_starts_only_when_she_accepts(
    django_capture_on_commit_callbacks,
):
    mallory, alice = make_users("mallory", "alice")
    with django_capture_on_commit_callbacks(execute=True):
        created = from_scenario(mallory, TWO, ["mallory", "alice"])
    assert created.status_code == 201, created.content
    assert created.json()["status"] == "open"
    game = Game.objects.get(pk=created.json()["id"])
    assert [seat.user for seat in game.seats.all()] == [mallory]
    assert (game.state, game.deadline, game.started_at) == (None, None, None)
    assert not Seat.objects.filter(user=alice).exists()

    # She sees it where invitations are shown: a mail, My games, the API's list.
    assert [m.subject for m in mail.outbox if m.to == ["alice@example.org"]] == [
        f"mallory invites you to game #{game.pk}, USA"
    ]
    assert "mallory invites you" in signed_in(alice).get("/games/mine/").content.decode()
    listed = signed_in(alice).get("/api/v1/invitations/").json()["results"]
    invitation = Invitation.objects.get(invitee=alice)
    assert [(row["game"], row["inviter"]) for row in listed] == [(game.pk, "mallory")]
    lapses = invitation.created_at + WEEK
    assert listed[0]["lapses_at"] == lapses.isoformat().replace("+00:00", "Z")

    # The creator cannot start it early, nor fill her seat with a bot.
    assert post(mallory, f"/api/v1/games/{game.pk}/start/", {}).status_code == 403
    assert post(mallory, f"/api/v1/games/{game.pk}/bots/", {"level": "casual"}).status_code == 403
    assert game.seats.count() == 1

    accepted = answer(alice, game, accept=True)
    assert accepted.status_code == 200 and accepted.json()["status"] == "playing"
    game.refresh_from_db()
    seats = list(game.seats.order_by("order"))
    assert [seat.user for seat in seats] == [mallory, alice]  # the scenario's order
    state = state_of(game)
    assert state.trains == (9, 10) and state.current_player == seats[0].player_id
    assert game.started_at is not None and seats[0].to_move and seats[0].deadline is not None
    assert game.start["players"] == [seats[0].player_id, seats[1].player_id]
    assert signed_in(alice).get("/api/v1/invitations/").json()["results"] == []


def test_the_game_starts_on_the_last_acceptance_in_the_scenarios_order():
    alice, mallory, bob = make_users("alice", "mallory", "bob")
    created = from_scenario(mallory, THREE, ["alice", "mallory", "bob"])
    game = Game.objects.get(pk=created.json()["id"])
    assert answer(bob, game, accept=True).json()["status"] == "open"
    game.refresh_from_db()
    assert game.status == GameStatus.OPEN and game.state is None
    assert {seat.user for seat in game.seats.all()} == {mallory, bob}
    assert answer(alice, game, accept=True).json()["status"] == "choosing"
    game.refresh_from_db()
    assert [seat.user for seat in game.seats.order_by("order")] == [alice, mallory, bob]
    assert engine.player_view(state_of(game), None)["phase"] == "initial_tickets"


def test_she_declines_and_the_game_is_called_off():
    mallory, alice = make_users("mallory", "alice")
    created = from_scenario(mallory, TWO, ["mallory", "alice"])
    game_id = created.json()["id"]
    assert answer(alice, Game.objects.get(pk=game_id), accept=False).status_code == 204
    assert not Game.objects.filter(pk=game_id).exists()
    assert not Seat.objects.filter(user=alice).exists()
    assert signed_in(mallory).get(f"/api/v1/games/{game_id}/").status_code == 404


def test_an_unanswered_invitation_lapses_after_a_week():
    mallory, alice, bob = make_users("mallory", "alice", "bob")
    waiting = Game.objects.get(pk=from_scenario(mallory, TWO, ["mallory", "alice"]).json()["id"])
    sent = Invitation.objects.get(game=waiting).created_at
    assert sweeps.lapse_invitations(sent + WEEK - timedelta(minutes=1)) == 0
    assert Invitation.objects.get(game=waiting).status == "pending"
    assert sweeps.lapse_invitations(sent + WEEK) == 1
    assert not Game.objects.filter(pk=waiting.pk).exists()  # called off, as by a decline

    # Any invitation lapses alike (a rematch's); its open game stays, without her.
    over = Game.objects.get(pk=from_scenario(mallory, TWO, ["mallory", "bob"]).json()["id"])
    answer(bob, over, accept=True)
    game_resign(game_id=over.pk, user=bob)
    rematch = game_rematch(game_id=over.pk, user=mallory)
    invited = Invitation.objects.get(game=rematch)
    assert sweeps.lapse_invitations(invited.created_at + WEEK) == 1
    invited.refresh_from_db()
    assert invited.status == "lapsed" and Game.objects.filter(pk=rematch.pk).exists()
    assert signed_in(bob).get("/api/v1/invitations/").json()["results"] == []
    assert answer(bob, rematch, accept=True).status_code == 403


def test_knowing_the_position_forces_it_on_no_one():
    mallory, alice, eve = make_users("mallory", "alice", "eve")
    # The file's names seat no one, and only staff may seat without acceptance.
    named_by_file = post(mallory, "/api/v1/games/from-scenario/", {"scenario": TWO})
    assert named_by_file.status_code == 400
    assert named_by_file.json()["message"] == "The scenario has 2 players; name 2 site players."
    forced = from_scenario(mallory, TWO, ["mallory", "alice"], seat_at_once=True)
    assert forced.status_code == 403
    assert forced.json()["message"] == "Only staff can seat players without their acceptance."
    assert not Game.objects.exists()

    game = Game.objects.get(pk=from_scenario(mallory, TWO, ["mallory", "alice"]).json()["id"])
    # The game's link seats no one else in her place: her seat is hers to take.
    with pytest.raises(NotAllowed):
        game_join(game_id=game.pk, user=eve, invite_token=game.invite_token)
    with pytest.raises(NotAllowed):
        game_start(game_id=game.pk, user=mallory)
    assert list(game.seats.values_list("user__username", flat=True)) == ["mallory"]
    # Taken through the link, her seat is her yes, in her place.
    game_join(game_id=game.pk, user=alice, invite_token=game.invite_token)
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING
    assert [s.user for s in game.seats.order_by("order")] == [mallory, alice]
    assert Invitation.objects.get(game=game).status == "accepted"


def test_new_game_from_here_invites_the_other_players():
    mallory, alice = make_users("mallory", "alice")
    over = Game.objects.get(pk=from_scenario(mallory, TWO, ["mallory", "alice"]).json()["id"])
    answer(alice, over, accept=True)
    game_resign(game_id=over.pk, user=alice)
    created = post(mallory, f"/api/v1/games/{over.pk}/new-from-here/", {"move": 0})
    assert created.status_code == 201 and created.json()["status"] == "open"
    fresh = Game.objects.get(pk=created.json()["id"])
    assert [seat.user for seat in fresh.seats.all()] == [mallory] and fresh.state is None
    assert answer(alice, fresh, accept=True).json()["status"] == "playing"
    assert state_of(fresh).trains == (9, 10)


def test_a_bot_named_is_seated_at_once():
    mallory, alice = make_users("mallory", "alice")
    created = from_scenario(mallory, THREE, ["mallory", "Casual bot", "alice"])
    game = Game.objects.get(pk=created.json()["id"])
    assert [(s.order, s.bot_level) for s in game.seats.order_by("order")] == [
        (0, ""),
        (1, "casual"),
    ]
    answer(alice, game, accept=True)
    game.refresh_from_db()
    assert game.is_active and [s.user for s in game.seats.order_by("order")][2] == alice


def staff_user():
    boss = make_user("boss")
    boss.is_staff = boss.is_superuser = True
    boss.save()
    return boss


def test_staff_seat_a_tournaments_players_at_once_and_it_is_logged():
    boss = staff_user()
    alice, bob = make_users("alice", "bob")
    created = from_scenario(boss, TWO, ["alice", "bob"], seat_at_once=True)
    assert created.status_code == 201 and created.json()["status"] == "playing"
    game = Game.objects.get(pk=created.json()["id"])
    assert [(s.user, s.joined_by_self) for s in game.seats.order_by("order")] == [
        (alice, False),
        (bob, False),
    ]
    assert not Invitation.objects.exists() and not game.rated
    entry = LogEntry.objects.get()
    assert entry.user == boss and entry.object_id == str(game.pk)
    message = f"Seated without their acceptance in game #{game.pk}: alice, bob"
    assert entry.change_message == message
    # Every staff member reads it in the admin's log.
    page = signed_in(boss).get(reverse("admin:admin_logentry_changelist"))
    assert page.status_code == 200 and message in page.content.decode()


def test_a_game_she_never_accepted_leaves_her_karma_untouched():
    boss = staff_user()
    alice, bob = make_users("alice", "bob")
    forced = Game.objects.get(
        pk=from_scenario(boss, TWO, ["alice", "bob"], seat_at_once=True).json()["id"]
    )
    alice_seat = forced.seats.get(user=alice)
    assert sweeps.forfeit_overdue(alice_seat.deadline + timedelta(seconds=1)) == 1
    forced.refresh_from_db()
    assert forced.is_over and forced.seats.get(user=alice).forfeited
    assert karma_get(user=alice).games == 0 and karma_get(user=bob).games == 0
    profile = signed_in(bob).get(reverse("profile", args=["alice"])).content.decode()
    assert ">new<" in profile

    # A move of her own is her yes: the next such game counts, as any game she joined.
    played = Game.objects.get(
        pk=from_scenario(boss, TWO, ["alice", "bob"], seat_at_once=True).json()["id"]
    )
    seat = played.seats.get(user=alice)
    view = bots.seat_for(state_of(played), seat.player_id, (), random.Random(1))
    action = bots.make_bot("beginner").decide(view)
    game_play(game_id=played.pk, user=alice, action=action.to_dict(), expected_version=1)
    assert played.seats.get(user=alice).joined_by_self
    game_resign(game_id=played.pk, user=alice)
    assert (karma_get(user=alice).games, karma_get(user=alice).kept) == (1, 0)
    assert karma_get(user=bob).games == 0  # bob never moved in either


@pytest.mark.parametrize("taken_by_self", [True, False])
def test_ratings_move_only_when_every_player_took_their_seat(taken_by_self):
    alice, bob = make_users("alice", "bob")
    game = started_game([alice, bob], max_players=2)
    assert game.rated
    # A seat given without a yes (and no move played in it since): nobody's rating moves.
    Seat.objects.filter(game=game, user=bob).update(joined_by_self=taken_by_self)
    game_resign(game_id=game.pk, user=alice)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert RatingChange.objects.filter(game=game).exists() == taken_by_self
