"""The analysis of a decision reads the deciding seat's knowledge only, tells moves by their
public part, and picks the moments where the move made and the bot's choice differ most."""

import random

from test_bots import _midgame, _others_hidden_changed

from games.bots import seat_for
from games.bots.analysis import analyse_decision, is_decision, key_moments, public_move
from games.engine import ClaimRoute, DrawCard, Phase, legal_actions, player_view, players_to_act


def test_an_analysis_is_the_same_whatever_the_others_hide():
    rng = random.Random(3)
    checked = 0
    for moves in (14, 33):
        state, history = _midgame("usa", 3, 40 + moves, moves)
        if state.phase == Phase.GAME_OVER:
            continue
        viewer = players_to_act(state)[0]
        other = _others_hidden_changed(state, viewer, rng)
        assert player_view(other, viewer) == player_view(state, viewer)
        one_seat = seat_for(state, viewer, tuple(history), random.Random(moves))
        if not is_decision(one_seat):
            continue
        played = legal_actions(state, viewer)[0]
        one = analyse_decision(
            one_seat, played, bot_budget=40, rollouts=2, rng=random.Random(moves)
        )
        two = analyse_decision(
            seat_for(other, viewer, tuple(history), random.Random(moves)),
            played,
            bot_budget=40,
            rollouts=2,
            rng=random.Random(moves),
        )
        assert one == two
        assert one["played_points"]["rollouts"] == 2 and one["player"] == viewer
        checked += 1
    assert checked >= 1


def test_a_move_is_told_by_its_public_part_never_its_cards():
    claim = ClaimRoute(route="denver-omaha", cards=(("red", 4),))
    assert public_move(claim) == {"type": "claim_route", "route": "denver-omaha"}
    assert public_move(DrawCard(source="deck")) == {"type": "draw_card", "source": "deck"}
    assert public_move(DrawCard(source="face_up", color="red"))["color"] == "red"


def test_the_key_moments_are_the_largest_differences_in_game_order():
    def d(gain, same=False):
        return {"gain": gain, "same": same}

    decisions = [d(1.0), d(9.0), d(-6.0), d(4.0, same=True), d(3.5), d(12.0)]
    assert key_moments(decisions, least=3.0, most=3) == [1, 2, 5]
