"""State JSON round-trip, replay from the seed, action parsing, illegal moves change nothing."""

import copy
import dataclasses
import json
import pickle
import random

import pytest
from engine_helpers import act, frozen_json

from games.engine import (
    ClaimRoute,
    DrawCard,
    IllegalMove,
    MalformedAction,
    State,
    action_from_dict,
    apply,
    legal_action_kinds,
    legal_options,
    new_game,
)
from games.engine.cards import full_box, shuffled


def random_run(map_id, players, seed, steps=400):
    """(player, action) pairs of a random legal game, and every state along the way."""
    rng = random.Random(seed)
    state = new_game(map_id, players, seed)
    states, moves = [state], []
    for _ in range(steps):
        if state.phase == "game_over":
            break
        player = next(p for p in players if legal_action_kinds(state, p))
        kind = rng.choice(legal_action_kinds(state, player))
        action = rng.choice(legal_options(state, player, kind))
        state, _ = apply(state, player, action)
        states.append(state)
        moves.append((player, action))
    return states, moves


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_state_json_round_trip_is_lossless(map_id):
    states, _ = random_run(map_id, ["ann", "bob", "cy"], seed=11)
    for state in states[::7]:
        text = json.dumps(state.to_dict(), sort_keys=True)
        again = State.from_dict(json.loads(text))
        assert again == state
        assert json.dumps(again.to_dict(), sort_keys=True) == text


def test_a_state_pickles_and_copies_whole_and_stays_frozen():
    states, _ = random_run("europe", ["ann", "bob", "cy"], seed=12)
    for state in states[::9]:
        for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
            assert again == state
            assert again.to_dict() == state.to_dict()
    with pytest.raises(dataclasses.FrozenInstanceError):
        states[-1].current = 0


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_same_actions_on_the_same_seed_replay_exactly(map_id):
    players = ["ann", "bob", "cy", "dee"]
    states, moves = random_run(map_id, players, seed=21, steps=10_000)
    assert states[-1].phase == "game_over"
    replayed = new_game(map_id, players, 21)
    for player, action in moves:
        replayed, _ = apply(replayed, player, action_from_dict(action.to_dict()))
    assert frozen_json(replayed) == frozen_json(states[-1])


def test_different_seeds_deal_differently_and_no_global_random_is_used():
    random.seed(1)
    a = new_game("usa", ["ann", "bob"], seed=1)
    random.seed(2)
    b = new_game("usa", ["ann", "bob"], seed=1)
    c = new_game("usa", ["ann", "bob"], seed=2)
    assert a == b and a != c


def test_illegal_action_leaves_the_state_unchanged_and_apply_never_mutates():
    state = new_game("usa", ["ann", "bob"], seed=3)
    before = frozen_json(state)
    with pytest.raises(IllegalMove):
        act(state, "ann", {"type": "draw_card", "from": "deck"})
    act(state, "ann", {"type": "keep_tickets", "tickets": list(state.offered[0])})
    assert frozen_json(state) == before


def test_action_round_trip():
    for data in [
        {"type": "draw_card", "from": "deck"},
        {"type": "draw_card", "from": "face_up", "color": "red"},
        {"type": "claim_route", "route": "denver-omaha", "cards": {"blue": 3, "locomotive": 1}},
        {"type": "draw_tickets"},
        {"type": "keep_tickets", "tickets": ["denver-el_paso"]},
        {"type": "build_station", "city": "wien", "cards": {"red": 1}},
        {"type": "pay_tunnel", "cards": {"red": 1}},
        {"type": "decline_tunnel"},
        {"type": "pass"},
    ]:
        assert action_from_dict(data).to_dict() == data
    assert action_from_dict({"type": "draw_card", "from": "deck"}) == DrawCard("deck")
    assert action_from_dict(
        {"type": "claim_route", "route": "x", "cards": {"locomotive": 1, "blue": 3}}
    ) == ClaimRoute("x", (("blue", 3), ("locomotive", 1)))


@pytest.mark.parametrize(
    "data,words",
    [
        ({"type": "fly"}, "unknown action type"),
        ("draw_card", "JSON object"),
        ({"type": "claim_route", "cards": {"red": 1}}, "'route'"),
        ({"type": "claim_route", "route": "a-b", "cards": {"pink": 1}}, "not a card colour"),
        ({"type": "claim_route", "route": "a-b", "cards": {"red": -1}}, "negative"),
        ({"type": "claim_route", "route": "a-b", "cards": {"red": 1.5}}, "whole number"),
        ({"type": "claim_route", "route": "a-b"}, "cards"),
        ({"type": "draw_card"}, "'from'"),
        ({"type": "draw_card", "from": "sky"}, "'deck' or 'face_up'"),
        ({"type": "draw_card", "from": "face_up", "color": "gold"}, "not a card colour"),
        ({"type": "keep_tickets", "tickets": "boston-miami"}, "wrong type"),
        ({"type": "keep_tickets", "tickets": [1]}, "ticket ids"),
    ],
)
def test_malformed_action_dicts_are_refused_clearly(data, words):
    with pytest.raises(MalformedAction) as info:
        action_from_dict(data)
    assert info.value.code == "malformed_action"
    assert words in info.value.message
    assert isinstance(info.value, ValueError) and isinstance(info.value, IllegalMove)


def test_new_game_refuses_bad_arguments():
    with pytest.raises(ValueError):
        new_game("mars", ["a", "b"], 1)
    with pytest.raises(ValueError):
        new_game("usa", ["a"], 1)
    with pytest.raises(ValueError):
        new_game("usa", ["a", "a"], 1)
    with pytest.raises(ValueError):
        new_game("usa", list("abcdef"), 1)


def test_the_nth_shuffle_of_a_game_is_the_documented_random_permutation():
    # README: the n-th shuffle uses random.Random(f"{seed}:{n}"); stored games replay by it.
    for seed in (0, 7, 123456789):
        for n in range(4):
            for cards in (full_box(), full_box()[:46], ["red"], []):
                expected = list(cards)
                random.Random(f"{seed}:{n}").shuffle(expected)
                assert shuffled(cards, seed, n) == tuple(expected)
