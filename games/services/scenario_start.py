"""Start a game from a position: an uploaded scenario file, or a finished game's replay.

Decisions:
- Such games are unrated and private (the players are named, not found in the lobby).
  Nobody is seated without saying yes: the creator and bots take their seats at once, each
  other person named is invited to theirs, and the game starts in the scenario's order when
  the last one accepts (one who declines or lets a week pass calls it off). A file's
  player names are only names: the creator names the site's players.
- The one exception: staff seat a position's players at once (a tournament's), written in
  the admin's log; such a seat counts for its player's karma only once they play a move
  in it (Seat.joined_by_self), and the game, unrated, never for a rating.
- The file's seed is replaced by a fresh secret one: the file lays out what it lays out,
  and nobody can work out the rest of the piles from it.
- "New game from here" writes the position as a setup (engine.position_setup) and shuffles
  both decks anew, so the finished game's log does not tell anyone what comes next. A
  position in the middle of a turn (a tunnel or a second card pending) goes back to the
  last one where a turn could start. Everyone plays, even a seat that had left.
- A file is checked completely (the engine loads it and plays its actions) before anything
  is written; a refused file creates nothing.
"""

import contextlib
import json
import logging
import random
from typing import Any

from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import engine
from games.models import Game, MapChoice, Move, Seat
from games.models.game import DEFAULT_TURN_SECONDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS, new_seed
from games.refusals.errors import (
    GameNotActive,
    GameServiceError,
    InvalidSettings,
    NotAllowed,
    NotAPlayer,
)
from games.selectors.bots import bot_level_of
from games.selectors.replay import CLOCK_ONLY_ACTIONS, game_start_state, move_action
from games.words.refusals import refusal_sentence
from games.words.seat_colors import first_free_color

from .bots import seat_bot_locked
from .invitations import invitation_send_locked
from .lobby import game_start_locked
from .locking import game_lock

log = logging.getLogger(__name__)

MAX_SCENARIO_BYTES = 256 * 1024

# A seat of a game from a position: the person who takes it, or the level of the bot that does.
Place = User | str


class ScenarioRefused(GameServiceError):
    status = 400
    code = "bad_scenario"
    default_message = gettext_lazy("That file is not a game position this site can start.")


