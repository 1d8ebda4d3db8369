"""Reads on a user's behalf. access_game is the only way to fetch a game for a user, so the
permission check cannot be forgotten; views, the API and the tasks all go through here.

Who may see a game: its players, always; anyone (signed in or not) may watch a
public game once it has started, as a spectator; nobody else. A game that may
not be seen is indistinguishable from one that does not exist (NotAPlayer, 404).
The API also shows the public open games the lobby lists (visible_game), and the
page's poll asks only for the version (visible_version): the same rule.
"""

import json
from dataclasses import dataclass, field
from datetime import date, datetime

from django.core.cache import cache
from django.db.models import (
    Case,
    Count,
    Exists,
    F,
    OuterRef,
    Prefetch,
    Q,
    Subquery,
    Sum,
    TextField,
    Value,
    When,
    Window,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast, Coalesce

from accounts.models import Vacation
from games import engine
from games.live import cached_versions, remember_versions
from games.models import ChatMessage, Game, GameStatus, Move, PrivateNote, Seat
from games.models.game import ACTIVE_STATUSES, OVER_STATUSES
from games.services.clock import with_vacation_flag
from games.services.errors import NotAPlayer


def with_seats(queryset):
    """Games with their creator and their seats (users selected, in seat order, each saying
    whether its player has a vacation that may pause its clock) at hand."""
    seats = with_vacation_flag(Seat.objects.select_related("user")).order_by("order")
    return queryset.select_related("creator").prefetch_related(Prefetch("seats", queryset=seats))


def _for_viewer(games, user):
    """Games whose seats carry the viewer's own note (`viewer_note`, on the viewer's seat
    only) and which carry how many games await the viewer's move (`viewer_awaiting`), read
    in the game's and the seats' own queries."""
    if user is None or not user.is_authenticated:
        return with_seats(games)
    note = PrivateNote.objects.filter(seat_id=OuterRef("pk")).values("text")[:1]
    seats = with_vacation_flag(Seat.objects.select_related("user")).annotate(
        viewer_note=Case(When(user_id=user.pk, then=Subquery(note)), default=Value(None))
    )
    awaiting = awaiting_seats(user).order_by().values("user_id").annotate(n=Count("pk")).values("n")
    return (
        games.select_related("creator")
        .prefetch_related(Prefetch("seats", queryset=seats.order_by("order")))
        .annotate(viewer_awaiting=Coalesce(Subquery(awaiting), Value(0)))
    )


def access_game(*, game_id, user) -> Game:
    """The game with its seats (and their users) prefetched, if `user` may see it; the game
    also says how many games await the user's move (`viewer_awaiting`, for the header)."""
    try:
        game = _for_viewer(Game.objects.all(), user).get(pk=int(game_id))
    except (Game.DoesNotExist, TypeError, ValueError):
        raise NotAPlayer() from None
    if seat_for(game, user) is not None:
        return game
    if not game.is_private and game.status != GameStatus.OPEN:
        return game
    raise NotAPlayer()


def open_to(viewer, via: str = "") -> Q:
    """access_game's rule for started games as a filter: public games and the viewer's own.
    `via` leads from the filtered model to its game ("game__" for seats or rating changes)."""
    rule = Q(**{f"{via}is_private": False})
    if viewer is not None and viewer.is_authenticated:
        rule |= Q(**{f"{via}pk__in": Seat.objects.filter(user_id=viewer.pk).values("game_id")})
    return rule


def visible_game(*, game_id, user) -> Game:
    """access_game's rule, plus the public open games the lobby lists to everyone
    (a client must see an open game to decide to join it)."""
    try:
        return access_game(game_id=game_id, user=user)
    except NotAPlayer:
        game = open_games().filter(pk=game_id).first()
        if game is None:
            raise
        return game


def visible_version(*, game_id: int, user) -> int:
    """The game's version, in one query, if access_game would let `user` see the game."""
    return visible_versions(game_id=game_id, user=user)[0]


def visible_versions(*, game_id: int, user) -> tuple[int, int]:
    """The game's version and chat version, in one query, if access_game would let `user`
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


def game_versions(*, game_id: int) -> tuple[int, int]:
    """The game's version and chat version for a caller that has checked the access already
    (the poll's signed ticket, games.views.version): from the cache, else one row by its
    primary key (games.live)."""
    cached = cached_versions(game_id)
    if cached is not None:
        return cached
    row = Game.objects.filter(pk=game_id).values_list("version", "chat_version").first()
    if row is None:
        raise NotAPlayer()
    remember_versions(game_id, row)
    return row


def seat_for(game: Game, user) -> Seat | None:
    """The user's seat at the game, or None (anonymous users and spectators have none)."""
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in game.seats.all() if seat.user_id == user.pk), None)


