"""A game comes back as a new one: from an uploaded scenario file (checked by the engine;
a bad file gets a clear error and creates nothing), or from any move of a finished replay.
The players it names are invited, and it starts when they have accepted
(tests/positions/test_seats_by_consent.py)."""

import json
from collections import Counter
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from game_steps import make_user, make_users, state_of

from games import engine
from games.models import Game, GameStatus, Invitation, Move
from games.selectors.replay import game_state_at, game_state_rebuilt
from games.services.play import game_play

pytestmark = pytest.mark.django_db

KNOWN = Path(__file__).resolve().parents[1] / "scenarios" / "statistics_known_europe_game.json"


def known(actions: int | None = None) -> dict:
    data = json.loads(KNOWN.read_text())
    data.pop("expect")
    data["actions"] = data["actions"][:actions]
    return data


def upload(client, document, *, players="", raw=None, turn_seconds=86400, **more):
    body = raw if raw is not None else json.dumps(document).encode()
    return client.post(
        "/games/from-scenario/",
        {
            "scenario": SimpleUploadedFile("position.json", body, "application/json"),
            "players": players,
            "turn_seconds": turn_seconds,
            **more,
        },
    )


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def accept(user, game):
    """The invited player says yes on My games' button."""
    invitation = Invitation.objects.get(game=game, invitee=user)
    answer = signed_in(user).post(f"/games/invitations/{invitation.pk}/accept/")
    assert answer.status_code == 302, answer.content


def play_rest(game, actions):
    seats = {s.order: s for s in game.seats.select_related("user")}
    by_name = {"ann": seats[0], "bob": seats[1]}
    for item in actions:
        game.refresh_from_db()
        action = {k: v for k, v in item.items() if k != "player"}
        game_play(
            game_id=game.pk,
            user=by_name[item["player"]].user,
            action=action,
            expected_version=game.version,
        )


def test_an_uploaded_position_starts_an_unrated_game_that_plays_to_the_counted_end():
    ann, bob = make_users("ann", "bob")
    response = upload(signed_in(ann), known(12), players="ann, bob")
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert (game.rated, game.is_private, game.status) == (False, True, GameStatus.OPEN)
    accept(bob, game)
    game.refresh_from_db()
    assert (game.rated, game.is_private, game.status) == (False, True, GameStatus.PLAYING)
    seats = list(game.seats.order_by("order"))
    assert [s.user for s in seats] == [ann, bob]
    state = state_of(game)
    ann_id, bob_id = seats[0].player_id, seats[1].player_id
    assert dict(state.claims) == {
        "munchen-wien": ann_id,
        "munchen-zurich": ann_id,
        "frankfurt-munchen": ann_id,
        "budapest-wien-1": bob_id,
    }
    assert state.current_player == ann_id and seats[0].to_move and not seats[1].to_move
    assert game.seed != 16 and game.start["seed"] == game.seed  # the file's seed is replaced
    assert game_state_rebuilt(game=game) == state and Move.objects.filter(game=game).count() == 0

    play_rest(game, known()["actions"][12:])
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert {s.user.username: s.final_score for s in game.seats.all()} == {"ann": 19, "bob": 13}
    html = signed_in(bob).get(f"/games/{game.pk}/").content.decode()
    assert "Statistics" in html and "Download the game (JSON)" in html


def test_the_admin_starts_a_position_for_any_players_and_names_map_the_seats():
    admin = make_user("admin")
    admin.is_staff = True
    admin.save()
    cy, dee = make_users("cy", "dee")
    response = upload(signed_in(admin), known(2), players="dee, cy")
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/admin/games/game/{game.pk}/change/"
    assert game.status == GameStatus.OPEN and not game.seats.exists()  # both invited
    accept(cy, game)
    accept(dee, game)
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING
    assert [s.user for s in game.seats.order_by("order")] == [dee, cy]
    assert not game.seats.filter(user=admin).exists()
    # A player who is not staff may start only games they play in.
    response = upload(signed_in(cy), known(2), players="dee, admin")
    assert response.status_code == 403
    assert "Start games you play in" in response.content.decode()
    assert Game.objects.count() == 1
    # Staff's box seats a tournament's players at once; nobody else is offered it.
    assert "seat_at_once" not in signed_in(cy).get("/games/from-scenario/").content.decode()
    page = signed_in(admin).get("/games/from-scenario/").content.decode()
    assert "Seat them now, without asking" in page
    seated = upload(signed_in(admin), known(2), players="cy, dee", seat_at_once="on")
    assert seated.status_code == 302
    tournament = Game.objects.exclude(pk=game.pk).get()
    assert tournament.status == GameStatus.PLAYING
    assert [s.user for s in tournament.seats.order_by("order")] == [cy, dee]


