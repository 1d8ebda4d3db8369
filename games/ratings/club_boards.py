"""A club's own leaderboards: the site's openskill ratings replayed from defaults over the
club's finished rated games only (the same game_changes as the site's ratings)."""

from dataclasses import dataclass

from games.models import Game, GameStatus, Seat

from .boards import boards_for
from .model import is_provisional
from .replay import Standing, advance, game_changes, is_ratable


@dataclass(frozen=True)
class ClubRow:
    position: int
    user_id: int
    name: str
    rating: float
    games: int
    provisional: bool


def club_leaderboards(*, club) -> dict[str, list[ClubRow]]:
    """Board ("overall", "usa", "europe") -> its rows, best first; a board with no game is
    left out."""
    games = Game.objects.filter(club=club, status=GameStatus.FINISHED, rated=True).order_by(
        "finished_at", "id"
    )
    seats_of: dict[int, list[Seat]] = {}
    names: dict[int, str] = {}
    for seat in (
        Seat.objects.filter(game__in=games).select_related("user").order_by("game_id", "order")
    ):
        seats_of.setdefault(seat.game_id, []).append(seat)
        names[seat.user_id] = seat.user.username
    standings: dict[tuple[int, str], Standing] = {}
    for game in games:
        seats = seats_of.get(game.pk, [])
        if not is_ratable(game, seats):
            continue
        changes = game_changes(game, seats, lambda u, b: standings.get((u, b), Standing()))
        advance(standings, changes)
    boards: dict[str, list[tuple[Standing, int]]] = {}
    for (user_id, board), standing in standings.items():
        boards.setdefault(board, []).append((standing, user_id))
    result: dict[str, list[ClubRow]] = {}
    for board in dict.fromkeys(b for m in ("usa", "europe") for b in boards_for(m)):
        entries = sorted(
            boards.get(board, []), key=lambda e: (-e[0].skill.shown, names[e[1]].lower())
        )
        if entries:
            result[board] = [
                ClubRow(
                    position=i,
                    user_id=uid,
                    name=names[uid],
                    rating=standing.skill.shown,
                    games=standing.games,
                    provisional=is_provisional(standing.games),
                )
                for i, (standing, uid) in enumerate(entries, start=1)
            ]
    return result
