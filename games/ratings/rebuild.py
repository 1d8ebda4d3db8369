"""Replay every finished rated game from default ratings and compare with what is stored.

Order: finished_at, then game id. The replay is the reference: the stored
history must match it float for float. `apply` brings the database in line:
Rating rows always follow the replay; RatingChange rows are only added where
missing, and existing ones are corrected or removed only when forced (history
is never rewritten by accident).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from django.db import transaction

from games.models import Game, GameStatus, Rating, RatingChange, Seat

from .replay import FIELDS, Change, Standing, advance, game_changes, is_ratable


@dataclass
class Replay:
    changes: dict[tuple[int, int, str], Change] = field(default_factory=dict)
    standings: dict[tuple[int, str], Standing] = field(default_factory=dict)


@dataclass
class Comparison:
    missing: list[Change] = field(default_factory=list)  # replayed, not stored
    differing: list[tuple[RatingChange, Change]] = field(default_factory=list)
    orphans: list[RatingChange] = field(default_factory=list)  # stored, not replayed
    rating_differences: list[str] = field(default_factory=list)

    @property
    def history_matches(self) -> bool:
        return not (self.missing or self.differing or self.orphans)

    @property
    def matches(self) -> bool:
        return self.history_matches and not self.rating_differences

    def lines(self) -> list[str]:
        out = [f"missing change: {_describe(c)}" for c in self.missing]
        for stored, expected in self.differing:
            diffs = ", ".join(
                f"{name} stored {getattr(stored, name)!r} replayed {getattr(expected, name)!r}"
                for name in FIELDS
                if getattr(stored, name) != getattr(expected, name)
            )
            out.append(f"differing change: {_describe(expected)}: {diffs}")
        out += [f"change for no rated finished game: {_describe(r)}" for r in self.orphans]
        return out + self.rating_differences


def _describe(row) -> str:
    return f"game #{row.game_id} seat {row.seat_id} user {row.user_id} board {row.board}"


def replay() -> Replay:
    result = Replay()
    games = Game.objects.filter(status=GameStatus.FINISHED, rated=True)
    games = games.order_by("finished_at", "id")
    seats_by_game: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game__in=games).order_by("game_id", "order"):
        seats_by_game.setdefault(seat.game_id, []).append(seat)
    for game in games:
        seats = seats_by_game.get(game.pk, [])
        if not is_ratable(game, seats):
            continue
        changes = game_changes(
            game, seats, lambda user, board: result.standings.get((user, board), Standing())
        )
        advance(result.standings, changes)
        result.changes.update((c.key(), c) for c in changes)
    return result


def compare(expected: Replay) -> Comparison:
    comparison = Comparison()
    seen = set()
    for stored in RatingChange.objects.order_by("created_at", "game_id", "pk"):
        key = (stored.game_id, stored.seat_id, stored.board)
        change = expected.changes.get(key)
        if change is None:
            comparison.orphans.append(stored)
            continue
        seen.add(key)
        if any(getattr(stored, name) != getattr(change, name) for name in FIELDS):
            comparison.differing.append((stored, change))
    comparison.missing = [c for k, c in expected.changes.items() if k not in seen]

    stored_ratings = {(r.user_id, r.board): r for r in Rating.objects.all()}
    for rating_key, standing in expected.standings.items():
        row = stored_ratings.get(rating_key)
        wanted = (standing.skill.mu, standing.skill.sigma, standing.skill.shown, standing.games)
        if row is None:
            comparison.rating_differences.append(
                f"missing rating: user {rating_key[0]} board {rating_key[1]}"
            )
        elif (row.mu, row.sigma, row.shown, row.games) != wanted:
            comparison.rating_differences.append(
                f"differing rating: user {rating_key[0]} board {rating_key[1]}: stored "
                f"(mu, sigma, shown, games) {(row.mu, row.sigma, row.shown, row.games)!r} "
                f"replayed {wanted!r}"
            )
    for rating_key in stored_ratings.keys() - expected.standings.keys():
        comparison.rating_differences.append(
            f"rating with no rated game: user {rating_key[0]} board {rating_key[1]}"
        )
    return comparison


@transaction.atomic(durable=True)
def apply(expected: Replay, comparison: Comparison, *, force: bool) -> None:
    """Make the database follow the replay (see the module docstring for what `force` allows)."""
    RatingChange.objects.bulk_create(RatingChange(**asdict(c)) for c in comparison.missing)
    if force:
        for stored, change in comparison.differing:
            for name in FIELDS:
                setattr(stored, name, getattr(change, name))
            stored.save()
        RatingChange.objects.filter(pk__in=[r.pk for r in comparison.orphans]).delete()

    stored_ratings = {(r.user_id, r.board): r for r in Rating.objects.select_for_update()}
    for key, standing in expected.standings.items():
        values = {
            "mu": standing.skill.mu,
            "sigma": standing.skill.sigma,
            "shown": standing.skill.shown,
            "games": standing.games,
        }
        row = stored_ratings.get(key)
        if row is None:
            Rating.objects.create(user_id=key[0], board=key[1], **values)
        elif (row.mu, row.sigma, row.shown, row.games) != tuple(values.values()):
            for name, value in values.items():
                setattr(row, name, value)
            row.save()
    stale = [r.pk for key, r in stored_ratings.items() if key not in expected.standings]
    Rating.objects.filter(pk__in=stale).delete()
