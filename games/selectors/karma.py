"""Karma: how reliable a player is, over their last finished games.

A game counts for a player's karma once it is over (finished, or aborted when everyone
ran out of time) and they sat at it as a person by their own act (not a seat staff gave
them that they never played a move in: Seat.joined_by_self); it is kept when they neither ran out
of time nor resigned (a bot taking over their seat means they left). Karma is the share
kept, in whole percent; a player with no such game yet has none (shown as new).
"""

from dataclasses import dataclass

from django.db.models import F, IntegerField, QuerySet, Window
from django.db.models.expressions import RawSQL
from django.db.models.functions import RowNumber

from games.models import Seat
from games.models.game import OVER_STATUSES

KARMA_GAMES = 50


@dataclass(frozen=True)
class Karma:
    games: int  # counted, at most KARMA_GAMES
    kept: int  # of those, played to the end

    @property
    def percent(self) -> int | None:
        return round(100 * self.kept / self.games) if self.games else None


NO_KARMA = Karma(games=0, kept=0)


def karma_list(*, user_ids) -> dict[int, Karma]:
    """Each user's karma (NO_KARMA for one without a counted game), in one query."""
    ids = {int(pk) for pk in user_ids}
    if not ids:
        return {}
    rows = (
        Seat.objects.filter(user_id__in=ids, game__status__in=OVER_STATUSES)
        .exclude(bot_level__gt="", forfeited_at__isnull=True)  # a bot's own seat
        .exclude(joined_by_self=False)
        .annotate(
            recent=Window(
                RowNumber(),
                partition_by=[F("user_id")],
                order_by=[F("game__finished_at").desc(nulls_last=True), F("game_id").desc()],
            )
        )
        .filter(recent__lte=KARMA_GAMES)
        .values_list("user_id", "forfeited_at")
    )
    counted: dict[int, list[int]] = {pk: [0, 0] for pk in ids}
    for user_id, forfeited_at in rows:
        counted[user_id][0] += 1
        counted[user_id][1] += forfeited_at is None
    return {pk: Karma(games=games, kept=kept) for pk, (games, kept) in counted.items()}


def karma_get(*, user) -> Karma:
    return karma_list(user_ids=[user.pk]).get(user.pk, NO_KARMA)


# The same count in the seats' own query (a page of a game pays no query for it): the
# player's last KARMA_GAMES seats at games that are over, and how many they kept.
_RECENT = (
    "SELECT k_seat.forfeited_at FROM games_seat k_seat"
    " JOIN games_game k_game ON k_game.id = k_seat.game_id"
    " WHERE k_seat.user_id = games_seat.user_id AND k_game.status IN ('finished', 'aborted')"
    " AND NOT (k_seat.bot_level <> '' AND k_seat.forfeited_at IS NULL)"
    " AND k_seat.joined_by_self"
    " ORDER BY k_game.finished_at DESC, k_game.id DESC LIMIT %s"
)


def seat_with_karma(*, seats: QuerySet[Seat]) -> QuerySet[Seat]:
    """Seats annotated `karma_games` and `karma_kept` (their player's karma's counts)."""
    return seats.annotate(
        karma_games=RawSQL(
            f"SELECT COUNT(*) FROM ({_RECENT}) k_recent", (KARMA_GAMES,), IntegerField()
        ),
        karma_kept=RawSQL(
            "SELECT COUNT(*) FROM (" + _RECENT + ") k_recent WHERE k_recent.forfeited_at IS NULL",
            (KARMA_GAMES,),
            IntegerField(),
        ),
    )


def seat_karma(*, seat) -> Karma | None:
    """The karma of an annotated seat's player (None for a bot's own seat, or unannotated)."""
    if seat.is_bot or getattr(seat, "karma_games", None) is None:
        return None
    return Karma(games=seat.karma_games, kept=seat.karma_kept)
