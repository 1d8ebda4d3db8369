"""GET /api/v1/games/<id>/claims/ and /statistics/: what was built, and the figures."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from games.api.docs import refusals
from games.api.serializers.statistics import ClaimEntry, PlayerStatistics
from games.models import Claim
from games.selectors.access import game_access
from games.selectors.statistics import game_statistics

from .base import ApiView


class ClaimListView(ApiView):
    serializer_class = ClaimEntry
    pagination_class = None  # at most 101 routes and 15 stations a game

    @extend_schema(
        operation_id="games_claims",
        tags=["play"],
        summary="The routes claimed and stations built",
        description="One entry per claimed route or built station, in the order they were "
        "made, with the cards paid (public: they were laid on the table).",
        responses={200: ClaimEntry(many=True), **refusals(404)},
    )
    def get(self, request, game_id: int):
        game = game_access(game_id=game_id, user=request.user)
        usernames = {seat.pk: seat.user.username for seat in game.seats.all()}
        claims = Claim.objects.filter(game=game).select_related("move").order_by("move__number")
        data = [
            {
                "player": str(claim.seat_id),
                "username": usernames[claim.seat_id],
                "move": claim.move.number,
                "route": claim.route_id or None,
                "length": claim.length,
                "city": claim.city or None,
                "cards": claim.cards,
                "tunnel_extra": claim.tunnel_extra,
                "created_at": claim.created_at,
            }
            for claim in claims
        ]
        return Response(ClaimEntry(data, many=True).data)


class StatisticsView(ApiView):
    serializer_class = PlayerStatistics
    pagination_class = None

    @extend_schema(
        operation_id="games_statistics",
        tags=["play"],
        summary="Statistics per player",
        description="The score sheet's figures, in seat order: turns, cards drawn face up and "
        "blind, tickets, routes by length, tunnels, stations; once the game is over the "
        "longest path and the points per source. Empty before the start.",
        responses={200: PlayerStatistics(many=True), **refusals(404)},
    )
    def get(self, request, game_id: int):
        game = game_access(game_id=game_id, user=request.user)
        stats = game_statistics(game=game) or {}
        usernames = {seat.player_id: seat.user.username for seat in game.seats.all()}
        data = [
            {"player": pid, "username": usernames[pid], **figures} for pid, figures in stats.items()
        ]
        return Response(PlayerStatistics(data, many=True).data)
