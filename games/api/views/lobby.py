"""POST /api/v1/games/<id>/join/, leave/, start/, bots/, invite-link/: the lobby services,
nothing more."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.presenting import detail_response
from games.api.serializers.games import BotSeat, GameDetail, GameJoin
from games.services.bots import game_add_bot
from games.services.lobby import game_invite_link_renew, game_join, game_leave, game_start

from .base import ApiView


@private_to_viewer
class JoinView(ApiView):
    serializer_class = GameJoin

    @extend_schema(
        operation_id="games_join",
        tags=["lobby"],
        summary="Take a seat",
        description="Joining twice is harmless. The join that fills the game starts it. "
        "A private game needs its `invite_token` (without it, it is 404 like any game you "
        "may not see).",
        request=GameJoin,
        responses={200: GameDetail, **refusals(400, 401, 404, 409, bad=("json",))},
    )
    def post(self, request, game_id: int):
        body = GameJoin(data=request.data)
        body.is_valid(raise_exception=True)
        game_join(
            game_id=game_id,
            user=request.user,
            invite_token=body.validated_data.get("invite_token") or None,
        )
        return detail_response(request, game_id)


class LeaveView(ApiView):
    serializer_class = None

    @extend_schema(
        operation_id="games_leave",
        tags=["lobby"],
        summary="Give up your seat before the start",
        description="The last player leaving deletes the game; a leaving creator hands the "
        "game to the earliest remaining joiner.",
        request=None,
        responses={204: OpenApiResponse(description="You left."), **refusals(401, 404, 409)},
    )
    def post(self, request, game_id: int):
        game_leave(game_id=game_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@private_to_viewer
class StartView(ApiView):
    serializer_class = None

    @extend_schema(
        operation_id="games_start",
        tags=["lobby"],
        summary="Start your game",
        description="Only the creator, with at least two players seated. Seats are then "
        "shuffled and everyone chooses their opening tickets (keep_tickets).",
        request=None,
        responses={200: GameDetail, **refusals(401, 403, 404, 409)},
    )
    def post(self, request, game_id: int):
        game_start(game_id=game_id, user=request.user)
        return detail_response(request, game_id)


@private_to_viewer
class AddBotView(ApiView):
    serializer_class = BotSeat

    @extend_schema(
        operation_id="games_add_bot",
        tags=["lobby"],
        summary="Put a bot in an empty seat",
        description="Only the creator, before the start. The game becomes unrated (bots play "
        "for no one's rating); a bot that fills the game starts it. The bot plays through "
        "the same moves as anyone, a moment after its turn comes.",
        request=BotSeat,
        responses={200: GameDetail, **refusals(400, 401, 403, 404, 409, bad=("json",))},
    )
    def post(self, request, game_id: int):
        body = BotSeat(data=request.data)
        body.is_valid(raise_exception=True)
        game_add_bot(game_id=game_id, user=request.user, level=body.validated_data["level"])
        return detail_response(request, game_id)


@private_to_viewer
class InviteLinkView(ApiView):
    serializer_class = None

    @extend_schema(
        operation_id="games_invite_link_renew",
        tags=["lobby"],
        summary="Renew your game's invitation link",
        description="Only the creator. The game gets a new `invite_token`; the old one stops "
        "at once (joining with it is 404, like a game that does not exist).",
        request=None,
        responses={200: GameDetail, **refusals(401, 403, 404)},
    )
    def post(self, request, game_id: int):
        game_invite_link_renew(game_id=game_id, user=request.user)
        return detail_response(request, game_id)
