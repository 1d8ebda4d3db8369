"""Called by the finishing service inside the game's result transaction."""

from __future__ import annotations

import logging
from dataclasses import asdict

from django.db import transaction
from django.db.models import Q

from games.models import Rating, RatingChange, Seat

from .boards import boards_for
from .model import DEFAULT_SKILL, Skill
from .replay import Standing, game_changes, is_ratable

log = logging.getLogger(__name__)


def record_game_ratings(game) -> list[RatingChange]:
    """Add one RatingChange row per seat (overall and per board) for a rated finished game.

    Runs in the caller's transaction (a savepoint if there is one). Calling it
    again for the same game adds nothing; an unrated game changes nothing.
    """
    seats = list(Seat.objects.filter(game=game).order_by("order"))
    if not is_ratable(game, seats):
        return []
    with transaction.atomic():
        if RatingChange.objects.filter(game=game).exists():
            return []
        ratings = _locked_ratings(game, seats)
        _warn_if_out_of_order(game, seats)

        def standing_of(user_id: int, board: str) -> Standing:
            row = ratings[(user_id, board)]
            return Standing(Skill(row.mu, row.sigma), row.games)

        changes = game_changes(game, seats, standing_of)
        rows = RatingChange.objects.bulk_create(RatingChange(**asdict(c)) for c in changes)
        for change in changes:
            row = ratings[(change.user_id, change.board)]
            row.mu, row.sigma, row.shown = change.mu_after, change.sigma_after, change.shown_after
            row.games += 1
            row.save(update_fields=["mu", "sigma", "shown", "games", "updated_at"])
        return rows


def _locked_ratings(game, seats) -> dict[tuple[int, str], Rating]:
    """The players' Rating rows on the game's boards, created at defaults, locked in pk order."""
    users = sorted({s.user_id for s in seats})
    boards = boards_for(game.map_id)
    for user_id in users:
        for board in boards:
            Rating.objects.get_or_create(
                user_id=user_id,
                board=board,
                defaults={
                    "mu": DEFAULT_SKILL.mu,
                    "sigma": DEFAULT_SKILL.sigma,
                    "shown": DEFAULT_SKILL.shown,
                    "games": 0,
                },
            )
    locked = Rating.objects.select_for_update().filter(user_id__in=users, board__in=boards)
    return {(r.user_id, r.board): r for r in locked.order_by("pk")}


def _warn_if_out_of_order(game, seats) -> None:
    """The rebuild replays in (finished_at, id) order; a game recorded after a later one
    (two games sharing a player finishing at the same moment) would not replay the same."""
    later = RatingChange.objects.filter(user_id__in=[s.user_id for s in seats]).filter(
        Q(created_at__gt=game.finished_at) | Q(created_at=game.finished_at, game_id__gt=game.pk)
    )
    if later.exists():
        log.warning(
            "game #%s is rated after a game that finished later; "
            "`manage.py rebuild_ratings --check` will report the difference",
            game.pk,
        )
