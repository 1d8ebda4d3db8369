"""The table chat in the API: read it (players and spectators of public games), post to a
game you sit at, report a message, mute the chat for yourself."""

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games.api.docs import refusals
from games.api.serializers.strict import StrictBody
from games.models.chat import CHAT_MAX_LENGTH, SOMETHING_TO_READ
from games.selectors.access import game_access, seat_get
from games.selectors.chat import chat_list
from games.services.chat import chat_mute, chat_post, chat_report

from .base import ApiView


class ChatLine(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField(help_text="Username.")
    text = serializers.CharField(help_text="Plain text, as typed: escape it when you show it.")
    created_at = serializers.DateTimeField()


class ChatPage(serializers.Serializer):
    muted = serializers.BooleanField(help_text="You muted this chat (no messages listed).")
    messages = ChatLine(many=True)


class ChatBody(StrictBody):
    text = serializers.CharField(
        max_length=CHAT_MAX_LENGTH,
        validators=[RegexValidator(SOMETHING_TO_READ, gettext_lazy("Write something."))],
    )


class MuteBody(StrictBody):
    muted = serializers.BooleanField()


def chat_page(request, game_id) -> dict:
    game = game_access(game_id=game_id, user=request.user)
    seat = seat_get(game=game, user=request.user)
    muted = bool(seat and seat.chat_muted)
    messages = [] if muted else chat_list(game=game)
    return {
        "muted": muted,
        "messages": [
            {"id": m.pk, "author": m.seat.user.username, "text": m.text, "created_at": m.created_at}
            for m in messages
        ],
    }


class ChatView(ApiView):
    serializer_class = ChatBody

    @extend_schema(
        operation_id="games_chat",
        tags=["chat"],
        summary="The table chat (the last 40 messages, oldest first)",
        responses={200: ChatPage, **refusals(404)},
    )
    def get(self, request, game_id: int):
        return Response(ChatPage(chat_page(request, game_id)).data)

    @extend_schema(
        operation_id="games_chat_post",
        tags=["chat"],
        summary="Write to the table of a game you sit at",
        description="At most 500 characters of plain text. 404 for a game you do not sit at.",
        request=ChatBody,
        responses={201: ChatPage, **refusals(400, 401, 404, bad=("json", "field"))},
    )
    def post(self, request, game_id: int):
        body = ChatBody(data=request.data)
        body.is_valid(raise_exception=True)
        chat_post(game_id=game_id, user=request.user, text=body.validated_data["text"])
        return Response(ChatPage(chat_page(request, game_id)).data, status=status.HTTP_201_CREATED)


class ChatReportView(ApiView):
    serializer_class = None
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="games_chat_report",
        tags=["chat"],
        summary="Report a message to the moderators",
        request=None,
        responses={204: OpenApiResponse(description="Reported."), **refusals(401, 403, 404)},
    )
    def post(self, request, game_id: int, message_id: int):
        chat_report(game_id=game_id, message_id=message_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ChatMuteView(ApiView):
    serializer_class = MuteBody

    @extend_schema(
        operation_id="games_chat_mute",
        tags=["chat"],
        summary="Mute (or unmute) the chat of a game you sit at, for yourself",
        request=MuteBody,
        responses={200: ChatPage, **refusals(400, 401, 404, bad=("json", "field"))},
    )
    def post(self, request, game_id: int):
        body = MuteBody(data=request.data)
        body.is_valid(raise_exception=True)
        chat_mute(game_id=game_id, user=request.user, muted=body.validated_data["muted"])
        return Response(ChatPage(chat_page(request, game_id)).data)
