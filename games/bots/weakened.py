"""Weakened variants of the baselines, for the arena only: each baseline with one part of
its style taken away, so the arena can show that the part is worth something.

`blind:<bot>`: the bot without its colour choice: every card it would take face up it
draws from the deck instead (when the deck has one; else as the bot chose).
`anykeep:<bot>`: the bot without its ticket choice: of the tickets on offer it keeps
one of the legal choices drawn uniformly (its seat's generator), the rest as the bot.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine import Action, ActionType, DrawCard

from .base import Bot, Seat

BLIND = DrawCard("deck")


class Blind:
    """`bot` drawing blind wherever it would pick a face-up card."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = f"blind:{bot.name}"

    def decide(self, seat: Seat) -> Action:
        action = self.bot.decide(seat)
        face_up = isinstance(action, DrawCard) and action.source != "deck"
        if face_up and BLIND in seat.options(ActionType.DRAW_CARD):
            return BLIND
        return action


class AnyKeep:
    """`bot` keeping tickets without choosing: a legal keep drawn uniformly."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = f"anykeep:{bot.name}"

    def decide(self, seat: Seat) -> Action:
        if ActionType.KEEP_TICKETS in seat.kinds:
            options = seat.options(ActionType.KEEP_TICKETS)
            return options[int(seat.rng.random() * len(options))]
        return self.bot.decide(seat)


WEAKENED: dict[str, Callable[[Bot], Bot]] = {"blind": Blind, "anykeep": AnyKeep}
