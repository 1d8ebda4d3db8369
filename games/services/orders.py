"""Standing orders: a player sets, cancels, and (when their turn comes) has played the plan
they left for their next turn (games.engine.orders holds the rule of which instruction
plays and how).

The orders play through game_play like any move, against the version read, so a move made
meanwhile (by hand, in another tab) makes them stale and nothing happens: one of the two
applies. Setting or cancelling them changes nothing another player can see: no version,
no announcement, no mail.
"""

import logging
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine
from games.engine.orders import (
    MalformedOrder,
    OrdersTurn,
    orders_from_list,
    orders_turn,
    turn_open_to_orders,
)
from games.models import Game, OrdersStatus, Seat, StandingOrders
from games.models.game import ACTIVE_STATUSES
from games.refusals.errors import (
    BadAction,
    GameMovedOn,
    GameNotActive,
    GameServiceError,
    NotAllowed,
    NotAPlayer,
)
from games.words.orders import malformed_order_sentence

from .locking import game_lock_with_seats
from .orders_record import OrderStep, orders_close_locked
from .play import game_play
from .transition import game_position

log = logging.getLogger(__name__)

PLAYED = "played"
NONE_PLAYABLE = "none_playable"
STALE = "stale"


def _own_seat_locked(
    game_id: int | str, user: User | AnonymousUser | None
) -> tuple[Game, Seat, engine.State]:
    """The user's seat in the game, locked with it, where orders may be set: a seat of a
    person in the game, in a game in play."""
    if user is None or not user.is_authenticated:
        raise NotAPlayer()
    game, seats = game_lock_with_seats(game_id=game_id)
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is None:
        raise NotAPlayer()
    if not game.is_active:
        raise GameNotActive(_("This game is over."))
    if seat.forfeited or seat.bot_level:
        raise NotAllowed(_("You are out of this game."))
    return game, seat, game_position(game=game)


def seat_orders_set(
    *, game_id: int | str, user: User | AnonymousUser | None, orders: object
) -> StandingOrders:
    """Leave `orders` (their JSON form: a list of instructions) for the user's next turn,
    in place of any left before. Refused while it is their turn (they play it themselves):
    NotAllowed; BadAction for a list that is not one."""
    with transaction.atomic(durable=True):
        game, seat, state = _own_seat_locked(game_id, user)
        try:
            parsed = orders_from_list(game.map_id, orders)
        except MalformedOrder as exc:
            raise BadAction(malformed_order_sentence(exc)) from None
        if engine.must_act(state, seat.player_id):
            raise NotAllowed(_("It is your turn: play it yourself."))
        StandingOrders.objects.filter(seat=seat).delete()
        standing = StandingOrders.objects.create(
            seat=seat, orders=[order.to_dict() for order in parsed], set_at=timezone.now()
        )
        Seat.objects.filter(pk=seat.pk).update(orders_standing=True)
    return standing


def seat_orders_cancel(*, game_id: int | str, user: User | AnonymousUser | None) -> bool:
    """Cancel the user's standing orders; False when none were standing."""
    with transaction.atomic(durable=True):
        _game, seat, _state = _own_seat_locked(game_id, user)
        deleted, _ = StandingOrders.objects.filter(seat=seat, status=OrdersStatus.STANDING).delete()
        Seat.objects.filter(pk=seat.pk).update(orders_standing=False)
    return bool(deleted)


def _report(turn: OrdersTurn) -> dict[str, Any]:
    return {
        "played": turn.played,
        "skipped": [[skip.index, skip.code] for skip in turn.skipped],
        "outcome": turn.outcome,
    }


def seat_orders_play(*, game_id: int, seat_id: int, version: int) -> str:
    """Play the standing orders of `seat_id` if the game is still at `version` and that
    seat's turn has just begun there. Returns PLAYED, NONE_PLAYABLE (the orders are closed,
    nothing was played: the player plays their turn as usual) or STALE (nothing happened).
    Safe to run twice, late, or beside the sweep."""
    game = Game.objects.filter(pk=game_id, status__in=ACTIVE_STATUSES).first()
    seat = Seat.objects.filter(pk=seat_id, game_id=game_id, orders_standing=True).first()
    if game is None or seat is None or game.state is None or seat.bot_level:
        return STALE
    standing = StandingOrders.objects.filter(seat=seat, status=OrdersStatus.STANDING).first()
    state = game_position(game=game)
    if standing is None or game.version != int(version):
        return STALE
    if not turn_open_to_orders(state, seat.player_id):
        return STALE
    turn = orders_turn(state, seat.player_id, orders_from_list(game.map_id, standing.orders))
    if turn.played is None:
        with transaction.atomic(durable=True):
            locked, seats = game_lock_with_seats(game_id=game_id)
            mine = next((s for s in seats if s.pk == seat.pk), None)
            if locked.version != game.version or mine is None or not mine.orders_standing:
                return STALE
            orders_close_locked(seat=mine, report=_report(turn), move=None)
        return NONE_PLAYABLE
    expected = game.version
    for number, action in enumerate(turn.actions):
        step = OrderStep(seat_id=seat.pk, first=number == 0, report=_report(turn))
        try:
            result = game_play(
                game_id=game_id,
                user=None,
                action=action.to_dict(),
                expected_version=expected,
                order=step,
            )
        except GameMovedOn:
            return STALE if number == 0 else PLAYED
        except (GameServiceError, engine.IllegalMove) as exc:
            # the player finishes the turn by hand (a rule the orders misread would show here)
            log.warning("standing orders of seat %s in game %s refused: %s", seat_id, game_id, exc)
            return STALE if number == 0 else PLAYED
        expected = result.game.version
    return PLAYED
