"""determinise: a State from one seat's view plus a guess of the hidden cards.

Given the true hidden cards, it rebuilds the real state (the future shuffles are the
guess's own: `shuffles` starts again at 0); a guess the view rules out is refused."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.engine import (
    InconsistentGuess,
    PendingKind,
    Phase,
    apply,
    determinise,
    legal_actions,
    new_game,
    player_view,
    players_to_act,
)


def truth(state, viewer):
    """The hidden side of `state` for `viewer`, as determinise takes it."""
    others = [(i, p) for i, p in enumerate(state.players) if p != viewer]
    return {
        "hands": {p: state.hand(p) for _, p in others},
        "tickets": {p: list(state.tickets[i]) for i, p in others},
        "offered": {p: list(state.offered[i]) for i, p in others if state.offered[i]},
        "deck": list(state.deck),
        "discard": list(state.discard),
        "ticket_deck": list(state.ticket_deck),
        "seed": state.seed,
        "passes": state.passes,
    }


def positions(map_id, players, seed):
    """Every position of a random legal game to its end."""
    rng = random.Random(seed)
    state = new_game(map_id, players, seed)
    yield state
    while state.phase != Phase.GAME_OVER:
        player = rng.choice(players_to_act(state))
        state, _ = apply(state, player, rng.choice(legal_actions(state, player)))
        yield state


@pytest.mark.parametrize(
    ("map_id", "n", "seed"), [("usa", 2, 1), ("europe", 3, 2), ("europe", 5, 3)]
)
def test_the_view_and_the_true_hidden_cards_rebuild_the_real_state(map_id, n, seed):
    players = [f"p{i}" for i in range(n)]
    pendings = set()
    for state in positions(map_id, players, seed):
        pendings.add(state.pending and state.pending.kind)
        for viewer in (*players, None):
            built = determinise(player_view(state, viewer), **truth(state, viewer))
            assert built == dataclasses.replace(state, shuffles=0), (viewer, state.phase)
    if map_id == "europe":
        assert PendingKind.TUNNEL in pendings and PendingKind.TICKETS in pendings


@pytest.fixture
def europe_in_play():
    for state in positions("europe", ["a", "b", "c"], 4):
        if state.phase == Phase.PLAY and state.discard and state.current == 1:
            return state
    raise AssertionError("no such position")


def _swap_one_card(guess):
    deck = list(guess["deck"])
    deck[0] = next(c for c in ("red", "blue") if c != deck[0])
    return {"deck": deck}


def _ticket_twice(guess):
    tickets = guess["tickets"]
    return {"tickets": {**tickets, "c": [tickets["b"][0], *tickets["c"][1:]]}}


@pytest.mark.parametrize(
    ("wrong", "words"),
    [
        (lambda g: {"hands": {**g["hands"], "b": {"red": 99}}}, "the hand of b holds 99"),
        (lambda g: {"hands": {"b": g["hands"]["b"]}}, "one for each of b, c"),
        (lambda g: {"deck": g["deck"][1:]}, "deck:"),
        (lambda g: {"discard": [*g["discard"], "red"]}, "discard:"),
        (_swap_one_card, "the box holds"),
        (lambda g: {"deck": ["gold", *g["deck"][1:]]}, "not a train card"),
        (_ticket_twice, "placed twice"),
        (lambda g: {"tickets": {**g["tickets"], "b": ["mars-venus"]}}, "keeps 1 tickets"),
        (lambda g: {"ticket_deck": ["mars-venus", *g["ticket_deck"][1:]]}, "not a ticket"),
        (lambda g: {"ticket_deck": g["ticket_deck"][:-1]}, "ticket_deck:"),
        (lambda g: {"offered": {"c": g["ticket_deck"][:1]}}, "no tickets to choose from"),
    ],
)
def test_a_guess_the_view_rules_out_is_refused(europe_in_play, wrong, words):
    state = europe_in_play
    guess = truth(state, "a")
    view = player_view(state, "a")
    determinise(view, **guess)  # the true guess is a world
    with pytest.raises(InconsistentGuess, match=words):
        determinise(view, **{**guess, **wrong(guess)})


def test_the_same_view_and_guess_make_the_same_state(europe_in_play):
    view = player_view(europe_in_play, "a")
    guess = truth(europe_in_play, "a")
    assert determinise(view, **guess) == determinise(view, **guess)
    assert determinise(view, **guess) != determinise(view, **{**guess, "seed": 1 + guess["seed"]})
