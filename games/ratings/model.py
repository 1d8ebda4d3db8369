"""The rating model: openskill's Plackett–Luce, pinned, and the conservative shown rating.

Every parameter is spelled out so that a library upgrade changing a default
cannot silently change how ratings move (the rebuild check would flag it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce(
    mu=25.0,
    sigma=25.0 / 3.0,
    beta=25.0 / 6.0,
    kappa=0.0001,
    tau=25.0 / 300.0,
    margin=0.0,
    limit_sigma=False,
    balance=False,
)

# Shown rating = SHOWN_BASE + SHOWN_SCALE * (mu - 3 sigma): a conservative estimate
# (the skill we are ~99% sure a player has), scaled so a newcomer shows 1000.
SHOWN_Z = 3.0
SHOWN_SCALE = 20.0
SHOWN_BASE = 1000.0

# A rating is provisional until the player has this many games on that board.
PROVISIONAL_GAMES = 5


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        return MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal(
            z=SHOWN_Z, alpha=SHOWN_SCALE, target=SHOWN_BASE
        )


DEFAULT_SKILL = Skill(mu=MODEL.mu, sigma=MODEL.sigma)


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """New skills after one free-for-all game; a lower place is better, equal places tie."""
    if len(skills) != len(places):
        raise ValueError("one place per player")
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    rated = MODEL.rate(teams, ranks=list(places))
    return [Skill(mu=team[0].mu, sigma=team[0].sigma) for team in rated]
