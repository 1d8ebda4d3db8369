"""The train-card piles: blind draws, reshuffling the discard, the face-up row and its reset."""

from __future__ import annotations

from ..cards import FACE_UP_SIZE, shuffled
from ..enums import EventType
from ..maps import LOCOMOTIVE
from ..state import State
from .draft import Draft

MAX_FACE_UP_LOCOMOTIVES = 2  # three or more face-up locomotives: the row is replaced


def reshuffle(d: Draft) -> None:
    """The deck ran out: the discard, shuffled, becomes the new deck."""
    d.deck = shuffled(d.discard, d.seed, d.shuffles)
    d.shuffles += 1
    d.discard = ()
    d.events.append({"type": EventType.DECK_RESHUFFLED})


def take_from_deck(d: Draft) -> str | None:
    """The top card of the deck (reshuffling the discard first if the deck is empty), or None."""
    if not d.deck:
        if not d.discard:
            return None
        reshuffle(d)
    card = d.deck[0]
    d.deck = d.deck[1:]
    return card


def can_draw_blind(d: State) -> bool:
    return bool(d.deck or d.discard)


def refill_face_up(d: Draft) -> None:
    """Fill the row back to five from the deck, then apply the three-locomotive rule."""
    while len(d.face_up) < FACE_UP_SIZE:
        card = take_from_deck(d)
        if card is None:
            break
        d.face_up += (card,)
    reset_face_up_locomotives(d)


def reset_face_up_locomotives(d: Draft) -> None:
    """While 3+ face-up cards are locomotives, discard all five and turn up five new ones.

    Stops when no row of this size could have fewer than three locomotives (the piles
    cannot resolve it): then play goes on with what lies there.
    """
    while d.face_up.count(LOCOMOTIVE) > MAX_FACE_UP_LOCOMOTIVES and _resolvable(d):
        d.discard += d.face_up
        d.face_up = ()
        while len(d.face_up) < FACE_UP_SIZE:
            card = take_from_deck(d)
            if card is None:
                break
            d.face_up += (card,)
        d.events.append({"type": EventType.FACE_UP_RESET, "face_up": list(d.face_up)})


def _resolvable(d: Draft) -> bool:
    available = d.deck + d.discard + d.face_up
    row = min(FACE_UP_SIZE, len(available))
    others = len(available) - available.count(LOCOMOTIVE)
    return others >= row - MAX_FACE_UP_LOCOMOTIVES
