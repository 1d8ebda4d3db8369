"""The final ranking: totals first, then each map's tie-breaks; ties share a place."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence


def rank(
    players: Sequence[str],
    results: Mapping[str, Mapping],
    stations_built: Mapping[str, int] | None,
    forfeited: Collection[str] = (),
) -> list[list[str]]:
    """Places, best first, each a list of players sharing it.

    USA: total, then most completed tickets, then the longest-path bonus.
    Europe (`stations_built` given): total, most completed tickets, fewest
    stations built, then the bonus. Forfeited players all share the last place.
    """

    def key(player: str) -> tuple[int, ...]:
        result = results[player]
        fewer_stations = -stations_built[player] if stations_built is not None else 0
        return (
            result["total"],
            len(result["completed"]),
            fewer_stations,
            result["longest_bonus"],
        )

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
