"""GET/POST /api/v1/games/ and GET /api/v1/games/<id>/."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated

from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.errors import invalid_choice
from games.api.presenting import detail_response, summary_of
from games.api.serializers.games import GameCreate, GameDetail, GameSummary
from games.selectors.access import game_list_open
from games.selectors.lobby import game_list_mine
from games.services.invitations import game_create_inviting
from games.services.lobby import takeover_default

from .base import ApiView

FILTERS = ("mine", "open", "awaiting")

FILTER_PARAMETER = OpenApiParameter(
    "filter",
    OpenApiTypes.STR,
    enum=FILTERS,
    description="`mine`: every game you sit at (your move first, then running, waiting, "
    "finished); `open`: public games waiting for players; `awaiting`: games waiting for "
    "your move, soonest deadline first. Default: `mine` when signed in, else `open`. "
    "`mine` and `awaiting` need a signed-in caller (401).",
)


def _games_for(request, name: str) -> list:
    if name == "open":
        return list(game_list_open())
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    games = game_list_mine(user=request.user)
    return games.awaiting if name == "awaiting" else list(games)


class GameListView(ApiView):
    serializer_class = GameSummary

    @extend_schema(
        operation_id="games_list",
        tags=["games"],
        summary="List games",
        parameters=[FILTER_PARAMETER],
        responses={200: GameSummary(many=True), **refusals(400, 401, 404, bad=("filter",))},
    )
    def get(self, request):
        default = "mine" if request.user.is_authenticated else "open"
        name = request.query_params.get("filter") or default
        if name not in FILTERS:
            return invalid_choice("filter", FILTERS)
        page = self.paginate_queryset(_games_for(request, name))
        assert page is not None  # None only for a view without pages
        data = [summary_of(request, game) for game in page]
        return self.get_paginated_response(GameSummary(data, many=True).data)

    @extend_schema(
        operation_id="games_create",
        tags=["games"],
        summary="Create a game",
        description="You take the first seat. The game starts when it is full, or when "
        "you start it (POST .../start/) with at least two players seated.",
        request=GameCreate,
        responses={201: GameDetail, **refusals(400, 401, bad=("json", "settings"))},
        examples=[
            OpenApiExample(
                "Three players on Europe",
                request_only=True,
                value={"map": "europe", "max_players": 3, "turn_seconds": 86400},
            )
        ],
    )
    def post(self, request):
        body = GameCreate(data=request.data)
        body.is_valid(raise_exception=True)
        settings = dict(body.validated_data)
        settings.setdefault("bot_takeover", takeover_default(max_players=settings["max_players"]))
        game = game_create_inviting(
            creator=request.user,
            map_id=settings.pop("map"),
            invite=settings.pop("invite"),
            **settings,
        )
        return detail_response(request, game.pk, status=status.HTTP_201_CREATED)


@private_to_viewer
class GameDetailView(ApiView):
    serializer_class = GameDetail

    @extend_schema(
        operation_id="games_read",
        tags=["games"],
        summary="One game, as you may see it",
        description="Lobby facts, the seats (usernames, colours, public counts) and `view`: "
        "the position as your seat sees it (your hand and tickets, nobody else's). "
        "Players always see their games; anyone may watch a public game once it has "
        "started (as a spectator, `you` null); a private game is 404 to strangers.",
        responses={200: GameDetail, **refusals(404)},
    )
    def get(self, request, game_id: int):
        return detail_response(request, game_id)
