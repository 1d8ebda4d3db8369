"""More time on request: any other player gives the player to move one more day.

At most once per turn per giver (the seat remembers the turn it last gave for), only
while the game is being played, and never to oneself. The gift is a line of the move log
("ann gave bob one more day") and bumps the version like any move, so every open page
shows the new deadline. It is made against the version the giver saw: if the turn has
passed meanwhile it is refused, so a day meant for one turn never lands on the next.
"""

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Game, GameStatus, Move, Seat
from games.refusals.errors import BadAction, GameMovedOn, GameNotActive, NotAllowed, NotAPlayer
from games.selectors.replay import EXTRA_TIME_ACTION

from .clock import seat_give_time
from .events import game_version_bump
from .locking import game_lock
from .transition import game_position, move_next_number

EXTRA_TIME_SECONDS = 24 * 60 * 60


def extra_time_allowed(*, game: Game, giver: Seat | None, receiver: Seat | None) -> bool:
    """Whether `giver` may give `receiver` more time now (the page's button and the service
    ask the same question)."""
    return (
        game.status == GameStatus.PLAYING
        and giver is not None
        and receiver is not None
        and giver.pk != receiver.pk
        and not receiver.bot_level  # a bot has no clock to give time to
        and not giver.forfeited
        and giver.gave_time_for_turn != game.turn_started_at
    )


def game_give_time(
    *, game_id: int, user: User | AnonymousUser, expected_version: int | str | None
) -> Move:
    """One more day for the player to move, from `user`. Refuses, in this order: a stranger
    (NotAPlayer), a game not in play (GameNotActive), a stale version (GameMovedOn), and
    then giving to oneself, from out of the game, or twice in a turn (NotAllowed)."""
    try:
        expected_version = int(expected_version if expected_version is not None else "")
    except (TypeError, ValueError):
        raise BadAction(_("The request did not say which position it was made in.")) from None
    with transaction.atomic(durable=True):
        game = game_lock(game_id=game_id)
        seats = list(game.seats.select_related("user"))
        giver = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
        if giver is None:
            raise NotAPlayer()
        if game.status != GameStatus.PLAYING:
            raise GameNotActive(_("More time can be given only while the game is being played."))
        if expected_version != game.version:
            raise GameMovedOn()
        receiver = next((s for s in seats if s.to_move and not s.forfeited), None)
        if giver.forfeited:
            raise NotAllowed(_("You are out of this game."))
        if receiver is None or receiver.pk == giver.pk:
            raise NotAllowed(_("You cannot give yourself more time."))
        if not extra_time_allowed(game=game, giver=giver, receiver=receiver):
            raise NotAllowed(_("You have already given more time this turn."))
        seat_give_time(game=game, seats=seats, seat=receiver, seconds=EXTRA_TIME_SECONDS)
        giver.gave_time_for_turn = game.turn_started_at
        giver.save(update_fields=["gave_time_for_turn"])
        move = Move.objects.create(
            game=game,
            number=move_next_number(game=game),
            seat=giver,
            version=game.version + 1,  # the bump below
            action={"type": EXTRA_TIME_ACTION, "to": receiver.player_id},
            events=[
                {
                    "type": "extra_time_given",
                    "player": giver.player_id,
                    "to": receiver.player_id,
                    "seconds": EXTRA_TIME_SECONDS,
                    # given in the turn being played: the log tells it in that turn
                    "turn": game_position(game=game).turn,
                }
            ],
        )
        game_version_bump(game=game)
        game.save(update_fields=["version", "deadline"])
    return move
