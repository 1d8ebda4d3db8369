"""Which routes are still open, grouped for a fast search of what a hand can claim.

Routes are grouped by colour (all gray ones, ferries included, in one group) and, inside a
group, in buckets of the same length and ferry locomotives, shortest first: every route of
a bucket costs the same, so a hand's payment options are counted once per bucket. The index
is a tuple of the groups in colour order with the gray group last, so `index[route.color]`
works for every route (GRAY is -1). It is cached on each Claims object and derived from its
parent's index after one claim.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, cast

from .board import GRAY, Board, RouteInfo, board
from .cards import LOCO
from .doubles import twin_closes
from .state import Claims

GROUPS = (*range(LOCO), GRAY)

# A bucket: (length, ferry locomotives, routes, owners of their twins or None if no twin
# is taken). Routes closed to everyone (doubles.twin_closes) are left out; a route whose
# twin is taken but still open to others keeps the twin's owner, to whom it is closed.
Bucket = tuple[int, int, tuple[RouteInfo, ...], tuple[str | None, ...] | None]


def open_index(claims: Mapping[str, str], b: Board, shared_doubles: bool) -> tuple[Any, ...]:
    """The buckets of each group for these claims (cached on a Claims); `shared_doubles`
    is doubles.tracks_shared of the game's seats."""
    # The slots of a Claims (unset until derived or made by `plus`; a plain mapping has none).
    index: tuple[Any, ...] | None = getattr(claims, "open_index", None)
    if index is not None:
        return index
    parent: tuple[Claims, str, str] | None = getattr(claims, "parent", None)
    before = None if parent is None else getattr(parent[0], "open_index", None)
    if before is not None and parent is not None:
        _, route_id, player = parent
        index = _derive(before, b, b.routes[route_id], player, shared_doubles)
        cast(Claims, claims).parent = None  # derived: the parent need not be kept alive
    elif not claims:
        index = _empty_index(b.map.id, shared_doubles)
    else:
        index = _build(claims, b, shared_doubles)
    if isinstance(claims, Claims):
        claims.open_index = index
    return index


@cache
def _empty_index(map_id: str, shared_doubles: bool) -> tuple[Any, ...]:
    return _build({}, board(map_id), shared_doubles)


def _build(claims: Mapping[str, str], b: Board, shared_doubles: bool) -> tuple[Any, ...]:
    index = []
    for group in GROUPS:
        routes = sorted(
            (r for r in b.routes.values() if r.color == group),
            key=lambda r: (r.length, r.locomotives, r.id),
        )
        entries = []
        for route in routes:
            if route.id in claims:
                continue
            owner = claims.get(route.twin) if route.twin else None
            if twin_closes(owner, None, shared_doubles):
                continue  # closed to everyone
            entries.append((route, owner))
        index.append(_buckets(entries))
    return tuple(index)


def _buckets(entries: list[tuple[RouteInfo, str | None]]) -> tuple[Bucket, ...]:
    buckets: list[Bucket] = []
    start = 0
    while start < len(entries):
        first = entries[start][0]
        end = start
        while end < len(entries) and (entries[end][0].length, entries[end][0].locomotives) == (
            first.length,
            first.locomotives,
        ):
            end += 1
        part = entries[start:end]
        owners = tuple(owner for _, owner in part)
        buckets.append(
            (
                first.length,
                first.locomotives,
                tuple(route for route, _ in part),
                owners if any(owner is not None for owner in owners) else None,
            )
        )
        start = end
    return tuple(buckets)


def _derive(
    index: tuple[Any, ...], b: Board, route: RouteInfo, player: str, shared_doubles: bool
) -> tuple[Any, ...]:
    """The parent's index after `player` claimed `route`: only its bucket(s) change."""
    groups = list(index)
    _change(groups, route, None)
    if route.twin is not None:
        twin = b.routes[route.twin]
        # the twin stays open to others only if the claim does not close it to everyone
        _change(groups, twin, None if twin_closes(player, None, shared_doubles) else player)
    return tuple(groups)


def _change(index: list[Any], route: RouteInfo, owner: str | None) -> None:
    """Drop `route` from its bucket, or (with an owner) record who holds its twin."""
    group = index[route.color]
    for i, (length, locos, routes, owners) in enumerate(group):
        if length != route.length or locos != route.locomotives or route not in routes:
            continue
        k = routes.index(route)
        if owner is not None:
            new_owners = list(owners or (None,) * len(routes))
            new_owners[k] = owner
            bucket = (length, locos, routes, tuple(new_owners))
        else:
            routes = routes[:k] + routes[k + 1 :]
            if not routes:
                index[route.color] = group[:i] + group[i + 1 :]
                return
            if owners is not None:
                owners = owners[:k] + owners[k + 1 :]
                if all(o is None for o in owners):
                    owners = None
            bucket = (length, locos, routes, owners)
        index[route.color] = group[:i] + (bucket,) + group[i + 1 :]
        return
