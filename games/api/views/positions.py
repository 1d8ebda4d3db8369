"""GET /api/v1/games/<id>/export/, POST /api/v1/games/from-scenario/ and
POST /api/v1/games/<id>/new-from-here/: games as files, and games from positions."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.presenting import detail_of, detail_response
from games.api.serializers.games import GameDetail
from games.api.serializers.positions import GameExport, NewFromHere, ScenarioStart
from games.selectors.access import game_access, game_created_get, seat_get
from games.selectors.export import export_document
from games.services.scenario_start import game_new_from_replay, game_start_from_scenario

from .base import ApiView


@private_to_viewer
class ExportView(ApiView):
    serializer_class = GameExport

    @extend_schema(
        operation_id="games_export",
        tags=["games"],
        summary="Download a game",
        description="The move log with its events, the statistics, and your view. A game "
        "over: anyone who may see it, with the scenario that replays it. A game in play: "
        "its players only (403 for others), with nothing they may not see.",
        responses={200: GameExport, **refusals(403, 404, 409)},
    )
    def get(self, request, game_id: int):
        game = game_access(game_id=game_id, user=request.user)
        return Response(export_document(game=game, user=request.user))


@private_to_viewer
class FromScenarioView(ApiView):
    serializer_class = ScenarioStart

    @extend_schema(
        operation_id="games_from_scenario",
        tags=["lobby"],
        summary="Start a game from a scenario",
        description="An unrated private game in the scenario's position, one seat for each "
        "player `players` names, in order. You must be one of them (staff: anyone). You and "
        "bots are seated at once; every other player is invited (their invitations list, "
        "My games, a mail) and the game starts when the last one accepts. One who declines "
        "or lets the invitation lapse (a week) calls it off. A scenario the engine refuses, "
        "an action that breaks the rules, a position already over or a count of names "
        "other than the scenario's players is `bad_scenario` (400) and creates nothing.",
        request=ScenarioStart,
        responses={201: GameDetail, **refusals(400, 401, 403)},
    )
    def post(self, request):
        body = ScenarioStart(data=request.data)
        body.is_valid(raise_exception=True)
        document = body.validated_data["scenario"]
        if document.get("format") == "ttr-game-export":
            document = document.get("scenario") or {}
        game = game_start_from_scenario(
            creator=request.user,
            document=document,
            usernames=body.validated_data.get("players"),
            turn_seconds=body.validated_data["turn_seconds"],
            seat_at_once=body.validated_data["seat_at_once"],
        )
        if seat_get(game=game, user=request.user) is None:
            # Staff started it for others: what they started, as a spectator sees it.
            shown = game_created_get(game_id=game.pk, user=request.user)
            return Response(GameDetail(detail_of(request, shown)).data, status=201)
        return detail_response(request, game.pk, status=status.HTTP_201_CREATED)


@private_to_viewer
class NewFromHereView(ApiView):
    serializer_class = NewFromHere

    @extend_schema(
        operation_id="games_new_from_here",
        tags=["lobby"],
        summary="New game from a finished game's position",
        description="For the finished game's players: an unrated game for the same players "
        "from the position after `move` (in the middle of a turn: the last turn start before "
        "it), both decks shuffled anew. You and the bots are seated at once; the other "
        "players are invited, and the game starts when the last one accepts (one who "
        "declines or lets the invitation lapse, a week, calls it off).",
        request=NewFromHere,
        responses={201: GameDetail, **refusals(400, 401, 404, 409)},
    )
    def post(self, request, game_id: int):
        game_access(game_id=game_id, user=request.user)
        body = NewFromHere(data=request.data)
        body.is_valid(raise_exception=True)
        game, _used = game_new_from_replay(
            game_id=game_id, user=request.user, move_number=body.validated_data["move"]
        )
        return detail_response(request, game.pk, status=status.HTTP_201_CREATED)
