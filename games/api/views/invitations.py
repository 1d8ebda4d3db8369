"""Invitations and rematches in the API: GET /api/v1/invitations/, POST
/api/v1/invitations/<id>/ (accept or decline), POST /api/v1/games/<id>/rematch/."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.presenting import detail_response
from games.api.serializers.games import GameDetail
from games.api.serializers.strict import StrictBody
from games.selectors.invitations import invitation_list_pending
from games.services.invitations import (
    game_rematch,
    invitation_accept,
    invitation_decline,
)

from .base import ApiView


class InvitationEntry(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(help_text="The game's id.")
    inviter = serializers.CharField(help_text="Username.")
    rematch = serializers.BooleanField(help_text="A rematch of a game you played.")
    created_at = serializers.DateTimeField()
    lapses_at = serializers.DateTimeField(
        help_text="Unanswered by then, the invitation lapses (a week after it was sent); "
        "a game from a position that waited for it is called off."
    )


class AnswerBody(StrictBody):
    accept = serializers.BooleanField(help_text="True: take the seat; false: decline.")


@private_to_viewer
class InvitationListView(ApiView):
    permission_classes = [IsAuthenticated]
    serializer_class = InvitationEntry

    @extend_schema(
        operation_id="invitations_list",
        tags=["lobby"],
        summary="Your invitations still to answer",
        responses={200: InvitationEntry(many=True), **refusals(401, 404)},
    )
    def get(self, request):
        data = [
            {
                "id": invitation.pk,
                "game": invitation.game_id,
                "inviter": invitation.inviter.username,
                "rematch": invitation.game.rematch_of_id is not None,
                "created_at": invitation.created_at,
                "lapses_at": invitation.lapses_at,
            }
            for invitation in self.paginate_queryset(
                list(invitation_list_pending(user=request.user))
            )
        ]
        return self.get_paginated_response(InvitationEntry(data, many=True).data)


@private_to_viewer
class InvitationAnswerView(ApiView):
    permission_classes = [IsAuthenticated]
    serializer_class = AnswerBody

    @extend_schema(
        operation_id="invitations_answer",
        tags=["lobby"],
        summary="Accept or decline an invitation",
        description="Accepting seats you (a full game starts; a game from a position starts "
        "when every player it names has accepted); 409 when the game is full or has started. "
        "Declining a game from a position calls it off. 403 for an invitation answered "
        "already; 404 for one not yours.",
        request=AnswerBody,
        responses={
            200: GameDetail,
            204: None,
            **refusals(400, 401, 403, 404, 409, bad=("json", "field")),
        },
    )
    def post(self, request, invitation_id: int):
        body = AnswerBody(data=request.data)
        body.is_valid(raise_exception=True)
        if not body.validated_data["accept"]:
            invitation_decline(invitation_id=invitation_id, user=request.user)
            return Response(status=status.HTTP_204_NO_CONTENT)
        invitation = invitation_accept(invitation_id=invitation_id, user=request.user)
        return detail_response(request, invitation.game_id)


@private_to_viewer
class RematchView(ApiView):
    serializer_class = None

    @extend_schema(
        operation_id="games_rematch",
        tags=["lobby"],
        summary="Ask for a rematch of a game that is over",
        description="The first player to ask creates it (same map, seats and settings) and "
        "the others are invited; a later ask gets the same game. 409 while the game is on.",
        request=None,
        responses={200: GameDetail, **refusals(401, 404, 409)},
    )
    def post(self, request, game_id: int):
        rematch = game_rematch(game_id=game_id, user=request.user)
        return detail_response(request, rematch.pk)
