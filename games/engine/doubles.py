"""Double routes, the one home of their rule: with 2 or 3 players only one track of a
double route is used; with 4 or 5 both are, but never both by the same player.

Counted on the game's seats: a forfeit does not reopen a closed twin.
"""

from __future__ import annotations

FEW_PLAYERS = 3  # up to this many seats, a claimed track closes its twin to everyone


def tracks_shared(players_count: int) -> bool:
    """Whether both tracks of a double route can be claimed in a game of this many seats."""
    return players_count > FEW_PLAYERS


def twin_closes(twin_owner: str | None, player: str | None, shared: bool) -> bool:
    """Whether the claim of a route's twin by `twin_owner` (None: the twin is free) closes
    the route to `player` (None: to anyone but the twin's owner)."""
    return twin_owner is not None and (not shared or twin_owner == player)
