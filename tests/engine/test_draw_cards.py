"""Drawing train cards: two per turn, the face-up locomotive rules, resets, empty piles."""

from engine_helpers import BOX_TOTAL, act, card_total, claim, draw, position, refused, types

from games.engine import legal_actions, new_game

ROW = ["red", "blue", "green", "white", "black"]


def test_setup_deals_four_cards_each_five_face_up_and_all_110_cards_exist():
    state = new_game("usa", ["ann", "bob", "cy"], seed=4)
    assert [sum(h) for h in state.hands] == [4, 4, 4]
    assert len(state.face_up) == 5
    assert card_total(state) == BOX_TOTAL == 110
    assert state.trains == (45, 45, 45)


def test_draw_two_cards_then_the_turn_passes():
    state = position(train_deck=["yellow", "orange", "purple"], face_up=ROW)
    state, events = act(state, "ann", draw())
    assert state.current_player == "ann" and state.pending.kind == "second_card"
    state, events = act(state, "ann", draw("red"))
    assert state.hand("ann") == {"yellow": 1, "red": 1}
    assert state.current_player == "bob"
    assert types(events)[-1] == "turn_passed"


def test_face_up_card_is_replaced_at_once_from_the_deck():
    state = position(train_deck=["yellow", "orange"], face_up=ROW)
    state, _ = act(state, "ann", draw("green"))
    assert state.face_up == ("red", "blue", "white", "black", "yellow")


def test_face_up_locomotive_only_as_first_card():
    state = position(
        train_deck=["yellow", "orange"], face_up=["red", "locomotive", "blue", "green", "white"]
    )
    state, _ = act(state, "ann", draw())
    refused(state, "ann", draw("locomotive"), "locomotive_not_second")
    assert draw("locomotive")["color"] not in [
        a.to_dict().get("color") for a in legal_actions(state, "ann")
    ]


def test_face_up_locomotive_taken_first_is_the_only_card_of_the_turn():
    state = position(
        train_deck=["yellow", "orange"], face_up=["red", "locomotive", "blue", "green", "white"]
    )
    state, events = act(state, "ann", draw("locomotive"))
    assert state.hand("ann") == {"locomotive": 1}
    assert state.current_player == "bob"
    assert state.pending is None


def test_blind_locomotive_counts_as_one_ordinary_card():
    state = position(train_deck=["locomotive", "orange"], face_up=ROW)
    state, _ = act(state, "ann", draw())
    assert state.pending.kind == "second_card"
    state, _ = act(state, "ann", draw())
    assert state.hand("ann") == {"locomotive": 1, "orange": 1}


def test_hand_size_is_unlimited():
    state = position(
        hands={"ann": {"yellow": 12, "orange": 12, "purple": 12}},
        train_deck=["white", "white"],
        face_up=ROW,
    )
    state, _ = act(state, "ann", draw())
    state, _ = act(state, "ann", draw())
    assert sum(state.hands[0]) == 38


def test_three_face_up_locomotives_reset():
    # Taking the red turns up a third locomotive: all five go to the discard, five new ones.
    state = position(
        train_deck=["locomotive", "red", "blue", "green", "white", "black"],
        face_up=["red", "locomotive", "locomotive", "green", "white"],
    )
    state, events = act(state, "ann", draw("red"))
    assert "face_up_reset" in types(events)
    assert state.face_up == ("red", "blue", "green", "white", "black")
    assert sorted(state.discard) == sorted(
        ["locomotive", "locomotive", "green", "white", "locomotive"]
    )
    assert card_total(state) == BOX_TOTAL


def test_three_face_up_locomotives_reset_repeats_until_fewer_than_three():
    state = position(
        train_deck=[
            "locomotive",
            "locomotive",
            "locomotive",
            "locomotive",
            "red",
            "blue",
            "green",
            "white",
            "black",
            "yellow",
        ],
        face_up=["red", "locomotive", "locomotive", "green", "white"],
    )
    state, events = act(state, "ann", draw("red"))
    assert types(events).count("face_up_reset") == 2
    assert state.face_up.count("locomotive") < 3


