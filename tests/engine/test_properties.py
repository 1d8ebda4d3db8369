"""Property tests: many random legal games on both maps, 2-5 players, checked after every step.

After every action: all 110 train cards are somewhere (piles, hands, a pending tunnel's laid
and turned-up cards), trains and stations never go negative, the running score equals the
points of the claimed routes, the JSON round-trip is the identity, no view holds another
player's hand or tickets or the deck, and an illegal action changes nothing (an action is
accepted exactly when legal_options lists it). Every game reaches game_over, also with a
strategy that draws cards whenever it can, so that the piles run dry.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    ClaimRoute,
    DrawCard,
    IllegalMove,
    State,
    apply,
    forfeit,
    get_map,
    legal_action_kinds,
    legal_options,
    new_game,
    player_view,
)
from games.engine.board import board
from games.engine.cards import BOX, CARD_KINDS, TOTAL_TRAIN_CARDS
from games.engine.maps import STATIONS_PER_PLAYER, TRAINS_PER_PLAYER
from games.engine.open_routes import _build, open_index

MAX_ACTIONS = 5000  # far above any real game: reaching it means the game never ended


def card_counts(state: State) -> Counter:
    counts = Counter(state.deck) + Counter(state.discard) + Counter(state.face_up)
    for hand in state.hands:
        counts.update({CARD_KINDS[i]: n for i, n in enumerate(hand) if n})
    pending = state.pending
    if pending is not None and pending.kind == "tunnel":
        counts.update({CARD_KINDS[i]: n for i, n in enumerate(pending.laid) if n})
        counts.update(pending.revealed)
    return counts


def check_cheap(state: State) -> None:
    counts = card_counts(state)
    assert sum(counts.values()) == TOTAL_TRAIN_CARDS == 110
    assert all(counts[kind] == n for kind, n in zip(CARD_KINDS, BOX, strict=True))
    game_map = get_map(state.map_id)
    for i, player in enumerate(state.players):
        mine = [game_map.routes[r] for r, owner in state.claims.items() if owner == player]
        assert state.trains[i] == TRAINS_PER_PLAYER - sum(r.length for r in mine) >= 0
        assert state.scores[i] == sum(game_map.route_points(r.length) for r in mine)
        assert 0 <= state.stations_left(player) <= STATIONS_PER_PLAYER
        assert all(n >= 0 for n in state.hands[i])


def check_open_index(state: State) -> None:
    """The open-route index derived claim by claim equals one built from scratch."""
    b = board(state.map_id)
    shared = len(state.players) > 3
    derived = open_index(state.claims, b, shared)
    assert derived == _build(state.claims, b, shared)


def check_full(state: State) -> None:
    check_cheap(state)
    check_open_index(state)
    text = json.dumps(state.to_dict(), sort_keys=True)
    again = State.from_dict(json.loads(text))
    assert again == state
    assert json.dumps(again.to_dict(), sort_keys=True) == text
    for viewer in (*state.players, None):
        view = player_view(state, viewer)
        assert "deck" not in view and "seed" not in view and "ticket_deck" not in view
        for player in state.players:
            entry = view["players"][player]
            if player != viewer:
                assert not {"hand", "tickets", "offered"} & set(entry)
            else:
                assert entry["hand"] == state.hand(player)
        if state.phase != "game_over":
            seen = json.dumps(view)
            for i, player in enumerate(state.players):
                if player != viewer:
                    for ticket in state.tickets[i] + state.offered[i]:
                        assert f'"{ticket}"' not in seen


def acting_player(state: State) -> str:
    for player in state.players:
        if legal_action_kinds(state, player):
            return player
    raise AssertionError(f"nobody can act in phase {state.phase}")


def illegal_candidates(state: State, player: str, rng: random.Random):
    game_map = get_map(state.map_id)
    route = rng.choice(sorted(game_map.routes))
    color = rng.choice(CARD_KINDS)
    yield ClaimRoute(route, ((color, rng.randint(1, 6)),))
    yield DrawCard("face_up", rng.choice(CARD_KINDS))
    others = [p for p in state.players if p != player]
    yield (rng.choice(others), DrawCard("deck"))


def check_illegal_changes_nothing(state: State, player: str, rng: random.Random) -> None:
    before = json.dumps(state.to_dict(), sort_keys=True)
    for candidate in illegal_candidates(state, player, rng):
        who, action = candidate if isinstance(candidate, tuple) else (player, candidate)
        listed = action in legal_options(state, who, action.type)
        try:
            apply(state, who, action)
        except IllegalMove as exc:
            assert not listed, f"{action} is listed as legal but refused: {exc.code}"
            assert exc.code and exc.message
        else:
            assert listed, f"{action} was accepted but is not listed as legal"
        assert json.dumps(state.to_dict(), sort_keys=True) == before


def play(
    map_id: str,
    n_players: int,
    seed: int,
    draw_hungry: bool,
    full_checks: bool,
    forfeit_chance: float = 0.0,
    dry: list | None = None,
) -> State:
    """Play one random legal game to the end, checking after every step; `dry` collects
    the game's seed if the deck and the discard were both empty at some point."""
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n_players)]
    state = new_game(map_id, players, seed)
    check = check_full if full_checks else check_cheap
    check(state)
    for step in range(MAX_ACTIONS):
        if state.phase == "game_over":
            return state
        player = acting_player(state)
        if forfeit_chance and rng.random() < forfeit_chance:
            state, _ = forfeit(state, player)
            check(state)
            continue
        kinds = legal_action_kinds(state, player)
        if draw_hungry and "draw_card" in kinds and rng.random() < 0.85:
            kind = "draw_card"
        else:
            kind = rng.choice(kinds)
        options = legal_options(state, player, kind)
        assert len(options) > 0, kind
        if full_checks and step % 5 == 0:
            check_illegal_changes_nothing(state, player, rng)
        state, events = apply(state, player, rng.choice(options))
        assert all(json.dumps(e) for e in events)
        check(state)
        if dry is not None and not state.deck and not state.discard and seed not in dry:
            dry.append(seed)
    raise AssertionError(f"{map_id} seed {seed}: no game_over after {MAX_ACTIONS} actions")


