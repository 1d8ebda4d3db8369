"""GET /api/v1/games/<id>/legal-actions/ and POST /api/v1/games/<id>/actions/.

A move goes through games.services.play.game_play, the one function that locks
the game row, checks the version and asks the engine: exactly what the web page
calls, so the API can neither skip a check nor apply a rule differently.
"""

from collections.abc import Sequence
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework.response import Response

from accounts.private_pages import private_to_viewer
from games import engine
from games.api.docs import refusals
from games.api.errors import invalid_choice
from games.api.presenting import move_response
from games.api.serializers.actions import ActionPostSerializer, LegalActionsSerializer
from games.api.serializers.games import GameDetail
from games.api.serializers.shown import shown
from games.engine import ActionType
from games.models import Game
from games.selectors.access import game_rules_read
from games.services.play import game_play

from .base import ApiView


def legal_for(
    game: Game, player_id: str | None, action_type: str | None
) -> tuple[list[ActionType], list[dict[str, Any]]]:
    """The legal action types and actions now of the seat the engine knows as `player_id`.
    The engine says who may act: none for spectators, the forfeited, anyone once the game
    is over."""
    if player_id is None or game.state is None:
        return [], []
    state = engine.State.from_dict(game.state)
    types = list(engine.legal_action_kinds(state, player_id))
    actions: Sequence[engine.Action]
    if action_type is None:
        actions = engine.legal_actions(state, player_id)
    elif action_type in types:
        actions = engine.legal_options(state, player_id, action_type)
    else:
        actions = []
    return types, [action.to_dict() for action in actions]


@private_to_viewer
class LegalActionsView(ApiView):
    serializer_class = LegalActionsSerializer

    @extend_schema(
        operation_id="games_legal_actions",
        tags=["play"],
        summary="Your legal actions now",
        description="Every action you may post now, exactly as `actions/` takes it (claims "
        "list every distinct payment). Empty when you cannot act (not your turn, a "
        "spectator, the game over). `?type=` narrows to one action type (cheaper).",
        parameters=[OpenApiParameter("type", OpenApiTypes.STR, enum=[t.value for t in ActionType])],
        responses={200: LegalActionsSerializer, **refusals(400, 404, bad=("type",))},
    )
    def get(self, request, game_id: int):
        action_type = request.query_params.get("type")
        if action_type is not None and action_type not in ActionType:
            return invalid_choice("type", ActionType)
        game, player_id = game_rules_read(game_id=game_id, user=request.user)
        types, actions = legal_for(game, player_id, action_type)
        data = {"version": game.version, "kinds": types, "actions": actions}
        return Response(shown(LegalActionsSerializer, data))


@private_to_viewer
class ActionsView(ApiView):
    serializer_class = ActionPostSerializer

    @extend_schema(
        operation_id="games_play",
        tags=["play"],
        summary="Make a move",
        description="Post one action made against the game's `version`. Refusals change "
        "nothing: 404 not your game; 409 `moved_on` (stale version: fetch the game again), "
        "or the game is not being played; 400 a body that is not a move; 422 a move the "
        "rules forbid now, with the engine's code (e.g. `not_your_turn`, `route_taken`).",
        request=ActionPostSerializer,
        responses={
            200: GameDetail,
            **refusals(400, 401, 403, 404, 409, 422, bad=("json", "field", "action")),
        },
        examples=[
            OpenApiExample(
                "Claim a route",
                request_only=True,
                value={
                    "version": 12,
                    "action": {
                        "type": "claim_route",
                        "route": "denver-omaha",
                        "cards": {"blue": 3, "locomotive": 1},
                    },
                },
            ),
            OpenApiExample(
                "Draw blind",
                request_only=True,
                value={"version": 13, "action": {"type": "draw_card", "from": "deck"}},
            ),
            OpenApiExample(
                "Keep tickets",
                request_only=True,
                value={
                    "version": 3,
                    "action": {
                        "type": "keep_tickets",
                        "tickets": ["denver-el_paso", "boston-miami"],
                    },
                },
            ),
        ],
    )
    def post(self, request, game_id: int):
        body = ActionPostSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = game_play(
            game_id=game_id,
            user=request.user,
            action=body.validated_data["action"],
            expected_version=body.validated_data["version"],
        )
        return move_response(request, result)
