"""Games stored before events carried their turn (migration games.0015): each move's events
get the number the engine gives them now, each state the turn being played, and the log of
such a game reads as it would have had the engine numbered it from the start."""

import importlib
import random

import pytest
from django.apps import apps
from game_steps import make_users, started_game, state_of, who_must_act

from games import engine
from games.models import Game, Move
from games.selectors.log import move_list, player_names
from games.services.extra_time import extra_time_allowed, game_give_time
from games.services.play import game_play
from games.words.game_log import move_entries

pytestmark = pytest.mark.django_db

migration = importlib.import_module("games.migrations.0015_events_carry_their_turn")


def _played(users, seed: int, moves: int) -> Game:
    """A game played through the services: random legal moves, more time given once."""
    game = started_game(users, seed=seed, max_players=len(users), turn_seconds=86400)
    rng = random.Random(seed)
    for step in range(moves):
        game.refresh_from_db()
        if game.is_over:
            break
        if step == moves // 2 and game.status == "playing":
            seats = list(game.seats.select_related("user"))
            receiver = next(s for s in seats if s.to_move)
            giver = next(
                s for s in seats if extra_time_allowed(game=game, giver=s, receiver=receiver)
            )
            game_give_time(game_id=game.pk, user=giver.user, expected_version=game.version)
            continue
        seat = rng.choice(who_must_act(game))
        action = rng.choice(engine.legal_actions(state_of(game), seat.player_id)).to_dict()
        game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)
    game.refresh_from_db()
    return game


def _as_stored_before(game: Game) -> None:
    """The game's rows as the site wrote them before: no turn in any event or in the state."""
    for move in Move.objects.filter(game=game):
        move.events = [{k: v for k, v in event.items() if k != "turn"} for event in move.events]
        move.save(update_fields=["events"])
    Game.objects.filter(pk=game.pk).update(
        state={k: v for k, v in game.state.items() if k != "turn"}
    )


def _rows(game: Game):
    game.refresh_from_db()
    return game.state, list(Move.objects.filter(game=game).order_by("number").values("events"))


def _log(game: Game):
    return [
        (e["turn"], e["sentences"], [m.number for m in e["moves"]])
        for e in move_entries(move_list(game=game), player_names(game=game), game.map_id)
    ]


def test_old_moves_get_the_turn_numbers_the_engine_gives_new_ones():
    ann, bob, cy = make_users("ann", "bob", "cy")
    games = [_played([ann, bob, cy], seed=2, moves=40), _played([bob, ann], seed=9, moves=25)]
    numbered = {game.pk: (_rows(game), _log(game)) for game in games}
    for game in games:
        _as_stored_before(game)
    assert all("turn" not in _rows(game)[0] for game in games)
    assert _log(games[0]) != numbered[games[0].pk][1]  # unnumbered, the log reads otherwise

    migration.number_turns(apps, None)

    for game in games:
        assert (_rows(game), _log(game)) == numbered[game.pk]
    # A game numbered so plays on from its turn.
    before = state_of(games[0]).turn
    (seat,) = who_must_act(games[0])
    draw = {"type": "draw_card", "from": "deck"}
    game_play(game_id=games[0].pk, user=seat.user, action=draw, expected_version=games[0].version)
    last = Move.objects.filter(game=games[0]).order_by("-number").first()
    assert {event["turn"] for event in last.events} == {before}


def test_the_migration_leaves_a_numbered_game_as_it_is_and_goes_back_as_a_no_op():
    ann, bob = make_users("ann", "bob")
    game = _played([ann, bob], seed=4, moves=10)
    rows = _rows(game)
    migration.number_turns(apps, None)
    assert _rows(game) == rows
    op = migration.Migration.operations[0]
    assert op.reversible and op.reverse_code is migration.migrations.RunPython.noop
