"""Who must act now, and who may act at all: the one answer every caller asks.

In the opening every player still holding an offer chooses, side by side; in play only
the current player acts; once the game is over nobody does. Forfeited players never act.
"""

from __future__ import annotations

from .actions import Action, KeepTickets
from .enums import Phase
from .errors import IllegalMove
from .state import State


def acting_seat(state: State, player: str) -> int | None:
    """The seat of `player` if they must act now, else None.

    apply, legal_action_kinds and legal_options write out its first case (play: the
    current player), which runs for every action, and call it for the others."""
    phase = state.phase
    if phase == Phase.PLAY:  # the usual case: only the current player acts
        seat = state.current
        return seat if state.players[seat] == player and not state.forfeited[seat] else None
    if phase != Phase.INITIAL_TICKETS:
        return None
    try:
        seat = state.players.index(player)
    except ValueError:
        return None
    return seat if state.offered[seat] and not state.forfeited[seat] else None


def players_to_act(state: State) -> tuple[str, ...]:
    """Everyone who must act now, in seat order (boardgame.io's `activePlayers`)."""
    if state.phase == Phase.PLAY:
        return () if state.forfeited[state.current] else (state.players[state.current],)
    if state.phase == Phase.INITIAL_TICKETS:
        return tuple(
            p
            for p, offer, out in zip(state.players, state.offered, state.forfeited, strict=True)
            if offer and not out
        )
    return ()


def must_act(state: State, player: str) -> bool:
    """Whether `player` is one of `players_to_act(state)`."""
    return acting_seat(state, player) is not None


def active_seat(state: State, player: str) -> int:
    """The seat of `player` if the game goes on and they are still in it (may forfeit).

    Raises IllegalMove `game_over`, `unknown_player` or `player_forfeited` otherwise.
    """
    if state.phase == Phase.GAME_OVER:
        raise IllegalMove("game_over", "The game is over.")
    try:
        seat = state.players.index(player)
    except ValueError:
        raise IllegalMove(
            "unknown_player", f"{player!r} is not playing this game.", player=repr(player)
        ) from None
    if state.forfeited[seat]:
        raise IllegalMove("player_forfeited", "You have left this game.")
    return seat


def not_acting(state: State, player: str, action: Action) -> IllegalMove:
    """Why `player`, who is not to act now (acting_seat is None), may not take `action`."""
    active_seat(state, player)  # raises if the game is over or they are out of it
    if state.phase == Phase.INITIAL_TICKETS:
        if type(action) is not KeepTickets:
            return IllegalMove(
                "tickets_pending",
                "Everyone first chooses which destination tickets to keep.",
                variant="opening",
            )
        return IllegalMove(
            "nothing_to_keep", "You have already chosen your tickets.", variant="already_chosen"
        )
    return IllegalMove("not_your_turn", "It is not your turn.")
