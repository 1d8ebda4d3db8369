"""Bots: computer players that decide from what their seat may know (docs/bots.md).

Pure Python beside the engine: no Django, no clock, no global random.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, Seat, bot_rng, seat_for
from .heuristic import (
    DestinationHungry,
    LongRoute,
    OneStepThinking,
    Planner,
    RandomBot,
    RouteFocus,
)
from .strong import Casual, Strong

BASELINES = ("random", "route_focus", "destination_hungry", "long_route", "one_step")
LEVELS = ("beginner", "casual", "strong")


def make_bot(name: str) -> Bot:
    """A bot by its arena name: a baseline, a level, `planner` (the levels' plan policy),
    or `strong:N` / `casual:N` (N simulated actions per decision)."""
    base, _, arg = name.partition(":")
    makers: dict[str, Callable[[], Bot]] = {
        "random": RandomBot,
        "route_focus": RouteFocus,
        "destination_hungry": DestinationHungry,
        "long_route": LongRoute,
        "one_step": OneStepThinking,
        "beginner": Beginner,
        "planner": Planner,
    }
    if base in ("strong", "casual") and (not arg or arg.isdigit()):
        cls = Strong if base == "strong" else Casual
        return cls(budget=int(arg)) if arg else cls()
    if base not in makers or arg:
        raise KeyError(f"unknown bot {name!r}; choose from {', '.join((*BASELINES, *LEVELS))}")
    return makers[base]()


class Beginner(RouteFocus):
    """Our Beginner level: the Route Focus baseline (one ticket at a time)."""

    name = "beginner"


__all__ = [
    "BASELINES",
    "LEVELS",
    "Beginner",
    "Bot",
    "Casual",
    "DestinationHungry",
    "LongRoute",
    "OneStepThinking",
    "Planner",
    "RandomBot",
    "RouteFocus",
    "Seat",
    "Strong",
    "bot_rng",
    "make_bot",
    "seat_for",
]
