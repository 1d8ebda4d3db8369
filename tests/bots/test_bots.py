"""Bots: they decide from their seat's knowledge only, replay exactly and play legal games."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from games.bots import BASELINES, LEVELS, make_bot, seat_for
from games.bots.arena import main as arena_main
from games.bots.game import play_game
from games.bots.strong import sample_world
from games.engine import (
    DrawTickets,
    KeepTickets,
    Phase,
    State,
    apply,
    new_game,
    player_view,
    players_to_act,
)
from games.engine.cards import BOX, TOTAL_TRAIN_CARDS
from games.engine.maps import CARD_KINDS

QUICK = [*BASELINES, "beginner", "planner", "casual", "strong:60"]


def _midgame(map_id: str, n: int, seed: int, moves: int) -> tuple[State, list[dict]]:
    """A position after `moves` actions of the plan policy, with its public history."""
    bot = make_bot("planner")
    state = new_game(map_id, [f"p{i + 1}" for i in range(n)], seed)
    history: list[dict] = []
    for i in range(moves):
        if state.phase == Phase.GAME_OVER:
            break
        player = players_to_act(state)[0]
        action = bot.decide(seat_for(state, player, tuple(history), random.Random(i)))
        state, events = apply(state, player, action)
        history.extend(events)
    return state, history


def _others_hidden_changed(state: State, viewer: str, rng: random.Random) -> State:
    """The same position with everything `viewer` cannot see changed: the other hands
    (swapped with deck cards), the others' tickets (swapped with the ticket deck), the
    order of both decks, and the seed."""
    me = state.seat(viewer)
    deck = list(state.deck)
    hands = [list(h) for h in state.hands]
    kinds = list(range(len(BOX)))
    for seat, hand in enumerate(hands):
        if seat == me:
            continue
        for _ in range(3):  # swap some cards of this hand with deck cards of other kinds
            held = [k for k in kinds if hand[k]]
            if not held or not deck:
                break
            k = rng.choice(held)
            j = rng.randrange(len(deck))
            other = CARD_KINDS.index(deck[j])
            if other == k:
                continue
            hand[k] -= 1
            hand[other] += 1
            deck[j] = CARD_KINDS[k]
    rng.shuffle(deck)
    ticket_deck = list(state.ticket_deck)
    tickets = [list(t) for t in state.tickets]
    for seat, kept in enumerate(tickets):
        if seat != me and kept and ticket_deck:
            kept[0], ticket_deck[0] = ticket_deck[0], kept[0]
    rng.shuffle(ticket_deck)
    return dataclasses.replace(
        state,
        deck=tuple(deck),
        ticket_deck=tuple(ticket_deck),
        hands=tuple(tuple(h) for h in hands),
        tickets=tuple(tuple(t) for t in tickets),
        seed=state.seed + 1000,
    )


@pytest.mark.parametrize("map_id", ["usa", "europe"])
@pytest.mark.parametrize("name", QUICK)
def test_a_bot_decides_the_same_whatever_the_others_hide(map_id, name):
    rng = random.Random(5)
    checked = 0
    for moves in (12, 31, 58):
        state, history = _midgame(map_id, 3, 11 + moves, moves)
        if state.phase == Phase.GAME_OVER:
            continue
        viewer = players_to_act(state)[0]
        other = _others_hidden_changed(state, viewer, rng)
        assert other.to_dict() != state.to_dict()
        assert player_view(other, viewer) == player_view(state, viewer)
        one = make_bot(name).decide(
            seat_for(state, viewer, tuple(history), random.Random(f"{name}:{moves}"))
        )
        two = make_bot(name).decide(
            seat_for(other, viewer, tuple(history), random.Random(f"{name}:{moves}"))
        )
        assert one == two
        checked += 1
    assert checked >= 2


def test_strong_keeps_tickets_by_its_search_late_in_the_game_from_what_it_sees():
    state, history = _midgame("usa", 2, 7, 80)  # both seats under 25 trains
    viewer = players_to_act(state)[0]
    state, events = apply(state, viewer, DrawTickets())
    history = [*history, *events]
    view = player_view(state, viewer)
    world = sample_world(view, history, random.Random(1))
    assert player_view(world, viewer) == view  # the offer stays pending in the world
    offered = set(view["players"][viewer]["offered"])
    other = _others_hidden_changed(state, viewer, random.Random(2))
    decisions = [
        make_bot("strong:400").decide(seat_for(s, viewer, tuple(history), random.Random(3)))
        for s in (state, other)
    ]
    assert decisions[0] == decisions[1]
    assert isinstance(decisions[0], KeepTickets) and set(decisions[0].tickets) <= offered


def test_a_bot_game_replays_exactly():
    bots = lambda: [make_bot("strong:20"), make_bot("long_route")]  # noqa: E731
    players = ["ann", "bob"]
    one = play_game("usa", players, bots(), seed=3)
    two = play_game("usa", players, bots(), seed=3)
    assert one.state.phase == Phase.GAME_OVER
    assert one.state.to_dict() == two.state.to_dict()
    assert one.actions == two.actions


def test_sampled_worlds_agree_with_the_view():
    state, history = _midgame("europe", 4, 2, 40)
    viewer = players_to_act(state)[0]
    # The view a bot reads (no choices: those follow from the pending decision, which a
    # sampled world leaves out).
    view = player_view(state, viewer, detail=False)
    for i in range(5):
        world = sample_world(view, history, random.Random(i))
        seen = player_view(world, viewer, detail=False)
        assert seen | {"pending": None} == view | {"pending": None}
        total = (
            len(world.deck) + len(world.discard) + len(world.face_up) + sum(map(sum, world.hands))
        )
        assert total == TOTAL_TRAIN_CARDS
        mine = set(world.tickets[world.seat(viewer)])
        for seat, kept in enumerate(world.tickets):
            if seat != world.seat(viewer):
                assert not mine & set(kept)


def _mixed_games(maps, counts, games_each, names):
    played = 0
    for map_id, n in itertools.product(maps, counts):
        for g in range(games_each):
            seats = [names[(g * 3 + i) % len(names)] for i in range(n)]
            record = play_game(
                map_id, [f"p{i + 1}" for i in range(n)], [make_bot(s) for s in seats], 100 + g
            )  # an illegal move raises IllegalMove; a loop raises RuntimeError
            final = record.state.final
            assert record.state.phase == Phase.GAME_OVER and final is not None
            assert sorted(p for group in final.ranking for p in group) == sorted(
                record.state.players
            )
            played += 1
    return played


def test_bots_play_legal_games_to_the_end_on_both_maps():
    names = [*BASELINES, "beginner", "planner"]
    assert _mixed_games(["usa", "europe"], [2, 3, 4, 5], 1, names) == 8
    assert _mixed_games(["usa", "europe"], [2], 1, ["strong:20", "casual:20"]) == 2


# The property test: thousands of games between bots, every seat a bot drawn at random
# (with repeats) from the rule-based ones, and in a few games one searching bot on a small
# budget among them; each case a part xdist can run beside the others.
RULE_BASED = [*BASELINES, "beginner", "planner"]
SEARCHING = ["strong:100", "casual:50"]
GAMES_PER_CASE = 125  # x 2 maps x 4 player counts x 2 halves = 2,000 games
SEARCHING_GAMES_PER_CASE = 3  # x 16 cases = 48 more


def _random_seats(rng: random.Random, n: int, searching: bool) -> list[str]:
    seats = [rng.choice(RULE_BASED) for _ in range(n)]
    if searching:
        seats[rng.randrange(n)] = rng.choice(SEARCHING)
    return seats


def _play_to_the_end(map_id: str, seats: list[str], seed: int) -> None:
    players = [f"p{i + 1}" for i in range(len(seats))]
    # an illegal move raises IllegalMove; a bot that loops, RuntimeError
    record = play_game(map_id, players, [make_bot(s) for s in seats], seed)
    final = record.state.final
    assert record.state.phase == Phase.GAME_OVER and final is not None, (map_id, seats, seed)
    assert sorted(p for group in final.ranking for p in group) == players
    assert set(final.players) == set(players)


@pytest.mark.slow
@pytest.mark.parametrize("half", [0, 1])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("map_id", ["usa", "europe"])
def test_many_bot_games_end_without_an_illegal_move(map_id, n, half):
    rng = random.Random(f"{map_id}:{n}:{half}")
    played = set()
    for g in range(GAMES_PER_CASE + SEARCHING_GAMES_PER_CASE):
        searching = g >= GAMES_PER_CASE
        seats = _random_seats(rng, n, searching)
        _play_to_the_end(map_id, seats, seed=10_000 * half + 1000 * n + g)
        played.update(seats)
    # every rule-based bot and a searching one sat in this case's games
    assert set(RULE_BASED) <= played and played & set(SEARCHING)


def test_the_arena_prints_each_seat_figures(capsys):
    arena_main(["--map", "usa", "--players", "3", "--games", "3", "--seats", "planner,random"])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "usa, 3 players, 3 games, seed 1"
    assert out[1].split()[:4] == ["seat", "win", "%", "score"]
    rows = out[2:]
    assert [r.split()[1] for r in rows] == ["planner", "random", "planner"]
    wins = sum(float(r.split()[2]) for r in rows)
    assert wins == pytest.approx(100.0, abs=0.2)


def test_the_arena_refuses_an_unknown_bot(capsys):
    with pytest.raises(SystemExit):
        arena_main(["--seats", "casual,grandmaster"])
    assert "unknown bot 'grandmaster'" in capsys.readouterr().err


def test_levels_and_baselines_are_named():
    assert LEVELS == ("beginner", "casual", "strong")
    for name in (*BASELINES, *LEVELS, "planner"):
        assert make_bot(name).name == name
    assert make_bot("strong:90").budget == 90
    assert make_bot("casual").budget < make_bot("strong").budget


def test_bots_are_pure_python_without_clock_or_global_random():
    from pathlib import Path

    import games.bots

    folder = Path(games.bots.__file__).parent
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "django" not in text, path.name
        if path.name != "arena.py":  # the command times the decisions; bots never do
            assert "import time" not in text and "datetime" not in text, path.name
        for call in ("random.random(", "random.choice(", "random.shuffle(", "random.seed("):
            assert call not in text, (path.name, call)


def test_the_arena_weakens_a_baseline_by_one_choice():
    """`blind:` never takes a face-up card while the deck has one; `anykeep:` keeps what its
    seat's generator picks; both play whole legal games, and the arena names them."""
    from games.bots.arena import arena_bot
    from games.engine import DrawCard

    blind = arena_bot("blind:route_focus")
    assert blind.name == "blind:route_focus"
    state = new_game("usa", ["p1", "p2"], 5)
    history: list[dict] = []
    moves = 0
    bots = {"p1": blind, "p2": arena_bot("anykeep:destination_hungry")}
    while state.phase != Phase.GAME_OVER:
        player = players_to_act(state)[0]
        seat = seat_for(state, player, tuple(history), random.Random(moves))
        action = bots[player].decide(seat)
        if player == "p1" and isinstance(action, DrawCard):
            deck_open = DrawCard("deck") in seat.options(action.type)
            assert action.source == "deck" or not deck_open
        state, events = apply(state, player, action)
        history.extend(events)
        moves += 1
    assert state.final is not None


def test_the_arena_refuses_a_weakened_unknown_bot(capsys):
    with pytest.raises(SystemExit):
        arena_main(["--seats", "blind:grandmaster"])
    assert "unknown bot 'grandmaster'" in capsys.readouterr().err
