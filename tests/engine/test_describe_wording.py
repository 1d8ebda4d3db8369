"""A turn's card draws in one sentence, and sentences that go on after "; " in a log line."""

from games.engine.describe import continued, describe, describe_card_draws

NAMES = {"p1": "ann"}


def deck():
    return {"type": "card_drawn", "player": "p1", "source": "deck", "color": None}


def face_up(color):
    return {"type": "card_drawn", "player": "p1", "source": "face_up", "color": color}


def test_two_blind_draws_are_counted_never_named():
    assert describe_card_draws([deck(), deck()], NAMES) == "ann drew 2 cards from the deck"


def test_a_blind_and_a_face_up_draw_in_the_order_they_were_made():
    assert describe_card_draws([deck(), face_up("red")], NAMES) == (
        "ann drew a card from the deck and took a face-up red card"
    )
    assert describe_card_draws([face_up("red"), deck()], NAMES) == (
        "ann took a face-up red card and drew a card from the deck"
    )


def test_two_face_up_cards():
    assert describe_card_draws([face_up("red"), face_up("red")], NAMES) == (
        "ann took 2 face-up red cards"
    )
    assert describe_card_draws([face_up("red"), face_up("blue")], NAMES) == (
        "ann took a face-up red card and a face-up blue card"
    )


def test_one_draw_reads_as_describe_says():
    assert (
        describe_card_draws([face_up("locomotive")], NAMES)
        == describe(face_up("locomotive"), NAMES)
        == "ann took a face-up locomotive"
    )


def test_a_sentence_of_its_own_goes_on_in_lower_case_but_a_name_keeps_its_case():
    over = {"type": "game_over", "ranking": [["p1"]], "totals": {"p1": 28}}
    assert continued(over, describe(over, NAMES)) == "the game is over: ann wins with 28 points"
    reshuffled = {"type": "deck_reshuffled"}
    assert continued(reshuffled, describe(reshuffled, NAMES)).startswith("the discard pile")
    named = {"Ann": "Ann"}
    draw = {"type": "card_drawn", "player": "Ann", "source": "deck", "color": None}
    assert continued(draw, describe(draw, named)) == "Ann drew a card from the deck"
