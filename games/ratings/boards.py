"""Rating boards: one overall, and one per map."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from games.models import MapChoice
from games.models.rating import OVERALL

MAP_BOARDS = tuple(MapChoice.values)
BOARDS = (OVERALL, *MAP_BOARDS)
# Chart colours (Okabe–Ito, as the player colours): distinct for common colour blindness.
BOARD_COLORS = {OVERALL: "#0072b2", "usa": "#d55e00", "europe": "#009e73"}
_LABELS = {OVERALL: pgettext_lazy("rating board", "Overall"), **dict(MapChoice.choices)}


def boards_for(map_id: str) -> tuple[str, str]:
    """A game moves its players' overall rating and their rating on its map."""
    return (OVERALL, map_id)


def board_label(board: str) -> str:
    return str(_LABELS.get(board, board))
