"""`python -m games.bots.arena`: bots against bots, the figures of docs/bots.md.

    python -m games.bots.arena --map usa --players 2 --games 40 --seats strong,route_focus

`--seats` names one bot per seat (a baseline, a level, `strong:N` for a budget of N
simulated actions; `blind:<bot>` and `anykeep:<bot>`, that bot without its colour or its
ticket choice); with fewer names than players the list repeats. Game g seats the
bots rotated by g, so every bot sits in every position equally often. Prints per seat:
win share (a shared first place counts as a fraction), mean score, mean completed and
failed tickets, and the CPU time of its decisions (p50 / p95 / max, this process's CPU).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

from games.engine import MAPS

from . import make_bot
from .base import Bot
from .game import play_game
from .weakened import WEAKENED


@dataclass
class Tally:
    name: str
    games: int = 0
    wins: float = 0.0
    score: float = 0.0
    completed: int = 0
    failed: int = 0
    times: list[float] = field(default_factory=list)


def arena_bot(name: str) -> Bot:
    """A bot by name, or a weakened baseline for the arena only (weakened.py):
    `blind:<name>` without its colour choice, `anykeep:<name>` without its ticket choice."""
    base, sep, inner = name.partition(":")
    if sep and base in WEAKENED:
        return WEAKENED[base](make_bot(inner))
    return make_bot(name)


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(map_id: str, players: int, games: int, seats: Sequence[str], seed: int) -> list[Tally]:
    names = [seats[i % len(seats)] for i in range(players)]
    tallies = [Tally(n) for n in names]
    for g in range(games):
        order = [(i + g) % players for i in range(players)]  # seat j holds bot order[j]
        pids = [f"p{j + 1}" for j in range(players)]
        bots = [arena_bot(names[i]) for i in order]
        record = play_game(map_id, pids, bots, seed + g, clock=time.process_time)
        final = record.state.final
        assert final is not None  # play_game plays to the end
        first = final.ranking[0]
        for j, pid in enumerate(pids):
            t = tallies[order[j]]
            r = final.players[pid]
            t.games += 1
            t.score += r.total
            t.completed += len(r.completed)
            t.failed += len(r.failed)
            if pid in first:
                t.wins += 1.0 / len(first)
            t.times.extend(record.decision_seconds[pid])
    return tallies


def report(tallies: Sequence[Tally], out: TextIO | None = None) -> None:
    out = out or sys.stdout
    print(
        f"{'seat':<24} {'win %':>6} {'score':>7} {'done':>5} {'failed':>6} "
        f"{'p50 ms':>7} {'p95 ms':>7} {'max ms':>7}",
        file=out,
    )
    for i, t in enumerate(tallies):
        n = max(t.games, 1)
        print(
            f"{f'{i + 1}. {t.name}':<24} {100 * t.wins / n:>6.1f} {t.score / n:>7.1f} "
            f"{t.completed / n:>5.2f} {t.failed / n:>6.2f} "
            f"{1000 * percentile(t.times, 0.5):>7.1f} {1000 * percentile(t.times, 0.95):>7.1f} "
            f"{1000 * max(t.times, default=0.0):>7.1f}",
            file=out,
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", choices=MAPS, default="usa")
    parser.add_argument("--players", type=int, choices=range(2, 6), default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seats", default="casual,route_focus")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        for s in seats:
            arena_bot(s)
    except KeyError as e:
        parser.error(str(e.args[0]))
    print(f"{args.map}, {args.players} players, {args.games} games, seed {args.seed}")
    report(run(args.map, args.players, args.games, seats, args.seed))


if __name__ == "__main__":
    main()
