"""apply's written-out card draw (rules.draws.usual_draw) is the draw rule itself.

apply tries usual_draw first for every card draw and runs draw_card only when it bails out,
so draw_card alone no longer decides the usual case in any other test. Here every card
draw that random games offer, in the usual case or not, is applied both ways: the state
and the events must be the same.
"""

import random

import pytest

from games.engine import DrawCard, apply, legal_actions, new_game
from games.engine.rules.draft import thaw
from games.engine.rules.draws import draw_card
from games.engine.state import STATE_FIELDS, State


def by_the_rule(state: State, player: str, action: DrawCard) -> tuple[State, list[dict]]:
    """The draw as draw_card alone makes it, on a fresh draft of the state, its events
    numbered with the turn as apply numbers them."""
    draft = thaw(state)
    draw_card(draft, state.current, action)
    events = [{**event, "turn": state.turn} for event in draft.events]
    del draft.events
    draft.__class__ = State
    return draft, events


def fields_of(state: State) -> dict:
    return {name: getattr(state, name) for name in STATE_FIELDS}


@pytest.mark.parametrize(
    ("map_id", "players", "games"),
    [("usa", 2, 40), ("usa", 5, 20), ("europe", 2, 40), ("europe", 4, 20)],
)
def test_every_card_draw_of_random_games_is_what_draw_card_makes(map_id, players, games):
    names = [f"p{i}" for i in range(players)]
    compared = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(map_id, names, seed)
        while state.final is None:
            player = rng.choice([p for p in names if legal_actions(state, p)])
            actions = legal_actions(state, player)
            for action in actions:
                if isinstance(action, DrawCard):
                    fast, fast_events = apply(state, player, action)
                    slow, slow_events = by_the_rule(state, player, action)
                    assert fields_of(fast) == fields_of(slow), (seed, action)
                    assert fast_events == slow_events, (seed, action)
                    compared += 1
            state, _ = apply(state, player, rng.choice(actions))
    assert compared > 1000
