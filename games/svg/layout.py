"""Where each city sits on the board and where its name goes, computed once per map.

1. Project latitude/longitude (equirectangular, longitudes scaled by the cosine
   of the mean latitude) into the view box, with a mild stretch allowed so a
   map fills it.
2. Relax the points deterministically: a weak pull back to geography, springs
   that give each route room for its spaces, a push between cities that are too
   close, and a push of cities off routes that merely pass by them.
3. Place each name at one of eight spots around its city (then further out),
   never over another name or city, preferring spots that cover no track.

This takes about half a second per map, so each map's layout is kept in
layouts/<map>.json (exact: JSON keeps every float) and read from there while the
map's cities and routes are those it was computed from. After changing this
module, regenerate the files with `python -m games.svg.save_layouts`; a test checks
that recomputing gives what the files hold.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from types import MappingProxyType

from .textwidth import text_width

WIDTH, HEIGHT = 1000, 650
MARGIN = 24
CITY_R = 5.5
LABEL_SIZE = 12.5
TRACK_H = 8.0  # thickness of a route space
TWIN_OFFSET = 5.5  # each twin track sits this far from the centre line
MIN_CITY_GAP = 30  # plus GAP_PER_NEIGHBOUR for each neighbour of the busier city
GAP_PER_NEIGHBOUR = 2.5
ANCHOR = 0.012  # pull of each city back to its geographic place
TRACK_CLEARANCE = 15  # a city keeps this far from a route it is not on
MAX_STRETCH = 1.2  # horizontal/vertical scale ratio allowed when fitting a map
# How far each map is evened out towards equal spacing of its cities' ranks:
# Europe's west is dense and its east sparse, as the printed board also corrects.
EVENING = {"europe": 0.3}
# (longitude, latitude, strength): a fish-eye that enlarges the crowded heart of a map.
FISHEYE = {"europe": (6.0, 49.0, 0.7)}

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True, slots=True)
class Label:
    x: float  # text anchor point (baseline)
    y: float
    anchor: str  # "start" | "middle" | "end"
    box: Box  # estimated extent of the text


@dataclass(frozen=True, slots=True)
class Layout:
    width: int
    height: int
    points: Mapping[str, tuple[float, float]]
    labels: Mapping[str, Label]
    unit: float  # board length of one route space, gaps included


_CACHE: dict[str, Layout] = {}
SAVED_DIR = Path(__file__).with_name("layouts")


def layout_for(game_map) -> Layout:
    """The layout of a map: the saved one when it fits the map, else computed; kept for the
    life of the process."""
    found = _CACHE.get(game_map.id)
    if found is None:
        found = _CACHE[game_map.id] = saved_layout(game_map) or compute_layout(game_map)
    return found


def map_digest(game_map) -> str:
    """A fingerprint of everything the layout reads from the map."""
    inputs = [
        game_map.id,
        [(c.id, c.name, c.lat, c.lon) for c in game_map.cities.values()],
        [(r.id, r.a, r.b, r.length) for r in game_map.routes.values()],
    ]
    return hashlib.sha256(json.dumps(inputs).encode()).hexdigest()


def saved_layout(game_map) -> Layout | None:
    """The layout saved for this map, or None (no file, or the map has changed since)."""
    try:
        data = json.loads((SAVED_DIR / f"{game_map.id}.json").read_text())
    except FileNotFoundError:
        return None
    if data.get("map_digest") != map_digest(game_map):
        return None
    labels = {
        cid: Label(x, y, anchor, tuple(box)) for cid, (x, y, anchor, box) in data["labels"].items()
    }
    return Layout(
        data["width"],
        data["height"],
        MappingProxyType({cid: tuple(p) for cid, p in data["points"].items()}),
        MappingProxyType(labels),
        data["unit"],
    )


def save_layout(game_map) -> Path:
    """Compute the map's layout and write it where layout_for reads it."""
    layout = compute_layout(game_map)
    data = {
        "map_digest": map_digest(game_map),
        "width": layout.width,
        "height": layout.height,
        "unit": layout.unit,
        "points": dict(layout.points),
        "labels": {
            cid: [label.x, label.y, label.anchor, label.box] for cid, label in layout.labels.items()
        },
    }
    path = SAVED_DIR / f"{game_map.id}.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")
    return path


def compute_layout(game_map) -> Layout:
    geo = _project(game_map)
    pairs = _route_pairs(game_map)
    unit = _unit(geo, pairs)
    points = _relax(geo, pairs, unit)
    labels = _place_labels(game_map, points, pairs)
    return Layout(WIDTH, HEIGHT, MappingProxyType(points), MappingProxyType(labels), unit)


