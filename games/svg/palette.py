"""Colours of the cards, the routes and the players.

Player colours are none of the card colours, so a claimed route is never read as an unclaimed
one; claimed routes are also drawn as the owner's train cars (a dark outline, a shadow and the
owner's initial on every car), and every unclaimed route and card carries its colour's letter,
so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.utils.translation import pgettext_lazy

from games.words.seat_colors import SEAT_COLORS, seat_color_id

if TYPE_CHECKING:  # the stubs' name for a lazily translated text; nothing to import at run time
    from django_stubs_ext import StrOrPromise

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

# A letter for each card and route colour, drawn on every unclaimed route and every card, so
# that colour is never the only way to tell them apart (grey routes take any colour: no letter).
CARD_LETTERS: Mapping[str, StrOrPromise] = {  # translated where drawn
    "red": pgettext_lazy("letter of the red cards", "R"),
    "orange": pgettext_lazy("letter of the orange cards", "O"),
    "yellow": pgettext_lazy("letter of the yellow cards", "Y"),
    "green": pgettext_lazy("letter of the green cards", "G"),
    "blue": pgettext_lazy("letter of the blue cards", "B"),
    "purple": pgettext_lazy("letter of the purple cards", "P"),
    "white": pgettext_lazy("letter of the white cards", "W"),
    "black": pgettext_lazy("letter of the black cards", "K"),
    "locomotive": pgettext_lazy("letter of the locomotives", "L"),
}

# Text drawn on a card of that colour must stay readable.
INK_ON: Mapping[str, str] = {
    "yellow": "#222",
    "white": "#222",
    "orange": "#222",
    "gray": "#222",
}

# The CSS colour of each seat colour (the ids and their order are the lobby's: SEAT_COLORS).
# No player colour is a card colour: a claimed route never looks like an unclaimed one, and the
# owner's initial on each car says whose it is without colour at all.
SEAT_CSS: Mapping[str, str] = {
    "teal": "#00a19a",
    "brown": "#7b4a1f",
    "magenta": "#d4007f",
    "navy": "#1c2a6b",
    "lime": "#a5cf12",
}

# (id, css colour, display name), in the order seats receive them.
PLAYER_COLORS: Sequence[tuple[str, str, str]] = tuple(
    (color_id, SEAT_CSS[color_id], name) for color_id, name in SEAT_COLORS
)

PLAYER_CSS: Mapping[str, str] = {pid: css for pid, css, _ in PLAYER_COLORS}


def player_color_id(color: str) -> str:
    """The palette id a seat's colour stands for now (an old id gives its successor)."""
    return seat_color_id(color)


def ink_on(color: str) -> str:
    """Dark or white text, whichever reads on a card or route of this colour."""
    return INK_ON.get(color, "#fff")


def player_css(color: str) -> str:
    """A palette id ("blue") or a literal #hex colour, as CSS; anything else falls back to gray."""
    color = player_color_id(color)
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
    color = player_color_id(color)
    return f"pc-{color}" if color in PLAYER_CSS else "pc-other"


def is_light(css: str) -> bool:
    """True for a pale #hex colour, on which dark marks read better than white ones."""
    h = css.lstrip("#")
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b > 170


def player_initials(players: Sequence[str], names: Mapping[str, str]) -> dict[str, str]:
    """Player -> the mark on their cars: the first letter of the name, two letters (or the seat
    number) where two players would share one."""
    marks: dict[str, str] = {}
    for seat, player in enumerate(players, start=1):
        name = "".join(ch for ch in str(names.get(player, player)) if ch.isalnum()) or "?"
        for mark in (name[0].upper(), name[:2].capitalize(), str(seat)):
            if mark not in marks.values():
                break
        marks[player] = mark
    return marks


def default_player_colors(players: Sequence[str]) -> dict[str, str]:
    """Seat order -> palette colours, wrapping round if there are more seats than colours."""
    return {p: PLAYER_COLORS[i % len(PLAYER_COLORS)][0] for i, p in enumerate(players)}
