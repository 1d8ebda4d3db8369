"""Bots at the table: a bot in an empty seat of an open game, and a game against bots at once.

A game with a bot from the start is unrated (its people play for practice); bots play
through game_play like anyone (games.botplay.turns), queued when their turn comes.
"""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from games.models import BotLevel, Game, GameStatus, Seat
from games.refusals.errors import GameFull, GameNotActive, InvalidSettings, NotAllowed, NotAPlayer
from games.selectors.lobby import user_is_newcomer
from games.services.bot_accounts import bot_account
from games.words.seat_colors import first_free_color

from .lobby import MAX_PLAYERS, game_bump_locked, game_create_locked, game_start_locked
from .locking import game_lock


def _level(level: str) -> str:
    if level not in BotLevel.values:
        raise InvalidSettings(_("Choose one of the bots' levels on offer."))
    return level


def seat_bot_locked(*, game: Game, level: str, order: int | None = None) -> Seat:
    """A bot of `level` in the next seat (or seat `order`) of the open game the caller has
    locked; the game is unrated from now on."""
    seats = list(game.seats.all())
    if len(seats) >= game.max_players:
        raise GameFull()
    if order is None:
        order = max(seat.order for seat in seats) + 1 if seats else 0
    seat = Seat.objects.create(
        game=game,
        user=bot_account(level=_level(level), taken={seat.user_id for seat in seats}),
        order=order,
        color=first_free_color({seat.color for seat in seats}),
        bot_level=level,
    )
    if game.rated:
        game.rated = False
        game.save(update_fields=["rated"])
    return seat


def game_add_bot(*, game_id: int | str, user: User | AnonymousUser, level: str) -> Seat:
    """The creator puts a bot in an empty seat of their open game; a game it fills starts."""
    with transaction.atomic(durable=True):
        game = game_lock(game_id=game_id)
        if not user.is_authenticated or not game.seats.filter(user_id=user.pk).exists():
            raise NotAPlayer()
        if game.creator_id != user.pk:
            raise NotAllowed(_("Only the game's creator can add a bot."))
        if game.status != GameStatus.OPEN:
            raise GameNotActive(_("This game has already started."))
        if game.start is not None:
            raise NotAllowed(_("This game's seats are kept for the players it names."))
        seat = seat_bot_locked(game=game, level=level)
        if game.seats.count() >= game.max_players:
            game_start_locked(game=game)
        else:
            game_bump_locked(game=game)
        seat.game = game
        return seat


def game_against_bots(
    *,
    creator: User,
    map_id: str,
    bots: int | str,
    level: str,
    first_game: bool = False,
    **settings: Any,
) -> Game:
    """A private, unrated game of the creator against `bots` bots of `level`, started now;
    with `first_game` its table gives the creator hints at each turn."""
    try:
        count = int(bots)
    except (TypeError, ValueError):
        count = 0
    if not 1 <= count <= MAX_PLAYERS - 1:
        raise InvalidSettings(_("Play against 1 to %(most)s bots.") % {"most": MAX_PLAYERS - 1})
    _level(level)
    with transaction.atomic(durable=True):
        game = game_create_locked(
            creator=creator,
            map_id=map_id,
            max_players=count + 1,
            is_private=True,
            rated=False,
            **settings,
        )
        if first_game:
            Game.objects.filter(pk=game.pk).update(first_game=True)
        game = game_lock(game_id=game.pk)
        for _index in range(count):
            seat_bot_locked(game=game, level=level)
        game_start_locked(game=game)
    return game


def game_first(*, creator: User, map_id: str) -> Game:
    """A newcomer's first game: them against one Beginner bot, with hints at each turn. Only
    for someone who has not finished a game yet (the lobby offers it to them alone)."""
    if not user_is_newcomer(user=creator):
        raise NotAllowed(
            _("A first game with hints is for players who have not finished a game yet.")
        )
    return game_against_bots(
        creator=creator, map_id=map_id, bots=1, level=BotLevel.BEGINNER, first_game=True
    )
