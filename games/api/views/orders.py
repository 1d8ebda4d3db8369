"""GET/PUT/DELETE /api/v1/games/<id>/orders/: your standing orders for your next turn (only
yours, ever: no other answer of the API contains them until they are played)."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games.api.docs import refusals
from games.api.serializers.strict import StrictBody
from games.engine.orders import MAX_ORDERS, ORDER_KINDS, SKIP_CODES
from games.models import OrdersStatus
from games.refusals.errors import NotAPlayer
from games.selectors.access import game_access, seat_get
from games.selectors.orders import orders_told, seat_orders_get
from games.services.orders import seat_orders_cancel, seat_orders_set

from .base import ApiView

INSTRUCTION_HELP = (
    "One instruction, by `kind`: "
    '`{"kind": "claim_route", "route": "denver-omaha", "pay": "red" | "keep_locomotives", '
    '"tunnel_extra": 0-3}` (a tunnel is claimed only with `tunnel_extra`, the most extra '
    'cards it may cost); `{"kind": "build_station", "city": "berlin", "pay": "red"}`; '
    '`{"kind": "draw_face_up", "color": "red", "then": "blue" | "deck"}`; '
    '`{"kind": "draw_deck"}` (two cards from the deck); '
    '`{"kind": "draw_tickets", "keep": 1-3 | "all"}` (with a number the tickets drawn '
    "wait for your choice; the draw needs at least that many in the deck)."
)


class OrdersBody(StrictBody):
    orders = serializers.ListField(
        child=serializers.DictField(),
        min_length=1,
        max_length=MAX_ORDERS,
        help_text=f"1 to {MAX_ORDERS} instructions, first first. " + INSTRUCTION_HELP,
    )


class SkippedSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    order = serializers.CharField(help_text="The instruction, in words.")
    reason = serializers.ChoiceField(choices=SKIP_CODES)
    reason_text = serializers.CharField()


class ReportSerializer(serializers.Serializer):
    played = serializers.IntegerField(allow_null=True, help_text="The instruction played.")
    played_text = serializers.CharField()
    skipped = SkippedSerializer(many=True, help_text="Each earlier instruction, and why not.")
    outcome = serializers.CharField(
        allow_null=True,
        help_text="What the played one left: `tunnel_over_limit`, `not_enough_cards` (a "
        "tunnel given up), `tickets_to_choose`, or null.",
    )
    outcome_text = serializers.CharField()


class OrdersSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=OrdersStatus.choices,
        allow_null=True,
        help_text="`standing` until your turn; then `played` or `none_playable`; null: none.",
    )
    orders = serializers.ListField(
        child=serializers.DictField(), help_text="The instructions. " + INSTRUCTION_HELP
    )
    summary = serializers.ListField(child=serializers.CharField(), help_text="Each, in words.")
    report = ReportSerializer(allow_null=True)
    set_at = serializers.DateTimeField(allow_null=True)


def _answer(request, game_id) -> Response:
    game = game_access(game_id=game_id, user=request.user)
    seat = seat_get(game=game, user=request.user)
    if seat is None:
        raise NotAPlayer()
    told = orders_told(standing=seat_orders_get(seat=seat), map_id=game.map_id)
    return Response(OrdersSerializer(told).data)


class OrdersView(ApiView):
    permission_classes = [IsAuthenticated]
    serializer_class = OrdersBody

    @extend_schema(
        operation_id="games_orders_read",
        tags=["play"],
        summary="Your standing orders for your next turn",
        description="Only the seat's own player: 404 for anyone else. Once your turn came, "
        "the report says which instruction was played and why the earlier ones were not. "
        f"Kinds: {', '.join(ORDER_KINDS)}.",
        responses={200: OrdersSerializer, **refusals(401, 404)},
    )
    def get(self, request, game_id: int):
        return _answer(request, game_id)

    @extend_schema(
        operation_id="games_orders_set",
        tags=["play"],
        summary="Leave standing orders for your next turn",
        description="While it is not your turn (403 when it is). They replace any left "
        "before; the first instruction legal and payable when your turn comes is played, "
        "and a move you make by hand drops them.",
        request=OrdersBody,
        responses={
            200: OrdersSerializer,
            **refusals(400, 401, 403, 404, 409, bad=("json", "field")),
        },
    )
    def put(self, request, game_id: int):
        body = OrdersBody(data=request.data)
        body.is_valid(raise_exception=True)
        seat_orders_set(game_id=game_id, user=request.user, orders=body.validated_data["orders"])
        return _answer(request, game_id)

    @extend_schema(
        operation_id="games_orders_cancel",
        tags=["play"],
        summary="Cancel your standing orders",
        responses={200: OrdersSerializer, **refusals(401, 403, 404, 409)},
    )
    def delete(self, request, game_id: int):
        seat_orders_cancel(game_id=game_id, user=request.user)
        return _answer(request, game_id)
