"""The boards match the counts of data/SOURCES.md; the engine is pure Python (no Django)."""

import ast
from collections import Counter
from pathlib import Path

import pytest

from games.engine import get_map

ENGINE = Path(__file__).resolve().parents[2] / "games" / "engine"

FACTS = {
    "usa": dict(
        cities=36,
        tracks=100,
        connections=78,
        doubles=22,
        tunnels=0,
        tunnel_connections=0,
        ferries=0,
        ferry_connections=0,
        locomotives=0,
        length_sum=309,
        by_length={1: 9, 2: 36, 3: 20, 4: 16, 5: 10, 6: 9},
        tickets=30,
        long_tickets=0,
        ticket_points=349,
    ),
    "europe": dict(
        cities=47,
        tracks=101,
        connections=90,
        doubles=11,
        tunnels=18,
        tunnel_connections=17,
        ferries=13,
        ferry_connections=11,
        locomotives=17,
        length_sum=300,
        by_length={1: 4, 2: 35, 3: 30, 4: 29, 6: 2, 8: 1},
        tickets=46,
        long_tickets=6,
        ticket_points=444,
    ),
}


@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_map_counts_match_sources(map_id):
    facts = FACTS[map_id]
    game_map = get_map(map_id)
    routes = list(game_map.routes.values())
    pairs = {(r.a, r.b) for r in routes}
    assert len(game_map.cities) == facts["cities"]
    assert len(routes) == facts["tracks"]
    assert len(pairs) == facts["connections"]
    assert sum(1 for r in routes if r.double_of) == 2 * facts["doubles"]
    assert sum(1 for r in routes if r.tunnel) == facts["tunnels"]
    assert len({(r.a, r.b) for r in routes if r.tunnel}) == facts["tunnel_connections"]
    assert sum(1 for r in routes if r.locomotives) == facts["ferries"]
    assert len({(r.a, r.b) for r in routes if r.locomotives}) == facts["ferry_connections"]
    assert sum(r.locomotives for r in routes) == facts["locomotives"]
    assert all(r.color == "gray" for r in routes if r.locomotives)
    assert sum(r.length for r in routes) == facts["length_sum"]
    assert dict(Counter(r.length for r in routes)) == facts["by_length"]
    assert len(game_map.tickets) == facts["tickets"]
    assert sum(1 for t in game_map.tickets.values() if t.long) == facts["long_tickets"]
    assert sum(t.points for t in game_map.tickets.values()) == facts["ticket_points"]
    for route in routes:
        if route.double_of:
            assert game_map.routes[route.double_of].double_of == route.id


def test_no_module_of_the_engine_imports_django():
    offenders = []
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 10
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            if any(n == "django" or n.startswith("django.") for n in names):
                offenders.append(str(path.relative_to(ENGINE)))
    assert offenders == []


def test_no_module_of_the_engine_reads_the_clock_or_global_random():
    for path in sorted(ENGINE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id == "random" and node.attr != "Random":
                    raise AssertionError(f"{path.name} uses random.{node.attr}")
                if node.value.id in ("time", "datetime"):
                    raise AssertionError(f"{path.name} reads the clock")
