"""A mutable working copy of a State for the length of one apply; frozen again at the end.

Rule functions change a Draft freely; the State it came from is never touched, so an
IllegalMove raised half-way simply drops the Draft. Tuples and dicts held by the Draft are
shared with the State, so every change replaces them (never mutate them in place).
"""

from __future__ import annotations

from ..state import State


class Draft:
    __slots__ = (
        "map_id", "players", "seed", "shuffles", "phase", "current", "pending", "deck",
        "discard", "face_up", "ticket_deck", "claims", "stations", "hands", "tickets",
        "offered", "trains", "scores", "forfeited", "last_round_ends_after", "passes", "final",
        "events",
    )

    def __init__(self, s: State):
        self.map_id = s.map_id
        self.players = s.players
        self.seed = s.seed
        self.shuffles = s.shuffles
        self.phase = s.phase
        self.current = s.current
        self.pending = s.pending
        self.deck = s.deck
        self.discard = s.discard
        self.face_up = s.face_up
        self.ticket_deck = s.ticket_deck
        self.claims = s.claims
        self.stations = s.stations
        self.hands = s.hands
        self.tickets = s.tickets
        self.offered = s.offered
        self.trains = s.trains
        self.scores = s.scores
        self.forfeited = s.forfeited
        self.last_round_ends_after = s.last_round_ends_after
        self.passes = s.passes
        self.final = s.final
        self.events: list[dict] = []

    def freeze(self) -> State:
        return State(
            self.map_id, self.players, self.seed, self.shuffles, self.phase, self.current,
            self.pending, self.deck, self.discard, self.face_up, self.ticket_deck, self.claims,
            self.stations, self.hands, self.tickets, self.offered, self.trains, self.scores,
            self.forfeited, self.last_round_ends_after, self.passes, self.final,
        )

    # --- small per-seat updates (tuples are replaced, never changed) ---
    def set_hand(self, seat: int, hand: tuple[int, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = hand
        self.hands = tuple(hands)

    def add_card(self, seat: int, kind: int) -> None:
        hand = list(self.hands[seat])
        hand[kind] += 1
        self.set_hand(seat, tuple(hand))

    def set_seat(self, field: str, seat: int, value) -> None:
        values = list(getattr(self, field))
        values[seat] = value
        setattr(self, field, tuple(values))
