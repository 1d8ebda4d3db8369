"""Colours of the cards, the routes and the players.

Player colours follow the Okabe–Ito palette, chosen to stay distinct for the
common forms of colour blindness; claimed routes are also drawn as trains (a
dark outline and a marking), so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.services.colors import SEAT_COLORS

# Route and card colours; "purple" is the pink/violet of the game.
CARD_COLORS: Mapping[str, str] = {
    "red": "#d7263d",
    "orange": "#f08a24",
    "yellow": "#f4d03f",
    "green": "#3aa655",
    "blue": "#2f6fd0",
    "purple": "#b05fc4",
    "white": "#f7f7f2",
    "black": "#2b2b2b",
    "gray": "#a3a3a3",
    "locomotive": "#8a8f99",  # drawn with a rainbow gradient on cards
}

# Text drawn on a card of that colour must stay readable.
INK_ON: Mapping[str, str] = {
    "yellow": "#222",
    "white": "#222",
    "orange": "#222",
    "gray": "#222",
}

# The CSS colour of each seat colour (the ids and their order are the lobby's: SEAT_COLORS).
SEAT_CSS: Mapping[str, str] = {
    "blue": "#0072b2",
    "vermilion": "#d55e00",
    "green": "#009e73",
    "yellow": "#f0e442",
    "pink": "#cc79a7",
}

# (id, css colour, display name), in the order seats receive them.
PLAYER_COLORS: Sequence[tuple[str, str, str]] = tuple(
    (color_id, SEAT_CSS[color_id], name) for color_id, name in SEAT_COLORS
)

PLAYER_CSS: Mapping[str, str] = {pid: css for pid, css, _ in PLAYER_COLORS}


def ink_on(color: str) -> str:
    """Dark or white text, whichever reads on a card or route of this colour."""
    return INK_ON.get(color, "#fff")


def player_css(color: str) -> str:
    """A palette id ("blue") or a literal #hex colour, as CSS; anything else falls back to gray."""
    if color in PLAYER_CSS:
        return PLAYER_CSS[color]
    if (
        color.startswith("#")
        and len(color) in (4, 7)
        and all(ch in "0123456789abcdefABCDEF" for ch in color[1:])
    ):
        return color
    return "#777777"


def colour_class(color: str) -> str:
    """The page's CSS class for a seat colour (static/css/site.css paints each palette
    colour; pages carry no style attributes, see ttr_site/csp.py)."""
    return f"pc-{color}" if color in PLAYER_CSS else "pc-other"


def is_light(css: str) -> bool:
    """True for a pale #hex colour, on which dark marks read better than white ones."""
    h = css.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b > 170


def default_player_colors(players: Sequence[str]) -> dict[str, str]:
    """Seat order -> palette colours, wrapping round if there are more seats than colours."""
    return {p: PLAYER_COLORS[i % len(PLAYER_COLORS)][0] for i, p in enumerate(players)}