def _project(game_map) -> dict[str, tuple[float, float]]:
    cities = sorted(game_map.cities.values(), key=lambda c: c.id)
    k = math.cos(math.radians(sum(c.lat for c in cities) / len(cities)))
    raw = {c.id: (c.lon * k, -c.lat) for c in cities}
    if game_map.id in FISHEYE:
        lon, lat, power = FISHEYE[game_map.id]
        raw = _fisheye(raw, (lon * k, -lat), power)
    raw = _even_out(raw, EVENING.get(game_map.id, 0.0))
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    inner_w = WIDTH - 2 * (MARGIN + 40)  # room for labels at the edges
    inner_h = HEIGHT - 2 * (MARGIN + 16)
    sx = inner_w / (max(xs) - min(xs))
    sy = inner_h / (max(ys) - min(ys))
    sx, sy = min(sx, sy * MAX_STRETCH), min(sy, sx * MAX_STRETCH)
    ox = (WIDTH - sx * (max(xs) - min(xs))) / 2
    oy = (HEIGHT - sy * (max(ys) - min(ys))) / 2
    return {cid: (ox + (x - min(xs)) * sx, oy + (y - min(ys)) * sy) for cid, (x, y) in raw.items()}


def _fisheye(points, focus, power):
    """Move points away from the focus: distance r becomes R·(r/R)^power (power < 1 enlarges)."""
    far = max(math.dist(p, focus) for p in points.values())
    out = {}
    for cid, (x, y) in points.items():
        r = math.dist((x, y), focus)
        scale = (r / far) ** power * far / r if r else 1.0
        out[cid] = (focus[0] + (x - focus[0]) * scale, focus[1] + (y - focus[1]) * scale)
    return out


def _even_out(points, weight):
    """Blend each coordinate with its rank, spread over the same range (order is kept)."""
    if not weight:
        return points
    result = {cid: list(p) for cid, p in points.items()}
    for axis in (0, 1):
        values = sorted({p[axis] for p in points.values()})
        low, high = values[0], values[-1]
        rank = {v: low + (high - low) * n / (len(values) - 1) for n, v in enumerate(values)}
        for cid, p in points.items():
            result[cid][axis] = (1 - weight) * p[axis] + weight * rank[p[axis]]
    return {cid: (x, y) for cid, (x, y) in result.items()}


def _route_pairs(game_map) -> dict[tuple[str, str], int]:
    """Each connected pair of cities once, with the longest length between them."""
    pairs: dict[tuple[str, str], int] = {}
    for route in game_map.routes.values():
        key = tuple(sorted((route.a, route.b)))
        pairs[key] = max(pairs.get(key, 0), route.length)
    return pairs


def _unit(points, pairs) -> float:
    """The typical board length of a space, read from the geography itself."""
    ratios = [math.dist(points[a], points[b]) / n for (a, b), n in pairs.items()]
    return median(ratios) * 0.95


