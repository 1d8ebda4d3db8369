"""GET/PUT /api/v1/games/<id>/note/: your private note on a game (only yours, ever)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.serializers.strict import StrictBody
from games.models.note import NOTE_MAX_LENGTH
from games.refusals.errors import NotAPlayer
from games.selectors.access import game_access, seat_get
from games.selectors.notes import note_get
from games.services.notes import note_save

from .base import ApiView


class NoteBody(StrictBody):
    text = serializers.CharField(
        allow_blank=True, max_length=NOTE_MAX_LENGTH, trim_whitespace=False
    )


@private_to_viewer
class NoteView(ApiView):
    permission_classes = [IsAuthenticated]
    serializer_class = NoteBody

    @extend_schema(
        operation_id="games_note_read",
        tags=["play"],
        summary="Your private note on the game",
        description="Only the seat's own player: 404 for anyone else. No other answer of the "
        "API ever contains a note.",
        responses={200: NoteBody, **refusals(401, 404)},
    )
    def get(self, request, game_id: int):
        seat = seat_get(game=game_access(game_id=game_id, user=request.user), user=request.user)
        if seat is None:
            raise NotAPlayer()
        return Response({"text": note_get(seat=seat)})

    @extend_schema(
        operation_id="games_note_write",
        tags=["play"],
        summary="Replace your private note on the game",
        request=NoteBody,
        responses={200: NoteBody, **refusals(400, 401, 404, bad=("json", "field"))},
    )
    def put(self, request, game_id: int):
        body = NoteBody(data=request.data)
        body.is_valid(raise_exception=True)
        note = note_save(game_id=game_id, user=request.user, text=body.validated_data["text"])
        return Response({"text": note.text})
