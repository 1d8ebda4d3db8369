"""Start a game from a position: an uploaded scenario file, or a finished game's replay.

Decisions:
- Such games are unrated and private (the players are named, not found in the lobby); they
  start at once, everyone seated in the scenario's order.
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
import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games import engine
from games.mail import notify
from games.models import Game, MapChoice, Move, Seat
from games.models.game import DEFAULT_TURN_SECONDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS, new_seed
from games.refusals.errors import (
    GameNotActive,
    GameServiceError,
    InvalidSettings,
    NotAllowed,
    NotAPlayer,
)
from games.selectors.replay import CLOCK_ONLY_ACTIONS, game_start_state, move_action
from games.words.refusals import refusal_sentence
from games.words.seat_colors import first_free_color

from .clock import settle_clock

MAX_SCENARIO_BYTES = 256 * 1024


class ScenarioRefused(GameServiceError):
    status = 400
    code = "bad_scenario"
    default_message = gettext_lazy("That file is not a game position this site can start.")


def parse_scenario_file(*, raw: bytes) -> dict:
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


def _check_scenario(document: dict) -> "engine.State":
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


def _users(names: list[str]) -> list:
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
    *, creator, document: dict, usernames: list[str] | None = None, turn_seconds=None
) -> Game:
    """A new unrated game started from the scenario, seats in its order.

    `usernames` name the site's players for the scenario's players, in order; without them
    the scenario's player names are taken as usernames (an exported game's are). The
    creator must be one of them unless they are staff (the admin starts games for anyone).
    """
    turn_seconds = DEFAULT_TURN_SECONDS if turn_seconds in (None, "") else turn_seconds
    try:
        turn_seconds = int(turn_seconds)
    except (TypeError, ValueError):
        raise InvalidSettings(_("The time per move is a number of seconds.")) from None
    if not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
        raise InvalidSettings(_("The time per move is between one hour and seven days."))
    players = document.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ScenarioRefused(_("The scenario's 'players' must be a list of names."))
    names = list(usernames) if usernames else list(players)
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
    users = _users(names)
    if not creator.is_staff and creator.pk not in {user.pk for user in users}:
        raise NotAllowed(_("Start games you play in (the admin can start them for anyone)."))
    return _create_started(
        creator=creator, document=document, users=users, turn_seconds=turn_seconds
    )


def game_new_from_replay(*, game_id: int, user, move_number: int, turn_seconds=None):
    """A new unrated game for the same players from a finished game's position after
    `move_number` (or the last turn start before it). Returns (game, the move used)."""
    try:
        move_number = int(move_number)
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
    moves = Move.objects.filter(game=source, number__lte=max(move_number, 0)).order_by("number")
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
    users = [seat.user for seat in seats]
    game = _create_started(
        creator=user,
        document=document,
        users=users,
        turn_seconds=source.turn_seconds if turn_seconds is None else turn_seconds,
    )
    return game, used


def _create_started(*, creator, document: dict, users: list, turn_seconds: int) -> Game:
    """Create the game, seat the users in the scenario's order and start it."""
    with transaction.atomic(durable=True):
        game = Game.objects.create(
            map_id=document["map"],
            creator=creator,
            max_players=len(users),
            turn_seconds=turn_seconds,
            is_private=True,
            rated=False,
            seed=document["seed"],
        )
        seats, taken = [], set()
        for order, user in enumerate(users):
            seat = Seat.objects.create(
                game=game, user=user, order=order, color=first_free_color(taken)
            )
            taken.add(seat.color)
            seats.append(seat)
        names = {old: seat.player_id for old, seat in zip(document["players"], seats, strict=True)}
        game.start = engine.rename_players(document, names)
        state = game_start_state(game=game)
        now = timezone.now()
        game.state = state.to_dict()
        game.started_at = now
        game.version = 1
        settle_clock(
            game=game,
            seats=seats,
            state=state,
            public=engine.player_view(state, None),
            previous=None,
            now=now,
        )
        game.save()
        notify.on_game_started(game)
    return game
