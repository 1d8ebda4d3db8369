"""Player colours for seats, a lobby rule: each seat at a game gets its own, in this order.

The SVG palette reads these ids and gives each its CSS colour (games.svg.palette). None of them
is a card colour (red, orange, yellow, green, blue, purple/pink, white, black, grey), so a claimed
route is never read as an unclaimed one.
"""

# (id, display name), in the order seats receive them: one for each of 5 seats.
SEAT_COLORS: tuple[tuple[str, str], ...] = (
    ("teal", "Teal"),
    ("brown", "Brown"),
    ("magenta", "Magenta"),
    ("navy", "Navy"),
    ("lime", "Lime"),
)

COLOR_IDS: tuple[str, ...] = tuple(color_id for color_id, _name in SEAT_COLORS)

# Seats given a colour before these: each old id stands for the colour that took its place.
LEGACY_SEAT_COLORS: dict[str, str] = {
    "blue": "teal",
    "vermilion": "brown",
    "green": "magenta",
    "yellow": "navy",
    "pink": "lime",
}


def seat_color_id(color_id: str) -> str:
    """The seat colour an id stands for now (an old id gives its successor)."""
    return LEGACY_SEAT_COLORS.get(color_id, color_id)


def first_free_color(taken: set[str]) -> str:
    """The first seat colour no seat has yet (there is a colour for each of 5 seats)."""
    taken = {seat_color_id(color) for color in taken}
    for color_id in COLOR_IDS:
        if color_id not in taken:
            return color_id
    raise ValueError("every player colour is taken")


_NAMES = dict(SEAT_COLORS)


def color_name(color_id: str) -> str:
    color_id = seat_color_id(color_id)
    return _NAMES.get(color_id, color_id.title())
