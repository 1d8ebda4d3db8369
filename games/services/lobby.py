"""The lobby: create a game, join it, leave it, start it. The only writers of open games.

Decisions:
- Seat order is shuffled at the start, deterministically from the game's seed,
  so who plays first is fair and a replay from the seed needs nothing else.
- The creator leaving an open game that still has other players hands the
  creator role to the earliest remaining joiner; leaving an otherwise empty game
  deletes it (it has no moves and nothing to keep).
- Joining twice is harmless: the existing seat comes back (double-click, two tabs).
- Every lobby change bumps the game's version, so open waiting pages can refresh.
- A game from a position (services/scenario_start.py) keeps each seat for the player it
  names: only their invitation takes it, in its place; it starts in the position, when
  the last one accepts, and leaving it before then calls it off.
- Each service takes the game's id and works on the game as it finds it under its row
  lock, in its own transaction.
  The *_locked functions do the work inside a transaction a caller already holds.
- The creator renews the game's invitation link: the old one leads nowhere from then on.
"""

import random
from typing import Any

from django.conf import settings as site_settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine
from games.live.poll import access_end_on_commit
from games.mail import notify
from games.models import (
    Club,
    ClubMember,
    Game,
    GameStatus,
    Invitation,
    InvitationStatus,
    MapChoice,
    Rating,
    Season,
    Seat,
)
from games.models.game import (
    BANK_CHOICES,
    DEFAULT_TURN_SECONDS,
    MAX_TURN_SECONDS,
    MIN_TURN_SECONDS,
    new_invite_token,
)
from games.models.secret_tokens import same_secret
from games.ratings.model import DEFAULT_SKILL
from games.refusals.errors import GameFull, GameNotActive, InvalidSettings, NotAllowed, NotAPlayer
from games.selectors.karma import karma_get
from games.selectors.replay import game_start_state
from games.services.events import game_version_bump, position_announce
from games.words.seat_colors import first_free_color

from .clock import settle_clock
from .locking import game_lock

MIN_PLAYERS = engine.MIN_PLAYERS
MAX_PLAYERS = engine.MAX_PLAYERS
# The highest minimum rating a game may ask for (a strong player shows about 1,500).
MAX_MIN_RATING = 3000


def enough_to_start(*, seat_count: int) -> bool:
    """Whether the creator may start a game with this many seated players."""
    return seat_count >= MIN_PLAYERS


def takeover_default(*, max_players: int) -> bool:
    """A bot takes over a player who leaves, unless the creator says otherwise, in games of
    3 or more (in 2 the one left would play only the bot)."""
    return int(max_players) >= 3


def game_create(*, creator: User, map_id: str, **settings: Any) -> Game:
    """A new open game with its creator in the first seat, with game_create_locked's
    settings. `bot_takeover`: a bot plays on for a player who leaves (otherwise their seat
    is skipped); the game form offers it by default for 3 or more players (takeover_default)."""
    with transaction.atomic(durable=True):
        return game_create_locked(creator=creator, map_id=map_id, **settings)


def game_create_locked(
    *,
    creator: User,
    map_id: str,
    max_players: int = 4,
    turn_seconds: int = DEFAULT_TURN_SECONDS,
    is_private: bool = False,
    rated: bool = True,
    bank_seconds: int = 0,
    allow_vacations: bool = True,
    bot_takeover: bool = False,
    club: Club | None = None,
    min_karma: int | None = None,
    min_rating: int | None = None,
    language: str = "",
    season: Season | None = None,
    season_round: int | None = None,
) -> Game:
    """game_create inside the caller's transaction. `club`: a club's game, which only its
    members may join (private when the club is invite-only); `min_karma` (percent) and
    `min_rating` (shown, on the game's map): who may join; `language`: the table's."""
    if map_id not in MapChoice.values:
        raise InvalidSettings(_("Choose one of the maps on offer."))
    if not MIN_PLAYERS <= int(max_players) <= MAX_PLAYERS:
        raise InvalidSettings(
            _("A game has %(least)d to %(most)d seats.")
            % {"least": MIN_PLAYERS, "most": MAX_PLAYERS}
        )
    if not MIN_TURN_SECONDS <= int(turn_seconds) <= MAX_TURN_SECONDS:
        raise InvalidSettings(_("The time per move is between one hour and seven days."))
    if int(bank_seconds) not in BANK_CHOICES:
        raise InvalidSettings(_("Choose a time bank among those on offer."))
    if min_karma is not None and not 0 <= int(min_karma) <= 100:
        raise InvalidSettings(_("The minimum karma is a share between 0 and 100 per cent."))
    if min_rating is not None and not 0 <= int(min_rating) <= MAX_MIN_RATING:
        raise InvalidSettings(
            _("The minimum rating is between 0 and %(most)d.") % {"most": MAX_MIN_RATING}
        )
    if language and language not in dict(site_settings.LANGUAGES):
        raise InvalidSettings(_("Choose one of the languages on offer."))
    if club is not None:
        if not ClubMember.objects.filter(club=club, user=creator).exists():
            raise NotAllowed(_("Only the club's members can create its games."))
        is_private = is_private or club.invite_only
    game = Game.objects.create(
        map_id=map_id,
        creator=creator,
        max_players=int(max_players),
        turn_seconds=int(turn_seconds),
        is_private=bool(is_private),
        rated=bool(rated),
        bank_seconds=int(bank_seconds),
        allow_vacations=bool(allow_vacations),
        bot_takeover=bool(bot_takeover),
        club=club,
        season=season,
        season_round=season_round,
        min_karma=None if min_karma is None else int(min_karma),
        min_rating=None if min_rating is None else int(min_rating),
        language=language or "",
    )
    Seat.objects.create(game=game, user=creator, order=0, color=first_free_color(set()))
    return game


