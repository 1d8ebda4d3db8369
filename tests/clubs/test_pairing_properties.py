"""The Swiss pairing, property-tested: each player once per round, no pair meets again
while a seating without repeats exists, and byes rotate."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.services.pairing import bye_choices, pairing_repeats, season_pairing


def partitions(players, size):
    """Every way to seat `players` (a multiple of `size`) at tables of `size`."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for others in combinations(rest, size - 1):
        left = [p for p in rest if p not in others]
        for tail in partitions(left, size):
            yield [[head, *others], *tail]


def fewest_repeats(players, size, met, byes) -> int:
    """The fewest repeats of any seating after any fair choice of byes."""
    spare = len(players) % size
    fair = []
    for sitting_out in combinations(players, spare):
        after = [byes[p] + (p in sitting_out) for p in players]
        if max(after) - min(after) <= 1 and all(
            byes[p] <= min(byes[q] for q in players if q not in sitting_out) for p in sitting_out
        ):
            fair.append(set(sitting_out))
    return min(
        pairing_repeats(tables=t, met=met)
        for out in fair
        for t in partitions([p for p in players if p not in out], size)
    )


seasons = st.integers(min_value=2, max_value=4).flatmap(
    lambda size: st.tuples(
        st.just(size),
        st.integers(min_value=size, max_value=9),
        st.integers(min_value=1, max_value=6),
        st.randoms(use_true_random=False),
    )
)


@settings(max_examples=60, deadline=None)
@given(seasons)
def test_rounds_seat_everyone_once_avoid_repeats_and_rotate_byes(season):
    size, count, rounds, rng = season
    players = list(range(count))
    met: set[frozenset] = set()
    byes = dict.fromkeys(players, 0)
    for _round in range(rounds):
        ranked = players[:]
        rng.shuffle(ranked)  # any standings
        pairing = season_pairing(ranked=ranked, met=met, byes=byes, table_size=size)
        seated = [p for table in pairing.tables for p in table]
        # each player once: at one table or sitting out
        assert sorted(seated + pairing.byes) == players
        assert all(len(table) == size for table in pairing.tables)
        assert len(pairing.byes) == count % size
        # no repeat while a fair seating without one exists (and the fewest otherwise)
        assert pairing_repeats(tables=pairing.tables, met=met) == fewest_repeats(
            players, size, met, byes
        )
        for player in pairing.byes:
            byes[player] += 1
        # byes rotate: nobody sits out twice before everyone has sat out once
        assert max(byes.values()) - min(byes.values()) <= 1
        for table in pairing.tables:
            met |= {frozenset(pair) for pair in combinations(table, 2)}


def test_the_leader_meets_the_nearest_below_when_nothing_has_been_played():
    pairing = season_pairing(ranked=list("abcdefgh"), met=set(), byes={}, table_size=4)
    assert pairing.tables == [list("abcd"), list("efgh")] and pairing.byes == []


def test_a_player_with_fewer_byes_than_the_rest_sits_out_whatever_the_repeats():
    choices = list(bye_choices(by_need=list("edcba"), byes={"a": 1, "b": 1, "c": 1}, spare=1))
    assert choices == [{"e"}, {"d"}]


def test_the_bye_goes_to_the_lowest_of_those_with_fewest_byes():
    pairing = season_pairing(ranked=list("abcde"), met=set(), byes={"e": 1}, table_size=2)
    assert pairing.byes == ["d"]
    assert pairing.tables == [["a", "b"], ["c", "e"]]


def test_a_repeat_is_taken_only_when_it_cannot_be_avoided():
    # four players at tables of two, over three rounds everyone has met everyone
    met = {frozenset(p) for p in combinations("abcd", 2)}
    pairing = season_pairing(ranked=list("abcd"), met=met, byes={}, table_size=2)
    assert pairing_repeats(tables=pairing.tables, met=met) == 2
    # with a-b and c-d met, the nearest seating without them is a-c, b-d
    met = {frozenset("ab"), frozenset("cd")}
    pairing = season_pairing(ranked=list("abcd"), met=met, byes={}, table_size=2)
    assert pairing.tables == [["a", "c"], ["b", "d"]]
