"""Player colours for seats: each seat at a game gets its own."""

try:
    from games.svg.palette import PLAYER_COLORS
except ImportError:  # the board's palette not installed yet: five plain colours
    PLAYER_COLORS = (
        ("red", "#d7263d", "Red"),
        ("blue", "#2f6fd0", "Blue"),
        ("green", "#3aa655", "Green"),
        ("yellow", "#f4d03f", "Yellow"),
        ("black", "#2b2b2b", "Black"),
    )

COLOR_IDS: tuple[str, ...] = tuple(color_id for color_id, _css, _name in PLAYER_COLORS)


def first_free_color(taken: set[str]) -> str:
    """The first palette colour no seat has yet (the palette has a colour for each of 5 seats)."""
    for color_id in COLOR_IDS:
        if color_id not in taken:
            return color_id
    raise ValueError("every player colour is taken")


_BY_ID = {color_id: (css, name) for color_id, css, name in PLAYER_COLORS}


def color_css(color_id: str) -> str:
    return _BY_ID.get(color_id, ("#777777", color_id))[0]


def color_name(color_id: str) -> str:
    return _BY_ID.get(color_id, ("#777777", color_id.title()))[1]
