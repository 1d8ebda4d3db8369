"""Hooks the move path calls inside its transaction so players get mail after commit.

Each hook records what is owed (Notification rows, see games.mail.outbox) and
queues sending with transaction.on_commit; nothing is sent for a move that did
not commit, and a broker failure at commit is logged, never raised.
"""

from games.engine import EventType
from games.mail.keys import forfeit_key, result_key, turn_key
from games.mail.outbox import record
from games.models import NotificationKind as Kind
from games.models import Seat


def _seats(game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("user"))


def _your_turn_mails(game, seats: list[Seat], mover_id: int | None) -> None:
    """One your-turn mail per player and turn: the key carries the turn's start, so a move
    that keeps the turn (a first card, a tunnel) finds the row already there."""
    if not game.is_active or game.turn_started_at is None:
        return
    for seat in seats:
        if seat.to_move and not seat.forfeited and not seat.bot_level and seat.pk != mover_id:
            record(
                user=seat.user,
                game=game,
                kind=Kind.YOUR_TURN,
                key=turn_key(
                    Kind.YOUR_TURN,
                    game_id=game.pk,
                    started_at=game.turn_started_at,
                    user_id=seat.user_id,
                ),
            )


def on_game_started(game) -> None:
    """The opening ticket choice begins: every player is asked to choose."""
    _your_turn_mails(game, _seats(game), mover_id=None)


def on_seat_left(game, seats: list[Seat], gone: Seat) -> None:
    """A player is out (time or resignation; a bot may play their seat on): everyone still
    playing hears of it; the one who ran out of time too, but not the one who resigned
    (they know). Bots are never mailed."""
    for seat in seats:
        told = not seat.forfeited or (seat.pk == gone.pk and not gone.resigned)
        if told and not seat.is_bot:
            record(
                user=seat.user,
                game=game,
                kind=Kind.FORFEIT,
                key=forfeit_key(game_id=game.pk, seat_id=gone.pk, user_id=seat.user_id),
            )


def on_move(game, move, seats: list[Seat] | None = None, *, turn_started: bool = True) -> None:
    """A move was applied; the turn may have passed to someone else, or someone forfeited.
    `seats` are the game's seats as the move left them (users selected), if at hand.
    `turn_started`: the move began a turn. One that did not (a first card, a tunnel, another
    player's opening choice) owes no your-turn mail: whoever acts now was mailed when the
    turn began (each is one row per turn), so nothing is written for it."""
    if not game.is_active:
        return  # the game ended with this move: on_game_over sends the results
    seats = _seats(game) if seats is None else seats
    for event in move.events:
        if event.get("type") == EventType.PLAYER_FORFEITED:
            gone = next((seat for seat in seats if seat.player_id == event.get("player")), None)
            if gone is not None:
                on_seat_left(game, seats, gone)
    if turn_started:
        _your_turn_mails(game, seats, mover_id=move.seat_id)


def on_game_over(game) -> None:
    """The game finished or was aborted: results go to every player."""
    for seat in _seats(game):
        if seat.is_bot:
            continue  # a bot's account has no mail
        record(
            user=seat.user,
            game=game,
            kind=Kind.RESULT,
            key=result_key(game_id=game.pk, user_id=seat.user_id),
        )
