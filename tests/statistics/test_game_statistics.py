"""End-of-game statistics of a known game equal the figures counted by hand from its file."""

import json
from pathlib import Path

from games.engine import game_statistics, run_scenario

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "statistics_known_europe_game.json"


def known_game():
    data = json.loads(SCENARIO.read_text())
    output = run_scenario(data)
    moves = [result["events"] for result in output["results"]]
    return data, moves, output["state"]["final"]


def test_the_known_game_counted_by_hand():
    data, moves, final = known_game()
    stats = game_statistics(data["map"], data["players"], moves, final)

    # ann: tunnel paid (2 extra), tickets (3 drawn, 1 kept), station in Wien,
    # Frankfurt-München, two blind cards in the last round: five turns.
    assert stats["ann"] == {
        "turns": 5,
        "cards_face_up": 0,
        "cards_blind": 2,
        "locomotives_face_up": 0,
        "tickets_drawn": 3,
        "tickets_kept": 1,
        "tickets_completed": 1,  # Zürich-Budapest, through the station's borrowed route
        "tickets_failed": 1,  # Frankfurt-Smolensk
        "routes": 2,  # the setup's München-Wien was not claimed in the game
        "routes_by_length": {2: 2},
        "trains_used": 4,
        "tunnels_paid": 1,
        "tunnel_extra_cards": 2,
        "tunnels_declined": 0,
        "stations": 1,
        "longest_path": 5,  # Frankfurt-München-Wien
        "points": {
            "routes": 8,
            "tickets_completed": 6,
            "tickets_failed": -13,
            "stations": 8,
            "longest_bonus": 10,
            "total": 19,
        },
    }
    # bob: a face-up locomotive (a whole turn), one blind and one face-up red, a declined
    # tunnel, Budapest-Wien, two blind cards: five turns.
    assert stats["bob"] == {
        "turns": 5,
        "cards_face_up": 2,
        "cards_blind": 3,
        "locomotives_face_up": 1,
        "tickets_drawn": 0,
        "tickets_kept": 0,
        "tickets_completed": 0,
        "tickets_failed": 0,
        "routes": 1,
        "routes_by_length": {1: 1},
        "trains_used": 1,
        "tunnels_paid": 0,
        "tunnel_extra_cards": 0,
        "tunnels_declined": 1,
        "stations": 0,
        "longest_path": 1,
        "points": {
            "routes": 1,
            "tickets_completed": 0,
            "tickets_failed": 0,
            "stations": 12,
            "longest_bonus": 0,
            "total": 13,
        },
    }


def test_points_per_source_add_up_to_the_total_and_nothing_is_final_before_the_end():
    data, moves, final = known_game()
    for s in game_statistics(data["map"], data["players"], moves, final).values():
        points = dict(s["points"])
        assert sum(v for k, v in points.items() if k != "total") == points["total"]
    during = game_statistics(data["map"], data["players"], moves[:8], None)
    assert during["ann"]["points"] is None and during["ann"]["longest_path"] is None
    assert during["ann"]["turns"] == 3 and during["bob"]["turns"] == 2


def test_the_opening_choice_is_not_a_turn_but_its_tickets_are_counted():
    output = run_scenario(
        {
            "map": "usa",
            "players": ["ann", "bob"],
            "seed": 3,
            "setup": {
                "phase": "initial_tickets",
                "offered": {
                    "ann": ["boston-miami", "dallas-new_york", "denver-el_paso"],
                    "bob": ["calgary-phoenix", "chicago-new_orleans", "duluth-houston"],
                },
            },
            "actions": [
                {
                    "player": "bob",
                    "type": "keep_tickets",
                    "tickets": ["duluth-houston", "calgary-phoenix"],
                },
                {
                    "player": "ann",
                    "type": "keep_tickets",
                    "tickets": ["boston-miami", "denver-el_paso"],
                },
                {"player": "ann", "type": "draw_card", "from": "deck"},
                {"player": "ann", "type": "draw_card", "from": "deck"},
            ],
        }
    )
    assert all(r["ok"] for r in output["results"]), output["results"]
    moves = [r["events"] for r in output["results"]]
    stats = game_statistics("usa", ["ann", "bob"], moves, None)
    assert (stats["ann"]["turns"], stats["ann"]["tickets_drawn"], stats["ann"]["tickets_kept"]) == (
        1,
        3,
        2,
    )
    assert (stats["bob"]["turns"], stats["bob"]["tickets_drawn"], stats["bob"]["tickets_kept"]) == (
        0,
        3,
        2,
    )
