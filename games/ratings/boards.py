"""Rating boards: one overall, and one per map."""

from __future__ import annotations

from games.models import MapChoice
from games.models.rating import OVERALL

MAP_BOARDS = tuple(MapChoice.values)
BOARDS = (OVERALL, *MAP_BOARDS)
_LABELS = {OVERALL: "Overall", **dict(MapChoice.choices)}


def boards_for(map_id: str) -> tuple[str, str]:
    """A game moves its players' overall rating and their rating on its map."""
    return (OVERALL, map_id)


def board_label(board: str) -> str:
    return _LABELS.get(board, board)
