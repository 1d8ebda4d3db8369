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
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from games import engine
from games.models import Game, GameStatus, PrivateNote, Seat, StandingOrders
from games.models.game import ACTIVE_STATUSES
from games.refusals.errors import NotAPlayer
from games.selectors.karma import seat_with_karma
from games.selectors.prepared import Prepared, related_prefetched
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


def seat_with_orders_flag(*, seats: QuerySet[Seat], user_id: int) -> QuerySet[Seat]:
    """The seats with `viewer_has_orders`: whether the seat of `user_id` has standing orders
    to read (most never have any: their panel then reads none), False for every other seat."""
    return seats.annotate(
        viewer_has_orders=Case(
            When(
                user_id=user_id,
                then=Exists(StandingOrders.objects.filter(seat_id=OuterRef("pk"))),
            ),
            default=Value(False),
        )
    )


def _seats_annotated():
    return seat_with_karma(seats=seat_with_vacation_flag(seats=Seat.objects.select_related("user")))


# game_access's reads, compiled once per process (games.selectors.prepared): the game with
# the viewer's count of games awaiting them, and its seats with the viewer's note.
_GAME_FOR_VIEWER = Prepared(
    Game,
    lambda game_id, user_id: (
        Game.objects.filter(pk=game_id)
        .select_related("creator", "club")
        .annotate(
            viewer_awaiting=Coalesce(
                Subquery(
                    Seat.objects.filter(
                        user_id=user_id,
                        to_move=True,
                        forfeited_at__isnull=True,
                        game__status__in=ACTIVE_STATUSES,
                    )
                    .order_by()
                    .values("user_id")
                    .annotate(n=Count("pk"))
                    .values("n")
                ),
                Value(0),
            )
        )
    ),
    game_id=-7_100_001,
    user_id=-7_100_002,
)
_SEATS_FOR_VIEWER = Prepared(
    Seat,
    lambda game_id, user_id: (
        seat_with_orders_flag(seats=_seats_annotated(), user_id=user_id)
        .annotate(
            viewer_note=Case(
                When(
                    user_id=user_id,
                    then=Subquery(
                        PrivateNote.objects.filter(seat_id=OuterRef("pk")).values("text")[:1]
                    ),
                ),
                default=Value(None),
            ),
        )
        .filter(game_id=game_id)
        .order_by("order")
    ),
    game_id=-7_100_003,
    user_id=-7_100_004,
)
_GAME = Prepared(
    Game,
    lambda game_id: Game.objects.filter(pk=game_id).select_related("creator", "club"),
    game_id=-7_100_005,
)
_SEATS = Prepared(
    Seat,
    lambda game_id: _seats_annotated().filter(game_id=game_id).order_by("order"),
    game_id=-7_100_006,
)


def _game_read(game_id: int, user) -> Game | None:
    """The game with its seats at hand as _for_viewer reads them, or None."""
    if user is None or not user.is_authenticated:
        games, seats = _GAME.run(game_id=game_id), None
    else:
        games = _GAME_FOR_VIEWER.run(game_id=game_id, user_id=user.pk)
        seats = _SEATS_FOR_VIEWER.run(game_id=game_id, user_id=user.pk) if games else None
    if not games:
        return None
    game = games[0]
    if seats is None:
        seats = _SEATS.run(game_id=game_id)
    related_prefetched(instance=game, name="seats", objects=seats, back="game")
    return game


def game_access(*, game_id, user) -> Game:
    """The game with its seats (and their users) prefetched, if `user` may see it; the game
    also says how many games await the user's move (`viewer_awaiting`, for the header)."""
    try:
        game_id = int(game_id)
    except (TypeError, ValueError):
        raise NotAPlayer() from None
    if not 0 < game_id < 2**63:  # no such row, and not a value to hand the database
        raise NotAPlayer()
    game = _game_read(game_id, user)
    if game is None:
        raise NotAPlayer()
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
    return _game_read(game_id, None)


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


# What the rules need to list a viewer's legal actions: the game's state and version and the
# viewer's seat, in one query compiled once per process.
_RULES_READ = Prepared(
    Game,
    lambda game_id, user_id: (
        Game.objects.filter(pk=game_id)
        .only("version", "state", "status", "is_private")
        .annotate(
            viewer_seat=Subquery(
                Seat.objects.filter(game_id=OuterRef("pk"), user_id=user_id).values("pk")[:1]
            )
        )
    ),
    game_id=-7_100_007,
    user_id=-7_100_008,
)


def game_rules_read(*, game_id, user) -> tuple[Game, str | None]:
    """The game (its version and state only) if game_visible lets `user` see it, and the
    player id the engine knows `user` by there (None for a spectator): no seats, no users,
    nothing the rules do not need."""
    try:
        game_id = int(game_id)
    except (TypeError, ValueError):
        raise NotAPlayer() from None
    if not 0 < game_id < 2**63:
        raise NotAPlayer()
    user_id = user.pk if user is not None and user.is_authenticated else None
    found = _RULES_READ.run(game_id=game_id, user_id=user_id)
    game = found[0] if found else None
    if game is not None and game.viewer_seat is not None:
        return game, str(game.viewer_seat)
    if game is not None and not game.is_private and game.status != GameStatus.OPEN:
        return game, None
    return game_visible(game_id=game_id, user=user), None  # an open game the lobby lists


def game_visible_version(*, game_id: int, user) -> int:
    """The game's version, in one query, if game_access would let `user` see the game."""
    return game_visible_versions(game_id=game_id, user=user)[0]


def game_visible_versions(*, game_id: int, user) -> tuple[int, int]:
    """The game's version and chat version, in one query, if game_access would let `user`
    see the game."""
    seated: Exists | Value = (
        Exists(Seat.objects.filter(game=OuterRef("pk"), user_id=user.pk))
        if user.is_authenticated
        else Value(False)  # every seat has its user: no seat is anonymous
    )
    row = (
        Game.objects.filter(pk=game_id)
        .annotate(seated=seated)
        .values_list("version", "chat_version", "is_private", "status", "seated")
        .first()
    )
    if row is None:
        raise NotAPlayer()
    version, chat_version, is_private, status, is_seated = row
    if not is_seated and (is_private or status == GameStatus.OPEN):
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
