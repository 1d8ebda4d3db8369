"""The rating changes one game makes, given everyone's standing before it.

Both the live path (record.py) and the rebuild (rebuild.py) go through
game_changes, so the two cannot drift apart: same inputs, same floats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from games.models import GameStatus

from .boards import boards_for
from .model import DEFAULT_SKILL, Skill, rate


@dataclass(frozen=True)
class Standing:
    """A player's rating on one board: skill and how many games built it."""

    skill: Skill = DEFAULT_SKILL
    games: int = 0


@dataclass(frozen=True)
class Change:
    """One future RatingChange row, with the field names of the model."""

    user_id: int
    game_id: int
    seat_id: int
    board: str
    place: int
    mu_before: float
    sigma_before: float
    shown_before: float
    mu_after: float
    sigma_after: float
    shown_after: float
    created_at: datetime

    def key(self) -> tuple[int, int, str]:
        return (self.game_id, self.seat_id, self.board)


FIELDS = tuple(f for f in Change.__dataclass_fields__ if f not in ("game_id", "seat_id", "board"))


def is_ratable(game, seats: Sequence) -> bool:
    """Only finished games created as rated, with at least two players, no bot seated
    from the start and every player there by their own act (Seat.joined_by_self: a seat
    staff gave without a move played in it), move ratings."""
    return (
        bool(game.rated)
        and game.status == GameStatus.FINISHED
        and len(seats) >= 2
        and not any(seat.is_bot for seat in seats)
        and all(seat.joined_by_self for seat in seats)
    )


def rating_places(seats: Sequence) -> list[int]:
    """The places the ratings count: the engine's (forfeited players share the last one),
    except that a seat a bot took over counts as its player left it, last with the others
    who left: the bot's play after that ranks no one."""
    if not any(seat.taken_over for seat in seats):
        return [seat.place for seat in seats]
    last = max((seat.place for seat in seats if not seat.forfeited), default=0) + 1
    return [last if seat.forfeited else seat.place for seat in seats]


def game_changes(
    game, seats: Sequence, standing_of: Callable[[int, str], Standing]
) -> list[Change]:
    """The changes, seat order within each board; `seats` must be ordered by Seat.order."""
    if game.finished_at is None:
        raise ValueError(f"game #{game.pk} is finished but has no finished_at")
    # The engine's places (forfeited players share the last one), as game_finish stored them.
    missing = [s.pk for s in seats if s.place is None]
    if missing:
        raise ValueError(f"seats {missing} finished the game without a place")
    ordered_places = rating_places(seats)
    changes: list[Change] = []
    for board in boards_for(game.map_id):
        before = [standing_of(s.user_id, board).skill for s in seats]
        after = rate(before, ordered_places)
        for seat, old, new, place in zip(seats, before, after, ordered_places, strict=True):
            changes.append(
                Change(
                    user_id=seat.user_id,
                    game_id=game.pk,
                    seat_id=seat.pk,
                    board=board,
                    place=place,
                    mu_before=old.mu,
                    sigma_before=old.sigma,
                    shown_before=old.shown,
                    mu_after=new.mu,
                    sigma_after=new.sigma,
                    shown_after=new.shown,
                    created_at=game.finished_at,
                )
            )
    return changes


def advance(standings: dict[tuple[int, str], Standing], changes: Sequence[Change]) -> None:
    """Apply the changes to an in-memory table of standings."""
    for change in changes:
        key = (change.user_id, change.board)
        games = standings.get(key, Standing()).games
        standings[key] = Standing(Skill(change.mu_after, change.sigma_after), games + 1)
