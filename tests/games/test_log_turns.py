"""The log, the page's recent moves and the clock read the turns as the engine numbers them.

The engine numbers every event with its turn (the opening is turn 1, then one player's
whole turn each); the log groups moves by that number, and the clock starts a new turn
exactly when the number changes. Games are played through the services, with more time
given and a player resigning on the way.
"""

import random
from datetime import timedelta

import pytest
from game_steps import make_users, started_game, state_of, who_must_act

from games import engine
from games.models import Move
from games.selectors.log import (
    LoggedRow,
    _rows_after,
    move_list,
    move_list_recent,
    player_names,
    whole_turns,
)
from games.services.extra_time import extra_time_allowed, game_give_time
from games.services.play import game_play
from games.services.resign import game_resign
from games.words.game_log import move_entries, turn_number, turns_of

pytestmark = pytest.mark.django_db


def _play(game, rng, *, steps: int, on_move=None):
    """Random legal moves through the service; `on_move(before, after, move)` after each."""
    for _ in range(steps):
        game.refresh_from_db()
        if game.is_over:
            return
        seat = rng.choice(who_must_act(game))
        before = state_of(game)
        action = rng.choice(engine.legal_actions(before, seat.player_id)).to_dict()
        result = game_play(
            game_id=game.pk, user=seat.user, action=action, expected_version=game.version
        )
        if on_move:
            on_move(before, state_of(result.game), result.move)


def _give_time(game):
    game.refresh_from_db()
    seats = list(game.seats.select_related("user"))
    receiver = next(s for s in seats if s.to_move and not s.forfeited)
    giver = next(s for s in seats if extra_time_allowed(game=game, giver=s, receiver=receiver))
    return game_give_time(game_id=game.pk, user=giver.user, expected_version=game.version)


@pytest.fixture
def three():
    return make_users("ann", "bob", "cy")


def test_the_log_tells_each_turn_the_engine_numbered_in_one_entry(three):
    game = started_game(three, seed=11, max_players=3, turn_seconds=86400)
    rng = random.Random(11)
    turn_of_move = {}  # move number -> the engine's turn when it was made

    def seen(before, after, move):
        turn_of_move[move.number] = before.turn

    _play(game, rng, steps=12, on_move=seen)
    turn = state_of(game).turn  # more time is given within the turn being played
    turn_of_move[_give_time(game).number] = turn
    _play(game, rng, steps=1, on_move=seen)
    game.refresh_from_db()
    quitter = next(s for s in game.seats.select_related("user") if not s.to_move)
    turn = state_of(game).turn  # a seat not on the move leaves within the turn being played
    turn_of_move[game_resign(game_id=game.pk, user=quitter.user).number] = turn
    _play(game, rng, steps=3000, on_move=seen)
    assert game.is_over and sorted(turn_of_move) == list(range(1, len(turn_of_move) + 1))

    turns = turns_of(move_list(game=game), player_names(game=game), game.map_id)
    engine_turns: dict[int, list[int]] = {}
    for number, turn in sorted(turn_of_move.items()):
        engine_turns.setdefault(turn, []).append(number)
    assert [[m.number for m in t.moves] for t in turns] == list(engine_turns.values())
    assert [t.index for t in turns] == list(engine_turns) == list(range(1, len(turns) + 1))
    assert len(turns) == state_of(game).turn
    # The opening is one entry with every player's choice; tickets drawn and kept are one.
    assert len(turns[0].moves) == 3 and len(turns[0].line) == 3
    # After it, a turn is one player's, but for more time given and a seat leaving meanwhile.
    others = {"extra_time_given", "player_forfeited"}
    for t in turns[1:]:
        movers = {m.seat_id for m in t.moves if not others & {e["type"] for e in m.events}}
        assert len(movers) <= 1, t.index


def test_tickets_drawn_and_kept_are_one_line_of_the_log(three):
    game = started_game(three[:2], seed=3, max_players=2)
    for seat in who_must_act(game):
        state = state_of(game)
        keep = engine.legal_options(state, seat.player_id, "keep_tickets")[0].to_dict()
        game_play(game_id=game.pk, user=seat.user, action=keep, expected_version=game.version)
        game.refresh_from_db()
    (seat,) = who_must_act(game)
    game_play(
        game_id=game.pk,
        user=seat.user,
        action={"type": "draw_tickets"},
        expected_version=game.version,
    )
    game.refresh_from_db()
    keep = engine.legal_options(state_of(game), seat.player_id, "keep_tickets")[-1].to_dict()
    game_play(game_id=game.pk, user=seat.user, action=keep, expected_version=game.version)
    game.refresh_from_db()
    entries = move_entries(move_list(game=game), player_names(game=game), game.map_id)
    assert [(e["turn"], [m.number for m in e["moves"]]) for e in entries] == [
        (2, [3, 4]),
        (1, [1, 2]),
    ]
    name = seat.shown_name
    assert entries[0]["sentences"][0].startswith(f"{name} drew 3")
    assert entries[0]["sentences"][1].startswith(f"{name} kept")


def test_the_clock_starts_a_new_turn_exactly_when_the_engine_says_so(three, time_machine):
    time_machine.move_to("2030-05-06 08:00Z", tick=False)
    game = started_game(three, seed=5, max_players=3, turn_seconds=3 * 86400)
    rng = random.Random(5)
    checked = {"new": 0, "same": 0}

    def seen(before, after, move):
        game.refresh_from_db()
        seats = {s.pk: s.deadline for s in game.seats.all()}
        changed = after.turn != before.turn
        now = game.turn_started_at
        if after.phase != "game_over":
            assert (seen.started != now) == changed, (move.number, before.turn, after.turn)
            assert (seen.deadlines != seats) == changed or after.phase == "initial_tickets"
            checked["new" if changed else "same"] += 1
        seen.started, seen.deadlines = now, seats
        time_machine.shift(timedelta(minutes=7))

    game.refresh_from_db()
    seen.started, seen.deadlines = (
        game.turn_started_at,
        {s.pk: s.deadline for s in game.seats.all()},
    )
    _play(game, rng, steps=120, on_move=seen)
    assert checked["new"] > 10 and checked["same"] > 10


def test_the_page_s_recent_moves_hold_whole_turns_both_ways_they_are_made(three):
    game = started_game(three, seed=7, max_players=3)
    rng = random.Random(7)
    last_turns = 4
    rows = [LoggedRow.of(m) for m in move_list(game=game, last_turns=last_turns)]
    compared = 0

    def seen(before, after, move):
        nonlocal rows, compared
        game.refresh_from_db()
        move = Move.objects.get(pk=move.pk)
        rolled = _rows_after(rows, move, last_turns)  # as the cache keeps them
        fetched = [LoggedRow.of(m) for m in move_list(game=game, last_turns=last_turns)]
        shown = whole_turns(rows=rolled, last_turns=last_turns)
        assert [r.number for r in shown] == [r.number for r in fetched]
        assert len(turns_of(shown, {}, game.map_id)) >= last_turns or fetched[0].number == 1
        older = Move.objects.filter(game=game, number__lt=fetched[0].number).order_by("-number")
        if older.exists():  # the oldest row starts its turn
            assert turn_number(older.first()) != turn_number(fetched[0])
            compared += 1
        rows = rolled

    _play(game, rng, steps=60, on_move=seen)
    assert compared > 20
    shown = [r.number for r in move_list_recent(game=game, last_turns=last_turns)]
    assert shown == [r.number for r in whole_turns(rows=rows, last_turns=last_turns)]
