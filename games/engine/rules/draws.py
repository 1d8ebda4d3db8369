"""Drawing train cards: two per turn, blind or face up, with the face-up locomotive rules."""

from __future__ import annotations

from typing import Any

from ..actions import DrawCard
from ..cards import FACE_UP_SIZE, KIND_INDEX
from ..enums import EventType
from ..errors import IllegalMove
from ..maps import LOCOMOTIVE
from ..state import SECOND_CARD, State
from .draft import Draft
from .piles import (
    MAX_FACE_UP_LOCOMOTIVES,
    can_draw_blind,
    refill_face_up,
    reset_face_up_locomotives,
    take_from_deck,
)
from .turns import LAST_ROUND_TRAINS, end_turn

# Hot event types as module constants: a global is read faster than an enum class's member.
_CARD_DRAWN = EventType.CARD_DRAWN
_TURN_PASSED = EventType.TURN_PASSED


def _card(color: str | None) -> str:
    return color if color == LOCOMOTIVE else f"{color} card"


def can_draw_second(d: State) -> bool:
    """A second card exists to take: a blind one, or a face-up card that is not a locomotive."""
    if d.deck or d.discard:
        return True
    return any(card != LOCOMOTIVE for card in d.face_up)


def draw_card(d: Draft, seat: int, action: DrawCard) -> None:
    second = d.pending is SECOND_CARD
    if action.source == "deck":
        deck = d.deck
        card: str | None
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
        d.events.append(
            {
                "type": _CARD_DRAWN,
                "player": d.players[seat],
                "source": "deck",
                "color": None,
            }
        )
    else:
        color = action.color
        row = d.face_up
        if color not in row:
            raise IllegalMove(
                "card_not_face_up", f"There is no face-up {_card(color)} to take.", colour=color
            )
        if second and color == LOCOMOTIVE:
            raise IllegalMove(
                "locomotive_not_second",
                "A face-up locomotive can only be taken as your first card, and then it is "
                "your only card this turn.",
            )
        i = row.index(color)
        row = row[:i] + row[i + 1 :]
        d.add_card(seat, KIND_INDEX[color])
        d.events.append(
            {
                "type": _CARD_DRAWN,
                "player": d.players[seat],
                "source": "face_up",
                "color": color,
            }
        )
        deck = d.deck
        if deck and len(row) == FACE_UP_SIZE - 1:  # the usual refill: the top card takes the place
            d.face_up = row + (deck[0],)
            d.deck = deck[1:]
            if d.face_up.count(LOCOMOTIVE) > MAX_FACE_UP_LOCOMOTIVES:
                reset_face_up_locomotives(d)
        else:
            d.face_up = row
            refill_face_up(d)
        if color == LOCOMOTIVE:
            end_turn(d)
            return
    if second or not (d.deck or d.discard or can_draw_second(d)):
        end_turn(d)
    else:
        d.pending = SECOND_CARD


def usual_draw(
    d: Draft, seat: int, player: str, action: DrawCard, second: bool
) -> list[dict[str, Any]] | None:
    """draw_card and end_turn's usual case, written out for apply (most actions are card
    draws): a card from a deck that does not run out, no locomotive taken face up, no row
    reset, and a turn that passes to the next seat outside the last round. Returns the
    events, or None (with the draft, made by copy_fields without an events list, to be
    dropped) whenever anything else may happen."""
    deck = d.deck
    if not deck:
        return None
    turn = d.turn
    card: str | None
    if action.source == "deck":
        card = deck[0]
        events = [
            {"type": _CARD_DRAWN, "player": player, "source": "deck", "color": None, "turn": turn}
        ]
    else:
        card = action.color
        row = d.face_up
        if card == LOCOMOTIVE or len(row) != FACE_UP_SIZE or card not in row:
            return None
        cards = list(row)  # the card leaves the row, the deck's top card takes its place
        cards.remove(card)
        cards.append(deck[0])
        row = tuple(cards)
        if row.count(LOCOMOTIVE) > MAX_FACE_UP_LOCOMOTIVES:
            return None
        d.face_up = row
        events = [
            {
                "type": _CARD_DRAWN,
                "player": player,
                "source": "face_up",
                "color": card,
                "turn": turn,
            }
        ]
    d.deck = deck = deck[1:]
    hands = list(d.hands)
    hand = list(hands[seat])
    hand[KIND_INDEX[card]] += 1
    hands[seat] = tuple(hand)
    d.hands = tuple(hands)
    if not second:  # a second card is there to take unless the piles are empty
        if deck or d.discard:
            d.pending = SECOND_CARD
            return events
        return None
    if (
        d.last_round_ends_after is not None
        or d.trains[seat] <= LAST_ROUND_TRAINS
        or len(d.face_up) != FACE_UP_SIZE
    ):
        return None
    players = d.players
    nxt = seat + 1 if seat + 1 < len(players) else 0
    if d.forfeited[nxt]:
        return None
    d.pending = None
    if d.passes:
        d.passes = 0
    d.current = nxt
    d.turn = turn + 1
    events.append({"type": _TURN_PASSED, "player": players[nxt], "turn": turn})
    return events


__all__ = ["can_draw_blind", "can_draw_second", "draw_card", "usual_draw"]
