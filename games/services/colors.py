"""Player colours for seats, a lobby rule: each seat at a game gets its own, in this order.

The SVG palette reads these ids and gives each its CSS colour (games.svg.palette).
"""

# (id, display name), in the order seats receive them: one for each of 5 seats.
SEAT_COLORS: tuple[tuple[str, str], ...] = (
    ("blue", "Blue"),
    ("vermilion", "Vermilion"),
    ("green", "Green"),
    ("yellow", "Yellow"),
    ("pink", "Pink"),
)

COLOR_IDS: tuple[str, ...] = tuple(color_id for color_id, _name in SEAT_COLORS)


def first_free_color(taken: set[str]) -> str:
    """The first seat colour no seat has yet (there is a colour for each of 5 seats)."""
    for color_id in COLOR_IDS:
        if color_id not in taken:
            return color_id
    raise ValueError("every player colour is taken")


_NAMES = dict(SEAT_COLORS)


def color_name(color_id: str) -> str:
    return _NAMES.get(color_id, color_id.title())
