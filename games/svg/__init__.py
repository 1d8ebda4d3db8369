"""Server-side SVG pictures of the game: the board, train cards and destination tickets.

Pure functions from map data and the public part of a player view to an SVG
string; nothing of Django here but its translation functions (the colour letters), so any
page, fragment or script can call them.
"""

from . import analysis_chart as _analysis_chart
from . import board as _board
from . import cards as _cards
from . import heat_map as _heat_map
from . import rules_figures as _rules_figures
from . import tickets as _tickets
from .board import RINGS_MARK, STATION_RINGS_MARK, board_rings, board_svg
from .cards import card_defs_svg, card_svg, deck_svg, hand_svg
from .palette import CARD_COLORS, PLAYER_COLORS
from .tickets import ticket_svg

# The text of every <style> element the pictures carry; each is the same in every picture,
# so a Content-Security-Policy can allow exactly these by their hashes.
INLINE_STYLES = (
    _board.STYLE,
    _cards.STYLE,
    _tickets.STYLE,
    _heat_map.STYLE,
    _analysis_chart.STYLE,
    _rules_figures.STYLE,
)

__all__ = [
    "CARD_COLORS",
    "INLINE_STYLES",
    "PLAYER_COLORS",
    "RINGS_MARK",
    "STATION_RINGS_MARK",
    "board_rings",
    "board_svg",
    "card_defs_svg",
    "card_svg",
    "deck_svg",
    "hand_svg",
    "ticket_svg",
]