@pytest.mark.parametrize(
    ("change", "players", "message"),
    [
        (lambda d: {**d, "map": "mars"}, "ann, bob", "The scenario is not valid: unknown map"),
        (lambda d: {**d, "players": ["ann"]}, "ann", "players: a game has 2 to 5 players"),
        (
            lambda d: {**d, "setup": {**d["setup"], "hands": {"ann": {"red": 30}}}},
            "ann, bob",
            "the box holds 12",
        ),
        (
            lambda d: {**d, "actions": d["actions"][1:]},
            "ann, bob",
            "Action 1 (ann: pay_tunnel) breaks the rules: You have no tunnel to pay for.",
        ),
        (lambda d: d, "ann, bob", "In that position the game is already over."),
        # The file's names are only names: it seats no one by them.
        (lambda d: {**d, "actions": []}, "", "The scenario has 2 players; name 2 site players."),
        (lambda d: {**d, "actions": d["actions"][:2]}, "ann, zed", "No player is called zed."),
        (lambda d: {**d, "actions": []}, "ann", "The scenario has 2 players; name 2 site players."),
    ],
)
def test_a_broken_or_rule_breaking_file_gets_a_clear_error_and_creates_nothing(
    change, players, message
):
    ann, _bob = make_users("ann", "bob")
    response = upload(signed_in(ann), change(known()), players=players)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"{not json", "The file is not valid JSON"),
        (b"[1, 2]", "A scenario file holds one JSON object."),
        (b"\xff\xfe", "The file is not text"),
        (b" " * (256 * 1024 + 1), "The file is too large"),
    ],
)
def test_a_file_that_is_not_a_scenario_is_refused(raw, message):
    ann = make_user("ann")
    response = upload(signed_in(ann), None, raw=raw)
    assert response.status_code == 400 and message in response.content.decode()
    assert Game.objects.count() == 0


def test_a_finished_game_comes_back_through_the_api_and_as_a_new_game_from_any_move():
    ann, bob = make_users("ann", "bob")
    upload(signed_in(ann), known(12), players="ann, bob")
    game = Game.objects.get()
    accept(bob, game)
    play_rest(game, known()["actions"][12:])
    exported = signed_in(ann).get(f"/api/v1/games/{game.pk}/export/").json()

    # The export goes back in as it came out, its players named; whole, its game is over,
    # so it is refused; cut after move 2 it starts a game there once ann accepts.
    scenario = exported["scenario"]
    names = ["ann", "bob"]
    refused = signed_in(bob).post(
        "/api/v1/games/from-scenario/",
        {"scenario": exported, "players": names},
        content_type="application/json",
    )
    assert refused.json()["message"] == "In that position the game is already over."
    cut = {**scenario, "actions": scenario["actions"][:-2]}
    answer = signed_in(bob).post(
        "/api/v1/games/from-scenario/",
        {"scenario": cut, "players": names},
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["status"] == "open"
    again = Game.objects.get(pk=answer.json()["id"])
    accept(ann, again)
    assert (
        dict(state_of(again).claims).keys()
        == dict(game_state_at(game=game, move_number=2).claims).keys()
    )
    assert state_of(again).trains == game_state_at(game=game, move_number=2).trains
    assert state_of(again).hands == game_state_at(game=game, move_number=2).hands
    refused = signed_in(bob).post(
        "/api/v1/games/from-scenario/",
        {"scenario": {"map": "usa"}, "players": names},
        content_type="application/json",
    )
    assert refused.status_code == 400 and refused.json()["error"] == "bad_scenario"

    # New game from here: after move 1 (ann drew two cards; the tunnel is behind her).
    answer = signed_in(bob).post(
        f"/api/v1/games/{game.pk}/new-from-here/", {"move": 2}, content_type="application/json"
    )
    assert answer.status_code == 201, answer.content
    fresh = Game.objects.get(pk=answer.json()["id"])
    accept(ann, fresh)
    then, now = game_state_at(game=game, move_number=2), state_of(fresh)
    old_to_new = {
        old.player_id: new.player_id
        for old, new in zip(
            game.seats.order_by("order"), fresh.seats.order_by("order"), strict=True
        )
    }
    assert {r: old_to_new[p] for r, p in then.claims.items()} == dict(now.claims)
    assert [Counter(h) for h in then.hands] == [Counter(h) for h in now.hands]
    assert Counter(then.deck) == Counter(now.deck) and then.face_up == now.face_up
    assert then.current == now.current and fresh.rated is False
    assert engine.player_view(now, None)["phase"] == "play"
    # A stranger cannot start a game from someone else's replay.
    eve = make_user("eve")
    assert signed_in(eve).post(f"/games/{game.pk}/new-from-here/", {"move": 2}).status_code == 404
