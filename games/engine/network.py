"""A player's network at the end of the game: their routes' connected groups, found once
and shared by ticket scoring and the longest path."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .maps import Route

# (route id, city a, city b, length)
Edge = tuple[str, str, str, int]


class Network:
    """The player's routes as edges (in route id order), each city's group label (a city of
    the group; a city off the network is its own group) and the groups' edges, in the
    order of each group's first edge."""

    __slots__ = ("edges", "group_of", "groups")

    def __init__(self, routes: Mapping[str, Route], route_ids: Iterable[str]) -> None:
        edges = []
        group_of: dict[str, str] = {}
        members: dict[str, list[str]] = {}  # group label -> its cities
        for route_id in sorted(route_ids):
            route = routes[route_id]
            a, b = route.a, route.b
            edges.append((route_id, a, b, route.length))
            ga, gb = group_of.get(a), group_of.get(b)
            if ga is None:
                if gb is None:
                    group_of[a] = group_of[b] = a
                    members[a] = [a, b]
                else:
                    group_of[a] = gb
                    members[gb].append(a)
            elif gb is None:
                group_of[b] = ga
                members[ga].append(b)
            elif ga != gb:  # two groups join: the smaller one takes the larger one's label
                small, large = (ga, gb) if len(members[ga]) < len(members[gb]) else (gb, ga)
                moved = members.pop(small)
                for city in moved:
                    group_of[city] = large
                members[large] += moved
        groups: dict[str, list[Edge]] = {}
        for edge in edges:
            label = group_of[edge[1]]
            if label in groups:
                groups[label].append(edge)
            else:
                groups[label] = [edge]
        self.edges = edges
        self.group_of = group_of
        self.groups = list(groups.values())

    def find(self, city: str) -> str:
        """The label of the city's group."""
        return self.group_of.get(city, city)
