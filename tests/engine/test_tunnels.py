"""Europe tunnels: lay the cost, turn up three, pay the extra or take the cards back."""

from engine_helpers import BOX_TOTAL, act, card_total, claim, position, refused, types

from games.engine import legal_action_kinds, legal_actions

ROW = ["red", "blue", "green", "white", "black"]
PAY = "pay_tunnel"


def pay(**cards):
    return {"type": PAY, "cards": cards}


DECLINE = {"type": "decline_tunnel"}


def test_tunnel_extra_counts_paid_colour_and_locomotives():
    # München–Zürich is a yellow tunnel of 2: one yellow and one locomotive turn up.
    state = position(
        "europe",
        train_deck=["yellow", "locomotive", "blue"],
        face_up=ROW,
        hands={"ann": {"yellow": 4, "locomotive": 1}},
    )
    state, events = act(state, "ann", claim("munchen-zurich", yellow=2))
    assert events[0]["type"] == "tunnel_revealed"
    assert events[0]["revealed"] == ["yellow", "locomotive", "blue"] and events[0]["extra"] == 2
    assert state.pending.kind == "tunnel" and state.pending.extra == 2
    assert card_total(state) == BOX_TOTAL
    state, events = act(state, "ann", pay(yellow=1, locomotive=1))
    assert types(events)[:2] == ["tunnel_paid", "route_claimed"]
    assert state.claims == {"munchen-zurich": "ann"}
    assert state.hand("ann") == {"yellow": 1}
    assert state.scores[0] == 2 and state.trains[0] == 43


def test_tunnel_gray_extra_counts_the_colour_chosen():
    state = position(
        "europe", train_deck=["green", "green", "red"], face_up=ROW, hands={"ann": {"green": 4}}
    )
    state, events = act(state, "ann", claim("sarajevo-sofia", green=2))
    assert state.pending.extra == 2


def test_tunnel_all_locomotive_payment_only_counts_locomotives():
    state = position(
        "europe",
        train_deck=["yellow", "locomotive", "yellow"],
        face_up=ROW,
        hands={"ann": {"yellow": 3, "locomotive": 3}},
    )
    state, _ = act(state, "ann", claim("munchen-zurich", locomotive=2))
    assert state.pending.extra == 1
    refused(state, "ann", pay(yellow=1), "wrong_cards")
    assert [a.to_dict() for a in legal_actions(state, "ann")] == [
        {"type": PAY, "cards": {"locomotive": 1}},
        DECLINE,
    ]
    state, _ = act(state, "ann", pay(locomotive=1))
    assert state.claims == {"munchen-zurich": "ann"}


def test_tunnel_with_nothing_extra_is_claimed_at_once():
    state = position(
        "europe", train_deck=["red", "blue", "green"], face_up=ROW, hands={"ann": {"yellow": 2}}
    )
    state, events = act(state, "ann", claim("munchen-zurich", yellow=2))
    assert types(events)[:2] == ["tunnel_revealed", "route_claimed"]
    assert state.pending is None and state.claims == {"munchen-zurich": "ann"}
    assert sorted(state.discard) == ["blue", "green", "red", "yellow", "yellow"]


def test_tunnel_pending_allows_only_pay_or_decline():
    state = position(
        "europe",
        train_deck=["yellow", "red", "blue", "white"],
        face_up=ROW,
        hands={"ann": {"yellow": 3, "purple": 1}},
    )
    state, _ = act(state, "ann", claim("munchen-zurich", yellow=2))
    assert legal_action_kinds(state, "ann") == ("pay_tunnel", "decline_tunnel")
    refused(state, "ann", {"type": "draw_card", "from": "deck"}, "tunnel_pending")
    refused(state, "ann", pay(yellow=2), "wrong_cards")
    refused(state, "ann", pay(purple=1), "wrong_cards")


def test_tunnel_decline_takes_cards_back_and_ends_turn():
    state = position(
        "europe",
        train_deck=["yellow", "red", "blue", "white"],
        face_up=ROW,
        hands={"ann": {"yellow": 2}},
    )
    state, _ = act(state, "ann", claim("munchen-zurich", yellow=2))
    assert legal_action_kinds(state, "ann") == ("decline_tunnel",)  # cannot pay the extra
    state, events = act(state, "ann", DECLINE)
    assert types(events)[0] == "tunnel_declined"
    assert state.hand("ann") == {"yellow": 2}
    assert state.claims == {} and state.current_player == "bob"
    assert sorted(state.discard) == ["blue", "red", "yellow"]  # the three turned-up cards
    assert card_total(state) == BOX_TOTAL


def test_tunnel_revealed_cards_go_to_the_discard_when_paid():
    state = position(
        "europe",
        train_deck=["yellow", "red", "blue", "white"],
        face_up=ROW,
        hands={"ann": {"yellow": 3}},
    )
    state, _ = act(state, "ann", claim("munchen-zurich", yellow=2))
    state, _ = act(state, "ann", pay(yellow=1))
    assert sorted(state.discard) == ["blue", "red", "yellow", "yellow", "yellow", "yellow"]
    assert state.deck[0] == "white"


def test_tunnel_laid_cards_are_never_among_the_turned_up_cards():
    # Deck empty: the discard is reshuffled to turn cards up; the laid yellows are not in it.
    hands = {
        "ann": {
            "yellow": 12,
            "red": 12,
            "blue": 12,
            "green": 12,
            "white": 12,
            "black": 12,
            "orange": 12,
            "purple": 12,
            "locomotive": 12,
        }
    }
    state = position(
        "europe", train_deck=[], discard=["locomotive"], face_up=["locomotive"], hands=hands
    )
    state, events = act(state, "ann", claim("munchen-zurich", yellow=2))
    assert types(events) == ["deck_reshuffled", "tunnel_revealed"]
    assert events[1]["revealed"] == ["locomotive"]
    assert state.pending.extra == 1
    assert card_total(state) == BOX_TOTAL


def test_tunnel_with_no_cards_to_turn_up_costs_nothing_extra():
    hands = {
        "ann": {
            "yellow": 12,
            "red": 12,
            "blue": 12,
            "green": 12,
            "white": 12,
            "black": 12,
            "orange": 12,
            "purple": 12,
            "locomotive": 9,
        }
    }
    state = position("europe", train_deck=[], discard=[], face_up=["locomotive"] * 5, hands=hands)
    state, events = act(state, "ann", claim("munchen-zurich", yellow=2))
    assert events[0]["revealed"] == [] and events[0]["extra"] == 0
    assert state.claims == {"munchen-zurich": "ann"}


def test_tunnel_with_fewer_cards_to_turn_up_reveals_what_there_is():
    hands = {
        "ann": {
            "yellow": 10,
            "red": 12,
            "blue": 12,
            "green": 12,
            "white": 12,
            "black": 12,
            "orange": 12,
            "purple": 12,
            "locomotive": 14,
        }
    }
    state = position("europe", train_deck=["yellow"], discard=[], face_up=["yellow"], hands=hands)
    state, events = act(state, "ann", claim("munchen-zurich", yellow=2))
    assert events[0]["revealed"] == ["yellow"] and state.pending.extra == 1
