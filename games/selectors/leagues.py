"""A season's standings and what its page shows: rounds, tables, byes.

Points per place at a table of n: 2 × (n − place), so the winner of a table of four
scores 6, then 4, 2 and 0; players sharing a place share its points. A bye scores the
middle of a table of the season's size (n − 1: 3 at tables of four), as a draw would.
A player who ran out of time or resigned (a bot taking over their seat included) counts
last at their table, with the others who left. A game aborted because everyone ran out
of time scores nothing for anyone. Ties are broken by the total of the final scores over
the season's games, then head to head: how often each of the tied players finished ahead
of another of them at the same table.
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.auth.models import User

from games.models import Game, GameStatus, Season, SeasonBye, SeasonMember, Seat


@dataclass(frozen=True)
class TableResult:
    """One finished (or aborted) season game: (user id, counted place, final score)."""

    game_id: int
    round: int
    seats: tuple[tuple[int, int | None, int | None], ...]
    aborted: bool = False


@dataclass
class StandingRow:
    user_id: int
    name: str
    points: int = 0
    score: int = 0
    played: int = 0
    wins: int = 0
    byes: int = 0
    head_to_head: int = 0
    position: int = 0
    user: User | None = None  # season_standings sets it
    rounds: dict = field(default_factory=dict)  # round -> points scored in it


def place_points(*, place: int, seats: int) -> int:
    return 2 * (seats - place)


def bye_points(*, table_size: int) -> int:
    return table_size - 1


def standings_compute(
    *,
    members: Iterable[tuple[int, str]],
    results: Iterable[TableResult],
    byes: Iterable[tuple[int, int]],
    table_size: int,
) -> list[StandingRow]:
    """The standings table, best first, from the season's results and byes."""
    rows = {uid: StandingRow(user_id=uid, name=name) for uid, name in members}
    results = list(results)
    for result in results:
        n = len(result.seats)
        for uid, place, score in result.seats:
            row = rows.get(uid)
            if row is None:
                continue
            row.played += 1
            got = 0 if result.aborted or place is None else place_points(place=place, seats=n)
            row.points += got
            row.rounds[result.round] = row.rounds.get(result.round, 0) + got
            row.score += score or 0
            row.wins += (not result.aborted) and place == 1
    for uid, round_number in byes:
        if uid in rows:
            got = bye_points(table_size=table_size)
            rows[uid].byes += 1
            rows[uid].points += got
            rows[uid].rounds[round_number] = rows[uid].rounds.get(round_number, 0) + got
    groups: dict[tuple[int, int], list[StandingRow]] = defaultdict(list)
    for row in rows.values():
        groups[(row.points, row.score)].append(row)
    for group in groups.values():
        if len(group) < 2:
            continue
        tied = {row.user_id for row in group}
        for result in results:
            if result.aborted:
                continue
            # A finished game places every seat (services.finish); a place missing all the
            # same counts nothing here, as it earns no points above.
            present = [
                (uid, place) for uid, place, _s in result.seats if uid in tied and place is not None
            ]
            for uid, place in present:
                rows[uid].head_to_head += sum(
                    1 for other, theirs in present if other != uid and place < theirs
                )
    ordered = sorted(
        rows.values(), key=lambda r: (-r.points, -r.score, -r.head_to_head, r.name.lower())
    )
    for position, row in enumerate(ordered, start=1):
        row.position = position
    return ordered


def seat_counted_places(*, seats) -> list[int | None]:
    """The places the league counts: the engine's, except that whoever left (their seat
    forfeited, a bot playing on or not) is last, with the others who left."""
    if not any(seat.forfeited for seat in seats):
        return [seat.place for seat in seats]
    last = max((seat.place or 0 for seat in seats if not seat.forfeited), default=0) + 1
    return [last if seat.forfeited else seat.place for seat in seats]


def season_results(*, season) -> list[TableResult]:
    games = Game.objects.filter(
        season=season, status__in=(GameStatus.FINISHED, GameStatus.ABORTED)
    ).order_by("season_round", "pk")
    seats_of: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(game__in=games).order_by("game_id", "order"):
        seats_of[seat.game_id].append(seat)
    results = []
    for game in games:
        seats = seats_of[game.pk]
        places = seat_counted_places(seats=seats)
        results.append(
            TableResult(
                game_id=game.pk,
                round=game.season_round or 0,
                seats=tuple(
                    (s.user_id, p, s.final_score) for s, p in zip(seats, places, strict=True)
                ),
                aborted=game.status == GameStatus.ABORTED,
            )
        )
    return results


def season_standings(*, season) -> list[StandingRow]:
    entries = list(SeasonMember.objects.filter(season=season).select_related("user"))
    users = {entry.user_id: entry.user for entry in entries}
    rows = standings_compute(
        members=[(entry.user_id, entry.user.username) for entry in entries],
        results=season_results(season=season),
        byes=SeasonBye.objects.filter(season=season).values_list("user_id", "round"),
        table_size=season.table_size,
    )
    for row in rows:
        row.user = users[row.user_id]
    return rows


def season_met_pairs(*, season) -> set[frozenset]:
    """Every pair of members who sat at one table of this season."""
    met = set()
    by_game: dict[int, list[int]] = defaultdict(list)
    for game_id, user_id in Seat.objects.filter(game__season=season).values_list(
        "game_id", "user_id"
    ):
        by_game[game_id].append(user_id)
    for players in by_game.values():
        met |= {frozenset((a, b)) for a in players for b in players if a != b}
    return met


def season_bye_counts(*, season) -> dict[int, int]:
    counts: dict[int, int] = defaultdict(int)
    for user_id in SeasonBye.objects.filter(season=season).values_list("user_id", flat=True):
        counts[user_id] += 1
    return dict(counts)


def season_list(*, club):
    return Season.objects.filter(club=club)


def season_get(*, club, season_id) -> Season | None:
    try:
        return Season.objects.filter(club=club, pk=int(season_id)).first()
    except (TypeError, ValueError, OverflowError):
        return None


def season_rounds(*, season) -> list[dict]:
    """Each round begun so far: its tables (games with seats) and its byes."""
    games = (
        Game.objects.filter(season=season)
        .prefetch_related("seats__user")
        .order_by("season_round", "pk")
    )
    byes = defaultdict(list)
    for bye in SeasonBye.objects.filter(season=season).select_related("user"):
        byes[bye.round].append(bye.user)
    rounds = []
    for number in range(1, season.current_round + 1):
        rounds.append(
            {
                "number": number,
                "games": [g for g in games if g.season_round == number],
                "byes": byes.get(number, []),
            }
        )
    return rounds


def season_list_of_player(*, user):
    """The finished seasons a player played in (their profile's line)."""
    return Season.objects.filter(members__user=user, status="finished").select_related("club")
