"""The game log in sentences: the page's log, the full log, the replay and the mails.

Events are public by construction (a blind draw never names its card), and a
move's action (which names kept tickets) is never read. Players are named by
username.

A turn is what the engine numbers so in the moves' events (`turn`): the opening, where
everyone keeps tickets at once, then each player's whole turn (two card draws, a tunnel
and its payment, tickets drawn and kept; more time given meanwhile is told in that turn).
The log and the mails tell a turn as one line, "ann drew 2 cards from the deck"; the
replay steps by turn.

Nothing here reads the database: the moves are handed in (games.selectors.log.move_list
fetches them), each with its number, seat_id and events.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from games.engine import EventType
from games.words.log_sentences import turn_told
from games.words.orders import PLAYED_BY_ORDER, PLAYED_BY_ORDER_SENTENCE


class LoggedMove(Protocol):
    """What the log reads of a move (a games.models.Move has it; so has the cache's frozen
    games.selectors.log.LoggedRow: read only)."""

    @property
    def number(self) -> int: ...
    @property
    def seat_id(self) -> int | None: ...
    @property
    def events(self) -> list[dict]: ...


# Every move ends with whose turn it is now; the turn line of the page already says that.
QUIET_EVENTS = {EventType.TURN_PASSED}


@dataclass
class Turn:
    number: int  # the last move of the turn: the board after it is the turn's outcome
    sentences: list[str]  # each reads on its own (a mail's list)
    line: list[str]  # the same, to be joined with "; " in one line of the log
    moves: list[LoggedMove] = field(default_factory=list)  # the turn's moves, oldest first
    index: int = 0  # the turn's number in the game: 1 for the first
    at: object = None  # when its last move was made (a datetime), None when not known


def turn_number(move: LoggedMove) -> int | None:
    """The number of the turn the move was made in, as its events say (the engine numbers
    them: the opening is turn 1, each turn_passed starts the next); None for a move whose
    events carry none."""
    for event in move.events:
        turn = event.get("turn")
        if turn is not None:
            return turn
    return None


def _group(moves: list[LoggedMove]) -> list[list[LoggedMove]]:
    """Moves, oldest first, in turns: the moves made in one turn are told together (a move
    without a turn number is a turn of its own)."""
    turns: list[list[LoggedMove]] = []
    last: int | None = None
    for move in moves:
        turn = turn_number(move)
        if turns and turn is not None and turn == last:
            turns[-1].append(move)
        else:
            turns.append([move])
        last = turn
    return turns


def _turn(moves: list[LoggedMove], names: dict[str, str], map_id: str) -> Turn:
    events = [
        event for move in moves for event in move.events if event.get("type") not in QUIET_EVENTS
    ]
    told = turn_told(events, names, map_id)
    if any(getattr(move, "by_order", False) for move in moves):
        told.append((str(PLAYED_BY_ORDER_SENTENCE), str(PLAYED_BY_ORDER)))
    return Turn(
        index=turn_number(moves[0]) or 0,
        at=getattr(moves[-1], "created_at", None),
        number=moves[-1].number,
        sentences=[sentence for sentence, _ in told],
        line=[part for _, part in told],
        moves=moves,
    )


def turns_of(moves: Iterable[LoggedMove], names: dict[str, str], map_id: str) -> list[Turn]:
    """The moves (oldest first; each with number, seat_id and events) told turn by turn,
    each numbered by its turn in the game (counted on from the turn before when its events
    have no number)."""
    turns = [_turn(group, names, map_id) for group in _group(list(moves))]
    for k, turn in enumerate(turns):
        if not turn.index:
            turn.index = (turns[k - 1].index if k else 0) + 1
    return turns


def move_entries(
    moves: Sequence[LoggedMove], names: dict[str, str], map_id: str, *, limit: int | None = None
) -> list[dict]:
    """The log of the page, the full log and the API: [{"number", "sentences", "moves"}]
    for the last `limit` turns (all when None), newest first. `moves` are oldest first
    (games.selectors.log.move_list); each entry's sentences are one line, to be joined
    with "; ", and its moves are the turn's (two for a turn of two card draws)."""
    turns = turns_of(moves, names, map_id)[::-1]
    if limit is not None:
        turns = turns[:limit]
    return [_entry(turn) for turn in turns]


def _entry(turn: Turn) -> dict:
    return {
        "number": turn.number,
        "turn": turn.index,
        "at": turn.at,
        "sentences": turn.line,
        "moves": turn.moves,
        "revealed": tunnel_reveals(turn.moves),
    }


def tunnel_reveals(moves: Iterable[LoggedMove]) -> list[list[str]]:
    """The cards each tunnel of these moves turned up, for every player to see, also when they
    asked for nothing extra."""
    return [
        list(event.get("revealed") or [])
        for move in moves
        for event in move.events
        if event.get("type") == EventType.TUNNEL_REVEALED
    ]


@dataclass
class Changes:
    """What the others did since a player's last move: their turns told, and the routes and
    stations that are new on the board."""

    turns: list[Turn]
    routes: list[str]
    stations: list[str]


def _changes(turns: list[Turn], moves: Sequence[LoggedMove]) -> Changes:
    events = [event for move in moves for event in move.events]
    return Changes(
        turns=turns,
        routes=[e["route"] for e in events if e.get("type") == EventType.ROUTE_CLAIMED],
        stations=[e["city"] for e in events if e.get("type") == EventType.STATION_BUILT],
    )


@dataclass
class PageLog:
    """The game page's log: its newest turns, and what the others did since the viewer's own
    last move (None when nothing, for a spectator, or when the viewer has not moved in a log
    that holds the whole game); `since_latest`: the viewer's last move is older than the
    moves read, so all of them are told."""

    entries: list[dict]
    since: Changes | None
    since_latest: bool = False


def page_log(
    moves: Sequence[LoggedMove],
    names: dict[str, str],
    map_id: str,
    *,
    limit: int,
    seat_id: int | None,
) -> PageLog:
    """The page's log of `moves` (oldest first, whole turns: games.selectors.log) for the
    viewer's seat (None for a spectator): each move told once, for the log and the since."""
    turns = turns_of(moves, names, map_id)
    entries = [_entry(turn) for turn in turns[::-1][:limit]]
    if seat_id is None or not moves:
        return PageLog(entries, None)
    own = [i for i, move in enumerate(moves) if move.seat_id == seat_id]
    if own:
        after, latest = list(moves[own[-1] + 1 :]), False
    elif moves[0].number > 1:
        after, latest = list(moves), True
    else:
        return PageLog(entries, None)
    if not after:
        return PageLog(entries, None)
    # The turns after the viewer's last move, as the log told them; a turn their move was
    # part of (the opening, kept side by side) is told again from the moves after it.
    first = after[0].number
    since_turns = [turn for turn in turns if turn.moves[0].number >= first]
    split = [turn for turn in turns if turn.moves[0].number < first <= turn.moves[-1].number]
    if split:
        rest = [move for move in split[0].moves if move.number >= first]
        since_turns = [_turn(rest, names, map_id), *since_turns]
    return PageLog(entries, _changes(since_turns, after), latest)
