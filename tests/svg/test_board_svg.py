"""The board picture: every route space by space, claims, stations, links, and nothing private."""

from __future__ import annotations

import math

from svg_reading import NS, all_text, by_id, classes, parse, route_space_fill, style_rules, tag
from svg_views import make_view

from games.engine.maps import get_map
from games.svg import PLAYER_COLORS, board_svg
from games.svg.palette import CARD_COLORS


def _claims_every_other(game_map):
    """Routes handed round three players, twins never both taken."""
    claims, players = {}, ["p1", "p2", "p3"]
    for n, rid in enumerate(sorted(game_map.routes)):
        twin = game_map.routes[rid].double_of
        if n % 2 == 0 and twin not in claims:
            claims[rid] = players[n % 3]
    return claims


def test_board_is_well_formed_xml_with_and_without_claims(game_map):
    for view in (make_view(game_map), make_view(game_map, claims=_claims_every_other(game_map))):
        root = parse(board_svg(game_map, view))
        assert tag(root) == "svg"
        assert root.get("viewBox") == "0 0 1000 650"
        assert root.get("width") == "100%"


def test_every_route_appears_once_with_one_rect_per_space(game_map):
    root = parse(board_svg(game_map, make_view(game_map)))
    groups = [el for el in root.iter() if (el.get("id") or "").startswith("route-")]
    assert sorted(g.get("id") for g in groups) == sorted(f"route-{r}" for r in game_map.routes)
    for group in groups:
        route = game_map.routes[group.get("id").removeprefix("route-")]
        spaces = [el for el in group if tag(el) == "rect"]
        assert len(spaces) == route.length, route.id


def test_route_tooltip_names_both_cities_length_and_colour(game_map):
    root = parse(board_svg(game_map, make_view(game_map)))
    ids = by_id(root)
    for route in game_map.routes.values():
        title = ids[f"route-{route.id}"].find(f"{NS}title").text
        a, b = game_map.cities[route.a].name, game_map.cities[route.b].name
        assert title.startswith(f"{a} – {b} · {route.length} · {route.color}"), title


def test_unclaimed_routes_are_painted_in_their_own_colour(game_map):
    root = parse(board_svg(game_map, make_view(game_map)))
    ids = by_id(root)
    for route in game_map.routes.values():
        assert route_space_fill(root, ids[f"route-{route.id}"]) == CARD_COLORS[route.color]


def test_claimed_routes_take_the_owners_colour_name_and_initial_on_every_car(game_map):
    claims = _claims_every_other(game_map)
    colours = {"p1": "teal", "p2": "brown", "p3": "#123456"}
    names = {"p1": "Ada", "p2": "Brunel", "p3": "Babbage"}
    css = dict((pid, c) for pid, c, _ in PLAYER_COLORS)
    expected = {"p1": css["teal"], "p2": css["brown"], "p3": "#123456"}
    initials = {"p1": "A", "p2": "B", "p3": "Ba"}  # Babbage and Brunel share a first letter
    root = parse(
        board_svg(
            game_map,
            make_view(game_map, claims=claims),
            player_colors=colours,
            player_names=names,
        )
    )
    ids = by_id(root)
    for rid, owner in claims.items():
        group = ids[f"route-{rid}"]
        route = game_map.routes[rid]
        assert route_space_fill(root, group) == expected[owner], rid
        assert f"claimed by {names[owner]}" in group.find(f"{NS}title").text
        assert "own" in classes(group)
        marks = [el.text for el in group if tag(el) == "text"]
        assert marks == [initials[owner]] * (route.length - route.locomotives), rid
    unclaimed = set(game_map.routes) - set(claims)
    for rid in unclaimed:
        assert "own" not in classes(ids[f"route-{rid}"])


def test_no_player_colour_is_a_card_colour():
    cards = {css.lower() for name, css in CARD_COLORS.items()}
    assert not cards & {css.lower() for _id, css, _name in PLAYER_COLORS}


def test_seats_coloured_before_the_new_palette_are_drawn_in_its_colours(game_map):
    first = sorted(game_map.routes)[0]
    view = make_view(game_map, claims={first: "p1"}, players=("p1", "p2"))
    root = parse(board_svg(game_map, view, player_colors={"p1": "vermilion", "p2": "blue"}))
    css = dict((pid, c) for pid, c, _ in PLAYER_COLORS)
    assert route_space_fill(root, by_id(root)[f"route-{first}"]) == css["brown"]


