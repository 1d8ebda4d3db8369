"""One move, end to end: the only way a player's action changes a game."""

from dataclasses import dataclass
from functools import partial
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import IntegerField, QuerySet
from django.db.models.expressions import RawSQL
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine
from games.models import Game, GameStatus, Move, Seat
from games.models.game import ACTIVE_STATUSES
from games.refusals.errors import BadAction, GameMovedOn, GameNotActive, NotAllowed, NotAPlayer
from games.selectors.access import seat_with_orders_flag
from games.selectors.karma import seat_with_karma
from games.selectors.log import PAGE_LOG_MOVES, move_remember
from games.selectors.vacations import SeatPauses, seat_with_vacation_flag
from games.words.refusals import refusal_sentence

from .locking import game_lock_prepared, locked_seats_prepared
from .orders_record import OrderStep, orders_close_locked, orders_drop_locked
from .transition import game_position, move_record


@dataclass(frozen=True)
class PlayResult:
    """Everything the move left, for the page and the API to show without reading again."""

    game: Game
    move: Move
    events: list[dict[str, Any]]
    view: engine.PlayerView  # player_view for the player who moved, after the move
    seats: list[Seat]  # the game's seats in seat order, users selected, as the move left them
    seat: Seat  # the mover's
    seat_was_to_move: bool  # whether the mover had to act before the move
    pauses: SeatPauses  # the seats' vacations, read once if the move or its page needs them
    # How many games await the mover's move after it (the header's count), None for a bot.
    awaiting: int | None = None


def _parse_action(action: object) -> engine.Action:
    """The engine's typed action, or BadAction for anything that is not one."""
    if not isinstance(action, dict):
        raise BadAction()
    try:
        return engine.action_from_dict(action)
    except engine.MalformedAction as exc:
        raise BadAction(
            _("That is not a move this game understands: %(reason)s.")
            % {"reason": refusal_sentence(exc)}
        ) from None


def opening_choice_open(*, state: engine.State, seat: Seat) -> bool:
    """Opening tickets are chosen side by side: another player's choice cannot make
    this one stale, so while this player still has to choose any version will do. Once
    they have chosen, a repeated post is stale as usual."""
    return state.phase == engine.Phase.INITIAL_TICKETS and engine.must_act(state, seat.player_id)


def _acting_seat(
    seats: list[Seat],
    user: User | AnonymousUser | None,
    bot_seat_id: int | None,
    order: OrderStep | None = None,
) -> Seat | None:
    """The seat the move is for: the user's (never one a bot plays, even a user's own seat
    a bot took over), the bot's, or the one whose standing orders play."""
    if order is not None:
        return next((s for s in seats if s.pk == order.seat_id and not s.bot_level), None)
    if bot_seat_id is not None:
        return next((s for s in seats if s.pk == int(bot_seat_id) and s.bot_level), None)
    if user is None or not user.is_authenticated:
        return None
    seat = next((s for s in seats if s.user_id == user.pk), None)
    if seat is not None and seat.taken_over:
        raise NotAllowed(_("You are out of this game: a bot plays your seat now."))
    return seat


# How many of a user's other games await their move (selectors.access.seat_list_awaiting' rule), as
# written SQL: the ORM's nested subquery for it cost more CPU to build than a query costs.
_AWAITING_ELSEWHERE = (
    "SELECT COUNT(*) FROM games_seat AS s INNER JOIN games_game AS g ON g.id = s.game_id"
    " WHERE s.user_id = %s AND s.to_move AND s.forfeited_at IS NULL AND s.game_id <> %s"
    f" AND g.status IN ({', '.join(['%s'] * len(ACTIVE_STATUSES))})"
)


def _seats_for_move() -> QuerySet[Seat]:
    """The seats a move reads with the game's lock: users and profiles, and whether a vacation
    may pause a clock."""
    return seat_with_karma(
        seats=seat_with_vacation_flag(seats=Seat.objects.select_related("user", "user__profile"))
    )


# The move's lock and read, built and compiled once per process (games.services.locking):
# compiling these annotated querysets cost each move more CPU than the database takes to run
# them. A user's read also counts how many of their other games await their move, in the same
# statement, so the header after the move costs no query of its own.
_SEATS_FOR_USER_MOVE = locked_seats_prepared(
    # The mover's answer reads their standing orders only if they have any.
    build=lambda game_id, user_id: seat_with_orders_flag(
        seats=_seats_for_move(), user_id=user_id
    ).annotate(
        awaiting_elsewhere=RawSQL(
            _AWAITING_ELSEWHERE, (user_id, game_id, *ACTIVE_STATUSES), output_field=IntegerField()
        )
    ),
    game_id=-7_200_001,
    user_id=-7_200_002,
)
_SEATS_FOR_MOVE = locked_seats_prepared(build=lambda game_id: _seats_for_move(), game_id=-7_200_003)


