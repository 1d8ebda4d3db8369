"""Strong: determinised rollouts over hidden information sampled from what the seat knows.

At the first action of a turn, Strong lists a few candidate moves (the plan policy's choice, the
claims of its plan and the longest claims, each face-up card and the blind draw; new
tickets late in the game), samples "worlds" consistent with its view (the others' hands:
the face-up cards they took and have not spent, the rest drawn from the unseen cards; their
tickets from the tickets it has not seen; the deck and the discard from what is left), and
plays each candidate in the same worlds, every player then following the plan policy
(`heuristic.Planner`) for a few turns, or to the end of the game once someone has fewer
than FULL_BELOW trains, and scores the position reached (see `evaluate`). The candidate
with the best mean wins. Its budget is a count of simulated engine actions per decision
(not a clock), so a game replays exactly; the arena measures the time. Which tickets to
keep is searched the same way late in the game; the other pending decisions (second card,
tunnel) and the opening keep are the plan policy's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import (
    Action,
    ActionType,
    EventType,
    PendingKind,
    Phase,
    PlayerView,
    State,
    apply,
    determinise,
    get_map,
    player_view,
)
from games.engine.cards import BOX, KIND_INDEX, hand_to_dict
from games.engine.maps import CARD_KINDS

from .base import Seat, seat_for
from .common import best_claim, claims_by_route
from .heuristic import Planner
from .knowledge import Knowledge

DEFAULT_BUDGET = 3000  # simulated actions per decision (the arena's times: docs/bots.md)
CASUAL_BUDGET = 1200  # the Casual level's
HORIZON_TURNS = 3  # turns each player plays in a rollout before the position is scored
# Once someone has fewer trains than this, rollouts play to the end of the game and score
# the final result (tickets completed or failed, longest path), new tickets become a
# candidate (with TICKETS_FROM trains or more) and a ticket choice is searched too.
FULL_BELOW = 25
TICKETS_FROM = 10
# The value of a position: own worth minus this much of the rivals' (half the best's,
# half their mean's). Under 1, it prefers its own points to the margin alone.
RIVAL_WEIGHT = 0.5
MAX_CANDIDATES = 6


def known_cards(
    history: Sequence[Mapping[str, Any]], players: Sequence[str]
) -> dict[str, list[int]]:
    """Cards each player is known to hold: face-up cards taken, less the cards they paid.

    (A payment is counted against known cards of its colours first, which is the least a
    player can have left.)"""
    known = {p: [0] * len(CARD_KINDS) for p in players}
    for e in history:
        t = e["type"]
        if t == EventType.CARD_DRAWN and e["source"] == "face_up":
            known[e["player"]][KIND_INDEX[e["color"]]] += 1
        elif t in (EventType.ROUTE_CLAIMED, EventType.STATION_BUILT, EventType.TUNNEL_PAID):
            held = known[e["player"]]
            for kind, n in (e.get("cards") or {}).items():
                i = KIND_INDEX[kind]
                held[i] = max(0, held[i] - n)
    return known


def sample_world(
    view: PlayerView, history: Sequence[Mapping[str, Any]], rng: random.Random
) -> State:
    """A full game state consistent with `view` (the seat's knowledge), hidden parts drawn:
    the others' hands (the cards they are known to hold, the rest from the unseen cards),
    the piles from what is left, the others' tickets from the tickets the seat has not seen."""
    me = view["viewer"]
    if me is None:
        raise ValueError("a world is sampled from a seat's own view")
    others = [p for p in view["players_order"] if p != me]
    m = get_map(view["map"])
    pool = list(BOX)
    for kind, n in view["players"][me]["hand"].items():
        pool[KIND_INDEX[kind]] -= n
    for kind in view["face_up"]:
        pool[KIND_INDEX[kind]] -= 1
    known = known_cards(history, view["players_order"])
    hands: dict[str, Any] = {}  # counts, then the colours they name
    for p in others:
        want = view["players"][p]["card_count"]
        hand = [0] * len(CARD_KINDS)
        for i, n in enumerate(known[p]):
            take = min(n, pool[i], want - sum(hand))
            hand[i] += take
            pool[i] -= take
        hands[p] = hand
    unseen = [k for k, n in zip(CARD_KINDS, pool, strict=True) for _ in range(max(n, 0))]
    rng.shuffle(unseen)
    for p in others:
        hand = hands[p]
        while sum(hand) < view["players"][p]["card_count"] and unseen:
            hand[KIND_INDEX[unseen.pop()]] += 1
        hands[p] = hand_to_dict(hand)
    discard_n = min(view["discard_count"], len(unseen))

    mine = set(view["players"][me]["tickets"]) | set(view["players"][me].get("offered") or [])
    regular = [t for t in m.regular_tickets if t not in mine]
    longs = [t for t in m.long_tickets if t not in mine]
    rng.shuffle(regular)
    rng.shuffle(longs)
    rest = regular[view["ticket_deck_count"] :]
    tickets = {}
    for p in others:
        n = view["players"][p]["ticket_count"]
        got = []
        if longs and n and (rng.random() < 0.5 or not rest):
            got.append(longs.pop())
        while len(got) < n and (rest or longs):
            got.append(rest.pop() if rest else longs.pop())
        tickets[p] = got
    return determinise(
        view,
        hands=hands,
        tickets=tickets,
        deck=unseen[discard_n:],
        discard=unseen[:discard_n],
        ticket_deck=regular[: view["ticket_deck_count"]],
        seed=rng.getrandbits(32),
    )


def player_value(state: State, player: str) -> float:
    """A position's worth for one player: route points, completed tickets, open tickets by
    how likely they still are, a little for cards in hand."""
    if state.final is not None:
        return float(state.final.players[player].total)
    view = player_view(state, player, detail=False)
    k = Knowledge(view)
    value = float(k.entry["score"])
    tickets = k.map.tickets
    open_ = []
    for t in k.tickets:
        if k.ticket_done(t):
            value += tickets[t].points
        else:
            open_.append(t)
    if open_:
        open_.sort(key=lambda t: -tickets[t].points)
        planned, ok, failed = k.plan(open_)
        min_trains = min(p["trains"] for p in view["players"].values())
        turns_left = max(1.0, min_trains / 2.5)
        missing = sum(k.needs(planned).values())
        risk = min(1.0, missing / (2.0 * turns_left + 1.0))
        value += sum(tickets[t].points for t in ok) * (1.0 - 2.0 * risk)
        value -= sum(tickets[t].points for t in failed)
    value += 0.4 * sum(k.hand.values())
    return value


def evaluate(state: State, me: str, rival_weight: float = RIVAL_WEIGHT) -> float:
    values = {p: player_value(state, p) for p in state.players}
    mine = values.pop(me)
    if not values:
        return mine
    others = list(values.values())
    return mine - rival_weight * (0.5 * max(others) + 0.5 * sum(others) / len(others))


class Strong:
    name = "strong"

    def __init__(
        self,
        budget: int | None = None,
        horizon: int = HORIZON_TURNS,
        full_below: int = FULL_BELOW,
        rival_weight: float = RIVAL_WEIGHT,
        tickets_from: int = TICKETS_FROM,
        search_tickets: bool = True,
    ) -> None:
        budget = DEFAULT_BUDGET if budget is None else budget
        self.budget = budget
        self.horizon = horizon
        self.full_below = full_below
        self.rival_weight = rival_weight
        self.tickets_from = tickets_from
        # late in the game: new tickets as a candidate, and a ticket choice searched
        self.search_tickets = search_tickets
        self.policy = Planner()

    def candidates(self, seat: Seat, k: Knowledge) -> list[Action]:
        out: list[Action] = []

        def add(a: Action | None) -> None:
            if a is not None and a not in out:
                out.append(a)

        add(self.policy.decide(seat))
        if ActionType.CLAIM_ROUTE in seat.kinds:
            by_route = claims_by_route(seat)
            planned = set(self.policy.targets(k))
            add(best_claim(seat, k, planned, by_route=by_route))
            add(best_claim(seat, k, None, by_route=by_route))
            add(
                best_claim(
                    seat,
                    k,
                    None,
                    lambda r: k.map.route_points(k.map.routes[r].length) / k.map.routes[r].length,
                    by_route=by_route,
                )
            )
        for a in seat.options(ActionType.DRAW_CARD):
            add(a)
        out = out[: MAX_CANDIDATES + 2]
        # New tickets otherwise only when the plan policy asks for them (its choice, the
        # first candidate): a few turns of rollout cannot see a ticket fail at the end.
        if self.search_tickets and self._full(seat.view) and k.trains >= self.tickets_from:
            for more in seat.options(ActionType.DRAW_TICKETS):
                add(more)
        return out

    def _full(self, view: Mapping[str, Any]) -> bool:
        """Whether rollouts play to the end: someone has fewer than `full_below` trains."""
        return bool(min(p["trains"] for p in view["players"].values()) < self.full_below)

    def decide(self, seat: Seat) -> Action:
        view = seat.view
        if view["phase"] != Phase.PLAY:
            return self.policy.decide(seat)
        pending = view["pending"]
        full = self._full(view)
        if pending is None and len(seat.kinds) >= 2:
            candidates = self.candidates(seat, Knowledge(view))
        elif (
            pending is not None
            and pending["kind"] == PendingKind.TICKETS
            and self.search_tickets
            and full
        ):
            candidates = list(seat.options(ActionType.KEEP_TICKETS))
        else:
            return self.policy.decide(seat)
        if len(candidates) == 1:
            return candidates[0]
        me = seat.me
        totals = [0.0] * len(candidates)
        runs = 0
        spent = 0
        rng = seat.rng
        while spent < self.budget or runs == 0:
            world = sample_world(view, seat.history, rng)
            world_seed = rng.getrandbits(32)
            for i, action in enumerate(candidates):
                value, used = self.rollout(world, me, action, random.Random(world_seed), full)
                totals[i] += value
                spent += used
            runs += 1
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def rollout(
        self, world: State, me: str, action: Action, rng: random.Random, full: bool = False
    ) -> tuple[float, int]:
        state, events = apply(world, me, action)
        used = 1
        turns = 0
        limit = math.inf if full else self.horizon * len(world.players)
        policy = self.policy
        while state.phase != Phase.GAME_OVER:
            turns += sum(1 for e in events if e["type"] == EventType.TURN_PASSED)
            if turns >= limit:
                break
            player = state.players[state.current]
            seat = seat_for(state, player, (), rng)
            state, events = apply(state, player, policy.decide(seat))
            used += 1
        return evaluate(state, me, self.rival_weight), used


class Casual(Strong):
    """Our Casual level: the same search on a smaller budget, weighing the margin alone and
    leaving tickets (when to draw, which to keep) to the plan policy."""

    name = "casual"

    def __init__(self, budget: int | None = None, horizon: int = HORIZON_TURNS) -> None:
        super().__init__(
            CASUAL_BUDGET if budget is None else budget,
            horizon,
            rival_weight=1.0,
            search_tickets=False,
        )