def test_unclaimed_routes_of_a_colour_carry_its_letter_and_grey_ones_none(game_map):
    root = parse(board_svg(game_map, make_view(game_map)))
    ids = by_id(root)
    letters = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B"}
    letters |= {"purple": "P", "white": "W", "black": "K"}
    for route in game_map.routes.values():
        marks = [el.text for el in ids[f"route-{route.id}"] if tag(el) == "text"]
        assert marks == ([letters[route.color]] if route.color in letters else []), route.id


def test_default_player_colours_follow_seat_order(game_map):
    first = sorted(game_map.routes)[0]
    view = make_view(game_map, claims={first: "p2"}, players=("p1", "p2"))
    root = parse(board_svg(game_map, view))
    assert route_space_fill(root, by_id(root)[f"route-{first}"]) == PLAYER_COLORS[1][1]


def test_tunnels_and_ferries_are_marked_and_ferries_carry_their_locomotives(game_map):
    root = parse(board_svg(game_map, make_view(game_map)))
    ids = by_id(root)
    for route in game_map.routes.values():
        group = ids[f"route-{route.id}"]
        assert ("tn" in classes(group)) == route.tunnel, route.id
        assert ("fy" in classes(group)) == route.is_ferry, route.id
        marks = [el for el in group if tag(el) == "use" and el.get("href") == "#ttr-lm"]
        assert len(marks) == route.locomotives, route.id


def test_europe_has_both_tunnels_and_ferries_drawn_differently_from_plain_routes():
    europe = get_map("europe")
    root = parse(board_svg(europe, make_view(europe)))
    tunnel_rules = [d for s, d in style_rules(root) if s == ".ttrb .tn rect"]
    assert tunnel_rules and "stroke-dasharray" in tunnel_rules[0]
    assert (
        sum("tn" in classes(g) for g in _route_groups(root))
        == sum(r.tunnel for r in europe.routes.values())
        > 0
    )
    assert (
        sum("fy" in classes(g) for g in _route_groups(root))
        == sum(r.is_ferry for r in europe.routes.values())
        > 0
    )


def test_stations_sit_on_their_city_in_the_owners_colour():
    europe = get_map("europe")
    view = make_view(europe, stations={"wien": "p2", "berlin": "p1"})
    root = parse(board_svg(europe, view, player_names={"p2": "Brunel"}))
    ids = by_id(root)
    city = ids["city-wien"]
    dot = city.find(f"{NS}circle")
    station = next(el for el in city if tag(el) == "use")
    assert (station.get("x"), station.get("y")) == (dot.get("cx"), dot.get("cy"))
    assert "Station of Brunel in Wien" in station.find(f"{NS}title").text
    slot = next(c for c in classes(station) if c.startswith("o"))
    fills = [d["fill"] for s, d in style_rules(root) if s == f".ttrb .{slot}.st" and "fill" in d]
    assert fills == [PLAYER_COLORS[1][1]]
    assert not [el for el in ids["city-paris"] if tag(el) == "use"]


def test_every_city_has_a_dot_and_its_name(game_map):
    root = parse(board_svg(game_map, make_view(game_map)))
    ids = by_id(root)
    for city in game_map.cities.values():
        group = ids[f"city-{city.id}"]
        assert group.find(f"{NS}circle") is not None
        assert group.find(f"{NS}text").text == city.name


def test_only_selectable_routes_are_links_to_their_href(game_map):
    chosen = sorted(game_map.routes)[:3]
    svg = board_svg(
        game_map,
        make_view(game_map),
        selectable_routes=chosen,
        route_href=lambda rid: f"/games/7/claim/{rid}?x=1&y=2",
    )
    root = parse(svg)
    links = [el for el in root.iter() if tag(el) == "a"]
    assert sorted(a.get("data-route") for a in links) == chosen
    for link in links:
        rid = link.get("data-route")
        assert link.get("href") == f"/games/7/claim/{rid}?x=1&y=2"
        assert "pick" in classes(link)
        assert link.find(f"{NS}g").get("id") == f"route-{rid}"


def test_selectable_routes_carry_a_glow_and_claimed_ones_a_coupling_under_their_cars(game_map):
    chosen = sorted(game_map.routes)[:3]
    claims = _claims_every_other(game_map)
    root = parse(
        board_svg(
            game_map,
            make_view(game_map, claims=claims),
            selectable_routes=chosen,
            route_href=lambda rid: f"/claim/{rid}",
        )
    )
    glowing = [
        el.get("data-route")
        for el in root.iter()
        if tag(el) == "a" and any("glow" in classes(p) for p in el.iter())
    ]
    assert sorted(glowing) == chosen
    assert sum("glow" in classes(el) for el in root.iter()) == len(chosen)
    ids = by_id(root)
    for rid in game_map.routes:
        couplings = [el for el in ids[f"route-{rid}"] if "cp" in classes(el)]
        assert len(couplings) == (rid in claims), rid
        if couplings:  # drawn first, so that the cars lie on it
            assert list(ids[f"route-{rid}"]).index(couplings[0]) < min(
                i for i, el in enumerate(ids[f"route-{rid}"]) if tag(el) == "rect"
            )


