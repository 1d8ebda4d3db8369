"""Swiss pairing for a league's round: pure, on player ids, nothing read or written.

The round's byes go to the players with the fewest byes so far (so byes rotate: nobody
sits out twice before everyone has sat out once) and, among them, to the lowest in the
standings, unless another fair choice of byes lets the round seat no pair who met
before. The others are seated by standings, the leader's table filled with
the nearest below them, so equals meet; among all seatings the one with the fewest
pairs who have met before is taken, the nearest to the standings' order among those.
The search is exact within its budget of tables tried (more than any club's round
needs), after which it keeps the best seating found so far.
"""

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, islice
from typing import Any

SEARCH_BUDGET = 200_000
# The fair choices of byes tried, the preferred first, before the best so far is kept.
BYE_CHOICES = 200


@dataclass(frozen=True)
class Pairing[P: Hashable]:
    tables: list[list[P]]
    byes: list[P]


def pairing_repeats[P: Hashable](*, tables: Iterable[Sequence[P]], met: set[frozenset[P]]) -> int:
    """How many pairs seated together at these tables have met before."""
    return sum(1 for table in tables for a, b in combinations(table, 2) if frozenset((a, b)) in met)


def season_pairing[P: Hashable](
    *,
    ranked: Sequence[P],
    met: set[frozenset[P]],
    byes: Mapping[P, int],
    table_size: int,
    budget: int = SEARCH_BUDGET,
) -> Pairing[P]:
    """Tables of `table_size` for the players in standings order (`ranked`, leader first),
    given the pairs who `met` before and each player's `byes` so far."""
    if not 2 <= table_size <= 5:
        raise ValueError("a table seats 2 to 5")
    if len(set(ranked)) != len(ranked):
        raise ValueError("each player once")
    if len(ranked) < table_size:
        raise ValueError("fewer players than a table")
    spare = len(ranked) % table_size
    position = {player: index for index, player in enumerate(ranked)}
    by_need = sorted(ranked, key=lambda p: (byes.get(p, 0), -position[p]))
    best: tuple[int, list[list[P]], set[P]] | None = None
    for sitting_out in bye_choices(by_need=by_need, byes=byes, spare=spare):
        playing = [p for p in ranked if p not in sitting_out]
        tables = _least_repeats(playing, met, table_size, budget)
        repeats = pairing_repeats(tables=tables, met=met)
        if best is None or repeats < best[0]:
            best = (repeats, tables, sitting_out)
        if repeats == 0:
            break
    assert best is not None  # bye_choices offers at least one choice
    _repeats, tables, sitting_out = best
    return Pairing(tables=tables, byes=[p for p in ranked if p in sitting_out])


def bye_choices[P: Hashable](
    *, by_need: Sequence[P], byes: Mapping[P, int], spare: int
) -> Iterator[set[P]]:
    """The fair ways to choose the round's byes, the preferred first: whoever has fewer
    byes than the rest sits out for sure; the others are chosen among those with the
    fewest byes left, the lowest in the standings first."""
    if spare == 0:
        yield set()
        return
    line = byes.get(by_need[spare - 1], 0)  # the fewest byes of anyone who must sit out
    forced = [p for p in by_need if byes.get(p, 0) < line]
    pool = [p for p in by_need if byes.get(p, 0) == line]
    for chosen in islice(combinations(pool, spare - len(forced)), BYE_CHOICES):
        yield {*forced, *chosen}


def _least_repeats[P: Hashable](
    playing: Sequence[P], met: set[frozenset[P]], size: int, budget: int
) -> list[list[P]]:
    best: dict[str, Any] = {"cost": None, "tables": None}
    tried = 0

    def cost_of(table: Sequence[P]) -> int:
        return sum(1 for a, b in combinations(table, 2) if frozenset((a, b)) in met)

    def search(left: list[P], tables: list[tuple[P, ...]], cost: int) -> bool:
        """True once nothing better can be found (a seating without repeats)."""
        nonlocal tried
        if best["cost"] is not None and cost >= best["cost"]:
            return False
        if not left:
            best["cost"], best["tables"] = cost, [list(t) for t in tables]
            return cost == 0
        head, rest = left[0], left[1:]
        for others in combinations(rest, size - 1):
            tried += 1
            if tried > budget and best["tables"] is not None:
                return True
            table = (head, *others)
            chosen = set(others)
            if search(
                [p for p in rest if p not in chosen], [*tables, table], cost + cost_of(table)
            ):
                return True
        return False

    search(list(playing), [], 0)
    tables: list[list[P]] = best["tables"]
    return tables
