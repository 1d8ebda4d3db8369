"""Drawing train cards: two per turn, blind or face up, with the face-up locomotive rules."""

from __future__ import annotations

from ..actions import DrawCard
from ..cards import KIND_INDEX, LOCO
from ..errors import IllegalMove
from ..maps import LOCOMOTIVE
from ..state import SECOND_CARD
from .draft import Draft
from .piles import can_draw_blind, refill_face_up, take_from_deck
from .turns import end_turn


def _card(color: str) -> str:
    return color if color == LOCOMOTIVE else f"{color} card"


def can_draw_second(d) -> bool:
    """A second card exists to take: a blind one, or a face-up card that is not a locomotive."""
    if d.deck or d.discard:
        return True
    return any(card != LOCOMOTIVE for card in d.face_up)


def draw_card(d: Draft, seat: int, action: DrawCard) -> None:
    second = d.pending is SECOND_CARD
    player = d.players[seat]
    if action.source == "deck":
        deck = d.deck
        if deck:  # the usual case, without a function call
            card = deck[0]
            d.deck = deck[1:]
        else:
            card = take_from_deck(d)
            if card is None:
                raise IllegalMove(
                    "no_cards_to_draw", "The deck and the discard pile are both empty."
                )
        d.add_card(seat, KIND_INDEX[card])
        d.events.append({"type": "card_drawn", "player": player, "source": "deck", "color": None})
    else:
        color = action.color
        if color not in d.face_up:
            raise IllegalMove("card_not_face_up", f"There is no face-up {_card(color)} to take.")
        if color == LOCOMOTIVE and second:
            raise IllegalMove(
                "locomotive_not_second",
                "A face-up locomotive can only be taken as your first card, and then it is "
                "your only card this turn.",
            )
        row = list(d.face_up)
        row.remove(color)
        d.face_up = tuple(row)
        d.add_card(seat, KIND_INDEX[color])
        d.events.append(
            {"type": "card_drawn", "player": player, "source": "face_up", "color": color}
        )
        refill_face_up(d)
        if KIND_INDEX[color] == LOCO:
            end_turn(d)
            return
    if second or not (d.deck or d.discard or can_draw_second(d)):
        end_turn(d)
    else:
        d.pending = SECOND_CARD


__all__ = ["can_draw_blind", "can_draw_second", "draw_card"]
