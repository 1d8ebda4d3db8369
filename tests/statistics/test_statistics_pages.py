"""The score sheet and the API show each player's statistics; the API lists the claims."""

import random
import re
from unittest import mock

import pytest
from django.test import Client
from game_steps import make_users, play_to_the_end, started_game, state_of

from games import engine
from games.models import Claim, Move

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished_game():
    users = make_users("ann", "bob")
    game = started_game(users, map_id="usa", seed=21)
    with mock.patch("games.services.finish.record_game_ratings"):
        play_to_the_end(game, random.Random(21))
    game.refresh_from_db()
    return game, users


def expected_statistics(game):
    state = state_of(game)
    events = [m.events for m in Move.objects.filter(game=game).order_by("number")]
    final = engine.player_view(state, None)["final"]
    return engine.game_statistics(game.map_id, list(state.players), events, final)


def cells(html: str, label: str) -> list[str]:
    row = re.search(rf"<th scope=\"row\">{re.escape(label)}</th>(.*?)</tr>", html, re.S)
    assert row, f"no row {label!r} on the score sheet"
    return re.findall(r"<td>(.*?)</td>", row.group(1))


@pytest.mark.slow  # a whole game or more: CI runs it, `make test-fast` does not
def test_the_score_sheet_and_the_api_show_every_players_figures(finished_game):
    game, (ann, _bob) = finished_game
    client = Client()
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "Statistics" in html
    stats = expected_statistics(game)
    final = engine.player_view(state_of(game), None)["final"]
    order = [pid for group in final["ranking"] for pid in group]
    assert cells(html, "Turns") == [str(stats[p]["turns"]) for p in order]
    assert cells(html, "Train cards face up / blind") == [
        f"{stats[p]['cards_face_up']} / {stats[p]['cards_blind']}" for p in order
    ]
    assert cells(html, "Total") == [str(stats[p]["points"]["total"]) for p in order]
    assert cells(html, "Total") == [str(final["players"][p]["total"]) for p in order]
    assert "Stations built" not in html  # USA has none
    assert all(s["turns"] > 10 and s["routes"] > 0 for s in stats.values())

    # The API gives the same figures, and the claims, to anyone who may see the game.
    answer = Client().get(f"/api/v1/games/{game.pk}/statistics/")  # public game, anonymous
    assert answer.status_code == 200
    body = answer.json()
    assert [entry["player"] for entry in body] == list(stats)
    for entry in body:
        figures = stats[entry["player"]]
        assert entry["turns"] == figures["turns"]
        assert entry["points"] == figures["points"]
        assert entry["routes_by_length"] == {
            str(k): v for k, v in figures["routes_by_length"].items()
        }

    claims = Client().get(f"/api/v1/games/{game.pk}/claims/").json()
    assert {c["route"]: c["player"] for c in claims} == dict(state_of(game).claims)
    assert len(claims) == Claim.objects.filter(game=game).count()
    assert [c["move"] for c in claims] == sorted(c["move"] for c in claims)


def test_a_private_game_keeps_its_statistics_from_strangers():
    users = make_users("ann", "bob")
    game = started_game(users, map_id="usa", seed=2, is_private=True)
    assert Client().get(f"/api/v1/games/{game.pk}/statistics/").status_code == 404
    assert Client().get(f"/api/v1/games/{game.pk}/claims/").status_code == 404
    client = Client()
    client.force_login(users[1])
    body = client.get(f"/api/v1/games/{game.pk}/statistics/").json()
    assert [entry["turns"] for entry in body] == [0, 0]
    assert all(entry["points"] is None for entry in body)
