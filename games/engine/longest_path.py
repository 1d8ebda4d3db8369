"""The longest continuous path: the longest trail on a player's own routes.

A trail may pass through a city many times but uses each route at most once;
its length is the sum of the route lengths. Finding it is NP-hard in general,
so the search is kept small:

- each connected group of routes is searched on its own;
- a group with at most two odd-degree cities has an Euler trail: all of it;
- otherwise every longest trail runs from an odd city to another odd city
  (a trail that ends anywhere else can still be extended), so chains of
  two-route cities are merged into single edges and a depth-first search over
  edges starts only at odd cities, remembers every (city, used edges) state it
  has expanded, and stops as soon as it reaches a proven upper bound.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# (route id, city a, city b, length)
Edge = tuple[str, str, str, int]


def longest_trail(edges: Iterable[Edge]) -> tuple[int, list[str]]:
    """Length of the longest trail and its route ids in travel order ((0, []) without routes)."""
    best_length, best_ids = 0, []
    for group in _connected_groups(list(edges)):
        length, ids = _group_trail(group)
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
    adjacency: dict[str, list[tuple[int, str]]] = {}
    for index, (_, a, b, _) in enumerate(edges):
        adjacency.setdefault(a, []).append((index, b))
        adjacency.setdefault(b, []).append((index, a))
    odd = [city for city, around in adjacency.items() if len(around) % 2]
    if len(odd) <= 2:
        start = odd[0] if odd else edges[0][1]
        order = _euler_trail(adjacency, start, len(edges))
        return sum(edge[3] for edge in edges), [edges[i][0] for i in order]
    return _search(edges, adjacency, odd)


def _euler_trail(adjacency: dict[str, list[tuple[int, str]]], start: str, count: int) -> list[int]:
    """Hierholzer's algorithm: edge indices of a trail using every edge once."""
    remaining = {city: list(around) for city, around in adjacency.items()}
    used = [False] * count
    stack: list[tuple[str, int]] = [(start, -1)]
    trail: list[int] = []
    while stack:
        city, arrived_by = stack[-1]
        around = remaining[city]
        while around and used[around[-1][0]]:
            around.pop()
        if around:
            index, other = around.pop()
            used[index] = True
            stack.append((other, index))
        else:
            stack.pop()
            if arrived_by >= 0:
                trail.append(arrived_by)
    trail.reverse()
    return trail


def _search(
    edges: list[Edge], adjacency: dict[str, list[tuple[int, str]]], odd: list[str]
) -> tuple[int, list[str]]:
    chains = _merge_chains(edges, adjacency)
    junctions = sorted({c for chain in chains for c in (chain[0], chain[1])})
    number = {city: i for i, city in enumerate(junctions)}
    # per junction: (bit of the chain, junction at the other end, chain length, chain index)
    around: list[list[tuple[int, int, int, int]]] = [[] for _ in junctions]
    for i, (a, b, length, _) in enumerate(chains):
        around[number[a]].append((1 << i, number[b], length, i))
        if a != b:
            around[number[b]].append((1 << i, number[a], length, i))

    # Every odd city but the two ends keeps an unused chain, and a chain serves at most
    # two of them: at least (odd/2 - 1) chains stay unused.
    lengths = sorted(chain[2] for chain in chains)
    bound = sum(lengths) - sum(lengths[: len(odd) // 2 - 1])

    count = len(junctions)
    expanded: set[int] = set()
    best: list = [0, []]  # length, [(chain index, forwards)]
    path: list[tuple[int, bool]] = []

    def extend(city: int, used: int, length: int) -> bool:
        """Depth-first search; True once the bound is reached."""
        if length > best[0]:
            best[0], best[1] = length, list(path)
            if length == bound:
                return True
        for bit, other, chain_length, index in around[city]:
            if used & bit:
                continue
            state = (used | bit) * count + other
            if state in expanded:
                continue
            expanded.add(state)
            path.append((index, chains[index][0] == junctions[city]))
            if extend(other, used | bit, length + chain_length):
                return True
            path.pop()
        return False

    for city in sorted(odd):
        if extend(number[city], 0, 0):
            break

    ids: list[str] = []
    for index, forwards in best[1]:
        route_ids = chains[index][3]
        ids.extend(route_ids if forwards else reversed(route_ids))
    return best[0], ids


def _merge_chains(
    edges: Sequence[Edge], adjacency: dict[str, list[tuple[int, str]]]
) -> list[tuple[str, str, int, list[str]]]:
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