def test_three_face_up_locomotives_unresolvable_play_goes_on():
    # All cards but these are in hands: no row of five can hold fewer than three locomotives.
    hands = {
        "ann": {
            c: 12 for c in ["red", "orange", "yellow", "green", "blue", "purple", "white", "black"]
        },
        "bob": {"locomotive": 9},
    }
    hands["ann"]["red"] = 11
    hands["ann"]["blue"] = 11
    state = position(
        train_deck=["locomotive", "blue"],
        discard=[],
        face_up=["red", "locomotive", "locomotive"],
        hands=hands,
    )
    state, events = act(state, "ann", draw("red"))
    assert "face_up_reset" not in types(events)
    assert state.face_up.count("locomotive") >= 3
    assert card_total(state) == BOX_TOTAL


def test_empty_deck_reshuffles_the_discard_into_a_new_deck():
    state = position(
        train_deck=[],
        discard=["red", "blue", "green"],
        face_up=ROW,
        hands={
            "ann": {
                "red": 10,
                "blue": 10,
                "green": 10,
                "white": 11,
                "black": 11,
                "yellow": 12,
                "orange": 12,
                "purple": 12,
                "locomotive": 14,
            },
            "bob": {},
        },
    )
    assert card_total(state) == BOX_TOTAL
    state, events = act(state, "ann", draw())
    assert "deck_reshuffled" in types(events)
    assert len(state.deck) == 2 and state.discard == ()


def test_both_piles_empty_no_blind_draw_but_face_up_still_possible():
    hands = {
        "ann": {
            "red": 11,
            "blue": 11,
            "green": 11,
            "white": 11,
            "black": 11,
            "yellow": 12,
            "orange": 12,
            "purple": 12,
            "locomotive": 14,
        }
    }
    state = position(train_deck=[], discard=[], face_up=ROW, hands=hands)
    assert card_total(state) == BOX_TOTAL
    refused(state, "ann", draw(), "no_cards_to_draw")
    state, _ = act(state, "ann", draw("red"))
    assert len(state.face_up) == 4  # nothing left to refill the row with
    assert state.pending.kind == "second_card"


def test_second_draw_impossible_ends_the_turn():
    # Only locomotives would remain face up and both piles are empty: no second card exists.
    hands = {
        "ann": {
            "red": 11,
            "blue": 12,
            "green": 12,
            "white": 12,
            "black": 12,
            "yellow": 12,
            "orange": 12,
            "purple": 12,
            "locomotive": 12,
        }
    }
    state = position(
        train_deck=[], discard=[], face_up=["red", "locomotive", "locomotive"], hands=hands
    )
    state, events = act(state, "ann", draw("red"))
    assert state.current_player == "bob" and state.pending is None


def test_a_card_that_is_not_face_up_cannot_be_taken():
    state = position(train_deck=["red"], face_up=ROW)
    refused(state, "ann", draw("purple"), "card_not_face_up")


def test_blind_draw_events_never_name_the_card():
    state = position(train_deck=["purple", "red"], face_up=ROW)
    _, events = act(state, "ann", draw())
    assert events[0] == {
        "type": "card_drawn",
        "player": "ann",
        "source": "deck",
        "color": None,
        "turn": 1,
    }


def test_short_face_up_row_is_refilled_once_cards_reach_the_discard():
    hands = {
        "ann": {
            "red": 12,
            "blue": 12,
            "green": 12,
            "white": 12,
            "black": 12,
            "orange": 12,
            "purple": 12,
            "yellow": 10,
            "locomotive": 14,
        }
    }
    state = position(train_deck=[], discard=[], face_up=["yellow", "yellow"], hands=hands)
    state, events = act(state, "ann", claim("denver-santa_fe", red=2))
    assert "deck_reshuffled" in types(events)
    assert sorted(state.face_up) == ["red", "red", "yellow", "yellow"]
    assert state.deck == () and state.discard == ()
