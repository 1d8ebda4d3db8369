"""Why a player cannot claim a route now, in the rules' own words.

The rules refuse a claim for its route (taken, a closed twin, too few trains) before its
payment, so the claim is tried with the payment a player would first think of: the
route's colour, or for a gray route the colour they hold most of. Nothing is changed.
"""

from __future__ import annotations

from .actions import ClaimRoute
from .cards import hand_to_dict
from .errors import IllegalMove
from .maps import LOCOMOTIVE, get_map
from .rules import apply
from .state import State


def claim_refusal(state: State, player: str, route_id: str) -> IllegalMove | None:
    """The refusal of a claim of `route_id` by `player` now; None if it would be taken."""
    route = get_map(state.map_id).routes.get(route_id)
    if route is None or player not in state.players:
        return None
    hand = hand_to_dict(state.hands[state.players.index(player)])
    held = {kind: n for kind, n in hand.items() if kind != LOCOMOTIVE}
    colour = (
        route.color
        if route.color != "gray"
        else max(held, key=lambda kind: held[kind], default="red")
    )
    try:
        apply(state, player, ClaimRoute(route_id, ((colour, route.length),)))
    except IllegalMove as refusal:
        return refusal
    return None
