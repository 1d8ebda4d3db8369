"""Server-side SVG pictures of the game: the board, train cards and destination tickets.

Pure functions from map data and the public part of a player view to an SVG
string; no Django here, so any page, fragment or script can call them.
"""

from .board import board_svg
from .cards import card_svg, deck_svg, hand_svg
from .palette import CARD_COLORS, PLAYER_COLORS
from .tickets import ticket_svg

__all__ = [
    "CARD_COLORS",
    "PLAYER_COLORS",
    "board_svg",
    "card_svg",
    "deck_svg",
    "hand_svg",
    "ticket_svg",
]
