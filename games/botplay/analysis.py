"""The analysis of a finished game, run by its task: the game replayed from its Move log and
each decision put to the Strong bot from the deciding seat's own view (games.bots.analysis).

The seats are built from each position as it was by `seat_for`, which holds only that seat's
player_view, the public events and its legal moves; the true hands of the others and the
piles' order never reach the bot. The result keeps only public parts of moves.
"""

import logging

from games import bots, engine
from games.bots.analysis import analyse_decision, game_decisions, key_moments
from games.models import AnalysisStatus, Game, GameAnalysis, Move
from games.selectors.replay import CLOCK_ONLY_ACTIONS, game_start_state, move_action
from games.services.analysis import (
    analysis_fail,
    analysis_finish,
    analysis_progress,
    analysis_start,
)
from games.services.transition import game_position
from games.words.game_log import turn_number

log = logging.getLogger(__name__)

RESULT_VERSION = 1


def _log_of(game: Game) -> tuple[list[Move], list[tuple[str, "engine.Action | engine.Forfeit"]]]:
    moves = [
        move
        for move in Move.objects.filter(game=game).order_by("number")
        if move.action.get("type") not in CLOCK_ONLY_ACTIONS
    ]
    return moves, [(str(move.seat_id), move_action(move=move)) for move in moves]


def analysis_run(analysis_id: int) -> bool:
    """Make the analysis if it is still queued; True when it was made here."""
    analysis = GameAnalysis.objects.select_related("game").filter(pk=analysis_id).first()
    if analysis is None or analysis.status != AnalysisStatus.QUEUED:
        return False
    game = analysis.game
    try:
        moves, actions = _log_of(game)
        start = game_start_state(game=game)
        key = f"analysis:{game.pk}:{game.seed}"
        total = sum(1 for _ in game_decisions(start, actions, key))
        if not analysis_start(analysis_id=analysis_id, total=total):
            return False
        decisions = []
        for index, seat, played in game_decisions(start, actions, key):
            rng = bots.bot_rng(key, seat.me, index)
            decision = analyse_decision(
                seat,
                played,
                bot_budget=analysis.bot_budget,
                rollouts=analysis.rollouts,
                rng=rng,
            )
            move = moves[index]
            decision["move"] = move.number
            decision["turn"] = turn_number(move)
            decisions.append(decision)
            analysis_progress(analysis_id=analysis_id, done=len(decisions))
        state = game_position(game=game)
        final = {p: state.final.players[p].total for p in state.players} if state.final else None
        analysis_finish(
            analysis_id=analysis_id,
            result={
                "version": RESULT_VERSION,
                "players": list(state.players),
                "decisions": decisions,
                "moments": key_moments(decisions),
                "final": final,
            },
        )
    except Exception:
        log.exception("the analysis of game %s failed", game.pk)
        analysis_fail(analysis_id=analysis_id)
        return False
    return True
