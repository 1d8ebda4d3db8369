"""Destination tickets: both cities, the points, long tickets set apart, and progress."""

from __future__ import annotations

from svg_reading import NS, classes, parse

from games.engine.maps import get_map
from games.svg import ticket_svg


def _texts(root):
    return [el.text for el in root.iter(f"{NS}text")]


def test_every_ticket_of_both_maps_renders_its_cities_and_points(game_map):
    for ticket in game_map.tickets.values():
        root = parse(ticket_svg(game_map, ticket.id))
        texts = _texts(root)
        assert game_map.cities[ticket.a].name in texts
        assert game_map.cities[ticket.b].name in texts
        assert str(ticket.points) in texts


def test_long_tickets_look_different():
    europe = get_map("europe")
    long = parse(ticket_svg(europe, europe.long_tickets[0]))
    regular = parse(ticket_svg(europe, europe.regular_tickets[0]))
    assert "LONG ROUTE" in _texts(long) and "long" in classes(long)
    assert "LONG ROUTE" not in _texts(regular) and "long" not in classes(regular)


def test_progress_mark_shows_done_or_not_yet_or_nothing():
    usa = get_map("usa")
    done = parse(ticket_svg(usa, "boston-miami", done=True))
    pending = parse(ticket_svg(usa, "boston-miami", done=False))
    unknown = parse(ticket_svg(usa, "boston-miami", done=None))
    assert "done" in _texts(done) and "not yet" not in _texts(done)
    assert "not yet" in _texts(pending) and "done" not in _texts(pending)
    assert "done" not in _texts(unknown) and "not yet" not in _texts(unknown)
    assert done.get("aria-label") == "Ticket Boston – Miami, 12 points, done"


def test_mini_map_marks_the_two_cities():
    usa = get_map("usa")
    root = parse(ticket_svg(usa, "boston-miami"))
    circles = root.iter(f"{NS}circle")
    marked = [c for c in circles if c.get("fill") == "#d7263d" and c.get("r") == "3.2"]
    assert len(marked) == 2
