"""Turn order: ending a turn, the last round, skipping forfeited players, the end of the game."""

from __future__ import annotations

from .. import scoring
from ..cards import FACE_UP_SIZE
from ..enums import EventType, Phase
from ..maps import STATIONS_PER_PLAYER, get_map
from .draft import Draft
from .piles import refill_face_up

_TURN_PASSED = EventType.TURN_PASSED  # read once per turn: a global is faster than the member
LAST_ROUND_TRAINS = 2  # a player ending a turn with this many trains or fewer starts the last round


def next_active(d: Draft, seat: int) -> int:
    """The next seat after `seat` (in seat order) whose player has not forfeited."""
    n = len(d.players)
    nxt = seat + 1 if seat + 1 < n else 0
    if not d.forfeited[nxt]:
        return nxt
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if not d.forfeited[candidate]:
            return candidate
    return seat


def previous_active(d: Draft, seat: int) -> int:
    n = len(d.players)
    for step in range(1, n + 1):
        candidate = (seat - step) % n
        if not d.forfeited[candidate]:
            return candidate
    return seat


def active_count(d: Draft) -> int:
    return len(d.players) - sum(d.forfeited)


def end_turn(d: Draft, passed: bool = False) -> None:
    """The current player's turn is over: maybe start or finish the last round, then move on."""
    d.pending = None
    seat = d.current
    if len(d.face_up) < FACE_UP_SIZE and (d.deck or d.discard):
        refill_face_up(d)  # the row ran short while the piles were empty; cards are back
    if passed:
        d.passes += 1
    elif d.passes:
        d.passes = 0
    last = d.last_round_ends_after
    if last is not None and last == seat:  # (None == int is a slow generic compare)
        finish_game(d)
        return
    if passed and d.passes >= active_count(d):
        # Nobody could do anything for a whole round: the game could never end otherwise.
        finish_game(d)
        return
    if last is None and d.trains[seat] <= LAST_ROUND_TRAINS:
        d.last_round_ends_after = seat
        d.events.append({"type": EventType.LAST_ROUND, "player": d.players[seat]})
    nxt = seat + 1 if seat + 1 < len(d.players) else 0
    if d.forfeited[nxt]:
        nxt = next_active(d, seat)
    d.current = nxt
    d.turn += 1
    d.events.append({"type": _TURN_PASSED, "player": d.players[nxt]})


def finish_game(d: Draft) -> None:
    """Final scoring (scoring.final_result) and the game_over event."""
    players = d.players
    final = scoring.final_result(
        get_map(d.map_id),
        players,
        d.claims,
        d.stations,
        {p: d.tickets[i] for i, p in enumerate(players)},
        {p: d.scores[i] for i, p in enumerate(players)},
        {p: STATIONS_PER_PLAYER - sum(1 for o in d.stations.values() if o == p) for p in players},
        [p for i, p in enumerate(players) if d.forfeited[i]],
    )
    d.final = final
    d.phase = Phase.GAME_OVER
    d.pending = None
    d.events.append(
        {
            "type": EventType.GAME_OVER,
            "ranking": [list(group) for group in final.ranking],
            "totals": {p: final.players[p].total for p in players},
        }
    )