def view_for(*, game: Game, user) -> dict | None:
    """What this user may see of the game (engine.player_view); None before the start."""
    if game.state is None:
        return None
    seat = seat_for(game, user)
    return engine.player_view(engine.State.from_dict(game.state), seat.player_id if seat else None)


def open_games():
    """Public games waiting for players, newest first, with seats and a `seat_count`."""
    return with_seats(
        Game.objects.filter(status=GameStatus.OPEN, is_private=False).annotate(
            seat_count=Count("seats")
        )
    ).order_by("-created_at")


@dataclass
class MyGames:
    """A user's games in the order "My games" lists them."""

    awaiting: list[Game] = field(default_factory=list)  # your move, soonest deadline first
    active: list[Game] = field(default_factory=list)  # started, someone else to move
    waiting: list[Game] = field(default_factory=list)  # open, waiting for players
    finished: list[Game] = field(default_factory=list)  # over, newest first

    def __iter__(self):
        yield from self.awaiting
        yield from self.active
        yield from self.waiting
        yield from self.finished

    def __len__(self) -> int:
        return len(self.awaiting) + len(self.active) + len(self.waiting) + len(self.finished)


def my_games(user) -> MyGames:
    """Every game the user sits at; each game carries `my_seat`."""
    result = MyGames()
    if not user.is_authenticated:
        return result
    games = with_seats(Game.objects.filter(seats__user=user)).order_by("-created_at")
    for game in games:
        game.my_seat = seat_for(game, user)
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


def awaiting_seats(user):
    """The user's seats where it is their move, in games being played."""
    return Seat.objects.filter(
        user=user, to_move=True, forfeited_at__isnull=True, game__status__in=ACTIVE_STATUSES
    )


def awaiting_count(user) -> int:
    """How many games wait for this user to act (one query: the header shows it everywhere)."""
    if not user.is_authenticated:
        return 0
    return awaiting_seats(user).count()


def names_for(game: Game) -> dict[str, str]:
    """{engine player id: name} for the log and the board (a bot's in the reader's language)."""
    return {seat.player_id: seat.shown_name for seat in game.seats.all()}


def logged_moves(game: Game, *, last_turns: int | None = None, after: int | None = None) -> list:
    """The game's moves for its log (games.game_log), oldest first, each with its number,
    seat (and username), events, action type and time; one query. `last_turns`: enough of
    the newest moves for that many whole turns; `after`: only moves numbered after it."""
    moves = (
        Move.objects.filter(game=game)
        .select_related("seat__user")
        .annotate(action_type=KT("action__type"))
        .only("number", "events", "created_at", "seat__id", "seat__user__username")
    )
    if after is None:
        # How many first card draws (which keep the turn) the game had up to each move, over
        # all its moves before any slice: the log numbers turns from it (game_log.turn_of).
        moves = moves.alias(events_text=Cast("events", TextField())).annotate(
            turn_keeps=Window(
                Sum(
                    Case(
                        When(
                            Q(action__type=engine.ActionType.DRAW_CARD)
                            & ~Q(events_text__contains=f'"{engine.EventType.TURN_PASSED}"')
                            & ~Q(events_text__contains=f'"{engine.EventType.GAME_OVER}"'),
                            then=Value(1),
                        ),
                        default=Value(0),
                    )
                ),
                order_by=F("number").asc(),
            )
        )
    if after is not None:
        moves = moves.filter(number__gt=after)
    if last_turns is None:
        return list(moves.order_by("number"))
    # A turn is at most two moves: twice as many make `last_turns` whole turns, even when the
    # oldest fetched is a second draw without its first.
    return list(reversed(moves.order_by("-number")[: 2 * last_turns]))


@dataclass(frozen=True, slots=True)
class LoggedRow:
    """What the log reads of one move (games.game_log.LoggedMove), as the page's recent log
    keeps it in the cache: all of it public (a move's action, which names kept tickets, is
    not here)."""

    number: int
    seat_id: int | None
    events: list
    created_at: object
    turn_keeps: int

    @classmethod
    def of(cls, move, turn_keeps: int) -> "LoggedRow":
        return cls(move.number, move.seat_id, move.events, move.created_at, turn_keeps)

    @classmethod
    def just_written(cls, move, turn_keeps: int) -> "LoggedRow":
        """A Move as saved, its events as they read back from the database (JSON)."""
        events = json.loads(json.dumps(move.events))
        return cls(move.number, move.seat_id, events, move.created_at, turn_keeps)


# How many moves (and whole turns) the game page's log shows: the last ones only, so the
# page costs the same at move 150 as at move 10; the full log has its own page.
PAGE_LOG_MOVES = 12

