"""What a bot is given: its seat's view, the public history and the legal moves. Nothing else.

A bot is an object with `name` and `decide(seat) -> Action`. `Seat` is built by `seat_for`
from the game's state, but holds only what that seat may know: `player_view` of the seat,
the public events so far, and the legal moves (which depend only on the seat's own hand,
the table and the piles' sizes). Its `rng` is seeded from a string that names the game, the
seat and the move number, so a bot game replays exactly, and a bot cannot read the deck
order from it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, overload

from games.engine import (
    Action,
    ActionType,
    BuildStation,
    ClaimRoute,
    DrawCard,
    KeepTickets,
    PayTunnel,
    State,
    legal_action_kinds,
    legal_options,
    player_view,
)


@dataclass(frozen=True)
class Seat:
    """Everything a bot may use for one decision."""

    view: Any  # PlayerView of the seat
    history: Sequence[dict[str, Any]]  # public events of the game so far, oldest first
    kinds: tuple[ActionType, ...]  # the action types legal now
    legal: Callable[[ActionType], Sequence[Action]]  # kind -> the legal actions of that kind
    rng: random.Random

    @property
    def me(self) -> str:
        return str(self.view["viewer"])

    # The legal actions of one kind are actions of that kind's class.
    @overload
    def options(self, kind: Literal[ActionType.DRAW_CARD]) -> Sequence[DrawCard]: ...
    @overload
    def options(self, kind: Literal[ActionType.CLAIM_ROUTE]) -> Sequence[ClaimRoute]: ...
    @overload
    def options(self, kind: Literal[ActionType.BUILD_STATION]) -> Sequence[BuildStation]: ...
    @overload
    def options(self, kind: Literal[ActionType.KEEP_TICKETS]) -> Sequence[KeepTickets]: ...
    @overload
    def options(self, kind: Literal[ActionType.PAY_TUNNEL]) -> Sequence[PayTunnel]: ...
    @overload
    def options(self, kind: ActionType) -> Sequence[Action]: ...
    def options(self, kind: ActionType) -> Sequence[Any]:
        """The legal actions of one kind (a function of what the seat sees)."""
        if kind not in self.kinds:
            return ()
        return self.legal(kind)


class Bot(Protocol):
    name: str

    def decide(self, seat: Seat) -> Action: ...


def bot_rng(game_key: str, player: str, move: int) -> random.Random:
    """The generator of one decision: from the game's key, the seat and the move number.

    A string seed is hashed (SHA-512) by random.Random, so the deck's shuffle seed cannot be
    recovered from it even when `game_key` is derived from the game's own seed."""
    return random.Random(f"bot:{game_key}:{player}:{move}")


def seat_for(
    state: State, player: str, history: Sequence[dict[str, Any]], rng: random.Random
) -> Seat:
    return Seat(
        view=player_view(state, player, detail=False),
        history=history,
        kinds=legal_action_kinds(state, player),
        legal=lambda kind: legal_options(state, player, kind),
        rng=rng,
    )
