"""`python -m bench.engine`: speed of complete random games (not a test).

Each move: an action kind chosen uniformly among the legal kinds, then one of its options
uniformly; final scoring is part of every game. Prints games/s, actions/s and actions per
game for each map and player count, the worst final-scoring time seen, and the final-scoring
time of the adversarial position from bench.scoring. Times are CPU
time of this process; each figure is the best of several rounds, i.e. the speed of one core
when nothing else slows it.
"""

from __future__ import annotations

import argparse
import random
import time

from bench import scoring as scoring_bench
from games.engine.enums import Phase
from games.engine.legal import legal_action_kinds, legal_options
from games.engine.maps import MAP_IDS, STATIONS_PER_PLAYER, get_map
from games.engine.rules import apply
from games.engine.scoring import final_result
from games.engine.setup import new_game
from games.engine.state import State


def random_game(map_id: str, players: list[str], seed: int) -> tuple[State, int]:
    """Play one random legal game to the end; returns the final state and its action count."""
    rng = random.Random(seed)
    state = new_game(map_id, players, seed)
    actions = 0
    pick = rng.random
    while state.phase == Phase.INITIAL_TICKETS:  # the opening: anyone with tickets on offer
        player = next(p for i, p in enumerate(players) if state.offered[i])
        kinds = legal_action_kinds(state, player)
        options = legal_options(state, player, kinds[int(pick() * len(kinds))])
        state = apply(state, player, options[int(pick() * len(options))])[0]
        actions += 1
    seats = state.players
    while state.phase != Phase.GAME_OVER:  # the game proper: the current player acts
        player = seats[state.current]
        kinds = legal_action_kinds(state, player)
        options = legal_options(state, player, kinds[int(pick() * len(kinds))])
        state = apply(state, player, options[int(pick() * len(options))])[0]
        actions += 1
    return state, actions


def final_scoring_seconds(state: State) -> float:
    """Time of one final-scoring call on a finished game's position."""
    players = state.players
    start = time.process_time()
    final_result(
        get_map(state.map_id),
        players,
        state.claims,
        state.stations,
        {p: state.tickets[i] for i, p in enumerate(players)},
        {p: state.scores[i] for i, p in enumerate(players)},
        {p: state.stations_left(p) for p in players},
        [p for i, p in enumerate(players) if state.forfeited[i]],
    )
    return time.process_time() - start


def run(map_id: str, n_players: int, games: int, seed: int, rounds: int = 5) -> dict:
    """Play `rounds` rounds of `games` games (the same seeds each round); the best round
    gives the speed of one core (other processes on the machine only ever slow a round)."""
    players = [f"p{i + 1}" for i in range(n_players)]
    times = []
    total_actions = 0
    finals = []
    for _ in range(rounds):
        total_actions = 0
        finals = []
        start = time.process_time()
        for g in range(games):
            state, actions = random_game(map_id, players, seed + g)
            total_actions += actions
            finals.append(state)
        times.append(time.process_time() - start)
    best = min(times)
    worst_final = max(final_scoring_seconds(s) for s in finals)
    return {
        "map": map_id,
        "players": n_players,
        "games": games,
        "best_seconds": best,
        "games_per_s": games / best,
        "median_games_per_s": games / sorted(times)[len(times) // 2],
        "actions_per_s": total_actions / best,
        "actions_per_game": total_actions / games,
        "worst_final_ms": worst_final * 1000,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best one counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--maps", nargs="*", default=list(MAP_IDS))
    parser.add_argument("--players", nargs="*", type=int, default=[2, 3, 4, 5])
    args = parser.parse_args(argv)
    print(
        f"{'map':<7} {'players':>7} {'games/s':>8} {'(median)':>8} {'actions/s':>10} "
        f"{'actions/game':>12} {'worst final (ms)':>16}"
    )
    for map_id in args.maps:
        for n in args.players:
            r = run(map_id, n, args.games, args.seed, args.rounds)
            print(
                f"{map_id:<7} {n:>7} {r['games_per_s']:>8.0f} {r['median_games_per_s']:>8.0f} "
                f"{r['actions_per_s']:>10.0f} {r['actions_per_game']:>12.1f} "
                f"{r['worst_final_ms']:>16.2f}"
            )
    seconds = scoring_bench.adversarial_final_scoring_seconds()
    print(
        f"adversarial final scoring ({STATIONS_PER_PLAYER} stations, dense loops): "
        f"{seconds * 1000:.2f} ms"
    )


if __name__ == "__main__":
    main()
