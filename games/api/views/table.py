"""POST /api/v1/games/<id>/resign/: the same services the game page's table buttons call."""

from drf_spectacular.utils import extend_schema

from games.api.docs import refusals
from games.api.presenting import detail_response
from games.api.serializers.games import GameDetail
from games.services.resign import game_resign

from .base import ApiView


class ResignView(ApiView):
    serializer_class = None

    @extend_schema(
        operation_id="games_resign",
        tags=["play"],
        summary="Resign from a started game",
        description="You leave the game for good: a forfeit, in the game and in the ratings. "
        "The others play on (the game ends when fewer than two are left). 403 when you are "
        "already out; 409 when the game is not being played.",
        request=None,
        responses={200: GameDetail, **refusals(401, 403, 404, 409)},
    )
    def post(self, request, game_id: int):
        game_resign(game_id=game_id, user=request.user)
        return detail_response(request, game_id)