# The page's recent moves at one version of a game, for this long: moves are never changed
# once written, and every writer of a move bumps the version in the same transaction, so an
# entry stays true; it only has to last while the game is being played.
RECENT_KEPT_FOR = 2 * 3600  # seconds


def _recent_key(game: Game, version: int) -> str:
    # The game's creation time tells apart games that once had the same id (a test's rolled
    # back database hands ids out again).
    born = int(game.created_at.timestamp() * 1_000_000) if game.created_at else 0
    return f"recent-moves:g{game.pk}:{born}:v{version}"


def _keeps_the_turn(move) -> bool:
    """A first card draw: the same test logged_moves' turn_keeps counts in SQL."""
    if (move.action or {}).get("type") != engine.ActionType.DRAW_CARD:
        return False
    ends = (engine.EventType.TURN_PASSED, engine.EventType.GAME_OVER)
    return not any(event.get("type") in ends for event in move.events)


def _rows_after(before: list | None, just_made, last_turns: int) -> list[LoggedRow] | None:
    """The recent moves at the version `just_made` (a Move, with its action) brought, from
    those at the version before; None when they are not at hand or not its predecessor's."""
    number = getattr(just_made, "number", None)
    if before is None or not isinstance(number, int):
        return None
    if (before[-1].number if before else 0) != number - 1:
        return None
    keeps = (before[-1].turn_keeps if before else 0) + _keeps_the_turn(just_made)
    return [*before, LoggedRow.just_written(just_made, keeps)][-2 * last_turns :]


def recent_moves(game: Game, *, last_turns: int, just_made=None) -> list[LoggedRow]:
    """The newest moves for the page's log (logged_moves with `last_turns`), oldest first, at
    the game's version. Kept in the cache per version: the pages of a game read them once
    per move, and `just_made` (the Move that brought the game to this version, with its
    action) adds itself to the moves before it without a query."""
    key = _recent_key(game, game.version)
    before_key = _recent_key(game, game.version - 1) if just_made is not None else None
    found = cache.get_many([key, before_key] if before_key else [key])
    rows = found.get(key)
    if rows is not None:
        return rows
    if before_key:
        rows = _rows_after(found.get(before_key), just_made, last_turns)
    if rows is None:
        rows = [
            LoggedRow.of(move, move.turn_keeps)
            for move in logged_moves(game, last_turns=last_turns)
        ]
    cache.set(key, rows, timeout=RECENT_KEPT_FOR)
    return rows


def remember_move(game: Game, move, *, last_turns: int) -> None:
    """Once a move has committed: the recent moves at the version it brought, kept from those
    at the version before when the cache has them (no query either way). So the answer to
    the next move posted from a page finds the log at hand, whoever moved in between (the
    API, a bot): it adds its own move to this entry."""
    rows = _rows_after(cache.get(_recent_key(game, game.version - 1)), move, last_turns)
    if rows is not None:
        cache.set(_recent_key(game, game.version), rows, timeout=RECENT_KEPT_FOR)


def away_until(user_ids, now) -> dict[int, date]:
    """{user id: last day away} for those of the users on vacation at `now` (one query)."""
    rows = Vacation.objects.filter(
        user_id__in=list(user_ids), starts_at__lte=now, ends_at__gt=now
    ).values_list("user_id", "last_day")
    return dict(rows)


def back_from_away(user_id, now) -> datetime | None:
    """When the user's vacation going on at `now` ends (their clocks run again), or None."""
    return (
        Vacation.objects.filter(user_id=user_id, starts_at__lte=now, ends_at__gt=now)
        .order_by("-ends_at")
        .values_list("ends_at", flat=True)
        .first()
    )


def my_note(seat) -> str:
    """The seat's private note, for its own player only (the caller passes their own seat)."""
    if seat is None:
        return ""
    if hasattr(seat, "viewer_note"):  # read with the seats (access_game)
        return seat.viewer_note or ""
    return PrivateNote.objects.filter(seat=seat).values_list("text", flat=True).first() or ""


CHAT_SHOWN = 40


def chat_for(game, *, limit: int = CHAT_SHOWN, since=None) -> list:
    """The game's chat as readers see it (hidden messages left out), oldest first; the last
    `limit` messages, or those after `since`. Callers have passed access_game already."""
    messages = ChatMessage.objects.filter(game=game, hidden=False).select_related("seat__user")
    if since is not None:
        messages = messages.filter(created_at__gt=since)
    return list(reversed(messages.order_by("-created_at", "-pk")[:limit]))


def rematch_of(game) -> Game | None:
    """The rematch created for this game, if any."""
    return Game.objects.filter(rematch_of=game).first()
