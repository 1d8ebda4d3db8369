"""The final ranking: totals first, then the map's tie-break steps; ties share a place."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .enums import TieBreak


def rank(
    players: Sequence[str],
    results: Mapping[str, Mapping[str, Any]],
    tie_breaks: Sequence[TieBreak],
    stations_built: Mapping[str, int] | None,
    forfeited: Collection[str] = (),
) -> list[list[str]]:
    """Places, best first, each a list of players sharing it. `results` holds each
    player's "total", "completed" and "longest_bonus".

    After the total, each of `tie_breaks` in turn (`Map.tie_breaks`: USA most completed
    tickets, then the longest-path bonus; Europe most completed tickets, fewest stations
    built, then the bonus). Forfeited players all share the last place.
    """

    def step(tie_break: TieBreak, player: str) -> int:
        result = results[player]
        if tie_break is TieBreak.MOST_COMPLETED_TICKETS:
            return len(result["completed"])
        if tie_break is TieBreak.FEWEST_STATIONS_BUILT:
            return -stations_built[player] if stations_built is not None else 0
        return int(result["longest_bonus"])

    keys = {p: (results[p]["total"], *(step(t, p) for t in tie_breaks)) for p in players}
    key = keys.__getitem__

    gone = set(forfeited)
    active = sorted((p for p in players if p not in gone), key=key, reverse=True)
    places: list[list[str]] = []
    previous = None
    for player in active:
        current = key(player)
        if current == previous:
            places[-1].append(player)
        else:
            places.append([player])
            previous = current
    out = [p for p in players if p in gone]
    if out:
        places.append(out)
    return places
