"""The baselines of de Mesentier Silva, Lee, Togelius and Nealen (FDG 2017), the random
player, and the plan policy our levels search with: rule-based bots that plan paths for
their tickets.

See docs/bots.md for how each description was read and where it left a choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.engine import Action, ActionType, ClaimRoute, PendingKind
from games.engine.maps import COLORS, LOCOMOTIVE

from .base import Seat
from .common import (
    best_claim,
    choose_keep,
    claims_by_route,
    draw_toward,
    keep_value,
    pay_or_decline,
    station_completing,
)
from .knowledge import Knowledge

TURN = None  # no pending decision: the first action of a turn


def _pending_kind(seat: Seat) -> PendingKind | None:
    pending = seat.view["pending"]
    return None if pending is None else pending["kind"]


def _first_ticket_plan(k: Knowledge) -> list[str]:
    """The routes of the most valuable open ticket that can still be made."""
    for t in k.open_tickets():
        planned, ok, _ = k.plan([t])
        if ok:
            return planned
    return []


def _only(seat: Seat) -> Action | None:
    """Pass when nothing else is legal."""
    if seat.kinds == (ActionType.PASS,):
        return seat.options(ActionType.PASS)[0]
    return None


def _fallback(seat: Seat, k: Knowledge) -> Action:
    """Some legal action: draw a card, else the longest claim, else draw tickets, else pass."""
    if ActionType.DRAW_CARD in seat.kinds:
        draw = draw_toward(seat, k, {})
        if draw is not None:
            return draw
    claim = best_claim(seat, k, None)
    if claim is not None:
        return claim
    for kind in seat.kinds:
        options = seat.options(kind)
        if options:
            return options[0]
    raise RuntimeError("no legal action")  # the engine always offers one (pass at worst)


class RandomBot:
    """Today's benchmark player: a legal action kind uniformly, then one of its options."""

    name = "random"

    def decide(self, seat: Seat) -> Action:
        kinds = seat.kinds
        options = seat.options(kinds[int(seat.rng.random() * len(kinds))])
        return options[int(seat.rng.random() * len(options))]


class PlannerBot:
    """Shared skeleton: answer pending decisions, then a turn's first action (`turn`)."""

    name = "planner"

    def decide(self, seat: Seat) -> Action:
        only = _only(seat)
        if only is not None:
            return only
        k = Knowledge(seat.view)
        kind = _pending_kind(seat)
        if ActionType.KEEP_TICKETS in seat.kinds:
            return self.keep(seat, k)
        if kind == PendingKind.TUNNEL:
            return pay_or_decline(seat, k, self.pay_tunnel(seat, k))
        if kind == PendingKind.SECOND_CARD:
            return draw_toward(seat, k, self.needs(k)) or _fallback(seat, k)
        return self.turn(seat, k) or _fallback(seat, k)

    # --- overridden by each bot ---
    def keep(self, seat: Seat, k: Knowledge) -> Action:
        return choose_keep(seat, k, lambda kept: keep_value(k, kept, 1.0, 0.5))

    def targets(self, k: Knowledge) -> list[str]:
        return k.plan(k.open_tickets())[0]

    def needs(self, k: Knowledge) -> dict[str, int]:
        return k.needs(self.targets(k))

    def pay_tunnel(self, seat: Seat, k: Knowledge) -> bool:
        return True

    def turn(self, seat: Seat, k: Knowledge) -> Action | None:
        raise NotImplementedError

    # --- shared moves ---
    def _draw_tickets(self, seat: Seat) -> Action | None:
        if ActionType.DRAW_TICKETS in seat.kinds:
            return seat.options(ActionType.DRAW_TICKETS)[0]
        return None


class RouteFocus(PlannerBot):
    """Route Focus: one destination at a time, the most valuable first; claims the routes
    of its shortest path, the longest first, paid so that the rest of the path keeps its
    colours; draws the colours that path needs, and draws new destinations once every
    destination is completed or cannot be."""

    name = "route_focus"

    def keep(self, seat: Seat, k: Knowledge) -> Action:
        # The tickets whose points fit the trains left, those that do not counted twice
        # against (the plan policy's measure): the best tickets to work on one by one.
        return choose_keep(seat, k, lambda kept: keep_value(k, kept, 2.0, 1.5, 0.5))

    def targets(self, k: Knowledge) -> list[str]:
        return _first_ticket_plan(k)

    def turn(self, seat: Seat, k: Knowledge) -> Action | None:
        station = station_completing(seat, k)
        if station is not None:
            return station
        targets = self.targets(k)
        by_route = claims_by_route(seat)
        if targets:
            claim = best_claim(seat, k, set(targets), by_route=by_route, keep_for=targets)
            if claim is not None:
                return claim
            if k.endgame():  # the path will not be finished: points now
                claim = best_claim(seat, k, None, by_route=by_route)
                if claim is not None:
                    return claim
            return draw_toward(seat, k, k.needs(targets))
        if k.trains >= 15 and not k.endgame():  # trains enough to build another path
            draw = self._draw_tickets(seat)
            if draw is not None:
                return draw
        return best_claim(seat, k, None, by_route=by_route) or draw_toward(seat, k, {})


