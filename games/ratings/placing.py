"""Where each seat finished, for rating purposes.

Seat.place comes from the engine's ranking (1 = best, ties share a place).
Forfeited players rank last, below everyone who finished, and share that place
whatever the engine or the finishing service wrote for them.
"""

from __future__ import annotations

from collections.abc import Sequence


def rating_places(seats: Sequence) -> dict[int, int]:
    """Seat id -> competition place (1, 2, 2, 4): 1 + the number of seats strictly ahead."""
    finishers = [s for s in seats if s.forfeited_at is None]
    missing = [s.pk for s in finishers if s.place is None]
    if missing:
        raise ValueError(f"seats {missing} finished the game without a place")
    places = {s.pk: 1 + sum(1 for other in finishers if other.place < s.place) for s in finishers}
    last = len(finishers) + 1
    for seat in seats:
        if seat.forfeited_at is not None:
            places[seat.pk] = last
    return places