games = st.tuples(
    st.sampled_from(["usa", "europe"]),
    st.integers(min_value=2, max_value=5),
    st.integers(min_value=0, max_value=2**32),
    st.booleans(),
)


@pytest.mark.slow  # hundreds of random games: CI runs it, `make test-fast` does not
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_every_invariant(game):
    map_id, n_players, seed, draw_hungry = game
    state = play(map_id, n_players, seed, draw_hungry, full_checks=True)
    assert state.final is not None and len(state.final.ranking) >= 1


@pytest.mark.slow  # hundreds of random games: CI runs it, `make test-fast` does not
@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_with_forfeits_keep_every_invariant(game):
    map_id, n_players, seed, draw_hungry = game
    state = play(map_id, n_players, seed, draw_hungry, full_checks=True, forfeit_chance=0.01)
    assert state.phase == "game_over"
    out = [p for i, p in enumerate(state.players) if state.forfeited[i]]
    if out:
        assert set(state.final.ranking[-1]) <= set(out) or not state.final.ranking


SEEDED_GAMES = 2000


@pytest.mark.slow  # hundreds of random games: CI runs it, `make test-fast` does not
def test_two_thousand_seeded_random_games_keep_the_cheap_invariants_and_reach_game_over():
    ends = Counter()
    dry: list[int] = []
    for seed in range(SEEDED_GAMES):
        map_id = "usa" if seed % 2 else "europe"
        state = play(
            map_id, 2 + seed % 4, seed, draw_hungry=seed % 3 == 0, full_checks=False, dry=dry
        )
        ends[state.phase] += 1
    assert ends == {"game_over": SEEDED_GAMES}
    # The card-hungry games do run the piles dry, and still end.
    assert len(dry) >= SEEDED_GAMES // 4
