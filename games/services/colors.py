"""Player colours for seats: each seat at a game gets its own."""

from games.svg.palette import PLAYER_COLORS

COLOR_IDS: tuple[str, ...] = tuple(color_id for color_id, _css, _name in PLAYER_COLORS)


def first_free_color(taken: set[str]) -> str:
    """The first palette colour no seat has yet (the palette has a colour for each of 5 seats)."""
    for color_id in COLOR_IDS:
        if color_id not in taken:
            return color_id
    raise ValueError("every player colour is taken")


_NAMES = {color_id: name for color_id, _css, name in PLAYER_COLORS}


def color_name(color_id: str) -> str:
    return _NAMES.get(color_id, color_id.title())
