"""The legal-move generator checked against brute force, as python-chess checks its own.

On sampled positions of random games on both maps (2-5 players, every phase, pending
second cards, ticket choices and tunnels, forfeits, the last round, the end): for the
players to act, each action of a brute-force candidate set (every draw, every route with
every split of every colour and locomotives and with wrong card counts, every station in
every city with every payment, every subset of the offered tickets, every tunnel payment)
is accepted by `apply` exactly when `legal_actions` lists it, and everything listed is a
candidate, so every listed action applies; the others list nothing and are refused one
action of each type and every ticket subset. A refused action leaves the state as it was.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest

from games.engine import (
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    IllegalMove,
    KeepTickets,
    Pass,
    PayTunnel,
    Phase,
    State,
    apply,
    forfeit,
    get_map,
    legal_action_kinds,
    legal_actions,
    legal_options,
    must_act,
    new_game,
    players_to_act,
)
from games.engine.maps import CARD_KINDS, COLORS, LOCOMOTIVE

POSITIONS_PER_MAP = 1000
# A position is kept with this chance, so the sample spreads over whole games.
KEEP = 0.25


def payments(total: int) -> list[tuple]:
    """Every payment of `total` cards in one colour plus locomotives, and all locomotives."""
    out = [((LOCOMOTIVE, total),)] if total else [()]
    for color in COLORS:
        for locos in range(total):
            out.append(tuple((k, n) for k, n in ((color, total - locos), (LOCOMOTIVE, locos)) if n))
    return out


def wrong_payments(total: int) -> list[tuple]:
    """A card too few, one too many, and two colours mixed."""
    out = [(("red", total + 1),), (("red", 1), ("blue", max(total - 1, 1)))]
    if total > 1:
        out.append((("red", total - 1),))
    return out


def route_candidates(map_id: str) -> list:
    game_map = get_map(map_id)
    return [
        ClaimRoute(route.id, cards)
        for route in game_map.routes.values()
        for cards in payments(route.length) + wrong_payments(route.length)
    ]


def station_candidates(map_id: str) -> list:
    cities = sorted(get_map(map_id).cities)
    if not get_map(map_id).has_stations:
        cities = cities[:2]  # refused everywhere on this map: two cities will do
    return [
        BuildStation(city, cards)
        for city in cities
        for cards in payments(1) + payments(2) + payments(3) + [(("red", 4),)]
    ]


FIXED = {
    map_id: [
        DrawCard("deck"),
        *(DrawCard("face_up", kind) for kind in CARD_KINDS),
        DrawTickets(),
        DeclineTunnel(),
        Pass(),
        *(PayTunnel(cards) for total in range(0, 5) for cards in payments(total)),
        *route_candidates(map_id),
        *station_candidates(map_id),
    ]
    for map_id in ("usa", "europe")
}


# For a player who is not to act, one candidate of each type: what refuses them (the turn,
# the opening, the end of the game) does not look into the action.
ONE_OF_EACH = {
    map_id: list({type(action): action for action in reversed(pool)}.values())
    for map_id, pool in FIXED.items()
}


def candidates(state: State, seat: int, to_act: bool) -> list:
    offered = state.offered[seat]
    keeps = [
        KeepTickets(kept)
        for size in range(len(offered) + 1)
        for kept in combinations(offered, size)
    ]
    extra = [KeepTickets((*offered[:1], "no-such-ticket")), KeepTickets(offered[:1] * 2)]
    pool = FIXED[state.map_id] if to_act else ONE_OF_EACH[state.map_id]
    return pool + keeps + (extra if offered else [])


# No candidate twice, so counting the accepted ones below says which were accepted.
assert all(len(set(pool)) == len(pool) for pool in FIXED.values())
FIXED_SETS = {map_id: frozenset(pool) for map_id, pool in FIXED.items()}


def frozen(state: State) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def check_position(state: State, counts: Counter) -> None:
    to_act = players_to_act(state)
    for seat, player in enumerate(state.players):
        listed = legal_actions(state, player)
        assert len(set(listed)) == len(listed), "an action is listed twice"
        assert bool(listed) == (player in to_act) == must_act(state, player)
        assert set(legal_action_kinds(state, player)) == {a.type for a in listed}
        for kind in legal_action_kinds(state, player):
            assert list(legal_options(state, player, kind)) == [a for a in listed if a.type == kind]
        listed_set = set(listed)
        pool = candidates(state, seat, player in to_act)
        others = listed_set - FIXED_SETS[state.map_id]
        assert others <= set(pool), f"listed but no candidate: {others - set(pool)}"
        before = frozen(state)
        accepted = 0
        for action in pool:
            try:
                apply(state, player, action)
            except IllegalMove as exc:
                assert exc.code and exc.message
            else:
                assert action in listed_set, f"{action} was accepted but is not listed"
                accepted += 1
        # Every listed action is a candidate and each candidate is tried once: so all the
        # listed ones were accepted, none of them refused.
        assert accepted == len(listed), sorted(map(repr, listed_set))
        assert frozen(state) == before
        counts["candidates"] += len(pool)
        counts["accepted"] += accepted
        counts["refused"] += len(pool) - accepted
    counts["positions"] += 1
    counts[f"phase {state.phase}"] += 1
    if state.pending is not None:
        counts[f"pending {state.pending.kind}"] += 1


def sampled_positions(map_id: str, how_many: int, rng: random.Random):
    """Positions of random games, each kept with chance KEEP; some players forfeit."""
    found = 0
    game = 0
    while True:
        n_players = 2 + game % 4
        state = new_game(map_id, [f"p{i}" for i in range(n_players)], seed=game)
        game += 1
        forfeit_chance = 0.004 if game % 3 == 0 else 0.0
        while True:
            if rng.random() < KEEP or state.phase == Phase.GAME_OVER:
                yield state
                found += 1
                if found >= how_many:
                    return
            if state.phase == Phase.GAME_OVER:
                break
            player = rng.choice(players_to_act(state))
            if rng.random() < forfeit_chance:
                state, _ = forfeit(state, player)
                continue
            kinds = legal_action_kinds(state, player)
            options = legal_options(state, player, rng.choice(kinds))
            state, _ = apply(state, player, rng.choice(options))


@pytest.mark.parametrize("map_id", ["usa", "europe"])
@pytest.mark.slow  # about 15 s a map on an idle core: CI runs it, `make test-fast` does not
def test_legal_actions_are_exactly_the_candidates_apply_accepts(map_id):
    counts: Counter = Counter()
    rng = random.Random(map_id)
    for state in sampled_positions(map_id, POSITIONS_PER_MAP, rng):
        check_position(state, counts)
    print(f"\n{map_id}: {dict(sorted(counts.items()))}")
    assert counts["positions"] == POSITIONS_PER_MAP
    # The sample reaches every phase and every pending decision.
    assert counts["phase initial_tickets"] and counts["phase game_over"]
    assert counts["pending second_card"] and counts["pending tickets"]
    if map_id == "europe":
        assert counts["pending tunnel"]
    assert counts["accepted"] > POSITIONS_PER_MAP
