"""Profiles count a player's claims, tickets, colours and scores over finished games; heat
maps draw the Claim rows; a private game counts only in its players' view."""

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from game_steps import make_users, position_game

from games.models import Claim, Game, GameStatus
from games.selectors.player_statistics import player_statistics
from games.services.play import game_play
from games.svg.heat_map import SCALE, UNCLAIMED, buckets

pytestmark = pytest.mark.django_db

KNOWN = Path(__file__).resolve().parents[1] / "scenarios" / "statistics_known_europe_game.json"


def known_game_played_on_the_site(ann, bob, *, private=False):
    """The known Europe game: the upload holds its setup, every action is played as a move."""
    data = json.loads(KNOWN.read_text())
    actions = data.pop("actions")
    data.pop("expect")
    game = position_game(ann, data, [ann, bob])
    if not private:
        Game.objects.filter(pk=game.pk).update(is_private=False)
    users = {"ann": ann, "bob": bob}
    for item in actions:
        game.refresh_from_db()
        action = {k: v for k, v in item.items() if k != "player"}
        game_play(
            game_id=game.pk,
            user=users[item["player"]],
            action=action,
            expected_version=game.version,
        )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    return game


def test_the_known_games_figures_on_ann_s_statistics_and_the_heat_maps():
    ann, bob = make_users("ann", "bob")
    game = known_game_played_on_the_site(ann, bob)
    assert Claim.objects.filter(game=game).count() == 4  # 3 routes and a station, by moves

    stats = player_statistics(user=ann, viewer=None)
    assert stats.routes == [("Europe", "Frankfurt – München", 1), ("Europe", "München – Zürich", 1)]
    assert stats.cities[0] == ("Europe", "München", 2)  # both of ann's routes end there
    assert ("Europe", "Wien", 1) in stats.cities  # the station
    # cards paid: yellow 2 + yellow 1 + locomotive 1 (tunnel), red 1 (station), purple 2
    assert stats.colours == [("yellow", 3), ("purple", 2), ("locomotive", 1)]
    assert [(t.name, t.completed, t.attempts, t.rate) for t in stats.tickets] == [
        ("Zürich – Budapest", 1, 1, 100),  # most attempted first, then most completed
        ("Frankfurt – Smolensk", 0, 1, 0),
    ]
    assert stats.averages == [{"map": "Europe", "players": 2, "games": 1, "average": 19.0}]
    assert stats.route_counts == {"europe": {"munchen-zurich": 1, "frankfurt-munchen": 1}}

    html = Client().get("/u/ann/").content.decode()
    assert "Most claimed routes" in html and "Frankfurt – München" in html
    assert "Zürich – Budapest" in html and "100%" in html and "19.0" in html
    assert html.count('class="ttrh"') == 1  # one heat map: ann played Europe only
    assert "<title>München – Zürich: 1 claim</title>" in html
    assert "<title>Budapest – Wien: 0 claims</title>" in html  # bob's, not ann's

    body = Client().get("/api/v1/users/ann/statistics/").json()
    assert body["averages"] == [{"map": "Europe", "players": 2, "games": 1, "average": 19.0}]
    assert body["colors"][0] == {"color": "yellow", "cards": 3}
    assert body["route_counts"] == {"europe": {"munchen-zurich": 1, "frankfurt-munchen": 1}}

    board = Client().get("/boards/europe/").content.decode()
    assert "Claims of 1 finished game." in board
    assert "<title>Budapest – Wien: 1 claim</title>" in board  # bob's route counts here
    assert "Times claimed" in board  # the legend
    assert Client().get("/boards/mars/").status_code == 404


def test_a_private_game_counts_only_in_its_players_view():
    ann, bob = make_users("ann", "bob")
    eve = make_users("eve")[0]
    known_game_played_on_the_site(ann, bob, private=True)
    assert player_statistics(user=ann, viewer=eve).empty
    assert not player_statistics(user=ann, viewer=ann).empty
    assert not player_statistics(user=ann, viewer=bob).empty  # bob sat at it too
    stranger = Client()
    stranger.force_login(eve)
    assert "Frankfurt – München" not in stranger.get("/u/ann/").content.decode()
    assert "Claims of 0 finished games." in stranger.get("/boards/europe/").content.decode()
    assert stranger.get("/api/v1/users/ann/statistics/").json()["route_counts"] == {}
    own = Client()
    own.force_login(ann)
    assert "Frankfurt – München" in own.get("/u/ann/").content.decode()


def test_the_legend_splits_the_counts_into_at_most_five_colours():
    assert buckets(0) == []
    assert buckets(1) == [(1, 1)]
    assert buckets(3) == [(1, 1), (2, 2), (3, 3)]
    assert buckets(10) == [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]
    assert len(SCALE) == 5 and UNCLAIMED not in SCALE
    ranges = buckets(12)
    assert ranges[0][0] == 1 and ranges[-1][1] == 12
    assert all(b[0] == a[1] + 1 for a, b in zip(ranges, ranges[1:], strict=False))
    assert re.fullmatch(r"#[0-9a-f]{6}", SCALE[0])
