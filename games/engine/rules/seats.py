"""Who may act at all: the checks every action and a forfeit share."""

from __future__ import annotations

from ..errors import IllegalMove
from ..state import State


def active_seat(state: State, player: str) -> int:
    """The seat of `player` if the game goes on and they are still in it."""
    if state.phase == "game_over":
        raise IllegalMove("game_over", "The game is over.")
    try:
        seat = state.players.index(player)
    except ValueError:
        raise IllegalMove("unknown_player", f"{player!r} is not playing this game.") from None
    if state.forfeited[seat]:
        raise IllegalMove("player_forfeited", "You have left this game.")
    return seat
