"""Lazy sequences of legal actions: counted at once, built one by one when asked for.

A big hand can pay for hundreds of (route, payment) pairs; the web page shows them a route
at a time and a random player needs just one, so none is built before it is looked at.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from operator import itemgetter
from typing import Any

from .actions import Action, BuildStation, ClaimRoute
from .board import GRAY, RouteInfo
from .cards import LOCO, Cards, color_payment
from .maps import LOCOMOTIVE

_COLOR_KINDS = range(LOCO)
_new = object.__new__
_set = object.__setattr__
_first = itemgetter(0)


def one_color_payments(hand: tuple[int, ...], total: int, min_loco: int) -> list[Cards]:
    """Distinct ways to pay `total` cards in any one colour plus locomotives (>= min_loco)."""
    loco = hand[LOCO]
    payments = []
    top = min(total - 1, loco)
    for color in _COLOR_KINDS:
        have = hand[color]
        if have:
            for k in range(max(min_loco, total - have), top + 1):
                payments.append(color_payment(color, total - k, k))
    if loco >= total:
        payments.append(((LOCOMOTIVE, total),))
    return payments


def route_payment(hand: tuple[int, ...], route: RouteInfo, j: int) -> Cards:
    """The j-th way the hand pays for `route` (trains and openness not checked): in the
    order of one_color_payments for a gray route, by locomotives used for a coloured one;
    j < color_payment_count or one_color_payment_count."""
    length, loco = route.length, hand[LOCO]
    if route.color != GRAY:
        have = hand[route.color]
        k = (length - have if length > have else 0) + j
        return color_payment(route.color, length - k, k)
    top = length - 1 if length - 1 < loco else loco
    for color in _COLOR_KINDS:
        have = hand[color]
        if have:
            low = length - have
            if low < route.locomotives:
                low = route.locomotives
            if top >= low:
                if j <= top - low:
                    k = low + j
                    return color_payment(color, length - k, k)
                j -= top - low + 1
    return ((LOCOMOTIVE, length),)


def one_color_payment_count(hand: tuple[int, ...], total: int, min_loco: int) -> int:
    """len(one_color_payments(hand, total, min_loco)), counted without building it."""
    loco = hand[LOCO]
    top = total - 1 if total - 1 < loco else loco
    count = 1 if loco >= total else 0
    for color in _COLOR_KINDS:
        have = hand[color]
        if have:
            low = total - have
            if low < min_loco:
                low = min_loco
            if top >= low:
                count += top - low + 1
    return count


def color_payment_count(hand: tuple[int, ...], color: int, length: int) -> int:
    """How many ways the hand pays `length` cards of `color` (or locomotives instead): at
    least one, for a length the hand can pay."""
    have, loco = hand[color], hand[LOCO]
    low = length - have if length > have else 0
    return (length if length < loco else loco) - low + 1


class Options(Sequence[Any]):
    """A read-only sequence of actions whose items are made on demand."""

    __slots__ = ("_len",)
    _len: int

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._get(i) for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("option index out of range")
        return self._get(index)

    def __iter__(self) -> Iterator[Any]:
        for i in range(self._len):
            yield self._get(i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"

    def _get(self, index: int) -> Action:
        raise NotImplementedError


class ClaimOptions(Options):
    """Every (route, payment) claim. `entries` are (running total, routes, payments per
    route) triples: all routes of an entry cost the same, so payments are counted per
    entry, not per route; the running total counts the claims up to the entry's end."""

    __slots__ = ("_hand", "_entries")

    def __init__(
        self, hand: tuple[int, ...], entries: list[tuple[int, tuple[RouteInfo, ...], int]]
    ):
        self._hand = hand
        self._entries = entries
        self._len = entries[-1][0] if entries else 0

    def __getitem__(self, index: Any) -> Any:
        if type(index) is int and 0 <= index < self._len:  # the usual case
            return self._get(index)
        return Options.__getitem__(self, index)

    def route_stretches(self) -> dict[str, tuple[int, int]]:
        """route id -> (first index, index after the last) of its claims: an entry's routes
        come one after the other, each with the entry's count of payments."""
        out: dict[str, tuple[int, int]] = {}
        start = 0
        for _end, routes, count in self._entries:
            if count:
                for route in routes:
                    out[route.id] = (start, start + count)
                    start += count
        return out

    def route_payments(self) -> dict[str, list[Cards]]:
        """route id -> its ways to pay, in the order of the claims: the payments themselves,
        without a ClaimRoute made for each."""
        hand = self._hand
        return {
            route.id: [route_payment(hand, route, j) for j in range(count)]
            for _end, routes, count in self._entries
            if count
            for route in routes
        }

    def _get(self, index: int) -> Action:
        entries = self._entries
        j = bisect_right(entries, index, key=_first)
        offset = index - (entries[j - 1][0] if j else 0)
        _, routes, count = entries[j]
        route = routes[offset // count]
        # ClaimRoute(route.id, payment) without the dataclass's __init__
        action = _new(ClaimRoute)
        _set(action, "route", route.id)
        _set(action, "cards", route_payment(self._hand, route, offset % count))
        return action


def claim_options(
    hand: tuple[int, ...], entries: list[tuple[int, tuple[RouteInfo, ...], int]], total: int
) -> ClaimOptions:
    """ClaimOptions(hand, entries) with the total already counted by the caller (and
    without the call through the class: this runs for every claim considered)."""
    options = _new(ClaimOptions)
    options._hand = hand
    options._entries = entries
    options._len = total
    return options


class StationOptions(Options):
    """Every (city, payment) station: cities in id order."""

    __slots__ = ("_cities", "_payments")

    def __init__(self, cities: list[str], payments: list[Cards]):
        self._cities = cities
        self._payments = payments
        self._len = len(cities) * len(payments)

    @property
    def cities(self) -> list[str]:
        return self._cities

    @property
    def payments(self) -> list[Cards]:
        return self._payments

    def _get(self, index: int) -> Action:
        city, payment = divmod(index, len(self._payments))
        return BuildStation(self._cities[city], self._payments[payment])
