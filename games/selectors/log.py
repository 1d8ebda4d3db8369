"""The game log's moves as read from the database, and the page's recent moves kept in the
cache per version (games.words.game_log turns them into sentences)."""

import json
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import (
    Case,
    F,
    Q,
    Sum,
    TextField,
    Value,
    When,
    Window,
)
from django.db.models.fields.json import KT
from django.db.models.functions import Cast

from games import engine
from games.models import Game, Move


def names_for(game: Game) -> dict[str, str]:
    """{engine player id: name} for the log and the board (a bot's in the reader's language)."""
    return {seat.player_id: seat.shown_name for seat in game.seats.all()}


def logged_moves(game: Game, *, last_turns: int | None = None, after: int | None = None) -> list:
    """The game's moves for its log (games.words.game_log), oldest first, each with its number,
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
    """What the log reads of one move (games.words.game_log.LoggedMove), as the page's recent log
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
