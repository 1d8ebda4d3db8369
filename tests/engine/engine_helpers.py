"""Small helpers for engine tests: positions from scenario setups, actions from dicts."""

from __future__ import annotations

import json

import pytest

from games.engine import IllegalMove, State, action_from_dict, apply, load_scenario
from games.engine.cards import TOTAL_TRAIN_CARDS


def position(map_id: str = "usa", players=("ann", "bob"), seed: int = 1, **setup) -> State:
    """A state set up exactly as a scenario's `setup` (phase "play" unless given)."""
    state, _ = load_scenario(
        {"map": map_id, "players": list(players), "seed": seed, "setup": setup}
    )
    return state


def act(state: State, player: str, action: dict) -> tuple[State, list[dict]]:
    return apply(state, player, action_from_dict(action))


def frozen_json(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def refused(state: State, player: str, action: dict, code: str) -> IllegalMove:
    """Assert the action is refused with `code` and leaves the state byte-for-byte equal."""
    before = frozen_json(state)
    with pytest.raises(IllegalMove) as info:
        act(state, player, action)
    assert info.value.code == code, info.value.message
    assert frozen_json(state) == before
    return info.value


def card_total(state: State) -> int:
    """Every train card that exists somewhere: piles, hands, a pending tunnel's cards."""
    total = len(state.deck) + len(state.discard) + len(state.face_up)
    total += sum(sum(hand) for hand in state.hands)
    pending = state.pending
    if pending is not None and pending.kind == "tunnel":
        total += sum(pending.laid) + len(pending.revealed)
    return total


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


DECK = "deck"
BOX_TOTAL = TOTAL_TRAIN_CARDS


def draw(color: str | None = None) -> dict:
    if color is None:
        return {"type": "draw_card", "from": "deck"}
    return {"type": "draw_card", "from": "face_up", "color": color}


def claim(route: str, **cards: int) -> dict:
    return {"type": "claim_route", "route": route, "cards": cards}