def parse_scenario_file(*, raw: bytes) -> dict[str, Any]:
    """The JSON object of an uploaded file, or ScenarioRefused saying what is wrong with it."""
    if len(raw) > MAX_SCENARIO_BYTES:
        raise ScenarioRefused(
            _("The file is too large (%(size)d KB); a scenario is at most %(most)d KB.")
            % {"size": len(raw) // 1024, "most": MAX_SCENARIO_BYTES // 1024}
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ScenarioRefused(_("The file is not text (UTF-8 JSON).")) from None
    except json.JSONDecodeError as exc:
        raise ScenarioRefused(
            _("The file is not valid JSON: %(error)s (line %(line)d).")
            % {"error": exc.msg, "line": exc.lineno}
        ) from None
    if not isinstance(data, dict):
        raise ScenarioRefused(_("A scenario file holds one JSON object."))
    return data


def _check_scenario(document: dict[str, Any]) -> engine.State:
    """The position the scenario leads to, or ScenarioRefused (bad file, illegal action,
    a game already over)."""
    try:
        state, actions = engine.load_scenario(document)
    except engine.ScenarioError as exc:
        raise ScenarioRefused(_("The scenario is not valid: %(error)s.") % {"error": exc}) from None
    if document.get("map") not in MapChoice.values:
        raise ScenarioRefused(_("Choose one of the maps on offer."))
    for number, (player, action) in enumerate(actions, 1):
        try:
            state, _events = engine.play(state, player, action)
        except engine.IllegalMove as exc:
            raise ScenarioRefused(
                _("Action %(number)d (%(player)s: %(type)s) breaks the rules: %(refusal)s")
                % {
                    "number": number,
                    "player": player,
                    "type": action.to_dict()["type"],
                    "refusal": refusal_sentence(exc),
                }
            ) from None
    if state.phase == engine.Phase.GAME_OVER:
        raise ScenarioRefused(_("In that position the game is already over."))
    return state


def _users(names: list[str]) -> list[User]:
    found = {user.username: user for user in get_user_model().objects.filter(username__in=names)}
    missing = [name for name in names if name not in found]
    if missing:
        raise ScenarioRefused(
            ngettext(
                "No player is called %(names)s.", "No players are called %(names)s.", len(missing)
            )
            % {"names": ", ".join(missing)}
        )
    return [found[name] for name in names]


def game_start_from_scenario(
    *,
    creator: User,
    document: dict[str, Any],
    usernames: list[str] | None = None,
    turn_seconds: int | str | None = None,
    seat_at_once: bool = False,
) -> Game:
    """A new unrated game from the scenario, one seat for each site player `usernames`
    names, in the scenario's order (the file's own names are only names).

    The creator must be one of them unless they are staff. The creator and bots take their
    seats at once; the others are invited (services/invitations.py) and the game starts
    when the last one accepts. `seat_at_once` (staff only: a tournament's position) seats
    everyone now, and is written in the admin's log.
    """
    if turn_seconds is None or turn_seconds == "":
        turn_seconds = DEFAULT_TURN_SECONDS
    try:
        seconds = int(turn_seconds)
    except (TypeError, ValueError):
        raise InvalidSettings(_("The time per move is a number of seconds.")) from None
    if not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
        raise InvalidSettings(_("The time per move is between one hour and seven days."))
    if seat_at_once and not creator.is_staff:
        raise NotAllowed(_("Only staff can seat players without their acceptance."))
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioRefused(_("The scenario's 'players' must be a list of names."))
    names = list(usernames or [])
    if len(names) != len(players):
        raise ScenarioRefused(
            ngettext(
                "The scenario has %(count)d player; name %(count)d site player.",
                "The scenario has %(count)d players; name %(count)d site players.",
                len(players),
            )
            % {"count": len(players)}
        )
    if len(set(names)) != len(names):
        raise ScenarioRefused(_("Each player can take only one seat."))
    document = {**document, "seed": new_seed()}
    _check_scenario(document)
    # A bot's name (a level's account, made when first seated) seats that level's bot.
    levels = [bot_level_of(username=name) or "" for name in names]
    humans = [name for name, level in zip(names, levels, strict=True) if not level]
    people = dict(zip(humans, _users(humans), strict=True))
    if not creator.is_staff and creator.pk not in {user.pk for user in people.values()}:
        raise NotAllowed(_("Start games you play in (the admin can start them for anyone)."))
    places: list[Place] = [level or people[name] for name, level in zip(names, levels, strict=True)]
    return _create_waiting(
        creator=creator,
        document=document,
        places=places,
        turn_seconds=seconds,
        seat_at_once=seat_at_once,
    )


def game_new_from_replay(
    *, game_id: int, user: User, move_number: int | str | None, turn_seconds: int | None = None
) -> tuple[Game, int]:
    """A new unrated game for the same players from a finished game's position after
    `move_number` (or the last turn start before it). Returns (game, the move used)."""
    try:
        last = int(move_number if move_number is not None else "")
    except (TypeError, ValueError):
        raise InvalidSettings(_("Choose a move of the replay.")) from None
    source = Game.objects.filter(pk=game_id).prefetch_related("seats__user").first()
    seats = list(source.seats.all()) if source else []
    if source is None or not any(seat.user_id == user.pk for seat in seats):
        raise NotAPlayer()
    if not source.is_over:
        raise GameNotActive(_("Only a finished game's replay can start a new game."))
    state = game_start_state(game=source)
    position, used = None, 0
    with contextlib.suppress(engine.PositionNotWritable):
        position = engine.position_setup(state)
    moves = Move.objects.filter(game=source, number__lte=max(last, 0)).order_by("number")
    for move in moves:
        if move.action.get("type") in CLOCK_ONLY_ACTIONS:
            continue
        state, _events = engine.play(state, str(move.seat_id), move_action(move=move))
        try:
            position, used = engine.position_setup(state), move.number
        except engine.PositionNotWritable:
            continue
    if position is None:
        raise GameNotActive(_("No new game can start from that position."))
    shuffle = random.SystemRandom().shuffle
    shuffle(position["train_deck"])
    shuffle(position["ticket_deck"])
    document = {
        "map": source.map_id,
        "players": [seat.player_id for seat in seats],
        "seed": new_seed(),
        "setup": position,
    }
    # A bot from the start plays again; a person (one who left too) is invited.
    places: list[Place] = [seat.bot_level if seat.is_bot else seat.user for seat in seats]
    game = _create_waiting(
        creator=user,
        document=document,
        places=places,
        turn_seconds=source.turn_seconds if turn_seconds is None else turn_seconds,
    )
    return game, used


def _create_waiting(
    *,
    creator: User,
    document: dict[str, Any],
    places: list[Place],
    turn_seconds: int,
    seat_at_once: bool = False,
) -> Game:
    """Create the game with its position set aside, each of `places` (a person or a bot's
    level) a seat in the scenario's order: the creator and bots seated, the others invited to
    theirs (or, staff's `seat_at_once`, seated without it). Starts once all are seated."""
    with transaction.atomic(durable=True):
        game = Game.objects.create(
            map_id=document["map"],
            creator=creator,
            max_players=len(places),
            turn_seconds=turn_seconds,
            is_private=True,
            rated=False,
            seed=document["seed"],
            start=document,
        )
        game = game_lock(game_id=game.pk)
        forced = []
        for order, user in enumerate(places):
            if isinstance(user, str):
                seat_bot_locked(game=game, level=user, order=order)
            elif user.pk == creator.pk or seat_at_once:
                taken = set(game.seats.values_list("color", flat=True))
                Seat.objects.create(
                    game=game,
                    user=user,
                    order=order,
                    color=first_free_color(taken),
                    joined_by_self=user.pk == creator.pk,
                )
                if user.pk != creator.pk:
                    forced.append(user.username)
            else:
                invitation_send_locked(game=game, inviter=creator, user=user, seat_order=order)
        if forced:
            _log_seated_by_staff(game=game, staff=creator, usernames=forced)
        if game.seats.count() == len(places):
            game_start_locked(game=game)
    return game


def _log_seated_by_staff(*, game: Game, staff: User, usernames: list[str]) -> None:
    """The one seating without consent, written where staff read the site's history: the
    admin's log (every staff member sees it), beside the server's log."""
    message = f"Seated without their acceptance in game #{game.pk}: {', '.join(usernames)}"
    LogEntry.objects.log_actions(
        user_id=staff.pk,
        queryset=[game],
        action_flag=ADDITION,
        change_message=message,
        single_object=True,
    )
    log.warning("staff %s: %s", staff.username, message)
