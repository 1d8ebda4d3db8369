"""What the leaderboard and profile pages show: read-only queries over ratings and seats."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.paginator import Page, Paginator
from django.db.models import Count, Q
from django.utils import timezone

from games.models import Game, GameStatus, Rating, RatingChange, Seat
from games.models.rating import OVERALL
from games.selectors.access import game_open_filter

from .boards import BOARDS, board_label
from .chart import ChartPoint, private_tooltip, tooltip
from .model import PROVISIONAL_GAMES, is_provisional

# A player appears on a leaderboard after this many rated games on that board.
MIN_GAMES = 3
PAGE_SIZE = 25
RECENT_GAMES = 10


@dataclass(frozen=True)
class BoardRow:
    position: int
    user: object
    shown: float
    games: int
    provisional: bool
    is_viewer: bool


@dataclass(frozen=True)
class Leaderboard:
    board: str
    label: str
    page: Page
    rows: list[BoardRow]
    viewer_row: BoardRow | None  # the viewer's own row, wherever it is
    viewer_page: int | None
    viewer_games: int | None  # the viewer's rated games on this board, listed or not
    min_games: int = MIN_GAMES
    provisional_games: int = PROVISIONAL_GAMES
    # Named when the page is built, in its reader's language.
    boards: tuple[tuple[str, str], ...] = field(
        default_factory=lambda: tuple((b, board_label(b)) for b in BOARDS)
    )


def _ranked(board: str):
    return (
        Rating.objects.filter(board=board, games__gte=MIN_GAMES, user__is_active=True)
        .select_related("user")
        .order_by("-shown", "user_id")
    )


def _position(board: str, rating: Rating) -> int:
    """1 + the players listed ahead (higher shown rating; on a tie, the earlier account)."""
    ahead = _ranked(board).filter(
        Q(shown__gt=rating.shown) | Q(shown=rating.shown, user_id__lt=rating.user_id)
    )
    return ahead.count() + 1


def _row(position: int, rating: Rating, viewer) -> BoardRow:
    return BoardRow(
        position=position,
        user=rating.user,
        shown=rating.shown,
        games=rating.games,
        provisional=is_provisional(rating.games),
        is_viewer=viewer is not None and rating.user_id == viewer.pk,
    )


def leaderboard(board: str, *, page_number, viewer=None) -> Leaderboard:
    """One page of a board, best first, and where the viewer stands on it."""
    ranked = _ranked(board)
    page = Paginator(ranked, PAGE_SIZE).get_page(page_number)
    rows = [_row(page.start_index() + i, r, viewer) for i, r in enumerate(page.object_list)]

    viewer_row = viewer_page = viewer_games = None
    if viewer is not None and viewer.is_authenticated:
        own = Rating.objects.filter(board=board, user=viewer).first()
        viewer_games = own.games if own else 0
        if own is not None and own.games >= MIN_GAMES:
            position = _position(board, own)
            viewer_row = _row(position, own, viewer)
            viewer_page = (position - 1) // PAGE_SIZE + 1
    return Leaderboard(
        board=board,
        label=board_label(board),
        page=page,
        rows=rows,
        viewer_row=viewer_row,
        viewer_page=viewer_page,
        viewer_games=viewer_games,
    )


@dataclass(frozen=True)
class BoardRating:
    board: str
    label: str
    shown: float
    games: int
    provisional: bool
    position: int | None  # on the leaderboard, once the player has enough games


def board_ratings(user) -> list[BoardRating]:
    """The user's current rating on every board they have played, overall first."""
    mine = {r.board: r for r in Rating.objects.filter(user=user)}
    out = []
    for board in BOARDS:
        rating = mine.get(board)
        if rating is None:
            continue
        position = _position(board, rating) if rating.games >= MIN_GAMES else None
        out.append(
            BoardRating(
                board=board,
                label=board_label(board),
                shown=rating.shown,
                games=rating.games,
                provisional=is_provisional(rating.games),
                position=position,
            )
        )
    return out


