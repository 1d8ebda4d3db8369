"""The board's geometry as drawn: names never collide, tracks keep clear of other cities."""

from __future__ import annotations

import itertools
import math

import pytest
from svg_reading import NS, by_id, parse, tag
from svg_views import make_view

from games.svg import board_svg
from games.svg import layout as layout_module
from games.svg.layout import CITY_R, TRACK_H, boxes_overlap, label_box, layout_for, marker_box


def _drawn_cities(game_map):
    """From the SVG itself: each city's dot centre and its label's estimated box."""
    root = parse(board_svg(game_map, make_view(game_map)))
    cities = {}
    for cid in game_map.cities:
        group = by_id(root)[f"city-{cid}"]
        dot = group.find(f"{NS}circle")
        label = group.find(f"{NS}text")
        anchor = label.get("text-anchor") or "start"
        box = label_box(float(label.get("x")), float(label.get("y")), anchor, label.text)
        cities[cid] = ((float(dot.get("cx")), float(dot.get("cy"))), box)
    return cities


def test_no_two_city_names_overlap(game_map):
    cities = _drawn_cities(game_map)
    for (a, (_, box_a)), (b, (_, box_b)) in itertools.combinations(cities.items(), 2):
        assert not boxes_overlap(box_a, box_b), f"labels of {a} and {b} overlap"


def test_no_name_covers_another_city(game_map):
    cities = _drawn_cities(game_map)
    for a, (_, box) in cities.items():
        for b, (dot, _) in cities.items():
            if a != b:
                assert not boxes_overlap(box, marker_box(dot)), f"label of {a} covers {b}"


def test_every_name_sits_inside_the_board(game_map):
    for cid, (_, (x0, y0, x1, y1)) in _drawn_cities(game_map).items():
        assert x0 >= 0 and x1 <= 1000 and y0 >= 0 and y1 <= 650, cid


def test_city_dots_never_overlap(game_map):
    points = layout_for(game_map).points
    for a, b in itertools.combinations(points, 2):
        assert math.dist(points[a], points[b]) > 4 * CITY_R, (a, b)


def test_no_track_runs_over_a_city_it_does_not_serve(game_map):
    points = layout_for(game_map).points
    for route in game_map.routes.values():
        for cid, p in points.items():
            if cid not in (route.a, route.b):
                gap = _distance_to_segment(p, points[route.a], points[route.b])
                assert gap > CITY_R + TRACK_H / 2 + 2, f"{route.id} runs over {cid}"


def test_no_two_routes_cross(game_map):
    points = layout_for(game_map).points
    pairs = {tuple(sorted((r.a, r.b))) for r in game_map.routes.values()}
    for (a, b), (c, d) in itertools.combinations(pairs, 2):
        if len({a, b, c, d}) == 4:
            assert not _cross(points[a], points[b], points[c], points[d]), ((a, b), (c, d))


@pytest.mark.slow  # lays out each board twice: CI runs it, `make test-fast` does not
def test_layout_is_deterministic(game_map):
    first = layout_module.compute_layout(game_map)
    again = layout_module.compute_layout(game_map)
    assert dict(again.points) == dict(first.points)
    assert dict(again.labels) == dict(first.labels)
    assert again == first


def test_the_saved_layout_is_what_the_code_computes(game_map):
    """The pages draw from games/svg/layouts/; after a layout change, run
    `python -m games.svg.save_layouts`."""
    saved = layout_module.saved_layout(game_map)
    assert saved is not None, "no saved layout for this map, or the map changed since"
    computed = layout_module.compute_layout(game_map)
    assert saved == computed
    # Same numbers of the same types, so the SVG prints them alike (34 is not 34.0 there).
    for cid, point in computed.points.items():
        assert [type(v) for v in saved.points[cid]] == [type(v) for v in point], cid
    assert layout_for(game_map) == saved


def test_a_map_changed_since_its_layout_was_saved_is_laid_out_afresh(game_map, monkeypatch):
    monkeypatch.setattr(layout_module, "map_digest", lambda game_map: "another map")
    monkeypatch.setattr(layout_module, "_CACHE", {})
    monkeypatch.setattr(layout_module, "compute_layout", lambda game_map: "computed afresh")
    assert layout_module.saved_layout(game_map) is None
    assert layout_for(game_map) == "computed afresh"


def test_west_stays_west_and_north_stays_north(game_map):
    """The spreading keeps the map recognisable: no city swaps sides with a far neighbour."""
    points = layout_for(game_map).points
    cities = game_map.cities.values()
    for a, b in itertools.combinations(cities, 2):
        if b.lon - a.lon > 8:
            assert points[a.id][0] < points[b.id][0], (a.id, b.id)
        if b.lat - a.lat > 6:
            assert points[a.id][1] > points[b.id][1], (a.id, b.id)


def _distance_to_segment(p, a, b):
    vx, vy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / (vx * vx + vy * vy)))
    return math.dist(p, (a[0] + t * vx, a[1] + t * vy))


def _cross(p1, p2, p3, p4):
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return side(p1, p2, p3) * side(p1, p2, p4) < 0 and side(p3, p4, p1) * side(p3, p4, p2) < 0


def test_the_only_words_on_the_board_are_city_names_and_the_letters_on_the_tracks():
    """So the collision tests above have looked at every label there is; the colour letters
    (class mk) sit on a route's own spaces, not among the names."""
    from games.engine.maps import get_map

    usa = get_map("usa")
    root = parse(board_svg(usa, make_view(usa)))
    texts = [el for el in root.iter() if tag(el) == "text" and el.get("class") != "mk"]
    assert len(texts) == len(usa.cities)