def _game_and_seats_locked(
    game_id: int, user: User | AnonymousUser | None
) -> tuple[Game, list[Seat]]:
    if user is None or not user.is_authenticated:
        return game_lock_prepared(prepared=_SEATS_FOR_MOVE, game_id=game_id)
    return game_lock_prepared(prepared=_SEATS_FOR_USER_MOVE, game_id=game_id, user_id=user.pk)


def _awaiting_after(game: Game, seat: Seat) -> int | None:
    """The header's count for the mover once the move is made: their other games read with
    the lock, and this one as the move left it (selectors.access.seat_list_awaiting' rule)."""
    elsewhere: int | None = getattr(seat, "awaiting_elsewhere", None)
    if elsewhere is None:
        return None
    here = game.is_active and seat.to_move and not seat.forfeited
    return elsewhere + int(here)


def game_play(
    *,
    game_id: int,
    user: User | AnonymousUser | None,
    action: object,
    expected_version: int | str | None,
    bot_seat_id: int | None = None,
    order: OrderStep | None = None,
) -> PlayResult:
    """Apply `action` for `user`, made against `expected_version` of the game; with
    `bot_seat_id` (and no user), for the bot that plays that seat (games.botplay.turns);
    with `order` (and no user), for the standing orders of that seat (games.services.orders):
    the turn's first such move needs them still standing, else the game has moved on.
    A move by hand drops the mover's standing orders.

    Refuses, in this order: not a player (NotAPlayer, 404), game not in play
    (GameNotActive), stale version (GameMovedOn: the double-click, the back button,
    the other tab), out of the game (NotAllowed), malformed action (BadAction);
    the engine then refuses what the rules forbid (engine.IllegalMove, 422,
    with its own code and message). A refused action changes nothing at all.
    """
    try:
        expected_version = int(expected_version if expected_version is not None else "")
    except (TypeError, ValueError):
        raise BadAction(_("The move did not say which position it was made in.")) from None
    try:
        game_id = int(game_id)
    except (TypeError, ValueError):
        raise NotAPlayer() from None
    with transaction.atomic(durable=True):
        # Held until commit: a second post for this game waits here, then sees the new version.
        # The seats come with it, once: the move, its clock, its mail and the page after it.
        game, seats = _game_and_seats_locked(game_id, user)
        seat = _acting_seat(seats, user, bot_seat_id, order)
        if seat is None:
            raise NotAPlayer()
        if not game.is_active:
            if game.status == GameStatus.OPEN:
                raise GameNotActive(_("The game has not started yet."))
            raise GameNotActive(_("This game is over."))
        state = game_position(game=game)
        behind = expected_version < game.version and opening_choice_open(state=state, seat=seat)
        if expected_version != game.version and not behind:
            raise GameMovedOn()
        if seat.forfeited and not seat.taken_over:
            raise NotAllowed(_("You are out of this game: your time ran out."))
        if order is not None and order.first and not seat.orders_standing:
            raise GameMovedOn()  # cancelled, or dropped by a move by hand
        parsed = _parse_action(action)
        was_to_move = seat.to_move
        previous = engine.player_view(state, None)
        new_state, events = engine.apply(state, seat.player_id, parsed)
        if order is None:
            orders_drop_locked(seat=seat)
        elif order.first:
            seat.orders_standing = False  # the new position plays no orders of this seat again
        now = timezone.now()
        pauses = SeatPauses(game, seats, since=game.turn_started_at or now)
        move = move_record(
            game=game,
            seats=seats,
            seat=seat,
            action=parsed.to_dict(),
            new_state=new_state,
            events=events,
            previous=previous,
            now=now,
            pauses=pauses,
            by_order=order is not None,
        )
        if bot_seat_id is None and not seat.joined_by_self:
            # A seat staff gave: the player's own move is their yes (karma counts it now).
            seat.joined_by_self = True
            seat.save(update_fields=["joined_by_self"])
        if order is not None and order.first:
            orders_close_locked(seat=seat, report=order.report, move=move)
        view = engine.player_view(new_state, seat.player_id)
        # The page's log at the new version, for the next page to show without a query.
        transaction.on_commit(
            partial(move_remember, game=game, move=move, last_turns=PAGE_LOG_MOVES), robust=True
        )
    return PlayResult(
        game=game,
        move=move,
        events=events,
        view=view,
        seats=seats,
        seat=seat,
        seat_was_to_move=was_to_move,
        pauses=pauses,
        awaiting=_awaiting_after(game, seat),
    )
