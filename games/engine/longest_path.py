"""The longest continuous path: the longest trail on a player's own routes.

A trail may pass through a city many times but uses each route at most once;
its length is the sum of the route lengths. Finding it is NP-hard in general,
so the work is kept small:

- each connected group of routes is handled on its own;
- a group with at most two odd-degree cities has an Euler trail: all of it;
- otherwise a longest trail runs from an odd city to an odd city (a trail that
  ends anywhere else can still be extended), so it uses whole chains of
  routes between junction cities, and the chains it uses form a connected
  network with at most two odd cities. Two exact searches find that network;
  the one that suits the group's shape is used:
  * few loops (tree-like): walk every trail from the odd cities, depth first,
    never expanding the same (city, chains used) state twice;
  * many loops: after a short walk for a first trail, look for the lightest
    set of chains to leave out (branch and bound, pruned by each city's parity).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

# (route id, city a, city b, length)
Edge = tuple[str, str, str, int]
# (junction a, junction b, length, route ids from a to b)
Chain = tuple[str, str, int, list[str]]

# Walking suits networks with few independent loops and leaving out suits those with
# many: up to MOST_LOOPS_TO_WALK loops the walk runs to the end; beyond, it gets
# WALK_BUDGET states to find a good first trail, then the left-out search takes over.
# (Figures measured on random and hill-climbed 45-train networks of both maps.)
MOST_LOOPS_TO_WALK = 4
WALK_BUDGET = 200


def longest_trail(edges: Iterable[Edge]) -> tuple[int, list[str]]:
    """Length of the longest trail and its route ids in travel order ((0, []) without routes)."""
    return longest_trail_of_groups(_connected_groups(list(edges)))


def longest_trail_of_groups(edge_groups: list[list[Edge]]) -> tuple[int, list[str]]:
    """longest_trail, given the edges' connected groups (each group's edges in input order,
    the groups in the order of their first edge)."""
    best_length, best_ids = 0, []
    # Heaviest groups first: a group no heavier than the best trail so far cannot beat it.
    # (Most groups of a network are single routes.)
    weights = [
        group[0][3] if len(group) == 1 else sum([edge[3] for edge in group])
        for group in edge_groups
    ]
    for i in sorted(range(len(weights)), key=weights.__getitem__, reverse=True):
        weight = weights[i]
        if weight <= best_length:
            break
        group = edge_groups[i]
        length, ids = _group_trail(group) if len(group) > 1 else (weight, [group[0][0]])
        if length > best_length:
            best_length, best_ids = length, ids
    return best_length, best_ids


def _connected_groups(edges: list[Edge]) -> list[list[Edge]]:
    parent: dict[str, str] = {}

    def find(city: str) -> str:
        root = city
        while parent.setdefault(root, root) != root:
            root = parent[root]
        while parent[city] != root:
            parent[city], city = root, parent[city]
        return root

    for _, a, b, _ in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    groups: dict[str, list[Edge]] = {}
    for edge in edges:
        groups.setdefault(find(edge[1]), []).append(edge)
    return list(groups.values())


def _group_trail(edges: list[Edge]) -> tuple[int, list[str]]:
    adjacency = _adjacency([(a, b) for _, a, b, _ in edges])
    if sum([len(near) & 1 for near in adjacency.values()]) <= 2:
        # all of it: the chains are the routes, whose adjacency is already there
        chains = [(a, b, length, [route_id]) for route_id, a, b, length in edges]
        return sum(edge[3] for edge in edges), _euler_trail(chains, adjacency)
    chains = _merge_chains(edges, adjacency)
    loops = len(chains) - len({city for chain in chains for city in chain[:2]}) + 1
    budget = sys.maxsize if loops <= MOST_LOOPS_TO_WALK else WALK_BUDGET
    used, finished = _longest_walk(chains, budget)
    if not finished:
        used = _lightest_left_out(chains, used)
    chains = [chain for i, chain in enumerate(chains) if used >> i & 1]
    return sum(chain[2] for chain in chains), _euler_trail(chains)


def _adjacency(pairs: Iterable[tuple[str, str]]) -> dict[str, list[tuple[int, str]]]:
    """city -> [(edge index, city at the other end)]"""
    adjacency: dict[str, list[tuple[int, str]]] = {}
    for index, (a, b) in enumerate(pairs):
        if a in adjacency:  # (setdefault would make a list each time)
            adjacency[a].append((index, b))
        else:
            adjacency[a] = [(index, b)]
        if b in adjacency:
            adjacency[b].append((index, a))
        else:
            adjacency[b] = [(index, a)]
    return adjacency


def _euler_trail(
    chains: list[Chain], adjacency: dict[str, list[tuple[int, str]]] | None = None
) -> list[str]:
    """Route ids of a trail using every chain once (Hierholzer); the chains are connected
    and have at most two odd cities. `adjacency`: the chains' own, if already built (it
    is used up)."""
    if adjacency is None:
        adjacency = _adjacency((a, b) for a, b, _, _ in chains)
    odd = sorted(city for city, near in adjacency.items() if len(near) % 2)
    start = odd[0] if odd else chains[0][0]
    used = [False] * len(chains)
    stack: list[tuple[str, int]] = [(start, -1)]
    order: list[tuple[int, str]] = []  # (chain index, city it arrives at), last first
    while stack:
        city, arrived_by = stack[-1]
        near = adjacency[city]
        while near and used[near[-1][0]]:
            near.pop()
        if near:
            index, other = near.pop()
            used[index] = True
            stack.append((other, index))
        else:
            stack.pop()
            if arrived_by >= 0:
                order.append((arrived_by, city))
    ids: list[str] = []
    for index, arrival in reversed(order):
        _, b, _, route_ids = chains[index]
        ids.extend(route_ids if arrival == b else reversed(route_ids))
    return ids


def _longest_walk(chains: list[Chain], budget: int) -> tuple[int, bool]:
    """Bit mask of the chains of the longest trail found by walking every trail from the
    odd cities (each state expanded once), and whether the walk finished within
    `budget` states (then that trail is a longest one)."""
    junctions = sorted({city for chain in chains for city in chain[:2]})
    number = {city: i for i, city in enumerate(junctions)}
    around: list[list[tuple[int, int, int]]] = [[] for _ in junctions]
    for i, (a, b, length, _) in enumerate(chains):
        around[number[a]].append((1 << i, number[b], length))
        if a != b:
            around[number[b]].append((1 << i, number[a], length))
    degree = [0] * len(junctions)
    for a, b, _, _ in chains:
        degree[number[a]] += 1
        degree[number[b]] += 1
    odd = [i for i, d in enumerate(degree) if d % 2]

    # Every odd city but the two ends keeps an unused chain, and a chain serves at most
    # two of them: at least (odd/2 - 1) chains stay unused.
    lengths = sorted(chain[2] for chain in chains)
    bound = sum(lengths) - sum(lengths[: len(odd) // 2 - 1])
    count = len(junctions)
    expanded: set[int] = set()
    best = [0, 0]  # length, chains used

    def extend(city: int, used: int, length: int) -> bool:
        """True once the bound is reached."""
        if length > best[0]:
            best[0], best[1] = length, used
            if length == bound:
                return True
        for bit, other, chain_length in around[city]:
            if used & bit:
                continue
            state = (used | bit) * count + other
            if state in expanded:
                continue
            expanded.add(state)
            if len(expanded) > budget:
                raise _OverBudget
            if extend(other, used | bit, length + chain_length):
                return True
        return False

    try:
        for city in odd:
            if extend(city, 0, 0):
                break
    except _OverBudget:
        return best[1], False
    return best[1], True


class _OverBudget(Exception):
    pass


def _lightest_left_out(chains: list[Chain], known: int) -> int:
    """Bit mask of the chains of a longest trail: the heaviest connected network with at
    most two odd cities, found as the lightest set of chains to leave out (a branch and
    bound over the chains, one at a time). `known`: the chains of a trail already found."""
    # Number the cities in breadth-first order and decide the chains city by city,
    # so that each city's parity is settled early and can prune.
    near: dict[str, list[str]] = {}
    for a, b, _, _ in chains:
        near.setdefault(a, []).append(b)
        near.setdefault(b, []).append(a)
    order = [min(near)]
    seen = {order[0]}
    for city in order:
        for other in near[city]:
            if other not in seen:
                seen.add(other)
                order.append(other)
    position = {city: i for i, city in enumerate(order)}
    ends: list[list[int]] = sorted(
        (sorted((position[a], position[b]), reverse=True) + [length, i])
        for i, (a, b, length, _) in enumerate(chains)
    )
    count = len(ends)
    high = [e[0] for e in ends]
    low = [e[1] for e in ends]
    length = [e[2] for e in ends]
    original = [e[3] for e in ends]
    toggle = [0 if hi == lo else (1 << hi) | (1 << lo) for hi, lo in zip(high, low, strict=True)]
    # the cities whose last chain is decided at step t
    settled_mask = [0] * count
    last: dict[int, int] = {}
    for t in range(count):
        last[high[t]] = last[low[t]] = t
    for spot, t in last.items():
        settled_mask[t] |= 1 << spot
    touching = [0] * len(order)
    for t in range(count):
        touching[high[t]] |= 1 << t
        touching[low[t]] |= 1 << t
    everything = (1 << count) - 1
    parity = 0
    for bits in toggle:
        parity ^= bits

    # per step, per city: the shortest chain at that city not decided yet
    cheapest = [[0] * len(order) for _ in range(count + 1)]
    for t in range(count - 1, -1, -1):
        row = cheapest[t] = list(cheapest[t + 1])
        for spot in (high[t], low[t]):
            if not row[spot] or length[t] < row[spot]:
                row[spot] = length[t]
    known_weight = sum(chain[2] for i, chain in enumerate(chains) if not known >> i & 1)
    best: list[Any] = [known_weight, None]  # weight left out, mask in search order (None: `known`)

    def connected(kept: int) -> bool:
        first = (kept & -kept).bit_length() - 1
        reached, frontier, edges = 0, [high[first]], 0
        while frontier:
            city = frontier.pop()
            new = touching[city] & kept & ~edges
            edges |= new
            while new:
                bit = new & -new
                new ^= bit
                t = bit.bit_length() - 1
                for other in (high[t], low[t]):
                    if not reached >> other & 1:
                        reached |= 1 << other
                        frontier.append(other)
        return edges == kept

    def decide(t: int, removed: int, weight: int, odd: int, open_cities: int, ends: int) -> None:
        """`odd`: cities of odd degree if every undecided chain stays; `open_cities`: cities
        with undecided chains; `ends`: how many settled cities are odd (trail ends)."""
        if t == count:
            if removed != everything and connected(everything ^ removed):
                best[0], best[1] = weight, removed
            return
        still_open = open_cities & ~settled_mask[t]
        for remove in (False, True):
            if remove:
                new_weight = weight + length[t]
                if new_weight >= best[0]:
                    continue
                new_removed, new_odd = removed | 1 << t, odd ^ toggle[t]
            else:
                new_weight, new_removed, new_odd = weight, removed, odd
            new_ends = ends + (new_odd & settled_mask[t]).bit_count()
            if new_ends > 2:
                continue
            # Each odd open city that is not an end needs one more chain left out there,
            # and one chain serves at most two such cities.
            spare_ends = 2 - new_ends
            need = new_odd & still_open
            if need.bit_count() > spare_ends:
                row = cheapest[t + 1]
                costs = []
                while need:
                    bit = need & -need
                    need ^= bit
                    costs.append(row[bit.bit_length() - 1])
                costs.sort()
                if new_weight + (sum(costs[: len(costs) - spare_ends]) + 1) // 2 >= best[0]:
                    continue
            decide(t + 1, new_removed, new_weight, new_odd, still_open, new_ends)

    decide(0, 0, 0, parity, (1 << len(order)) - 1, 0)
    if best[1] is None:
        return known
    kept = 0
    for t in range(count):
        if not best[1] >> t & 1:
            kept |= 1 << original[t]
    return kept


def _merge_chains(edges: list[Edge], adjacency: dict[str, list[tuple[int, str]]]) -> list[Chain]:
    """Replace every run of routes through two-route cities by one edge (a, b, length, ids a→b).

    Only called when the group has odd cities, so every run ends at a junction
    (a city with other than two routes) on both sides.
    """
    junction = {city for city, near in adjacency.items() if len(near) != 2}
    taken = [False] * len(edges)
    chains = []
    for start in sorted(junction):
        for index, city in adjacency[start]:
            if taken[index]:
                continue
            taken[index] = True
            ids, length = [edges[index][0]], edges[index][3]
            previous = index
            while city not in junction:
                (e1, c1), (e2, c2) = adjacency[city]
                previous, city = (e2, c2) if e1 == previous else (e1, c1)
                taken[previous] = True
                ids.append(edges[previous][0])
                length += edges[previous][3]
            chains.append((start, city, length, ids))
    return chains
