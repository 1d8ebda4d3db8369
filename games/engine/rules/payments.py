"""Checking a payment against a hand: one colour plus locomotives, the right number of cards."""

from __future__ import annotations

from ..cards import KIND_INDEX, LOCO, Cards
from ..errors import IllegalMove


def split(cards: Cards) -> tuple[int, int, int]:
    """(colour index or LOCO if none, colour cards, locomotives) of a one-colour payment."""
    color = LOCO
    n_color = n_loco = 0
    for kind, n in cards:
        k = KIND_INDEX[kind]
        if k == LOCO:
            n_loco = n
        elif color != LOCO:
            raise IllegalMove(
                "wrong_cards",
                "Pay with cards of one colour (plus locomotives).",
                variant="one_colour",
            )
        else:
            color, n_color = k, n
    return color, n_color, n_loco


def take_from_hand(hand: tuple[int, ...], color: int, n_color: int, n_loco: int) -> tuple[int, ...]:
    if hand[color] < n_color or hand[LOCO] < n_loco or (color == LOCO and hand[LOCO] < n_color):
        raise IllegalMove("not_enough_cards", "You do not hold those cards.")
    new = list(hand)
    new[color] -= n_color
    new[LOCO] -= n_loco
    return tuple(new)
