"""A mutable working copy of a State for the length of one apply; frozen again at the end.

`thaw(state)` copies the state slot by slot into a Draft (the same layout, plus `events`);
`draft.freeze()` turns the draft itself into the new State (no second object, no second
copy).

Rule functions change a Draft freely; the State it came from is never touched, so an
IllegalMove raised half-way simply drops the Draft. Tuples and dicts held by the Draft are
shared with the State, so every change replaces them (never mutate them in place).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..enums import Phase
from ..result import FinalResult
from ..state import Claims, Pending, State

_new = object.__new__
# A draft becomes a State by changing its class, which no static type says: typed Any.
STATE: Any = State


def replaced(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """A copy of the tuple with item i replaced (through a list: fewer copies than slicing)."""
    items = list(values)
    items[i] = value
    return tuple(items)


class Draft(State):
    """A State whose fields may be set, plus `events`; `freeze` makes it a State again.

    Rule functions change a Draft freely; the State it came from is never touched."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__
    events: list[dict[str, Any]]

    if TYPE_CHECKING:  # the State's fields, settable here
        map_id: str
        players: tuple[str, ...]
        seed: int
        shuffles: int
        phase: Phase
        current: int
        pending: Pending | None
        deck: tuple[str, ...]
        discard: tuple[str, ...]
        face_up: tuple[str, ...]
        ticket_deck: tuple[str, ...]
        claims: Claims
        stations: Mapping[str, str]
        hands: tuple[tuple[int, ...], ...]
        tickets: tuple[tuple[str, ...], ...]
        offered: tuple[tuple[str, ...], ...]
        trains: tuple[int, ...]
        scores: tuple[int, ...]
        forfeited: tuple[bool, ...]
        last_round_ends_after: int | None
        passes: int
        final: FinalResult | None
        turn: int

    # --- small per-seat updates (tuples are replaced, never changed) ---
    def set_hand(self, seat: int, hand: tuple[int, ...]) -> None:
        self.hands = replaced(self.hands, seat, hand)

    def add_card(self, seat: int, kind: int) -> None:
        hand = list(self.hands[seat])
        hand[kind] += 1
        hands = list(self.hands)
        hands[seat] = tuple(hand)
        self.hands = tuple(hands)

    def set_seat(self, field: str, seat: int, value: Any) -> None:
        setattr(self, field, replaced(getattr(self, field), seat, value))

    def freeze(self) -> State:
        """The new State (call once): the draft itself, without events, made a State."""
        del self.events
        self.__class__ = STATE
        return self


def thaw(state: State) -> Draft:
    """A draft of the next state: the state's fields copied slot by slot (their values are
    shared, and replaced, never changed, by the rules), and no events yet."""
    d = copy_fields(state)
    d.events = []
    return d


def copy_fields(state: State) -> Draft:
    """A draft of the next state without its `events` list (apply's usual card draw keeps
    its events in hand: setting and deleting the slot costs more than the list)."""
    d = _new(Draft)
    d.map_id = state.map_id
    d.players = state.players
    d.seed = state.seed
    d.shuffles = state.shuffles
    d.phase = state.phase
    d.current = state.current
    d.pending = state.pending
    d.deck = state.deck
    d.discard = state.discard
    d.face_up = state.face_up
    d.ticket_deck = state.ticket_deck
    d.claims = state.claims
    d.stations = state.stations
    d.hands = state.hands
    d.tickets = state.tickets
    d.offered = state.offered
    d.trains = state.trains
    d.scores = state.scores
    d.forfeited = state.forfeited
    d.last_round_ends_after = state.last_round_ends_after
    d.passes = state.passes
    d.final = state.final
    d.turn = state.turn
    return d