def _relax(geo, pairs, unit, steps: int = 260) -> dict[str, tuple[float, float]]:
    ids = sorted(geo)
    index = {cid: i for i, cid in enumerate(ids)}
    pos = [list(geo[cid]) for cid in ids]
    home = [geo[cid] for cid in ids]
    edges = [(index[a], index[b], n * unit + 2 * CITY_R + 4) for (a, b), n in pairs.items()]
    count = len(ids)
    neighbours = [0] * count
    for i, j, _ in edges:
        neighbours[i] += 1
        neighbours[j] += 1
    min_gap = [
        [MIN_CITY_GAP + GAP_PER_NEIGHBOUR * max(neighbours[i], neighbours[j]) for j in range(count)]
        for i in range(count)
    ]
    for step in range(steps):
        cooling = 1.0 - step / steps * 0.7
        force = [[0.0, 0.0] for _ in ids]
        for i in range(count):  # stay near the real geography
            force[i][0] += ANCHOR * (home[i][0] - pos[i][0])
            force[i][1] += ANCHOR * (home[i][1] - pos[i][1])
        for i, j, target in edges:  # give each route room for its spaces
            dx, dy, d = _delta(pos[i], pos[j], i, j)
            stiffness = 0.12 if d < target else 0.02
            f = stiffness * (d - target) / 2
            force[i][0] += f * dx
            force[i][1] += f * dy
            force[j][0] -= f * dx
            force[j][1] -= f * dy
        for i in range(count):  # cities never crowd each other
            xi, yi = pos[i]
            for j in range(i + 1, count):
                gap = min_gap[i][j]
                if abs(pos[j][0] - xi) >= gap or abs(pos[j][1] - yi) >= gap:
                    continue  # cheap test first: most pairs are far apart
                dx, dy, d = _delta(pos[i], pos[j], i, j)
                if d < gap:
                    f = 0.35 * (gap - d)
                    force[i][0] -= f * dx
                    force[i][1] -= f * dy
                    force[j][0] += f * dx
                    force[j][1] += f * dy
        for i, j, _ in edges:  # a route never runs through a city it does not serve
            (ax, ay), (bx, by) = pos[i], pos[j]
            x0, x1 = min(ax, bx) - TRACK_CLEARANCE, max(ax, bx) + TRACK_CLEARANCE
            y0, y1 = min(ay, by) - TRACK_CLEARANCE, max(ay, by) + TRACK_CLEARANCE
            for c in range(count):
                cx, cy = pos[c]
                if c in (i, j) or not (x0 < cx < x1 and y0 < cy < y1):
                    continue
                gap, nx, ny, t = _off_segment(pos[c], pos[i], pos[j])
                if gap < TRACK_CLEARANCE:
                    f = 0.4 * (TRACK_CLEARANCE - gap)
                    _push(force, c, f * nx, f * ny)
                    _push(force, i, -f * nx * (1 - t) * 0.5, -f * ny * (1 - t) * 0.5)
                    _push(force, j, -f * nx * t * 0.5, -f * ny * t * 0.5)
        if step % 3 == 0:  # crossings change slowly; checking every third step is enough
            for (i, j, _), (k, m, _) in _crossing_pairs(pos, edges):
                _uncross(pos, force, i, j, k, m)
        for i in range(count):
            fx, fy = force[i]
            size = math.hypot(fx, fy)
            limit = 6.0 * cooling
            if size > limit:
                fx, fy = fx / size * limit, fy / size * limit
            pos[i][0] = min(max(pos[i][0] + fx, MARGIN + 10), WIDTH - MARGIN - 10)
            pos[i][1] = min(max(pos[i][1] + fy, MARGIN + 10), HEIGHT - MARGIN - 10)
    return {cid: (round(pos[index[cid]][0], 1), round(pos[index[cid]][1], 1)) for cid in ids}


def _push(force, i, fx, fy):
    force[i][0] += fx
    force[i][1] += fy


def _crossing_pairs(pos, edges):
    """Pairs of routes, with no city in common, whose straight tracks cross."""
    boxes = []
    for i, j, _ in edges:
        (ax, ay), (bx, by) = pos[i], pos[j]
        boxes.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
    for n, first in enumerate(edges):
        for o in range(n + 1, len(edges)):
            second = edges[o]
            if len({first[0], first[1], second[0], second[1]}) < 4:
                continue
            p, q = boxes[n], boxes[o]
            if p[0] > q[2] or q[0] > p[2] or p[1] > q[3] or q[1] > p[3]:
                continue
            if _segments_cross(pos[first[0]], pos[first[1]], pos[second[0]], pos[second[1]]):
                yield first, second


def _segments_cross(p1, p2, p3, p4) -> bool:
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return side(p1, p2, p3) * side(p1, p2, p4) < 0 and side(p3, p4, p1) * side(p3, p4, p2) < 0


def _uncross(pos, force, i, j, k, m):
    """Carry the city nearest the other track across it, to its partner's side."""
    options = []
    for city, partner, (a, b) in ((i, j, (k, m)), (j, i, (k, m)), (k, m, (i, j)), (m, k, (i, j))):
        gap, nx, ny, _ = _off_segment(pos[city], pos[a], pos[b])
        options.append((gap, city, partner, a, b))
    gap, city, partner, a, b = min(options)
    _, nx, ny, _ = _off_segment(pos[partner], pos[a], pos[b])
    f = 2.0 + gap * 0.5
    _push(force, city, f * nx, f * ny)
    _push(force, a, -f * nx * 0.5, -f * ny * 0.5)
    _push(force, b, -f * nx * 0.5, -f * ny * 0.5)


