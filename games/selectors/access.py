"""Reads on a user's behalf. game_access is the only way to fetch a game for a user, so the
permission check cannot be forgotten; views, the API and the tasks all go through here.

Who may see a game: its players, always; anyone (signed in or not) may watch a
public game once it has started, as a spectator; nobody else. A game that may
not be seen is indistinguishable from one that does not exist (NotAPlayer, 404).
The API also shows the public open games the lobby lists (game_visible), and the
page's poll asks only for the version (game_visible_version): the same rule.
"""

from django.db.models import (
    Case,
    Count,
    Exists,
    OuterRef,
    Prefetch,
    Q,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from games import engine
from games.models import Game, GameStatus, PrivateNote, Seat
from games.models.game import ACTIVE_STATUSES
from games.refusals.errors import NotAPlayer
from games.selectors.karma import seat_with_karma
from games.selectors.vacations import seat_with_vacation_flag


def game_with_seats(*, queryset):
    """Games with their creator and their seats (users selected, in seat order, each saying
    whether its player has a vacation that may pause its clock) at hand."""
    seats = seat_with_karma(
        seats=seat_with_vacation_flag(seats=Seat.objects.select_related("user"))
    ).order_by("order")
    return queryset.select_related("creator", "club").prefetch_related(
        Prefetch("seats", queryset=seats)
    )


def _for_viewer(games, user):
    """Games whose seats carry the viewer's own note (`viewer_note`, on the viewer's seat
    only) and which carry how many games await the viewer's move (`viewer_awaiting`), read
    in the game's and the seats' own queries."""
    if user is None or not user.is_authenticated:
        return game_with_seats(queryset=games)
    note = PrivateNote.objects.filter(seat_id=OuterRef("pk")).values("text")[:1]
    seats = seat_with_karma(
        seats=seat_with_vacation_flag(seats=Seat.objects.select_related("user"))
    ).annotate(viewer_note=Case(When(user_id=user.pk, then=Subquery(note)), default=Value(None)))
    awaiting = (
        seat_list_awaiting(user=user)
        .order_by()
        .values("user_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return (
        games.select_related("creator")
        .prefetch_related(Prefetch("seats", queryset=seats.order_by("order")))
        .annotate(viewer_awaiting=Coalesce(Subquery(awaiting), Value(0)))
    )


def game_access(*, game_id, user) -> Game:
    """The game with its seats (and their users) prefetched, if `user` may see it; the game
    also says how many games await the user's move (`viewer_awaiting`, for the header)."""
    try:
        game = _for_viewer(Game.objects.all(), user).get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError):
        raise NotAPlayer() from None
    if seat_get(game=game, user=user) is not None:
        return game
    if not game.is_private and game.status != GameStatus.OPEN:
        return game
    raise NotAPlayer()


def game_created_get(*, game_id, user) -> Game:
    """A game the user started for others without a seat of their own (staff, a position):
    game_access's game, seen as a spectator sees it; NotAPlayer for anyone else."""
    game = game_with_seats(queryset=Game.objects.filter(creator_id=getattr(user, "pk", None)))
    found = game.filter(pk=game_id).first()
    if found is None:
        raise NotAPlayer()
    return found


def game_watched(*, game_id: int) -> Game | None:
    """The game with its seats as game_access reads them, for the open pages that watch it
    (each page's ticket has already proved it may: games.live.poll)."""
    return game_with_seats(queryset=Game.objects.all()).filter(pk=game_id).first()


def game_open_filter(*, viewer, via: str = "") -> Q:
    """game_access's rule for started games as a filter: public games and the viewer's own.
    `via` leads from the filtered model to its game ("game__" for seats or rating changes)."""
    rule = Q(**{f"{via}is_private": False})
    if viewer is not None and viewer.is_authenticated:
        rule |= Q(**{f"{via}pk__in": Seat.objects.filter(user_id=viewer.pk).values("game_id")})
    return rule


def game_visible(*, game_id, user) -> Game:
    """game_access's rule, plus the public open games the lobby lists to everyone
    (a client must see an open game to decide to join it)."""
    try:
        return game_access(game_id=game_id, user=user)
    except NotAPlayer:
        game = game_list_open().filter(pk=game_id).first()
        if game is None:
            raise
        return game


def game_visible_version(*, game_id: int, user) -> int:
    """The game's version, in one query, if game_access would let `user` see the game."""
    return game_visible_versions(game_id=game_id, user=user)[0]


def game_visible_versions(*, game_id: int, user) -> tuple[int, int]:
    """The game's version and chat version, in one query, if game_access would let `user`
    see the game."""
    seated = Seat.objects.filter(
        game=OuterRef("pk"), user_id=user.pk if user.is_authenticated else None
    )
    row = (
        Game.objects.filter(pk=game_id)
        .annotate(seated=Exists(seated))
        .values_list("version", "chat_version", "is_private", "status", "seated")
        .first()
    )
    if row is None:
        raise NotAPlayer()
    version, chat_version, is_private, status, seated = row
    if not seated and (is_private or status == GameStatus.OPEN):
        raise NotAPlayer()
    return version, chat_version


def seat_get(*, game: Game, user) -> Seat | None:
    """The user's seat at the game, or None (anonymous users and spectators have none)."""
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in game.seats.all() if seat.user_id == user.pk), None)


def game_view(*, game: Game, user) -> engine.PlayerView | None:
    """What this user may see of the game (engine.player_view); None before the start."""
    return seat_view(game=game, seat=seat_get(game=game, user=user))


def seat_view(*, game: Game, seat: Seat | None) -> engine.PlayerView | None:
    """What the player of this seat (a spectator for None) may see of the game and may do
    in it now (engine.player_view); None before the start."""
    if game.state is None:
        return None
    return engine.player_view(engine.State.from_dict(game.state), seat.player_id if seat else None)


def game_list_open():
    """Public games waiting for players, newest first, with seats and a `seat_count`."""
    return game_with_seats(
        queryset=Game.objects.filter(status=GameStatus.OPEN, is_private=False).annotate(
            seat_count=Count("seats")
        )
    ).order_by("-created_at")


def seat_list_awaiting(*, user):
    """The user's seats where it is their move, in games being played."""
    return Seat.objects.filter(
        user=user, to_move=True, forfeited_at__isnull=True, game__status__in=ACTIVE_STATUSES
    )


def seat_count_awaiting(*, user) -> int:
    """How many games wait for this user to act (one query: the header shows it everywhere)."""
    if not user.is_authenticated:
        return 0
    return seat_list_awaiting(user=user).count()