class DestinationHungry(PlannerBot):
    """Destination Hungry: gathers destinations first (keeps every one that fits a joint
    plan and draws more while the plan uses under 60% of its trains), then builds the plan."""

    name = "destination_hungry"

    def keep(self, seat: Seat, k: Knowledge) -> Action:
        return choose_keep(seat, k, lambda kept: keep_value(k, kept, 0.5, 0.0))

    def turn(self, seat: Seat, k: Knowledge) -> Action | None:
        planned, _ok, _ = k.plan(k.open_tickets())
        used = sum(k.map.routes[r].length for r in planned)
        if used < 0.6 * k.trains and k.trains >= 15 and not k.endgame():
            draw = self._draw_tickets(seat)
            if draw is not None:
                return draw
        if planned:
            claim = best_claim(seat, k, set(planned), keep_for=planned)
            if claim is not None:
                return claim
            return draw_toward(seat, k, k.needs(planned))
        return best_claim(seat, k, None) or draw_toward(seat, k, {})


class LongRoute(PlannerBot):
    """Long Route: claims long routes (5 and 6 cars, and 4 when its tickets have none left);
    keeps destinations whose paths use long routes; collects the colour it holds most."""

    name = "long_route"

    def keep(self, seat: Seat, k: Knowledge) -> Action:
        def score(kept: Sequence[str]) -> float:
            total = 0.0
            for t in kept:
                _c, routes = k.path(k.map.tickets[t].a, k.map.tickets[t].b)
                total += sum(k.map.routes[r].length for r in routes if k.map.routes[r].length >= 4)
            return total - 0.1 * len(kept)

        return choose_keep(seat, k, score)

    def _long_open(self, k: Knowledge) -> list[str]:
        return [
            r.id
            for r in k.map.routes.values()
            if r.length >= 5 and r.length <= k.trains and k.is_open(r.id)
        ]

    def targets(self, k: Knowledge) -> list[str]:
        planned = k.plan(k.open_tickets())[0]
        longs = self._long_open(k)
        if longs:
            colour = max(COLORS, key=lambda c: (k.hand.get(c, 0), c))
            fit = [r for r in longs if k.map.routes[r].color in (colour, "gray")] or longs
            planned = [*planned, max(fit, key=lambda r: (k.map.routes[r].length, r))]
        return planned

    def turn(self, seat: Seat, k: Knowledge) -> Action | None:
        by_route = claims_by_route(seat)
        long_claim = best_claim(
            seat, k, [r for r in by_route if k.map.routes[r].length >= 5], by_route=by_route
        )
        if long_claim is not None:
            return long_claim
        planned = k.plan(k.open_tickets())[0]
        claim = best_claim(seat, k, set(planned), by_route=by_route, keep_for=planned)
        if claim is not None:
            return claim
        if not planned:
            four = best_claim(
                seat, k, [r for r in by_route if k.map.routes[r].length >= 4], by_route=by_route
            )
            if four is not None:
                return four
            if k.trains >= 15:
                draw = self._draw_tickets(seat)
                if draw is not None:
                    return draw
            if k.endgame():
                claim = best_claim(seat, k, None, by_route=by_route)
                if claim is not None:
                    return claim
        return draw_toward(seat, k, k.needs(self.targets(k)))


