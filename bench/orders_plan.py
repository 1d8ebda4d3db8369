"""How often a standing order would have held: over two-player games of Route Focus bots,
the order one of them would leave at the end of its turn (what it would do if it moved
again at once) against what it does when its turn comes.

    .venv/bin/python -m bench.orders_plan --games 100

Prints, for the tracked seat's turns: how often the order is still legal and payable when
the turn comes (it is played), how often it is also the bot's own choice then (the same
kind of move, the same route or card), and so how many of a 40-turn game's visits an
attentive player could save (those turns need no visit of their own).
"""

import argparse
from collections import Counter
from dataclasses import replace

from games.bots import make_bot
from games.bots.base import bot_rng, seat_for
from games.engine import Phase, apply, new_game, players_to_act
from games.engine.orders import orders_from_list, orders_turn

TRACKED = "ann"


def order_of(action) -> dict | None:
    """The standing order that asks for the bot's move (None: no order says it)."""
    if action.type == "claim_route":
        colours = [kind for kind, _count in action.cards if kind != "locomotive"]
        return {
            "kind": "claim_route",
            "route": action.route,
            "pay": colours[0] if colours else "locomotive",
            "tunnel_extra": 3,
        }
    if action.type == "draw_card":
        if action.source == "deck":
            return {"kind": "draw_deck"}
        return {"kind": "draw_face_up", "color": action.color, "then": "deck"}
    if action.type == "draw_tickets":
        return {"kind": "draw_tickets", "keep": 1}
    if action.type == "build_station":
        return {"kind": "build_station", "city": action.city, "pay": action.cards[0][0]}
    return None


def same_choice(played, chosen) -> bool:
    if played.type != chosen.type:
        return False
    if played.type == "claim_route":
        return played.route == chosen.route
    if played.type == "draw_card":
        return (played.source, played.color) == (chosen.source, chosen.color)
    if played.type == "build_station":
        return played.city == chosen.city
    return True


def one_game(seed: int, map_id: str, by_kind: Counter) -> tuple[int, int, int]:
    """(turns of the tracked seat with an order, orders played, orders that were its choice);
    `by_kind` counts the same per kind of order ((kind, "left" | "played" | "chosen"))."""
    players = [TRACKED, "bob"]
    state = new_game(map_id, players, seed)
    bots = {p: make_bot("route_focus") for p in players}
    history: list[dict] = []
    plan = None
    turns = played = chosen = 0
    steps = 0
    while state.phase != Phase.GAME_OVER and steps < 5000:
        player = players_to_act(state)[0]
        at_start = state.phase == Phase.PLAY and state.pending is None
        view = seat_for(state, player, tuple(history), bot_rng(str(seed), player, steps))
        action = bots[player].decide(view)
        if player == TRACKED and at_start and plan is not None:
            turns += 1
            by_kind[plan["kind"], "left"] += 1
            result = orders_turn(state, player, orders_from_list(map_id, [plan]))
            if result.played is not None:
                played += 1
                by_kind[plan["kind"], "played"] += 1
                if same_choice(result.actions[0], action):
                    chosen += 1
                    by_kind[plan["kind"], "chosen"] += 1
        state, events = apply(state, player, action)
        history.extend(events)
        steps += 1
        if (
            player == TRACKED
            and state.phase == Phase.PLAY
            and state.players[state.current] != player
        ):
            # its turn is over: the plan it would leave is what it would do if it moved now
            seat = state.players.index(player)
            again = replace(state, current=seat, pending=None)
            rng = bot_rng(f"plan:{seed}", player, steps)
            plan = order_of(bots[player].decide(seat_for(again, player, tuple(history), rng)))
    return turns, played, chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--map", default="usa")
    args = parser.parse_args()
    turns = played = chosen = 0
    by_kind: Counter = Counter()
    for seed in range(args.games):
        t, p, c = one_game(seed, args.map, by_kind)
        turns, played, chosen = turns + t, played + p, chosen + c
    print(f"{args.games} games on {args.map}, Route Focus against Route Focus")
    print(f"turns with an order left: {turns}")
    print(f"order still legal and payable: {played} ({played / turns:.1%})")
    print(f"order still the bot's own choice: {chosen} ({chosen / turns:.1%})")
    print(f"visits saved in a 40-turn game: {40 * chosen / turns:.1f}")
    for kind in sorted({kind for kind, _ in by_kind}):
        left = by_kind[kind, "left"]
        print(
            f"  {kind}: {left} left, {by_kind[kind, 'played']} played, "
            f"{by_kind[kind, 'chosen']} its choice ({by_kind[kind, 'chosen'] / left:.1%})"
        )


if __name__ == "__main__":
    main()
