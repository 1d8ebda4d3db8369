"""The view tells its viewer what they may do now and where their tickets go, and says
exactly what the legal-move generator says: in random games on both maps (every phase,
second cards, ticket choices, tunnels, the end), for every seat and a spectator."""

from __future__ import annotations

import random

import pytest
from engine_helpers import position

from games.engine import (
    ActionType,
    PendingKind,
    Phase,
    apply,
    legal_action_kinds,
    legal_actions,
    new_game,
    player_view,
    players_to_act,
    table_draws,
)


def what_the_generator_says(state, player) -> dict | None:
    """The choices worked out from legal_actions by hand, as the table once did."""
    actions = [a.to_dict() for a in legal_actions(state, player)]
    if not actions:
        return None
    by_type: dict[str, list[dict]] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    claims: dict[str, list[dict]] = {}
    for claim in by_type.get(ActionType.CLAIM_ROUTE, []):
        ways = claims.setdefault(claim["route"], [])
        if claim["cards"] not in ways:
            ways.append(claim["cards"])
    draws = by_type.get(ActionType.DRAW_CARD)
    stations = by_type.get(ActionType.BUILD_STATION)
    keeps = by_type.get(ActionType.KEEP_TICKETS)
    station_ways: list[dict] = []
    for station in stations or []:
        if station["cards"] not in station_ways:
            station_ways.append(station["cards"])
    return {
        "kinds": list(legal_action_kinds(state, player)),
        "draw": draws
        and {
            "deck": any(d["from"] == "deck" for d in draws),
            "face_up": [d["color"] for d in draws if d["from"] == "face_up"],
        }
        or None,
        "claims": claims,
        "station": stations
        and {
            "cost": sum(stations[0]["cards"].values()),
            "cities": list(dict.fromkeys(s["city"] for s in stations)),
            "payments": station_ways,
        }
        or None,
        "keep": keeps
        and {
            "tickets": max((k["tickets"] for k in keeps), key=len),
            "at_least": min(len(k["tickets"]) for k in keeps),
        }
        or None,
        "tunnel_payments": [a["cards"] for a in by_type.get(ActionType.PAY_TUNNEL, [])],
    }


def situations(map_id: str, seed: int):
    """Positions of one random game, a pending tunnel and a ticket choice among them."""
    rng = random.Random(seed)
    state = new_game(map_id, ["ann", "bob", "cy"], seed)
    while state.phase != Phase.GAME_OVER:
        yield state
        player = rng.choice(players_to_act(state))
        actions = legal_actions(state, player)
        # Claims and stations first now and then, so the board fills and tunnels come up.
        building = [a for a in actions if a.type in (ActionType.CLAIM_ROUTE, "build_station")]
        action = rng.choice(building if building and rng.random() < 0.4 else actions)
        state, _ = apply(state, player, action)
    yield state


@pytest.mark.parametrize(("map_id", "seed"), [("usa", 1), ("usa", 2), ("europe", 1)])
def test_each_viewer_is_told_the_choices_the_generator_allows_and_nobody_else_is(map_id, seed):
    seen = set()
    for state in situations(map_id, seed):
        spectator = player_view(state, None)
        assert spectator["to_act"] == list(players_to_act(state))
        assert all("choices" not in entry for entry in spectator["players"].values())
        for player in state.players:
            view = player_view(state, player)
            mine = view["players"][player]
            assert mine["choices"] == what_the_generator_says(state, player)
            for other, entry in view["players"].items():
                if other != player:
                    assert not {"choices", "ticket_paths", "ticket_missing"} & set(entry)
            if mine["choices"]:
                seen |= set(mine["choices"]["kinds"])
                if state.pending is not None:
                    seen.add(state.pending.kind)
    assert {ActionType.CLAIM_ROUTE, ActionType.KEEP_TICKETS, PendingKind.SECOND_CARD} <= seen
    if map_id == "europe":
        assert {ActionType.BUILD_STATION, ActionType.PAY_TUNNEL} <= seen


@pytest.mark.parametrize(("map_id", "seed"), [("usa", 1), ("europe", 1)])
def test_the_table_shows_everyone_the_cards_the_player_to_move_may_draw(map_id, seed):
    """What the face-up row offers is public: read from a spectator's view, the same as the
    mover's own choices, as a first card and as a second (no locomotive from the row)."""
    second_cards = 0
    for state in situations(map_id, seed):
        spectator = player_view(state, None)
        mover = state.players[state.current]
        choices = player_view(state, mover)["players"][mover]["choices"]
        told = table_draws(spectator)
        assert told == (choices["draw"] if state.phase == Phase.PLAY and choices else None)
        for player in state.players:
            assert table_draws(player_view(state, player)) == told
        if state.pending is not None and state.pending.kind == PendingKind.SECOND_CARD:
            second_cards += 1
            assert "locomotive" not in told["face_up"]
    assert second_cards > 0


def test_each_kept_or_offered_ticket_comes_with_the_path_of_the_viewers_routes():
    claims = {
        "el_paso-santa_fe": "ann",
        "denver-santa_fe": "ann",
        "denver-helena": "ann",
        "denver-omaha": "bob",
    }
    state = position(
        claims=claims,
        tickets={"ann": ["denver-el_paso", "seattle-new_york"], "bob": ["duluth-houston"]},
        offered={"ann": ["helena-los_angeles", "calgary-phoenix"]},
    )
    mine = player_view(state, "ann")["players"]["ann"]
    assert mine["ticket_paths"] == {
        "denver-el_paso": ["denver-santa_fe", "el_paso-santa_fe"],
        "seattle-new_york": [],
        "helena-los_angeles": [],
        "calgary-phoenix": [],
    }
    assert mine["ticket_progress"] == {"denver-el_paso": True, "seattle-new_york": False}
    # Not joined yet: the open routes still to claim on the way of fewest trains, over ann's
    # own Helena - Denver (free); Denver - Omaha is bob's, so the way goes by Kansas City.
    assert mine["ticket_missing"]["seattle-new_york"] == [
        "helena-seattle",
        "denver-kansas_city-1",
        "kansas_city-saint_louis-1",
        "pittsburgh-saint_louis",
        "new_york-pittsburgh-1",
    ]
    assert set(mine["ticket_missing"]) == {
        "seattle-new_york",
        "helena-los_angeles",
        "calgary-phoenix",
    }
    assert mine["choices"]["keep"] == {
        "tickets": ["helena-los_angeles", "calgary-phoenix"],
        "at_least": 1,
    }
    assert mine["choices"]["kinds"] == [ActionType.KEEP_TICKETS]
    assert player_view(state, "bob")["players"]["bob"]["choices"] is None
    assert player_view(state, "bob")["players"]["bob"]["ticket_paths"] == {"duluth-houston": []}


DETAIL = ("choices", "ticket_paths", "ticket_missing")


def test_a_bot_reads_the_view_without_the_tables_detail():
    state = new_game("usa", ["ann", "bob"], 3)
    lean = player_view(state, "ann", detail=False)
    full = player_view(state, "ann")
    assert {k: v for k, v in full["players"]["ann"].items() if k not in DETAIL}
    assert lean["players"]["ann"] == {
        k: v for k, v in full["players"]["ann"].items() if k not in DETAIL
    }
