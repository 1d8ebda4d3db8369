"""Errors and reprs as python-chess has them: a refusal is a ValueError, each public function
says what it raises, and a value's repr is the expression that makes it again
(`eval(repr(x)) == x` in the engine's namespace), checked over positions of random games."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from engine_helpers import refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games.engine as engine
from games.engine import (
    FORFEIT,
    MAPS,
    ClaimRoute,
    DrawCard,
    IllegalMove,
    MalformedAction,
    PositionNotWritable,
    ScenarioError,
    State,
    action_from_dict,
    apply,
    forfeit,
    get_map,
    legal_action_kinds,
    legal_actions,
    legal_options,
    load_scenario,
    new_game,
    play,
    player_view,
    players_to_act,
    position_setup,
    run_scenario,
)


def rebuilt(value):
    """The value its repr makes, evaluated where a user of the engine writes it."""
    return eval(repr(value), {name: getattr(engine, name) for name in engine.__all__})


def random_game(map_id: str, n_players: int, seed: int):
    """(state, player, action, events, refusals) at each step of a random legal game, with a
    forfeit now and then; `refusals` are the IllegalMoves of a few actions the rules forbid."""
    rng = random.Random(seed)
    state = new_game(map_id, [f"p{i}" for i in range(n_players)], seed)
    while state.phase != "game_over":
        player = players_to_act(state)[0]
        if rng.random() < 0.003:
            state, events = forfeit(state, player)
            yield state, player, FORFEIT, events, []
            continue
        refusals = []
        for who, wrong in (
            (player, ClaimRoute(rng.choice(sorted(get_map(map_id).routes)), (("red", 9),))),
            (player, DrawCard("face_up", "not-a-colour")),
            (next(p for p in state.players if p != player), DrawCard("deck")),
        ):
            try:
                apply(state, who, wrong)
            except IllegalMove as refusal:
                refusals.append(refusal)
        kind = rng.choice(legal_action_kinds(state, player))
        action = rng.choice(legal_options(state, player, kind))
        state, events = apply(state, player, action)
        yield state, player, action, events, refusals


def same_refusal(again: IllegalMove, refusal: IllegalMove) -> None:
    # Exceptions compare by identity: the rebuilt one says the same thing in every part.
    assert type(again) is type(refusal)
    assert (again.code, again.message, again.variant, again.params) == (
        refusal.code,
        refusal.message,
        refusal.variant,
        refusal.params,
    )
    assert str(again) == str(refusal) and repr(again) == repr(refusal)


# --- refusals are ValueErrors ---


def test_an_illegal_move_is_a_value_error_with_its_code():
    state = new_game("usa", ["ann", "bob"], 1)
    with pytest.raises(ValueError) as info:
        apply(state, "cat", DrawCard("deck"))
    assert isinstance(info.value, IllegalMove) and info.value.code == "unknown_player"
    kept = refused(state, "ann", {"type": "draw_card", "from": "deck"}, "tickets_pending")
    assert isinstance(kept, ValueError)
    over, _ = forfeit(state, "ann")
    with pytest.raises(ValueError) as info:
        forfeit(over, "bob")
    assert info.value.code == "game_over"


# Each public function that raises, made to raise: the docstring names what it raised.
OPENING = new_game("usa", ["ann", "bob"], 1)
FAILING_CALLS = {
    "apply": lambda: apply(OPENING, "ann", DrawCard("deck")),
    "forfeit": lambda: forfeit(OPENING, "cat"),
    "play": lambda: play(OPENING, "cat", FORFEIT),
    "action_from_dict": lambda: action_from_dict({"type": "fly"}),
    "new_game": lambda: new_game("mars", ["ann", "bob"], 1),
    "from_dict": lambda: State.from_dict({"map": "usa"}),
    "load_scenario": lambda: load_scenario({"map": "mars"}),
    "run_scenario": lambda: run_scenario([]),
    "position_setup": lambda: position_setup(forfeit(OPENING, "ann")[0]),
    "get_map": lambda: get_map("mars"),
}


@pytest.mark.parametrize("name", sorted(FAILING_CALLS))
def test_each_public_function_says_in_its_docstring_what_it_raises(name):
    function = State.from_dict if name == "from_dict" else getattr(engine, name)
    with pytest.raises(Exception) as info:
        FAILING_CALLS[name]()
    assert f"Raises {type(info.value).__name__}" in " ".join(function.__doc__.split())
    # Every one of them is a ValueError but the map lookup's KeyError.
    assert isinstance(info.value, KeyError if name == "get_map" else ValueError)


def test_the_errors_of_the_engine_are_value_errors():
    for error in (IllegalMove, MalformedAction, ScenarioError, PositionNotWritable):
        assert issubclass(error, ValueError)


# --- reprs that round-trip ---


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"type": "fly"},
        {"type": "draw_card", "from": "face_up", "color": "gold"},
        {"type": "claim_route", "route": "a-b", "cards": {"red": -1}},
        {"type": "keep_tickets"},
    ],
)
def test_a_malformed_actions_repr_is_the_call_that_makes_it(data):
    with pytest.raises(MalformedAction) as info:
        action_from_dict(data)
    refusal = info.value
    assert repr(refusal).startswith(f"MalformedAction({refusal.message!r}, variant=")
    same_refusal(rebuilt(refusal), refusal)
    same_refusal(pickle.loads(pickle.dumps(refusal)), refusal)
    same_refusal(copy.deepcopy(refusal), refusal)


def test_a_refusals_repr_names_its_code_message_variant_and_params():
    state = new_game("usa", ["ann", "bob"], 1)
    refusal = refused(state, "ann", {"type": "draw_card", "from": "deck"}, "tickets_pending")
    assert repr(refusal) == (
        "IllegalMove('tickets_pending', "
        "'Everyone first chooses which destination tickets to keep.', variant='opening')"
    )
    with pytest.raises(IllegalMove) as info:
        apply(state, "cat", DrawCard("deck"))
    assert repr(info.value) == (
        "IllegalMove('unknown_player', \"'cat' is not playing this game.\", player=\"'cat'\")"
    )


def test_the_boards_and_what_they_hold_round_trip():
    for map_id in MAPS:
        board = get_map(map_id)
        assert repr(board) == f"get_map({map_id!r})"
        assert rebuilt(board) is board
        for values in (board.cities, board.routes, board.tickets):
            for value in values.values():
                assert rebuilt(value) == value
        assert rebuilt(board.tie_breaks) == board.tie_breaks
    assert rebuilt(FORFEIT) is FORFEIT


games = st.tuples(
    st.sampled_from(MAPS), st.integers(min_value=2, max_value=5), st.integers(0, 2**32)
)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_position_action_event_and_refusal_of_a_random_game_round_trips(game):
    map_id, n_players, seed = game
    for steps, (state, player, action, events, refusals) in enumerate(
        random_game(map_id, n_players, seed), 1
    ):
        again = rebuilt(state)
        assert again == state and repr(again) == repr(state)
        if steps % 10 == 0:  # the rebuilt state plays on as the original does
            for p in players_to_act(state):
                assert legal_actions(again, p) == legal_actions(state, p)
        assert rebuilt(action) == action if action is not FORFEIT else rebuilt(action) is action
        assert rebuilt(events) == events
        assert rebuilt(player_view(state, player)) == player_view(state, player)
        for refusal in refusals:
            same_refusal(rebuilt(refusal), refusal)
            same_refusal(pickle.loads(pickle.dumps(refusal)), refusal)
    assert state.final is not None and rebuilt(state.final) == state.final
    assert rebuilt(player_view(state, None)) == player_view(state, None)
