"""GET/POST /api/v1/games/<id>/analysis/: the Strong bot's analysis of a finished game."""

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response

from games.api.docs import refusals
from games.api.serializers.analysis import GameAnalysisOut
from games.selectors.access import game_access
from games.selectors.analysis import analysis_get
from games.selectors.log import player_names
from games.services.analysis import analysis_check_over, analysis_request
from games.words.analysis import moment_sentence, sureness

from .base import ApiView

DESCRIPTION = (
    "At each decision of each player, the Strong bot's choice from that player's own view "
    "then (their cards and tickets, never anyone else's or the decks' order) and the "
    "expected final points of the move made and of the bot's choice, from rollouts to the "
    "end of the game (with their spread). Moves are told by their public part only. Only "
    "for a game that is over: 409 `analysis_not_yet` while it runs."
)


def _body(game, analysis) -> dict:
    names = player_names(game=game)
    result = (analysis.result if analysis else None) or {}
    final = result.get("final") or {}
    decisions = result.get("decisions") or []
    return {
        "status": analysis.status if analysis else "none",
        "decisions_done": analysis.decisions_done if analysis else 0,
        "decisions_total": analysis.decisions_total if analysis else 0,
        "bot_budget": analysis.bot_budget if analysis else settings.ANALYSIS_BOT_BUDGET,
        "rollouts": analysis.rollouts if analysis else settings.ANALYSIS_ROLLOUTS,
        "finished_at": analysis.finished_at if analysis else None,
        "players": [
            {
                "player": seat.player_id,
                "name": names[seat.player_id],
                "final_score": final.get(seat.player_id),
            }
            for seat in game.seats.all()
        ],
        "decisions": decisions,
        "moments": [
            {
                "move": decisions[i]["move"],
                "turn": decisions[i].get("turn"),
                "player": decisions[i]["player"],
                "sentence": moment_sentence(decisions[i], names, game.map_id),
                "sureness": sureness(decisions[i]),
            }
            for i in result.get("moments") or []
        ],
    }


class AnalysisView(ApiView):
    serializer_class = GameAnalysisOut

    @extend_schema(
        operation_id="games_analysis_read",
        tags=["games"],
        summary="The analysis of a finished game",
        description=DESCRIPTION + " `status` is `none` until someone asks for it.",
        responses={200: GameAnalysisOut, **refusals(404, 409)},
    )
    def get(self, request, game_id: int):
        game = game_access(game_id=game_id, user=request.user)
        analysis_check_over(game=game)
        return Response(GameAnalysisOut(_body(game, analysis_get(game=game))).data)

    @extend_schema(
        operation_id="games_analysis_request",
        tags=["games"],
        summary="Ask for the analysis of a finished game",
        description=DESCRIPTION + " Any of its players, or anyone for a public game, may ask; "
        "asking again returns the same analysis (unless it failed or stalled). Poll GET for "
        "its progress.",
        request=None,
        responses={202: GameAnalysisOut, **refusals(401, 404, 409)},
    )
    def post(self, request, game_id: int):
        game = game_access(game_id=game_id, user=request.user)
        analysis = analysis_request(game=game, user=request.user)
        analysis.refresh_from_db()
        return Response(
            GameAnalysisOut(_body(game, analysis)).data, status=status.HTTP_202_ACCEPTED
        )