def game_join(*, game_id: int | str, user: User, invite_token: str | None = None) -> Seat:
    """Seat the user at an open game; a private game needs its invitation token.

    The game that fills up starts at once. The seat's `game` is the game as it is then.
    """
    with transaction.atomic(durable=True):
        return game_join_locked(
            locked=game_lock(game_id=game_id), user=user, invite_token=invite_token
        )


def game_join_locked(*, locked: Game, user: User, invite_token: str | None = None) -> Seat:
    """game_join on a game the caller's transaction has locked (games.services.locking)."""
    seats = list(locked.seats.all())
    mine = next((seat for seat in seats if seat.user_id == user.pk), None)
    if mine is not None:
        mine.game = locked
        return mine
    member = (
        locked.club_id is not None
        and ClubMember.objects.filter(club_id=locked.club_id, user=user).exists()
    )
    if locked.is_private and not member and not same_secret(invite_token, locked.invite_token):
        raise NotAPlayer()
    if locked.status != GameStatus.OPEN:
        raise GameNotActive(_("This game has already started."))
    if locked.season_id is not None:
        raise NotAllowed(_("A league's games are seated by the site: no one else may join."))
    if locked.club_id is not None and not member:
        raise NotAllowed(_("Only the club's members can join this game."))
    if len(seats) >= locked.max_players:
        raise GameFull()
    order = max(seat.order for seat in seats) + 1 if seats else 0
    if locked.start is not None:
        order = _kept_seat(locked, user)
    game_requirements_check(game=locked, user=user)
    seat = Seat.objects.create(
        game=locked,
        user=user,
        order=order,
        color=first_free_color({seat.color for seat in seats}),
    )
    if len(seats) + 1 >= locked.max_players:
        game_start_locked(game=locked)
    else:
        game_bump_locked(game=locked)
    return seat


def _kept_seat(game: Game, user: User) -> int:
    """The seat a game from a position keeps for this player, taken: only their invitation
    takes it."""
    invitation = Invitation.objects.filter(
        game=game, invitee=user, status=InvitationStatus.PENDING, seat_order__isnull=False
    ).first()
    if invitation is None or invitation.seat_order is None:
        raise NotAllowed(_("This game's seats are kept for the players it names."))
    # Taken through the game's link instead of the invitation: the same yes.
    invitation.status = InvitationStatus.ACCEPTED
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
    return invitation.seat_order


def game_requirements_check(*, game: Game, user: User) -> None:
    """Refuse a player below the game's minimum karma or rating. A player with no finished
    game yet has no karma to hold against them, and is let in."""
    if game.min_karma:
        karma = karma_get(user=user).percent
        if karma is not None and karma < game.min_karma:
            raise NotAllowed(
                _(
                    "This game asks for a karma of at least %(least)d%%; yours is "
                    "%(yours)d%% (the share of your last games you played to the end)."
                )
                % {"least": game.min_karma, "yours": karma}
            )
    if game.min_rating:
        rating = Rating.objects.filter(user=user, board=game.map_id).first()
        shown = round(rating.shown if rating else DEFAULT_SKILL.shown)
        if shown < game.min_rating:
            raise NotAllowed(
                _(
                    "This game asks for a rating of at least %(least)d on its map; "
                    "yours is %(yours)d."
                )
                % {"least": game.min_rating, "yours": shown}
            )


