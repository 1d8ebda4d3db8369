"""The analysis of a finished game: asked for, its progress, its result (the writers).

Decisions:
- Any player of the game may ask, and for a public game anyone signed in (a guest reads
  one made already). It is made once per game: asking again returns the same analysis,
  unless the last one failed or has not moved for ANALYSIS_STALL_SECONDS (its task was
  lost), when it is queued again.
- Never while the game runs: its moves would tell the bot's view of a position still in
  play (and the analysis of a seat's decisions reads that seat's hand).
"""

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games.models import AnalysisStatus, Game, GameAnalysis
from games.refusals.errors import GameNotActive, NotAllowed

from .events import analysis_announce, game_versions_bump


class AnalysisWhilePlaying(GameNotActive):
    code = "analysis_not_yet"
    default_message = gettext_lazy(
        "A game is analysed only once it is over; come back after its last turn."
    )


class AnalysisNeedsSignIn(NotAllowed):
    code = "analysis_sign_in"
    default_message = gettext_lazy("Sign in to ask for an analysis of this game.")


def analysis_check_over(*, game: Game) -> None:
    """AnalysisWhilePlaying unless the game has been played and is over."""
    if game.state is None or not game.is_over:
        raise AnalysisWhilePlaying()


def _stalled(analysis: GameAnalysis, now: datetime) -> bool:
    after = timedelta(seconds=float(getattr(settings, "ANALYSIS_STALL_SECONDS", 600)))
    return analysis.status == AnalysisStatus.FAILED or (
        analysis.status != AnalysisStatus.DONE and analysis.updated_at <= now - after
    )


def analysis_request(*, game: Game, user: User | AnonymousUser | None) -> GameAnalysis:
    """The analysis of `game` (which `user` may see: games.selectors.access.game_access),
    queued now if there is none yet or the last one failed or stalled."""
    analysis_check_over(game=game)
    if user is None or not user.is_authenticated:
        raise AnalysisNeedsSignIn()
    with transaction.atomic():
        analysis, created = GameAnalysis.objects.select_for_update().get_or_create(
            game=game,
            defaults={
                "requested_by": user,
                "bot_budget": settings.ANALYSIS_BOT_BUDGET,
                "rollouts": settings.ANALYSIS_ROLLOUTS,
            },
        )
        if not created and not _stalled(analysis, timezone.now()):
            return analysis
        if not created:
            analysis.requested_by = user
            analysis.status = AnalysisStatus.QUEUED
            analysis.decisions_done = 0
            analysis.result = None
            analysis.bot_budget = settings.ANALYSIS_BOT_BUDGET
            analysis.rollouts = settings.ANALYSIS_ROLLOUTS
            analysis.save()
        analysis_announce(analysis=analysis)
    return analysis


def analysis_start(*, analysis_id: int, total: int) -> bool:
    """Mark a queued analysis running with `total` decisions to go; False if it is not
    queued (another task has it, or it is done)."""
    with transaction.atomic():
        queued = GameAnalysis.objects.filter(pk=analysis_id, status=AnalysisStatus.QUEUED)
        game_ids = list(queued.values_list("game_id", flat=True))
        started = queued.update(
            status=AnalysisStatus.RUNNING,
            decisions_total=total,
            decisions_done=0,
            updated_at=timezone.now(),
        )
        if started:
            game_versions_bump(game_ids=game_ids)
    return bool(started)


PROGRESS_STEPS = 10  # the open pages are told at each tenth of the way


def _new_step(done: int, total: int) -> bool:
    """Whether `done` of `total` decisions reach a new tenth (the last one is told by
    analysis_finish)."""
    return 0 < done < total and (
        done * PROGRESS_STEPS // total > (done - 1) * PROGRESS_STEPS // total
    )


def analysis_progress(*, analysis_id: int, done: int) -> None:
    with transaction.atomic():
        running = GameAnalysis.objects.filter(pk=analysis_id, status=AnalysisStatus.RUNNING)
        found = running.values_list("game_id", "decisions_total").first()
        if found is None:
            return
        running.update(decisions_done=done, updated_at=timezone.now())
        game_id, total = found
        if _new_step(done, total):
            game_versions_bump(game_ids=[game_id])


def analysis_finish(*, analysis_id: int, result: dict[str, Any]) -> None:
    """The analysis is done: the game's open pages are told (its version moves on)."""
    now = timezone.now()
    with transaction.atomic():
        done = GameAnalysis.objects.filter(pk=analysis_id, status=AnalysisStatus.RUNNING)
        game_ids = list(done.values_list("game_id", flat=True))
        if done.update(
            status=AnalysisStatus.DONE,
            result=result,
            decisions_done=len(result["decisions"]),
            updated_at=now,
            finished_at=now,
        ):
            game_versions_bump(game_ids=game_ids)


def analysis_fail(*, analysis_id: int) -> None:
    with transaction.atomic():
        failing = GameAnalysis.objects.filter(pk=analysis_id).exclude(status=AnalysisStatus.DONE)
        game_ids = list(failing.values_list("game_id", flat=True))
        if failing.update(status=AnalysisStatus.FAILED, updated_at=timezone.now()):
            game_versions_bump(game_ids=game_ids)
