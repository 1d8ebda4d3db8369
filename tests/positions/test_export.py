"""A game leaves the site as a file: a finished one with the scenario that replays it to the
same end through the engine's command; one in play only for its players, hiding the rest."""

import json
import random
import subprocess
import sys
from datetime import timedelta
from unittest import mock

import pytest
from django.test import Client
from game_steps import make_users, play_one, started_game, state_of, who_must_act

from games import engine
from games.models import GameStatus, Move
from games.services.forfeit import game_forfeit
from games.services.play import game_play

pytestmark = pytest.mark.django_db


def play_out(game, rng, *, forfeit_at=None):
    with mock.patch("games.services.finish.record_game_ratings"):
        for number in range(1, 3000):
            game.refresh_from_db()
            if game.is_over:
                return
            if number == forfeit_at:
                seat = rng.choice(who_must_act(game))
                game_forfeit(
                    game_id=game.pk,
                    seat_id=seat.pk,
                    reason="test",
                    now=game.deadline + timedelta(seconds=1),
                )
            else:
                play_one(game, rng)
    raise AssertionError("the game did not end")


def download(client, game):
    response = client.get(f"/games/{game.pk}/export/")
    assert response.status_code == 200, response.content
    assert response["Content-Disposition"] == f'attachment; filename="ttr-game-{game.pk}.json"'
    return json.loads(response.content)


@pytest.mark.slow  # a whole game or more: CI runs it, `make test-fast` does not
@pytest.mark.parametrize(
    ("map_id", "players", "seed", "forfeit_at"), [("usa", 3, 31, 90), ("europe", 2, 32, None)]
)
def test_a_finished_games_scenario_replays_to_the_same_end(
    map_id, players, seed, forfeit_at, tmp_path
):
    users = make_users(*["ann", "bob", "cy"][:players])
    game = started_game(users, map_id=map_id, seed=seed)
    play_out(game, random.Random(seed), forfeit_at=forfeit_at)
    final = engine.player_view(state_of(game), None)["final"]

    document = download(Client(), game)  # a finished public game: anyone may download it
    scenario = document["scenario"]
    assert scenario["players"] == [s.user.username for s in game.seats.order_by("order")]
    assert len(scenario["actions"]) == Move.objects.filter(game=game).count()
    assert [m["number"] for m in document["moves"]] == list(range(1, len(document["moves"]) + 1))
    if forfeit_at:
        assert {"player": scenario["actions"][forfeit_at - 1]["player"], "type": "forfeit"} in (
            scenario["actions"]
        )

    path = tmp_path / "game.json"
    path.write_text(json.dumps(scenario))
    run = subprocess.run(
        [sys.executable, "-m", "games.engine.scenario", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    output = json.loads(run.stdout)
    assert all(result["ok"] for result in output["results"])
    replayed = output["state"]["final"]
    names = {s.player_id: s.user.username for s in game.seats.all()}
    assert replayed["ranking"] == [[names[p] for p in group] for group in final["ranking"]]
    for pid, result in final["players"].items():
        assert replayed["players"][names[pid]]["total"] == result["total"]
        assert replayed["players"][names[pid]]["completed"] == result["completed"]
    assert {
        names[p]: s["final_score"] for p, s in [(x["player"], x) for x in document["players"]]
    } == {names[p]: r["total"] for p, r in final["players"].items()}


def game_in_play():
    users = make_users("ann", "bob", "cy")
    game = started_game(users, map_id="europe", seed=7_123_456_789_011)
    rng = random.Random(7)
    while game.status == GameStatus.CHOOSING or Move.objects.filter(game=game).count() < 30:
        play_one(game, rng)
        game.refresh_from_db()
    while True:  # the player to move draws tickets: an offer only they may see
        seat = who_must_act(game)[0]
        kinds = {a.type for a in engine.legal_actions(state_of(game), seat.player_id)}
        if "draw_tickets" in kinds:
            break
        play_one(game, rng)
        game.refresh_from_db()
    game_play(
        game_id=game.pk,
        user=seat.user,
        action={"type": "draw_tickets"},
        expected_version=game.version,
    )
    game.refresh_from_db()
    return game, users


@pytest.mark.slow  # plays a game far in: CI runs it, `make test-fast` does not
def test_a_game_in_play_exports_only_what_its_player_may_see():
    game, users = game_in_play()
    state = state_of(game)
    for user in users:
        client = Client()
        client.force_login(user)
        raw = client.get(f"/games/{game.pk}/export/").content.decode()
        document = json.loads(raw)
        me = game.seats.get(user=user).player_id
        assert document["viewer"] == me
        assert "scenario" not in document and "seed" not in raw
        assert str(game.seed) not in raw
        assert json.dumps(list(state.deck[:8])) not in json.dumps(document)
        others = [p for p in state.players if p != me]
        for other in others:
            assert "hand" not in document["view"]["players"][other]
            i = state.players.index(other)
            for ticket in (*state.tickets[i], *state.offered[i]):
                assert f'"{ticket}"' not in raw, f"{user}: another player's ticket {ticket}"
        for move in document["moves"]:
            if move["player"] != me:
                assert set(move["action"]) == {"type"}
        mine = engine.player_view(state, me)["players"][me]
        assert document["view"]["players"][me]["hand"] == mine["hand"]  # the test can fail
        assert all(f'"{t}"' in raw for t in mine["tickets"])

    # A spectator may watch the public game but not download it while it is played.
    client = Client()
    client.force_login(make_users("eve")[0])
    assert client.get(f"/games/{game.pk}/").status_code == 200
    response = client.get(f"/games/{game.pk}/export/")
    assert response.status_code == 403
    assert b"Only its players can download a game in play." in response.content
    assert Client().get(f"/api/v1/games/{game.pk}/export/").status_code == 403
