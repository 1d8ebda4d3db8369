"""A route becomes a player's: trains down, points up, the claim recorded."""

from __future__ import annotations

from ..board import RouteInfo
from ..cards import Cards
from ..enums import EventType
from .draft import Draft

_ROUTE_CLAIMED = EventType.ROUTE_CLAIMED  # a global is read faster than the enum member


def complete_claim(d: Draft, seat: int, route: RouteInfo, cards: Cards) -> None:
    """The route is the player's: trains down, points up (cards already paid)."""
    player = d.players[seat]
    d.claims = d.claims.plus(route.id, player)
    trains = list(d.trains)  # replaced(), written out: once per claim
    trains[seat] -= route.length
    d.trains = tuple(trains)
    scores = list(d.scores)
    scores[seat] += route.points
    d.scores = tuple(scores)
    d.events.append(
        {
            "type": _ROUTE_CLAIMED,
            "player": player,
            "route": route.id,
            "length": route.length,
            "points": route.points,
            "cards": dict(cards),
        }
    )


def card_list(cards: Cards) -> tuple[str, ...]:
    """The paid cards one by one, e.g. (("red", 2),) -> ("red", "red")."""
    out: tuple[str, ...] = ()
    for kind, n in cards:
        out += (kind,) * n
    return out
