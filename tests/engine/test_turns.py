"""Turn order: whose turn, one action per turn, pass, the last round, the end of the game."""

from engine_helpers import act, claim, draw, position, refused, types

from games.engine import legal_action_kinds, legal_actions, player_view

ROW = ["red", "blue", "green", "white", "black"]
PLAYERS = ("ann", "bob", "cy")


def two_draws(state, player):
    state, _ = act(state, player, draw())
    return act(state, player, draw())


def test_only_the_current_player_may_act():
    state = position(players=PLAYERS, face_up=ROW, hands={"bob": {"red": 2}})
    refused(state, "bob", draw(), "not_your_turn")
    assert legal_actions(state, "bob") == []


def test_unknown_player_is_refused():
    state = position(face_up=ROW)
    refused(state, "zed", draw(), "unknown_player")


def test_second_card_must_be_drawn_before_anything_else():
    state = position(face_up=ROW, hands={"ann": {"purple": 4}})
    state, _ = act(state, "ann", draw())
    refused(state, "ann", claim("denver-omaha", purple=4), "draw_second_card")
    assert legal_action_kinds(state, "ann") == ("draw_card",)


def test_last_round_everyone_gets_one_more_turn_including_the_player_who_started_it():
    state = position(players=PLAYERS, face_up=ROW, trains={"ann": 3}, hands={"ann": {"yellow": 1}})
    state, events = act(state, "ann", claim("atlanta-nashville", yellow=1))
    assert {"type": "last_round", "player": "ann", "turn": 1} in events
    assert state.last_round_ends_after == 0
    state, _ = two_draws(state, "bob")
    state, _ = two_draws(state, "cy")
    assert state.phase == "play" and state.current_player == "ann"
    state, events = two_draws(state, "ann")
    assert state.phase == "game_over"
    assert types(events)[-1] == "game_over"
    assert player_view(state, None)["final"]["ranking"]
    refused(state, "bob", draw(), "game_over")


def test_last_round_starts_at_two_trains_not_three():
    state = position(players=PLAYERS, face_up=ROW, trains={"ann": 4}, hands={"ann": {"yellow": 1}})
    state, events = act(state, "ann", claim("atlanta-nashville", yellow=1))
    assert "last_round" not in types(events) and state.last_round_ends_after is None


def test_last_round_is_started_only_once():
    state = position(
        players=PLAYERS, face_up=ROW, trains={"ann": 3, "bob": 2}, hands={"ann": {"yellow": 1}}
    )
    state, _ = act(state, "ann", claim("atlanta-nashville", yellow=1))
    state, events = two_draws(state, "bob")
    assert "last_round" not in types(events) and state.last_round_ends_after == 0


FOUR = ("ann", "bob", "cy", "dee")


def stuck_position(**extra):
    """Every route claimed, every card in ann's hand, no tickets left: nobody can do anything."""
    from games.engine import get_map

    usa = get_map("usa")
    claims = {route: FOUR[i % 4] for i, route in enumerate(sorted(usa.routes))}
    hands = {
        "ann": {
            "red": 12,
            "blue": 12,
            "green": 12,
            "white": 12,
            "black": 12,
            "orange": 12,
            "yellow": 12,
            "purple": 12,
            "locomotive": 14,
        }
    }
    return position(
        players=FOUR,
        train_deck=[],
        face_up=[],
        hands=hands,
        claims=claims,
        tickets={"cy": list(usa.tickets)},
        trains={p: 10 for p in FOUR},
        **extra,
    )


def test_pass_only_when_nothing_else_is_legal():
    state = position(players=PLAYERS, face_up=ROW, hands={"ann": {"red": 1}})
    refused(state, "ann", {"type": "pass"}, "pass_not_allowed")
    state = stuck_position()
    assert legal_action_kinds(state, "ann") == ("pass",)
    state, events = act(state, "ann", {"type": "pass"})
    assert types(events) == ["passed", "turn_passed"]


def test_a_full_round_of_passes_ends_a_game_nobody_can_move_in():
    state = stuck_position()
    for player in FOUR:
        assert state.phase == "play"
        state, events = act(state, player, {"type": "pass"})
    assert state.phase == "game_over"
