"""Every event says which turn it happened in, and the state counts the turns.

The opening (everyone keeps tickets at once) is turn 1; from then on a turn is one player's
whole turn (two card draws, a tunnel and its payment, tickets drawn and kept are each one),
and each turn_passed starts the next. Checked over random seeded games, forfeits included.
"""

from __future__ import annotations

import json
import random

from engine_helpers import act, draw, position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    State,
    apply,
    forfeit,
    legal_action_kinds,
    legal_options,
    new_game,
    player_view,
)


def _acting(state: State) -> str:
    return next(p for p in state.players if legal_action_kinds(state, p))


def played(map_id: str, n_players: int, seed: int, forfeit_chance: float):
    """A random legal game to its end: (state before, player, events, state after) per step."""
    rng = random.Random(seed)
    state = new_game(map_id, [f"p{i}" for i in range(n_players)], seed)
    steps = []
    while state.phase != "game_over":
        player = _acting(state)
        if rng.random() < forfeit_chance:
            after, events = forfeit(state, player)
        else:
            kind = rng.choice(legal_action_kinds(state, player))
            after, events = apply(state, player, rng.choice(legal_options(state, player, kind)))
        steps.append((state, player, events, after))
        state = after
        assert len(steps) < 5000
    return steps


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["usa", "europe"]),
    st.integers(min_value=2, max_value=5),
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from([0.0, 0.02]),
)
def test_every_event_has_its_turn_and_turns_go_up_by_one(map_id, n_players, seed, chance):
    steps = played(map_id, n_players, seed, chance)
    assert steps[0][0].turn == 1  # the deal: the opening is turn 1
    numbers = []
    for before, _player, events, after in steps:
        assert events and all(type(e["turn"]) is int and e["turn"] == before.turn for e in events)
        passed = [e["player"] for e in events if e["type"] == "turn_passed"]
        assert after.turn == before.turn + len(passed) and len(passed) <= 1
        assert player_view(after, None)["turn"] == after.turn
        assert State.from_dict(json.loads(json.dumps(after.to_dict()))).turn == after.turn
        if passed:  # the new turn is the named player's
            assert after.players[after.current] == passed[0]
        numbers.append(events[0]["turn"])
        if before.phase == "initial_tickets":
            assert before.turn == 1
    # No turn skipped, none gone back to: one more with each turn_passed.
    assert all(b - a in (0, 1) for a, b in zip(numbers, numbers[1:], strict=False))
    assert numbers[-1] == steps[-1][3].turn
    # A turn of play is one player's: only forfeits come from anyone else.
    for turn in set(numbers) - {1}:
        movers = {
            player
            for before, player, events, _ in steps
            if before.turn == turn and events[0]["type"] != "player_forfeited"
        }
        assert len(movers) <= 1, (turn, movers)


def test_two_card_draws_are_one_turn_and_the_next_player_starts_the_next():
    state = position(face_up=["red", "blue", "green", "white", "black"])
    state, first = act(state, "ann", draw())
    assert state.turn == 1 and [e["turn"] for e in first] == [1]
    state, second = act(state, "ann", draw())
    assert [e["type"] for e in second] == ["card_drawn", "turn_passed"]
    assert [e["turn"] for e in second] == [1, 1] and state.turn == 2
    state, third = act(state, "bob", draw())
    assert third[0]["turn"] == 2


def test_a_state_stored_before_turn_numbers_loads_as_turn_one():
    state = position(face_up=["red", "blue", "green", "white", "black"])
    state, _ = act(state, "ann", draw())
    state, _ = act(state, "ann", draw())
    stored = state.to_dict()
    assert stored["turn"] == 2
    del stored["turn"]
    old = State.from_dict(stored)
    assert old.turn == 1 and old.current_player == "bob"
    _, events = act(old, "bob", draw())
    assert events[0]["turn"] == 1