def _delta(p, q, i, j):
    """Unit vector from p to q and the distance; coincident points part along a fixed angle."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy)
    if d < 1e-6:
        angle = (i * 7 + j * 13) % 360
        return math.cos(math.radians(angle)), math.sin(math.radians(angle)), 0.0
    return dx / d, dy / d, d


def _off_segment(c, a, b):
    """Distance from c to segment ab, the unit normal pointing at c, and where along ab."""
    ax, ay = a
    bx, by = b
    vx, vy = bx - ax, by - ay
    length2 = vx * vx + vy * vy or 1e-9
    t = max(0.0, min(1.0, ((c[0] - ax) * vx + (c[1] - ay) * vy) / length2))
    px, py = ax + t * vx, ay + t * vy
    dx, dy = c[0] - px, c[1] - py
    d = math.hypot(dx, dy)
    if d < 1e-6:
        n = math.hypot(vx, vy) or 1.0
        return 0.0, -vy / n, vx / n, t
    return d, dx / d, dy / d, t


# --- labels -----------------------------------------------------------------

# (dx, dy) direction and text anchor, in order of preference.
_SPOTS = (
    (1, 0, "start"),
    (-1, 0, "end"),
    (0, -1, "middle"),
    (0, 1, "middle"),
    (1, -1, "start"),
    (-1, -1, "end"),
    (1, 1, "start"),
    (-1, 1, "end"),
)


def label_box(x: float, y: float, anchor: str, name: str, size: float = LABEL_SIZE) -> Box:
    """Extent of a label whose baseline anchor is (x, y)."""
    w = text_width(name, size)
    x0 = x if anchor == "start" else x - w if anchor == "end" else x - w / 2
    return (x0, y - size * 0.78, x0 + w, y + size * 0.22)


def marker_box(point: tuple[float, float]) -> Box:
    r = CITY_R + 1.5
    return (point[0] - r, point[1] - r, point[0] + r, point[1] + r)


def boxes_overlap(p: Box, q: Box) -> bool:
    return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]


def _candidates(point, name):
    for ring, extra in enumerate((0.0, 7.0, 14.0, 22.0)):
        for rank, (dx, dy, anchor) in enumerate(_SPOTS):
            gap = CITY_R + 2.5 + extra
            x = point[0] + dx * gap
            if dy < 0:
                y = point[1] - gap - LABEL_SIZE * 0.22 + (2 if dx else 0)
            elif dy > 0:
                y = point[1] + gap + LABEL_SIZE * 0.78 - (2 if dx else 0)
            else:
                y = point[1] + LABEL_SIZE * 0.3
            yield ring * 15 + rank, Label(x, y, anchor, label_box(x, y, anchor, name))


def _track_cover(box: Box, segments) -> float:
    """How much track a box would hide, by sampling each route's centre line."""
    pad = TWIN_OFFSET + TRACK_H / 2
    x0, y0, x1, y1 = box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad
    covered = 0.0
    for (ax, ay), (bx, by) in segments:
        if max(ax, bx) < x0 or min(ax, bx) > x1 or max(ay, by) < y0 or min(ay, by) > y1:
            continue
        steps = max(2, int(math.dist((ax, ay), (bx, by)) / 3))
        for k in range(steps + 1):
            px = ax + (bx - ax) * k / steps
            py = ay + (by - ay) * k / steps
            if x0 <= px <= x1 and y0 <= py <= y1:
                covered += 1
    return covered


def _box_distance(box: Box, point) -> float:
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def _nearer_to_another(box: Box, cid: str, points) -> bool:
    own = _box_distance(box, points[cid])
    return any(_box_distance(box, p) < own + 4 for other, p in points.items() if other != cid)


def _ambiguity(box: Box, cid: str, points) -> float:
    """How far short a name falls of being clearly nearer its own city (0 when clear)."""
    own = _box_distance(box, points[cid])
    nearest = min(_box_distance(box, p) for other, p in points.items() if other != cid)
    return max(0.0, own + 16 - nearest)


def _place_labels(game_map, points, pairs) -> dict[str, Label]:
    segments = [(points[a], points[b]) for a, b in pairs]
    markers = {cid: marker_box(p) for cid, p in points.items()}

    def crowding(cid):
        here = points[cid]
        return -sum(1 for p in points.values() if math.dist(p, here) < 80), cid

    placed: dict[str, Label] = {}
    for cid in sorted(points, key=crowding):
        name = game_map.cities[cid].name
        best, best_cost = None, math.inf
        for preference, label in _candidates(points[cid], name):
            box = label.box
            if box[0] < 2 or box[1] < 2 or box[2] > WIDTH - 2 or box[3] > HEIGHT - 2:
                continue
            if any(boxes_overlap(box, m) for other, m in markers.items() if other != cid):
                continue
            if any(boxes_overlap(box, other.box) for other in placed.values()):
                continue
            cost = _track_cover(box, segments) * 3 + preference
            if _nearer_to_another(box, cid, points):
                cost += 1000  # a name must sit closest to its own city
            cost += 4 * _ambiguity(box, cid, points)
            if cost < best_cost:
                best, best_cost = label, cost
        if best is None:
            raise RuntimeError(f"no free place for the label of {cid}")
        placed[cid] = best
    return placed
