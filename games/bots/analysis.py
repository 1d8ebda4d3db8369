"""Analysis of a decision after the game: the Strong bot's choice and the final points of
the move played against it, estimated from the deciding seat's own view only.

At a decision (the first action of a turn, with a real choice), the Strong bot decides from
the seat as it was (`Seat`: its `player_view`, the public events, its legal moves). Then
`rollouts` worlds are sampled from that view alone (`strong.sample_world`: the others' hands
and tickets, the piles, all drawn from what the seat could not see), and in each the move
played and the bot's choice are played out to the end of the game by the plan policy. The
estimate is the mean final score of the seat over those worlds, with their spread (the
standard deviation) and the standard error of the difference (both moves meet the same
worlds, so their difference is sharper than either). Nothing here reads the true hidden
state: the caller builds the `Seat` with `seat_for`, which holds only what the seat knows.

A move is described here by its public part only (`public_move`): the route claimed, the
city of a station, the face-up colour taken, a blind draw, new tickets. The cards a claim
would pay with, and so the hand, never appear.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import (
    Action,
    BuildStation,
    ClaimRoute,
    DrawCard,
    IllegalMove,
    Phase,
    State,
    apply,
    play,
)
from games.engine.scenario_loader import Forfeit

from .base import Seat, bot_rng, seat_for
from .heuristic import Planner
from .strong import Strong, player_value, sample_world

# A rollout longer than this many actions is cut off and its position valued instead.
ROLLOUT_ACTION_LIMIT = 1500
# A difference counts as sure when it is this many standard errors away from nothing.
SURE_ERRORS = 2.0


def is_decision(seat: Seat) -> bool:
    """Whether the seat is at the first action of a turn of play with a real choice (the
    decisions the Strong bot searches; a second card, a tunnel or a ticket keep are not)."""
    view = seat.view
    return view["phase"] == Phase.PLAY and view["pending"] is None and len(seat.kinds) >= 2


def public_move(action: Action) -> dict[str, Any]:
    """What anyone may know of a move once it is played: its kind and its public target."""
    kind = action.type
    out: dict[str, Any] = {"type": str(kind)}
    if isinstance(action, ClaimRoute):
        out["route"] = action.route
    elif isinstance(action, BuildStation):
        out["city"] = action.city
    elif isinstance(action, DrawCard):
        out["source"] = action.source
        if action.source == "face_up":
            out["color"] = action.color
    return out


@dataclass(frozen=True)
class Estimate:
    mean: float
    spread: float  # standard deviation over the rollouts
    rollouts: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean": round(self.mean, 1),
            "spread": round(self.spread, 1),
            "rollouts": self.rollouts,
        }


def _estimate(values: list[float]) -> Estimate:
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return Estimate(statistics.fmean(values), spread, len(values))


def play_out(world: State, player: str, action: Action, rng: random.Random) -> dict[str, float]:
    """Every player's final score after `player` plays `action` in `world` and everyone then
    follows the plan policy to the end (a position's value if it runs too long)."""
    state, _events = apply(world, player, action)
    policy = Planner()
    steps = 0
    while state.phase != Phase.GAME_OVER and steps < ROLLOUT_ACTION_LIMIT:
        mover = state.players[state.current]
        state, _events = apply(state, mover, policy.decide(seat_for(state, mover, (), rng)))
        steps += 1
    if state.final is not None:
        return {p: float(state.final.players[p].total) for p in state.players}
    return {p: player_value(state, p) for p in state.players}


def analyse_decision(
    seat: Seat, played: Action, *, bot_budget: int, rollouts: int, rng: random.Random
) -> dict[str, Any]:
    """The Strong bot's choice at `seat` and the estimated final points of the move played
    and of that choice, from `rollouts` worlds sampled from the seat's view."""
    choice = Strong(budget=bot_budget).decide(seat)
    same = public_move(choice) == public_move(played)
    me = seat.me
    played_scores: list[dict[str, float]] = []
    choice_points: list[float] = []
    for _ in range(max(1, rollouts)):
        world = sample_world(seat.view, seat.history, rng)
        seed = rng.getrandbits(32)
        try:
            after_played = play_out(world, me, played, random.Random(seed))
            after_choice = (
                after_played if same else play_out(world, me, choice, random.Random(seed))
            )
        except IllegalMove:
            continue  # a world where the move does not fit (it should not happen): left out
        played_scores.append(after_played)
        choice_points.append(after_choice[me])
    if not played_scores:
        raise ValueError("no rollout could play the move")
    mine = [s[me] for s in played_scores]
    differences = [c - p for c, p in zip(choice_points, mine, strict=True)]
    gain = _estimate(differences)
    error = gain.spread / math.sqrt(gain.rollouts) if gain.rollouts > 1 else math.inf
    return {
        "player": me,
        "played": public_move(played),
        "choice": public_move(choice),
        "same": same,
        "played_points": _estimate(mine).to_dict(),
        "choice_points": _estimate(choice_points).to_dict(),
        # the bot's choice less the move played: above 0, the move played cost points
        "gain": round(gain.mean, 1),
        "gain_error": round(error, 1) if math.isfinite(error) else None,
        "sure": not same and math.isfinite(error) and abs(gain.mean) > SURE_ERRORS * error,
        # every player's expected final score after the move played, as this seat sees it
        "scores": {
            p: round(statistics.fmean(s[p] for s in played_scores), 1) for p in played_scores[0]
        },
    }


def key_moments(
    decisions: Sequence[Mapping[str, Any]], *, least: float = 3.0, most: int = 8
) -> list[int]:
    """The indexes of the decisions worth a look: the largest differences between the move
    played and the bot's choice (at least `least` points), at most `most`, in game order."""
    worth = [i for i, d in enumerate(decisions) if not d["same"] and abs(d["gain"]) >= least]
    worth.sort(key=lambda i: -abs(decisions[i]["gain"]))
    return sorted(worth[:most])


def game_decisions(
    start: State, moves: Sequence[tuple[str, Action | Forfeit]], game_key: str
) -> Iterator[tuple[int, Seat, Action]]:
    """(index of the move, the seat as it was, the action played) of every decision in a
    game replayed from `start` through `moves` ((player, action) pairs, engine.FORFEIT for a
    player leaving). Each `Seat` is built from the state then by `seat_for`: its own view."""
    state = start
    history: list[dict[str, Any]] = []
    for index, (player, action) in enumerate(moves):
        if not isinstance(action, Forfeit) and player == state.current_player:
            seat = seat_for(state, player, tuple(history), bot_rng(game_key, player, index))
            if is_decision(seat):
                yield index, seat, action
        state, events = play(state, player, action)
        history.extend(events)
