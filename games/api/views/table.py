"""POST /api/v1/games/<id>/resign/ and more-time/: the services the game page's table buttons
call."""

from drf_spectacular.utils import extend_schema

from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.presenting import detail_response
from games.api.serializers.games import GameDetail, VersionBody
from games.services.extra_time import game_give_time
from games.services.resign import game_resign

from .base import ApiView


@private_to_viewer
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


@private_to_viewer
class MoreTimeView(ApiView):
    serializer_class = VersionBody

    @extend_schema(
        operation_id="games_more_time",
        tags=["play"],
        summary="Give the player to move one more day",
        description="Any other player, once per turn, while the game is being played; the "
        "move log says who gave it. Made against the `version` you saw: 409 `moved_on` when "
        "the turn has passed since. 403 for yourself, twice in a turn, or when you are out.",
        request=VersionBody,
        responses={200: GameDetail, **refusals(400, 401, 403, 404, 409, bad=("json", "field"))},
    )
    def post(self, request, game_id: int):
        body = VersionBody(data=request.data)
        body.is_valid(raise_exception=True)
        game_give_time(
            game_id=game_id, user=request.user, expected_version=body.validated_data["version"]
        )
        return detail_response(request, game_id)
