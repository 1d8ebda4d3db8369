"""GET /api/v1/games/<id>/moves/: the move log, oldest first, paginated, turn by turn.

The same log as the game page's (games.words.game_log.move_entries): one entry with one line
per turn as the engine numbers them (two card draws are one turn). Built from each move's
public events only. The stored action is never sent (a keep_tickets action names the kept
tickets); only its type is read.
"""

from drf_spectacular.utils import extend_schema

from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.serializers.moves import MoveEntry
from games.selectors.access import game_visible
from games.selectors.log import move_list, player_names
from games.words.game_log import move_entries

from .base import ApiView


def api_log_entry(entry: dict) -> dict:
    """One turn of the log as the API tells it: the page's line, and the facts of its moves."""
    moves = entry["moves"]
    sentences = entry["sentences"]
    return {
        "turn": entry["turn"],
        "number": entry["number"],
        "moves": [move.number for move in moves],
        "player": moves[0].seat.user.username if moves[0].seat else None,
        "action_type": moves[0].action_type,
        "sentences": sentences,
        "line": f"{'; '.join(sentences)}." if sentences else "",
        "events": [event for move in moves for event in move.events],
        "created_at": moves[-1].created_at,
    }


@private_to_viewer
class MoveLogView(ApiView):
    serializer_class = MoveEntry

    @extend_schema(
        operation_id="games_moves",
        tags=["play"],
        summary="The move log",
        description="One entry per turn, oldest first, as the game page logs it: who moved, "
        "the action type, the log line and the engine's public events (player ids as in the "
        "game's `seats`). A turn of two card draws is one entry of two moves. Hidden details "
        "(a blind-drawn card, which tickets were kept) are never in it.",
        responses={200: MoveEntry(many=True), **refusals(404)},
    )
    def get(self, request, game_id: int):
        game = game_visible(game_id=game_id, user=request.user)
        entries = move_entries(move_list(game=game), player_names(game=game), game.map_id)[::-1]
        page = self.paginate_queryset(entries)
        assert page is not None  # None only for a view without pages
        return self.get_paginated_response(
            MoveEntry([api_log_entry(entry) for entry in page], many=True).data
        )
