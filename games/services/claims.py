"""Claim rows from a move's events: what the move built, without reading anything.

The one home of the rule "which events make a claim": the move service writes the rows
in the move's transaction and the rebuild command derives the same rows from the log.
"""

from typing import Any

from games.engine import EventType
from games.models import Claim, Move


def claims_from_events(*, game_id: int, map_id: str, move: Move) -> list[Claim]:
    """Unsaved Claim rows for the routes and stations the move's events record.

    Engine player ids are seat ids. A tunnel's claim takes the extra its reveal asked
    for (the `tunnel_paid` event, or 0 when `tunnel_revealed` asked none).
    """
    claims = []
    extra = {}  # route -> extra of this move's tunnel reveal / payment
    for event in move.events:
        event_type = event.get("type")
        if event_type in (EventType.TUNNEL_REVEALED, EventType.TUNNEL_PAID):
            extra[event["route"]] = event["extra"]
        elif event_type == EventType.ROUTE_CLAIMED:
            route = event["route"]
            claims.append(
                _claim(
                    game_id,
                    map_id,
                    move,
                    event,
                    route_id=route,
                    length=event["length"],
                    tunnel_extra=extra.get(route),
                )
            )
        elif event_type == EventType.STATION_BUILT:
            claims.append(_claim(game_id, map_id, move, event, city=event["city"]))
    return claims


def claims_record(*, game_id: int, map_id: str, move: Move) -> None:
    """Write the move's claims with one insert (none when it built nothing)."""
    claims = claims_from_events(game_id=game_id, map_id=map_id, move=move)
    if claims:
        Claim.objects.bulk_create(claims)


def _claim(
    game_id: int, map_id: str, move: Move, event: dict[str, Any], **place: str | int | None
) -> Claim:
    """The row of one claimed route or built station: what both kinds record alike."""
    return Claim(
        game_id=game_id,
        seat_id=int(event["player"]),
        move=move,
        map_id=map_id,
        cards=event["cards"],
        created_at=move.created_at,
        **place,
    )
