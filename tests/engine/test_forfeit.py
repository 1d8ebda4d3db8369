"""Forfeit: the player is out and skipped; their pending decision is undone sensibly."""

import pytest
from engine_helpers import BOX_TOTAL, act, card_total, claim, draw, position, refused

from games.engine import IllegalMove, forfeit, legal_actions, new_game, player_view

ROW = ["red", "blue", "green", "white", "black"]
PLAYERS = ("ann", "bob", "cy")


def test_forfeited_player_is_skipped_and_keeps_their_routes():
    state = position(players=PLAYERS, face_up=ROW, claims={"denver-omaha": "bob"})
    state, events = forfeit(state, "bob")
    assert events == [{"type": "player_forfeited", "player": "bob", "turn": 1}]
    assert state.claims == {"denver-omaha": "bob"}
    state, _ = act(state, "ann", draw())
    state, events = act(state, "ann", draw())
    assert events[-1] == {"type": "turn_passed", "player": "cy", "turn": 1}
    refused(state, "bob", draw(), "player_forfeited")
    assert legal_actions(state, "bob") == []
    assert player_view(state, None)["players"]["bob"]["forfeited"] is True


def test_forfeit_of_the_current_player_passes_the_turn():
    state = position(players=PLAYERS, face_up=ROW)
    state, _ = act(state, "ann", draw())
    state, events = forfeit(state, "ann")
    assert state.current_player == "bob" and state.pending is None
    assert events[-1] == {"type": "turn_passed", "player": "bob", "turn": 1}


def test_forfeit_during_a_tunnel_gives_the_laid_cards_back():
    state = position(
        "europe",
        players=PLAYERS,
        face_up=ROW,
        train_deck=["yellow", "red", "blue"],
        hands={"ann": {"yellow": 2}},
    )
    state, _ = act(state, "ann", claim("munchen-zurich", yellow=2))
    assert state.pending.kind == "tunnel"
    state, _ = forfeit(state, "ann")
    assert state.hand("ann") == {"yellow": 2}
    assert sorted(state.discard) == ["blue", "red", "yellow"]
    assert state.claims == {} and state.current_player == "bob"
    assert card_total(state) == BOX_TOTAL


def test_forfeit_with_tickets_offered_returns_them_under_the_deck():
    state = position(
        players=PLAYERS,
        face_up=ROW,
        ticket_deck=["boston-miami", "denver-el_paso", "duluth-houston"],
    )
    state, _ = act(state, "ann", {"type": "draw_tickets"})
    state, _ = forfeit(state, "ann")
    assert state.ticket_deck[-3:] == ("boston-miami", "denver-el_paso", "duluth-houston")
    assert state.tickets[0] == ()


def test_forfeit_leaving_one_player_ends_the_game_with_the_forfeited_last():
    state = position(face_up=ROW, claims={"denver-omaha": "ann"})
    state, events = forfeit(state, "ann")
    assert state.phase == "game_over"
    assert events[-1]["type"] == "game_over"
    assert state.final.ranking[-1] == ("ann",)
    with pytest.raises(IllegalMove):
        forfeit(state, "bob")


def test_forfeit_during_the_opening():
    state = new_game("usa", list(PLAYERS), seed=3)
    state, _ = act(state, "ann", {"type": "keep_tickets", "tickets": list(state.offered[0])})
    state, _ = act(state, "cy", {"type": "keep_tickets", "tickets": list(state.offered[2])})
    returned = state.offered[1]
    state, _ = forfeit(state, "bob")
    assert state.phase == "play" and state.current_player == "ann"
    assert state.ticket_deck[-3:] == returned


def test_forfeit_of_the_first_player_during_the_opening_starts_with_the_next():
    state = new_game("europe", list(PLAYERS), seed=3)
    state, _ = forfeit(state, "ann")
    for seat in (1, 2):
        state, _ = act(
            state, PLAYERS[seat], {"type": "keep_tickets", "tickets": list(state.offered[seat][:2])}
        )
    assert state.phase == "play" and state.current_player == "bob"


def test_forfeit_of_the_player_with_the_last_turn_moves_the_end_to_the_player_before():
    state = position(
        players=PLAYERS, face_up=ROW, trains={"bob": 3}, current="bob", hands={"bob": {"yellow": 1}}
    )
    state, _ = act(state, "bob", claim("atlanta-nashville", yellow=1))
    assert state.last_round_ends_after == 1
    state, _ = forfeit(state, "bob")
    state, _ = act(state, "cy", draw())
    state, _ = act(state, "cy", draw())
    state, _ = act(state, "ann", draw())
    state, events = act(state, "ann", draw())
    assert state.phase == "game_over"
