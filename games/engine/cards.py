"""Train cards: the nine kinds, hands as 9-tuples of counts, and payments as (kind, count) pairs."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from .maps import CARD_KINDS, CARDS_PER_COLOR, COLORS, LOCOMOTIVE, LOCOMOTIVE_CARDS

KIND_INDEX = {kind: i for i, kind in enumerate(CARD_KINDS)}
LOCO = KIND_INDEX[LOCOMOTIVE]  # index of the locomotive count in a hand
NO_CARDS = (0,) * len(CARD_KINDS)
BOX = (CARDS_PER_COLOR,) * len(COLORS) + (LOCOMOTIVE_CARDS,)
TOTAL_TRAIN_CARDS = sum(BOX)  # 110
FACE_UP_SIZE = 5
STARTING_HAND = 4

# A payment: nonzero (kind, count) pairs in CARD_KINDS order, e.g. (("blue", 3), ("locomotive", 1)).
Cards = tuple[tuple[str, int], ...]


def full_box() -> list[str]:
    """Every train card of the box, in a fixed order (shuffle it before use)."""
    return [kind for kind, n in zip(CARD_KINDS, BOX, strict=True) for _ in range(n)]


def shuffled(items: Iterable[str], seed: int, n: int) -> tuple[str, ...]:
    """The n-th shuffle of a game: depends on the seed and n only, so a game replays exactly.

    The same permutation as random.Random(f"{seed}:{n}").shuffle (Fisher-Yates from the
    end, each index drawn by rejection from getrandbits), written out because the
    library's method call per card costs more than the draw itself."""
    cards = list(items)
    getrandbits = random.Random(f"{seed}:{n}").getrandbits
    count = len(cards)
    bit_lengths = _BIT_LENGTHS if count < len(_BIT_LENGTHS) else _bit_lengths(count + 1)
    for i in range(count - 1, 0, -1):
        size = i + 1
        bits = bit_lengths[size]
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def _bit_lengths(n: int) -> tuple[int, ...]:
    return tuple(k.bit_length() for k in range(n))


_BIT_LENGTHS = _bit_lengths(TOTAL_TRAIN_CARDS + 1)  # looked up, not a method call per card


def hand_to_dict(hand: tuple[int, ...]) -> dict[str, int]:
    return {CARD_KINDS[i]: n for i, n in enumerate(hand) if n}


def counts_of(cards: Iterable[str]) -> tuple[int, ...]:
    counts = [0] * len(CARD_KINDS)
    for card in cards:
        counts[KIND_INDEX[card]] += 1
    return tuple(counts)


def hand_from_mapping(mapping: Mapping[str, int]) -> tuple[int, ...]:
    counts = [0] * len(CARD_KINDS)
    for kind, n in mapping.items():
        counts[KIND_INDEX[kind]] = n
    return tuple(counts)


def cards_to_counts(cards: Cards) -> tuple[int, ...]:
    counts = [0] * len(CARD_KINDS)
    for kind, n in cards:
        counts[KIND_INDEX[kind]] += n
    return tuple(counts)


def counts_to_cards(counts: tuple[int, ...]) -> Cards:
    return tuple((CARD_KINDS[i], n) for i, n in enumerate(counts) if n)


def color_payment(color: int, n_color: int, n_loco: int) -> Cards:
    """The payment of n_color cards of one colour (index) plus n_loco locomotives."""
    if n_color and n_loco:
        return ((CARD_KINDS[color], n_color), (LOCOMOTIVE, n_loco))
    if n_color:
        return ((CARD_KINDS[color], n_color),)
    return ((LOCOMOTIVE, n_loco),)