def history_points(user, board: str = OVERALL, *, viewer) -> list[ChartPoint]:
    """One chart point per rated game of the user on this board, oldest first. A game the
    viewer may not open is only "a private game" with the rating before and after."""
    changes = list(
        RatingChange.objects.filter(user=user, board=board)
        .select_related("game", "seat")
        .defer("game__state")
        .order_by("created_at", "game_id")
    )
    shown = set(
        RatingChange.objects.filter(user=user, board=board)
        .filter(game_open_filter(viewer=viewer, via="game__"))
        .values_list("game_id", flat=True)
    )
    tables = (
        RatingChange.objects.filter(game_id__in=[c.game_id for c in changes], board=board)
        .order_by()
        .values_list("game_id", "place")
        .annotate(n=Count("id"))
    )
    sharing = {(game_id, place): n for game_id, place, n in tables}
    players: dict[int, int] = {}
    for (game_id, _), n in sharing.items():
        players[game_id] = players.get(game_id, 0) + n
    points = []
    for number, change in enumerate(changes, start=1):
        if change.game_id not in shown:
            label = private_tooltip(before=change.shown_before, after=change.shown_after)
        else:
            label = tooltip(
                game_id=change.game_id,
                map_label=change.game.get_map_id_display(),
                place=change.place,
                players=players[change.game_id],
                tied=sharing[(change.game_id, change.place)] > 1,
                forfeited=change.seat.forfeited_at is not None,
                before=change.shown_before,
                after=change.shown_after,
            )
        points.append(
            ChartPoint(
                when=timezone.localtime(change.created_at),
                rating=change.shown_after,
                tooltip=label,
                provisional=is_provisional(number),
            )
        )
    return points


@dataclass
class ProfileStats:
    games_played: int = 0
    wins: int = 0
    total_score: int = 0
    scored_games: int = 0
    tickets_completed: int = 0
    tickets_kept: int = 0
    maps: dict[str, int] = field(default_factory=dict)

    @property
    def average_score(self) -> float | None:
        return self.total_score / self.scored_games if self.scored_games else None

    @property
    def favourite_map(self) -> str | None:
        """The most played map; a tie goes to the map listed first."""
        if not self.maps:
            return None
        best = max(self.maps.values())
        return next(board_label(m) for m in BOARDS if self.maps.get(m) == best)


def _finished_seats(user, viewer):
    """The user's finished games that the viewer may open (a private game is not even
    summed into a total for anyone else: a total before and after would tell its score)."""
    return Seat.objects.filter(user=user, game__status=GameStatus.FINISHED).filter(
        game_open_filter(viewer=viewer, via="game__")
    )


def profile_stats(user, *, viewer) -> ProfileStats:
    """Totals over every finished game the viewer may open, rated or not. A win is first
    place without forfeiting.

    Tickets come from the engine's final result kept in the game state
    (final.players[seat id].completed / .failed); kept = completed + failed.
    """
    stats = ProfileStats()
    rows = _finished_seats(user, viewer).values_list(
        "pk", "place", "forfeited_at", "final_score", "game__map_id", "game__state__final__players"
    )
    for seat_id, place, forfeited_at, score, map_id, final_players in rows:
        stats.games_played += 1
        stats.maps[map_id] = stats.maps.get(map_id, 0) + 1
        if place == 1 and forfeited_at is None:
            stats.wins += 1
        if score is not None:
            stats.total_score += score
            stats.scored_games += 1
        result = final_players.get(str(seat_id)) if isinstance(final_players, dict) else None
        if result:
            completed = len(result.get("completed") or ())
            stats.tickets_completed += completed
            stats.tickets_kept += completed + len(result.get("failed") or ())
    return stats


@dataclass(frozen=True)
class RecentGame:
    game: Game
    place: int | None
    players: int
    score: int | None
    forfeited: bool
    opponents: list
    rating_before: float | None  # overall, for rated games
    rating_after: float | None


def recent_games(user, limit: int = RECENT_GAMES, *, viewer) -> list[RecentGame]:
    seats = list(
        _finished_seats(user, viewer)
        .select_related("game")
        .defer("game__state")
        .order_by("-game__finished_at", "-game_id")[:limit]
    )
    game_ids = [s.game_id for s in seats]
    others: dict[int, list] = {}
    tables = Seat.objects.filter(game_id__in=game_ids).select_related("user")
    for seat in tables.order_by("game_id", "order"):
        others.setdefault(seat.game_id, []).append(seat)
    changes = {
        c.game_id: c
        for c in RatingChange.objects.filter(user=user, board=OVERALL, game_id__in=game_ids)
    }
    out = []
    for seat in seats:
        table = others.get(seat.game_id, [])
        change = changes.get(seat.game_id)
        out.append(
            RecentGame(
                game=seat.game,
                place=change.place if change else seat.place,
                players=len(table),
                score=seat.final_score,
                forfeited=seat.forfeited_at is not None,
                opponents=[s.user for s in table if s.user_id != user.pk],
                rating_before=change.shown_before if change else None,
                rating_after=change.shown_after if change else None,
            )
        )
    return out
