"""A player leaves a started game of their own will: a forfeit, as when their time runs out.

The game goes on without them (their routes stay, their turn passes), or ends when fewer
than two players are left; the ratings count it as a forfeit (last place, shared with any
other who left). Resigning and the deadline sweep take the same row lock: whichever comes
second finds the seat already out and changes nothing.
"""

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Move, Seat
from games.refusals.errors import GameNotActive, NotAllowed, NotAPlayer
from games.selectors.replay import FORFEIT_ACTION

from .forfeit import seat_leaves
from .locking import game_lock


def game_resign(*, game_id: int, user: User | AnonymousUser) -> Move | Seat:
    """Take `user` out of the game now: the forfeit Move, or the seat when a bot plays it
    on. Refuses a stranger (NotAPlayer), a game not being
    played (GameNotActive) and a player already out (NotAllowed)."""
    with transaction.atomic(durable=True):
        game = game_lock(game_id=game_id)
        seats = list(game.seats.select_related("user"))
        seat = next(
            (seat for seat in seats if user.is_authenticated and seat.user_id == user.pk), None
        )
        if seat is None:
            raise NotAPlayer()
        if not game.is_active:
            raise GameNotActive(_("Only a game being played can be resigned."))
        if seat.forfeited:
            raise NotAllowed(_("You are already out of this game."))
        seat.resigned = True
        return seat_leaves(
            game=game,
            seats=seats,
            seat=seat,
            action={**FORFEIT_ACTION, "resigned": True},
            now=timezone.now(),
            abort_if_over=False,
        )