class OneStepThinking(PlannerBot):
    """One Step Thinking: every turn, each kind of move is valued by what it brings at once
    (a claim of its path, a card its path needs, new destinations when it has none open),
    and the best is played: no plan carried over from one turn to the next."""

    name = "one_step"

    def keep(self, seat: Seat, k: Knowledge) -> Action:
        def score(kept: Sequence[str]) -> float:
            value = 0.0
            for t in kept:
                cost = k.path(k.map.tickets[t].a, k.map.tickets[t].b)[0]
                value += k.map.tickets[t].points / max(cost, 1.0)
            return value - 2.0 * len(kept)

        return choose_keep(seat, k, score)

    # As Route Focus: only the most valuable open ticket that can still be made, seen
    # afresh each turn.
    def targets(self, k: Knowledge) -> list[str]:
        return _first_ticket_plan(k)

    def turn(self, seat: Seat, k: Knowledge) -> Action | None:
        targets = self.targets(k)
        by_route = claims_by_route(seat)
        moves: list[tuple[float, Action]] = []
        if targets:
            claim = best_claim(seat, k, set(targets), by_route=by_route, keep_for=targets)
            if claim is not None:
                moves.append((20.0 + k.map.route_points(k.map.routes[claim.route].length), claim))
        anyclaim = best_claim(seat, k, None, by_route=by_route)
        if anyclaim is not None and k.map.routes[anyclaim.route].length >= 3:
            moves.append((k.map.route_points(k.map.routes[anyclaim.route].length), anyclaim))
        if not targets and k.trains >= 10:
            draw = self._draw_tickets(seat)
            if draw is not None:
                moves.append((8.0, draw))
        card = draw_toward(seat, k, k.needs(targets)) if targets else None
        if card is not None:
            moves.append((9.0, card))
        if not moves:
            return None
        return max(moves, key=lambda m: m[0])[1]


class Planner(PlannerBot):
    """The plan policy (the searching levels' rollout policy and fallback): a joint plan
    for all open tickets (shared paths), tickets kept by
    what fits the trains left, new tickets only with trains and time to spare, tunnels tried
    with a spare card, stations when one completes a ticket, the most points in the end."""

    name = "planner"

    def keep(self, seat: Seat, k: Knowledge) -> Action:
        return choose_keep(seat, k, lambda kept: keep_value(k, kept, 2.0, 1.5, 0.5))

    def pay_tunnel(self, seat: Seat, k: Knowledge) -> bool:
        pending = seat.view["pending"]
        r = k.map.routes[pending["route"]]
        planned = set(self.targets(k))
        return r.id in planned or pending["extra"] <= 1 or r.length >= 4

    def turn(self, seat: Seat, k: Knowledge) -> Action | None:
        station = station_completing(seat, k)
        if station is not None:
            return station
        by_route = claims_by_route(seat)
        planned = self.targets(k)
        endgame = k.endgame()
        if planned:
            claim = best_claim(seat, k, set(planned), by_route=by_route)
            if claim is not None:
                return claim
            if endgame:
                claim = best_claim(
                    seat, k, None, lambda r: k.map.routes[r].length, by_route=by_route
                )
                if claim is not None:
                    return claim
            spare = self._spare_claim(k, planned, by_route)
            if spare is not None:
                return spare
            return draw_toward(seat, k, k.needs(planned))
        rivals_trains = min(p["trains"] for q, p in seat.view["players"].items() if q != k.me)
        if k.trains >= 18 and rivals_trains >= 18 and not endgame:
            draw = self._draw_tickets(seat)
            if draw is not None:
                return draw
        claim = best_claim(seat, k, None, by_route=by_route)
        if claim is not None and (endgame or k.map.routes[claim.route].length >= 3):
            return claim
        return draw_toward(seat, k, self._long_needs(k))

    def _spare_claim(
        self, k: Knowledge, planned: list[str], by_route: Mapping[str, Sequence[ClaimRoute]]
    ) -> Action | None:
        """A route of 3+ off the plan paid only with cards the plan does not need, leaving
        the plan's trains (and two more) in hand."""
        missing, left = k.allocate(planned)
        plan_trains = sum(k.map.routes[r].length for r in planned)
        spare_locos = left.get(LOCOMOTIVE, 0) if not missing else 0
        best = None
        for rid, options in by_route.items():
            r = k.map.routes[rid]
            if r.length < 3 or rid in planned or k.trains - r.length < plan_trains + 2:
                continue
            for a in options:
                cards = dict(a.cards)
                if cards.get(LOCOMOTIVE, 0) > spare_locos:
                    continue
                if any(n > left.get(c, 0) for c, n in cards.items() if c != LOCOMOTIVE):
                    continue
                key = (r.length, -cards.get(LOCOMOTIVE, 0), rid)
                if best is None or key > best[0]:
                    best = (key, a)
        return None if best is None else best[1]

    def _long_needs(self, k: Knowledge) -> dict[str, int]:
        """Without tickets to build: the longest open route in the colours held."""
        best = None
        for r in k.map.routes.values():
            if r.length > k.trains or not k.is_open(r.id) or r.locomotives:
                continue
            have = k.hand.get(LOCOMOTIVE, 0) + (
                max(k.hand.get(c, 0) for c in COLORS)
                if r.color == "gray"
                else k.hand.get(r.color, 0)
            )
            key = (k.map.route_points(r.length) * min(1.0, (have + 2) / r.length), r.id)
            if best is None or key > best[0]:
                best = (key, r.id)
        return k.needs([best[1]]) if best else {}
