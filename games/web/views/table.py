"""What one viewer may see of a game right now, and what they may do.

Everything shown on the game page comes from the engine's view for the viewer
(``player_view``, read through the selectors; never from the stored state itself): the
table, the viewer's own cards and tickets with their paths, and what they may do now
(``choices``: each route with its ways to pay, the station, the tickets to choose from,
a tunnel's payments), so a template cannot leak what the engine did not hand out and
the page offers exactly the moves the engine accepts. The view is read once per Table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import Any

from django.utils import timezone

from games.engine import ActionType, PendingView, Phase, PlayerEntryView, PlayerView, get_map
from games.engine.view_types import ChoicesView, KeepChoiceView, StationChoiceView
from games.models import Game, Move, Seat
from games.selectors.access import seat_view
from games.selectors.claim_refusal import claim_refusal
from games.selectors.vacations import SeatPauses
from games.words.refusals import refusal_sentence


@dataclass
class Table:
    game: Game
    seats: list[Seat]  # in seat order, users selected
    me: Seat | None  # the viewer's seat; None for a spectator
    view: PlayerView | dict[str, Any] = field(init=False)  # empty before the game starts
    action_types: frozenset[str] = field(init=False)  # what the viewer may do now

    # What a move has just worked out (games.services.play.PlayResult), so nothing is read
    # or viewed twice: the mover's view, every seat's vacations, and the Move.
    given_view: PlayerView | None = None
    given_pauses: SeatPauses | None = None
    pauses: SeatPauses = field(init=False)
    just_made: Move | None = None  # the move itself (the page's log adds it without a query)

    def __post_init__(self) -> None:
        self.pauses = self.given_pauses or SeatPauses(
            self.game, self.seats, since=self.game.turn_started_at or timezone.now()
        )
        if self.game.state is None:
            self.view, self.action_types = {}, frozenset()
            return
        if self.given_view is not None:
            self.view = self.given_view
        else:
            self.view = seat_view(game=self.game, seat=self.me) or {}
        # The engine says who may act (nobody once the game is over, never the forfeited).
        self.action_types = frozenset(self.choices["kinds"] if self.choices else ())

    @property
    def started(self) -> bool:
        return bool(self.view)

    @property
    def viewer(self) -> str | None:
        return self.me.player_id if self.me else None

    @cached_property
    def game_map(self):
        return get_map(self.game.map_id)

    @cached_property
    def names(self) -> dict[str, str]:
        return {seat.player_id: seat.shown_name for seat in self.seats}

    @cached_property
    def colors(self) -> dict[str, str]:
        return {seat.player_id: seat.color for seat in self.seats}

    @cached_property
    def away(self) -> dict[int, date]:
        """{user id: last day away} for the players on vacation now."""
        if not self.game.allow_vacations or not self.game.is_active:
            return {}
        return self.pauses.away(timezone.now())

    @cached_property
    def seat_by_player(self) -> dict[str, Seat]:
        return {seat.player_id: seat for seat in self.seats}

    @property
    def bot_to_move(self) -> bool:
        """A bot's turn (from the start or taken over): the page asks for the version sooner,
        so the bot's move shows as soon as it is made."""
        if self.view.get("phase") != Phase.PLAY:
            return False
        seat = self.seat_by_player.get(self.view["current"])
        return bool(seat and seat.bot_level)

    @property
    def choices(self) -> ChoicesView | None:
        """What the viewer may do now (the engine's ChoicesView); None when nothing."""
        return self.mine.get("choices")

    @cached_property
    def claims(self) -> dict[str, list[dict[str, int]]]:
        """route id -> the distinct ways the viewer may pay for it now, in the engine's order."""
        return self.choices["claims"] if self.choices else {}

    @cached_property
    def claimable_routes(self) -> set[str]:
        return set(self.claims)

    @property
    def station(self) -> StationChoiceView | None:
        """The station the viewer may build now: its cost, the free cities, the ways to pay."""
        return self.choices["station"] if self.choices else None

    @property
    def keep(self) -> KeepChoiceView | None:
        """The tickets the viewer must choose from now and how many they must keep."""
        return self.choices["keep"] if self.choices else None

    @property
    def tunnel_payments(self) -> list[dict[str, int]]:
        return self.choices["tunnel_payments"] if self.choices else []

    def claim_refusal(self, route_id: str) -> str:
        """Why the viewer cannot claim this route now, in the engine's words ("" if unknown)."""
        if self.me is None:
            return ""  # a spectator claims nothing
        refusal = claim_refusal(game=self.game, seat=self.me, route_id=route_id)
        return refusal_sentence(refusal) if refusal else ""

    @cached_property
    def face_up_colors(self) -> set[str]:
        draw = self.choices["draw"] if self.choices else None
        return set(draw["face_up"]) if draw else set()

    @property
    def can_draw_deck(self) -> bool:
        draw = self.choices["draw"] if self.choices else None
        return bool(draw and draw["deck"])

    @property
    def can_draw_tickets(self) -> bool:
        return ActionType.DRAW_TICKETS in self.action_types

    @property
    def can_build_station(self) -> bool:
        return ActionType.BUILD_STATION in self.action_types

    @property
    def must_pass(self) -> bool:
        return ActionType.PASS in self.action_types

    @property
    def mine(self) -> PlayerEntryView | dict[str, Any]:
        """The viewer's own entry in the view (hand, tickets, offers); empty for a spectator."""
        if not self.me or not self.view:
            return {}
        return self.view["players"].get(self.me.player_id) or {}

    @property
    def my_pending(self) -> PendingView | None:
        pending = self.view.get("pending") if self.view else None
        if pending and self.me and pending.get("player") == self.me.player_id:
            return pending
        return None

    @property
    def is_my_turn(self) -> bool:
        """The viewer's turn in play (in the opening everyone chooses side by side)."""
        return (
            self.viewer is not None
            and self.view.get("phase") == Phase.PLAY
            and self.viewer in self.view["to_act"]
        )
