"""The game log's moves as read from the database, and the page's recent moves kept in the
cache per version (games.words.game_log turns them into sentences)."""

import json
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models.fields.json import KT

from games.models import Game, Move
from games.words.game_log import turn_number


def player_names(*, game: Game) -> dict[str, str]:
    """{engine player id: name} for the log and the board (a bot's in the reader's language)."""
    return {seat.player_id: seat.shown_name for seat in game.seats.all()}


def _logged(game: Game):
    return (
        Move.objects.filter(game=game)
        .select_related("seat__user")
        .annotate(action_type=KT("action__type"))
        .only("number", "events", "created_at", "by_order", "seat__id", "seat__user__username")
    )


def seat_last_move_number(*, game: Game, seat) -> int | None:
    """The number of the seat's own last move in the game, or None (no seat, no move yet):
    where "since your last turn" begins."""
    if seat is None:
        return None
    return (
        Move.objects.filter(game=game, seat=seat)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )


def move_list(*, game: Game, last_turns: int | None = None, after: int | None = None) -> list:
    """The game's moves for its log (games.words.game_log), oldest first, each with its number,
    seat (and username), events, action type and time; one query. `last_turns`: enough of
    the newest moves for that many whole turns; `after`: only moves numbered after it."""
    moves = _logged(game)
    if after is not None:
        moves = moves.filter(number__gt=after)
    if last_turns is None:
        return list(moves.order_by("number"))
    return whole_turns(rows=_newest(moves, last_turns), last_turns=last_turns)


def _newest(moves, last_turns: int) -> list:
    """The newest moves, oldest first: enough for `last_turns` turns, and the one before them."""
    return list(reversed(moves.order_by("-number")[: _moves_for(last_turns) + 1]))


def _moves_for(last_turns: int) -> int:
    # A turn of play is one or two moves mostly: twice as many hold `last_turns` whole turns
    # (the opening, or one with more time given in it, holds more).
    return 2 * last_turns


def whole_turns(*, rows: list, last_turns: int) -> list:
    """The newest moves for `last_turns` turns out of `rows` (oldest first, with one move more
    when there are older ones), less those of a turn that began before them."""
    limit = _moves_for(last_turns)
    if len(rows) <= limit:
        return rows  # the game's first moves are among them
    before, rows = rows[-limit - 1], rows[-limit:]
    turn = turn_number(before)
    whole = [row for row in rows if turn is None or turn_number(row) != turn]
    return whole or rows


@dataclass(frozen=True, slots=True)
class LoggedRow:
    """What the log reads of one move (games.words.game_log.LoggedMove), as the page's recent log
    keeps it in the cache: all of it public (a move's action, which names kept tickets, is
    not here)."""

    number: int
    seat_id: int | None
    events: list
    created_at: object
    by_order: bool = False  # played by the seat's standing orders: said to everyone

    @classmethod
    def of(cls, move) -> "LoggedRow":
        return cls(move.number, move.seat_id, move.events, move.created_at, move.by_order)

    @classmethod
    def just_written(cls, move) -> "LoggedRow":
        """A Move as saved, its events as they read back from the database (JSON)."""
        events = json.loads(json.dumps(move.events))
        return cls(move.number, move.seat_id, events, move.created_at, move.by_order)


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
    # ("recent-turns": the rows of the moves numbered by their events' turn, not those before.)
    return f"recent-turns:g{game.pk}:{born}:v{version}"


def _rows_after(before: list | None, just_made, last_turns: int) -> list[LoggedRow] | None:
    """The recent moves at the version `just_made` (a Move, with its action) brought, from
    those at the version before; None when they are not at hand or not its predecessor's."""
    number = getattr(just_made, "number", None)
    if before is None or not isinstance(number, int):
        return None
    if (before[-1].number if before else 0) != number - 1:
        return None
    return [*before, LoggedRow.just_written(just_made)][-_moves_for(last_turns) - 1 :]


def move_list_recent(*, game: Game, last_turns: int, just_made=None) -> list[LoggedRow]:
    """The newest moves for the page's log (move_list with `last_turns`), oldest first, at
    the game's version. Kept in the cache per version: the pages of a game read them once
    per move, and `just_made` (the Move that brought the game to this version, with its
    action) adds itself to the moves before it without a query."""
    key = _recent_key(game, game.version)
    before_key = _recent_key(game, game.version - 1) if just_made is not None else None
    found = cache.get_many([key, before_key] if before_key else [key])
    rows = found.get(key)
    if rows is None and before_key:
        rows = _rows_after(found.get(before_key), just_made, last_turns)
        if rows is not None:
            cache.set(key, rows, timeout=RECENT_KEPT_FOR)
    if rows is None:
        rows = [LoggedRow.of(move) for move in _newest(_logged(game), last_turns)]
        cache.set(key, rows, timeout=RECENT_KEPT_FOR)
    # Kept with the move before them, which tells whether their oldest turn began earlier.
    return whole_turns(rows=rows, last_turns=last_turns)


def move_remember(*, game: Game, move, last_turns: int) -> None:
    """Once a move has committed: the recent moves at the version it brought, kept from those
    at the version before when the cache has them (no query either way). So the answer to
    the next move posted from a page finds the log at hand, whoever moved in between (the
    API, a bot): it adds its own move to this entry."""
    rows = _rows_after(cache.get(_recent_key(game, game.version - 1)), move, last_turns)
    if rows is not None:
        cache.set(_recent_key(game, game.version), rows, timeout=RECENT_KEPT_FOR)


def move_events_of_version(*, game_id: int, version: int) -> list | None:
    """The events of the move that brought the game to `version`, or None when no move did
    (a pause, the start) or the move was written before moves kept their version."""
    return (
        Move.objects.filter(game_id=game_id, version=version)
        .values_list("events", flat=True)
        .first()
    )
