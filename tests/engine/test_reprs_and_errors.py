"""Errors and reprs as python-chess has them: a refusal is a ValueError, each public function
says what it raises, and a value's repr is the expression that makes it again
(`eval(repr(x)) == x` in the engine's namespace), checked over positions of random games."""

from __future__ import annotations

import copy
import pickle

import pytest
from engine_helpers import refused

import games.engine as engine
from games.engine import (
    DrawCard,
    IllegalMove,
    MalformedAction,
    PositionNotWritable,
    ScenarioError,
    action_from_dict,
    apply,
    forfeit,
    new_game,
)


def rebuilt(value):
    """The value its repr makes, evaluated where a user of the engine writes it."""
    return eval(repr(value), {name: getattr(engine, name) for name in engine.__all__})


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