def game_invite_link_renew(*, game_id: int | str, user: User) -> Game:
    with transaction.atomic(durable=True):
        locked = game_lock(game_id=game_id)
        if not locked.seats.filter(user=user).exists():
            raise NotAPlayer()
        if locked.creator_id != user.pk:
            raise NotAllowed(_("Only the game's creator can renew its invitation link."))
        locked.invite_token = new_invite_token()
        locked.save(update_fields=["invite_token"])
        game_bump_locked(game=locked)
    return locked


def game_leave(*, game_id: int | str, user: User) -> Game | None:
    """Give up a seat before the start (see the module's decisions for the creator). The
    game as it is then, or None when the last player left and it is gone."""
    with transaction.atomic(durable=True):
        locked = game_lock(game_id=game_id)
        seats = list(locked.seats.all())
        mine = next((seat for seat in seats if seat.user_id == user.pk), None)
        if mine is None:
            raise NotAPlayer()
        if locked.status != GameStatus.OPEN:
            raise GameNotActive(
                _("The game has started: you can no longer leave it from the lobby.")
            )
        others = [seat for seat in seats if seat.pk != mine.pk and not seat.bot_level]
        if not others or locked.start is not None:
            # Only bots would be left, or a position lost a player it names: the game is gone.
            access_end_on_commit(user_id=user.pk)
            locked.delete()
            return None
        mine.delete()
        access_end_on_commit(user_id=user.pk)
        if locked.creator_id == user.pk:
            locked.creator_id = min(others, key=lambda seat: (seat.joined_at, seat.pk)).user_id
            locked.save(update_fields=["creator"])
        game_bump_locked(game=locked)
    return locked


def game_start(*, game_id: int | str, user: User) -> Game:
    """The creator starts an open game once at least two players are seated; the game as it
    is then."""
    with transaction.atomic(durable=True):
        locked = game_lock(game_id=game_id)
        if not locked.seats.filter(user=user).exists():
            if locked.is_private:
                raise NotAPlayer()
            raise NotAllowed(_("Only the game's creator can start it."))
        if locked.creator_id != user.pk:
            raise NotAllowed(_("Only the game's creator can start it."))
        if locked.status != GameStatus.OPEN:
            raise GameNotActive(_("This game has already started."))
        if locked.start is not None:
            raise NotAllowed(_("This game starts when every player it names has accepted."))
        if not enough_to_start(seat_count=locked.seats.count()):
            raise NotAllowed(_("Wait for at least one more player before starting."))
        game_start_locked(game=locked)
    return locked


def seat_order(*, game: Game, seats: list[Seat]) -> list[Seat]:
    """The join order shuffled by the game's seed: fair, and the same every time."""
    ordered = sorted(seats, key=lambda seat: (seat.order, seat.pk))
    random.Random(game.seed).shuffle(ordered)
    return ordered


def game_start_locked(*, game: Game) -> None:
    """Deal the opening (a game from a position: set it out, each seat its scenario
    player's) and start the clock. The game row is locked by the caller."""
    if game.start is not None:
        seats = sorted(game.seats.all(), key=lambda seat: seat.order)
    else:
        seats = seat_order(game=game, seats=list(game.seats.all()))
    # Two steps so the (game, order) uniqueness never sees two seats with one number.
    Seat.objects.filter(game=game).update(order=F("order") + 100)
    for order, seat in enumerate(seats):
        seat.order = order
        seat.bank_left_seconds = game.bank_seconds  # the whole reserve, for the whole game
        seat.save(update_fields=["order", "bank_left_seconds"])
    now = timezone.now()
    if game.start is not None:
        names = {
            old: seat.player_id for old, seat in zip(game.start["players"], seats, strict=True)
        }
        game.start = engine.rename_players(game.start, names)
        state = game_start_state(game=game)
    else:
        state = engine.new_game(game.map_id, [seat.player_id for seat in seats], game.seed)
    game.state = state.to_dict()
    game.started_at = now
    game_version_bump(game=game)
    settle_clock(
        game=game,
        seats=seats,
        state=state,
        public=engine.player_view(state, None),
        previous=None,
        now=now,
    )
    game.save(
        update_fields=[
            "start",
            "state",
            "started_at",
            "version",
            "status",
            "deadline",
            "turn_started_at",
        ]
    )
    notify.on_game_started(game)
    position_announce(game=game, seats=seats, state=state)


def game_bump_locked(*, game: Game) -> None:
    """A lobby change: open waiting pages refresh."""
    game_version_bump(game=game)
    game.save(update_fields=["version"])