def test_no_links_without_an_href_function(game_map):
    svg = board_svg(game_map, make_view(game_map), selectable_routes=sorted(game_map.routes))
    assert not [el for el in parse(svg).iter() if tag(el) == "a"]


def test_highlighted_routes_get_a_glow_under_their_track(game_map):
    path = sorted(game_map.routes)[:4]
    root = parse(board_svg(game_map, make_view(game_map), highlight_routes=path))
    glows = [el.get("data-route") for el in root.iter() if "hl" in classes(el)]
    assert sorted(glows) == path
    plain = parse(board_svg(game_map, make_view(game_map)))
    assert not [el for el in plain.iter() if "hl" in classes(el)]


def test_board_shows_only_public_information():
    """Private parts of the view never reach the picture: each viewer gets the same board."""
    europe = get_map("europe")
    claims, stations = _claims_every_other(europe), {"wien": "p2"}
    pictures = set()
    for viewer in ("p1", "p2", None):
        view = make_view(europe, claims=claims, stations=stations, viewer=viewer)
        if viewer:
            view["players"][viewer] |= {
                "hand": {"secret-colour-zz": 9},
                "tickets": ["secret-ticket-zz"],
                "offered": ["secret-offer-zz"],
            }
        view["pending"] = {
            "kind": "tunnel",
            "player": "p1",
            "route": "secret-route-zz",
            "revealed": ["secret-card-zz"],
            "extra": 1,
        }
        svg = board_svg(europe, view)
        assert "secret" not in svg
        pictures.add(svg)
    assert len(pictures) == 1


def test_all_text_is_escaped():
    usa = get_map("usa")
    rid = sorted(usa.routes)[0]
    nasty = 'Bob <script>alert("x")</script> & "co"'
    svg = board_svg(
        usa,
        make_view(usa, claims={rid: "p1"}),
        player_names={"p1": nasty},
        title="Game <1> & more",
        selectable_routes=[rid],
        route_href=lambda r: f'/x?r={r}&"q"',
    )
    root = parse(svg)
    assert "<script>" not in svg
    assert nasty in all_text(root)
    assert root.find(f"{NS}title").text == "Game <1> & more"


def test_board_stays_small_enough_for_a_phone(game_map):
    everything = {rid: "p1" for rid in game_map.routes}
    size = len(board_svg(game_map, make_view(game_map, claims=everything)).encode())
    # Every route claimed is the worst case: each car then has its shadow and its initial.
    assert size < 90_000


def test_every_space_is_long_enough_to_read(game_map):
    root = parse(board_svg(game_map, make_view(game_map)))
    widths = [float(el.get("width")) for g in _route_groups(root) for el in g if tag(el) == "rect"]
    assert min(widths) >= 15


def _route_groups(root):
    return [el for el in root.iter() if (el.get("id") or "").startswith("route-")]


def test_twin_tracks_lie_side_by_side():
    usa = get_map("usa")
    root = parse(board_svg(usa, make_view(usa)))
    ids = by_id(root)
    twins = {tuple(sorted((r.id, r.double_of))) for r in usa.routes.values() if r.double_of}
    assert twins
    for first, second in twins:
        one = _origin(ids[f"route-{first}"])
        two = _origin(ids[f"route-{second}"])
        assert math.dist(one, two) >= 10  # a full track width apart, so both stay visible


def _origin(group):
    translate = group.get("transform").split(")")[0].removeprefix("translate(")
    x, y = translate.split()
    return float(x), float(y)


def test_selectable_routes_carry_extra_link_attributes_safely():
    usa = get_map("usa")
    rid = sorted(usa.routes)[0]
    svg = board_svg(
        usa,
        make_view(usa),
        selectable_routes=[rid],
        route_href=lambda r: f"/claim/{r}",
        route_attrs=lambda r: {
            "hx-get": f"/claim/{r}?x=1&y=2",
            "hx-target": "#action",
            "href": "/elsewhere",
            "onclick=alert(1) x": "1",
        },
    )
    link = next(el for el in parse(svg).iter() if tag(el) == "a")
    assert link.get("hx-get") == f"/claim/{rid}?x=1&y=2"
    assert link.get("hx-target") == "#action"
    assert link.get("href") == f"/claim/{rid}"
    assert "onclick" not in svg
