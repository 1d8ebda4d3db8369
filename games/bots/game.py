"""Play a whole game between bots (the arena's and the tests' loop)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import Phase, State, apply, new_game, players_to_act

from .base import Bot, bot_rng, seat_for


@dataclass
class GameRecord:
    state: State
    actions: int
    # per player: seconds of each decision by the caller's clock (bots never read one)
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)


def play_game(
    map_id: str,
    players: Sequence[str],
    bots: Sequence[Bot],
    seed: int,
    max_actions: int = 5000,
    clock: Callable[[], float] | None = None,
) -> GameRecord:
    """Play `bots` (one per seat, in seat order) from a new game of `seed` to its end.

    `clock` (the arena's CPU clock) times each decision into `decision_seconds`.
    Raises RuntimeError if the game has not ended after `max_actions` actions (a bot that
    loops), and lets the engine's IllegalMove through (a bot that breaks a rule)."""
    state = new_game(map_id, list(players), seed)
    by_player = dict(zip(players, bots, strict=True))
    history: list[dict[str, Any]] = []
    times: dict[str, list[float]] = {p: [] for p in players}
    actions = 0
    while state.phase != Phase.GAME_OVER:
        if actions >= max_actions:
            raise RuntimeError(f"game {seed} did not end in {max_actions} actions")
        player = players_to_act(state)[0]
        seat = seat_for(state, player, tuple(history), bot_rng(str(seed), player, actions))
        start = clock() if clock else 0.0
        action = by_player[player].decide(seat)
        if clock:
            times[player].append(clock() - start)
        state, events = apply(state, player, action)
        history.extend(events)
        actions += 1
    return GameRecord(state, actions, times)
