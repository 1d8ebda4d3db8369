"""The lobby's reads: a user's games in the order "My games" lists them, and a rematch."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, TypedDict

from django.db.models import Q

from games.models import Follow, Game, GameStatus, Seat
from games.models.game import ACTIVE_STATUSES, OVER_STATUSES
from games.selectors.access import game_list_open, game_with_seats, seat_get

if TYPE_CHECKING:  # the stubs' name for a model with attributes added; nothing at run time
    from django_stubs_ext import WithAnnotations


class _Seated(TypedDict):
    my_seat: Seat  # the user's own seat (every listed game has one)


class _Awaiting(_Seated):
    my_deadline: datetime | None  # the user's own clock, else the game's


@dataclass
class MyGames:
    """A user's games in the order "My games" lists them."""

    # your move, soonest deadline first
    awaiting: "list[WithAnnotations[Game, _Awaiting]]" = field(default_factory=list)
    # started, someone else to move
    active: "list[WithAnnotations[Game, _Seated]]" = field(default_factory=list)
    # open, waiting for players
    waiting: "list[WithAnnotations[Game, _Seated]]" = field(default_factory=list)
    # over, newest first
    finished: "list[WithAnnotations[Game, _Seated]]" = field(default_factory=list)

    def __iter__(self):
        yield from self.awaiting
        yield from self.active
        yield from self.waiting
        yield from self.finished

    def __len__(self) -> int:
        return len(self.awaiting) + len(self.active) + len(self.waiting) + len(self.finished)


def game_list_mine(*, user) -> MyGames:
    """Every game the user sits at; each game carries `my_seat`."""
    result = MyGames()
    if not user.is_authenticated:
        return result
    games = game_with_seats(queryset=Game.objects.filter(seats__user=user)).order_by("-created_at")
    for game in games:
        game.my_seat = seat_get(game=game, user=user)
        if game.status in OVER_STATUSES:
            result.finished.append(game)
        elif game.status == GameStatus.OPEN:
            result.waiting.append(game)
        elif game.my_seat.to_move and not game.my_seat.forfeited:
            result.awaiting.append(game)
        else:
            result.active.append(game)
    for game in result.awaiting:
        game.my_deadline = game.my_seat.deadline or game.deadline  # the user's own clock
    result.awaiting.sort(key=lambda game: (game.my_deadline is None, game.my_deadline))
    result.finished.sort(key=lambda game: game.finished_at or game.created_at, reverse=True)
    return result


def game_rematch_of(*, game) -> Game | None:
    """The rematch created for this game, if any."""
    return Game.objects.filter(rematch_of=game).first()


def user_is_newcomer(*, user) -> bool:
    """A signed-in person who has not finished a game yet: the lobby offers them a first game."""
    if not user.is_authenticated:
        return False
    return not Game.objects.filter(seats__user=user, status=GameStatus.FINISHED).exists()


def game_first_running(*, user) -> Game | None:
    """The user's first game (with hints) still being played, if any: the offer leads back to it
    rather than to a second one."""
    if not user.is_authenticated:
        return None
    return (
        Game.objects.filter(seats__user=user, first_game=True, status__in=ACTIVE_STATUSES)
        .order_by("-created_at")
        .first()
    )


@dataclass(frozen=True)
class LobbyFilters:
    """What the public lobby's form narrows the open games to; None: anything."""

    map_id: str | None = None
    seats: int | None = None
    turn_seconds: int | None = None
    language: str | None = None
    # The games a player of this rating / karma may join: their minimum asks no more.
    rating: int | None = None
    karma: int | None = None
    club_id: int | None = None


def game_list_open_filtered(*, filters: LobbyFilters):
    """The public open games (game_list_open) the filters let through."""
    games = game_list_open()
    if filters.map_id:
        games = games.filter(map_id=filters.map_id)
    if filters.seats:
        games = games.filter(max_players=filters.seats)
    if filters.turn_seconds:
        games = games.filter(turn_seconds=filters.turn_seconds)
    if filters.language:
        games = games.filter(language=filters.language)
    if filters.rating is not None:
        games = games.filter(Q(min_rating__isnull=True) | Q(min_rating__lte=filters.rating))
    if filters.karma is not None:
        games = games.filter(Q(min_karma__isnull=True) | Q(min_karma__lte=filters.karma))
    if filters.club_id:
        games = games.filter(club_id=filters.club_id)
    return games


def game_list_followed(*, user, limit: int = 20) -> list[Game]:
    """Games of the players the user follows that the user may see: public ones open or
    under way, newest first (the user's own games are in My games)."""
    if not user.is_authenticated:
        return []
    followed = Follow.objects.filter(follower=user).values("followed_id")
    games = (
        Game.objects.filter(seats__user_id__in=followed, is_private=False)
        .filter(status__in=(GameStatus.OPEN, *ACTIVE_STATUSES))
        .exclude(seats__user=user)
        .distinct()
        .order_by("-created_at")[:limit]
    )
    return list(game_with_seats(queryset=Game.objects.filter(pk__in=[g.pk for g in games])))
