"""GET /api/v1/games/<id>/moves/: the move log, oldest first, paginated.

Built from each move's public events only. The stored action is never sent
(a keep_tickets action names the kept tickets); only its type is read.
"""

from django.db.models.fields.json import KT
from drf_spectacular.utils import extend_schema

from games.api.docs import refusals
from games.api.serializers.moves import MoveEntry
from games.game_log import describe
from games.models import Move
from games.selectors import names_for, visible_game

from .base import ApiView


def move_entries(game, moves) -> list[dict]:
    names = names_for(game)
    entries = []
    for move in moves:
        sentences = [describe(event, names, game.map_id) for event in move.events]
        entries.append(
            {
                "number": move.number,
                "player": move.seat.user.username if move.seat else None,
                "action_type": move.action_type,
                "sentences": [sentence for sentence in sentences if sentence],
                "events": move.events,
                "created_at": move.created_at,
            }
        )
    return entries


class MoveLogView(ApiView):
    serializer_class = MoveEntry

    @extend_schema(
        operation_id="games_moves",
        tags=["play"],
        summary="The move log",
        description="One entry per move, oldest first: who moved, the action type, the "
        "log sentences and the engine's public events (player ids as in the game's "
        "`seats`). Hidden details (a blind-drawn card, which tickets were kept) are never "
        "in it.",
        responses={200: MoveEntry(many=True), **refusals(404)},
    )
    def get(self, request, game_id: int):
        game = visible_game(game_id=game_id, user=request.user)
        moves = (
            Move.objects.filter(game=game)
            .order_by("number")
            .select_related("seat__user")
            .annotate(action_type=KT("action__type"))
            .only("number", "events", "created_at", "seat__user__username", "seat__id")
        )
        page = self.paginate_queryset(moves)
        return self.get_paginated_response(MoveEntry(move_entries(game, page), many=True).data)
