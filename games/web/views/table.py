"""What one viewer may see of a game right now, and what they may do.

Everything shown on the game page comes from ``player_view(state, viewer)``
(never from the stored state itself) and from the viewer's legal actions, so a
template cannot leak what the engine did not hand out. The state is read once
per Table; legal actions are built one kind at a time, only for the kinds the
page shows (a claim or station can be paid in hundreds of ways).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import cached_property

from django.utils import timezone

from games import engine
from games.engine import ActionType, Phase
from games.models import Game, Move, Seat
from games.services.clock import SeatPauses
from games.words.refusals import refusal_sentence


@dataclass
class Table:
    game: Game
    seats: list[Seat]  # in seat order, users selected
    me: Seat | None  # the viewer's seat; None for a spectator
    view: dict = field(init=False)
    action_types: frozenset[str] = field(init=False)  # what the viewer may do now

    # What a move has just worked out (games.services.play.PlayResult), so nothing is read
    # or viewed twice: its state, the mover's view, every seat's vacations, and the Move.
    state: engine.State | None = None
    given_view: dict | None = None
    pauses: SeatPauses | None = None
    just_made: Move | None = None  # the move itself (the page's log adds it without a query)

    def __post_init__(self) -> None:
        self._state = self.state
        if self.pauses is None:
            self.pauses = SeatPauses(
                self.game, self.seats, since=self.game.turn_started_at or timezone.now()
            )
        self._legal: dict[str, list[dict]] = {}
        if self.game.state is None:
            self.view, self.action_types = {}, frozenset()
            return
        if self._state is None:
            self._state = engine.State.from_dict(self.game.state)
        if self.given_view is not None:
            self.view = self.given_view
        else:
            self.view = engine.player_view(self._state, self.viewer)
        # The engine says who may act (nobody once the game is over, never the forfeited).
        self.action_types = frozenset(
            engine.legal_action_kinds(self._state, self.viewer) if self.viewer else ()
        )

    @property
    def started(self) -> bool:
        return bool(self.view)

    @property
    def viewer(self) -> str | None:
        return self.me.player_id if self.me else None

    @cached_property
    def game_map(self):
        return engine.get_map(self.game.map_id)

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
        seat = self.seat_by_player.get(self.view.get("current"))
        return bool(seat and seat.bot_level)

    def legal_of(self, action_type: str) -> list[dict]:
        """The viewer's legal actions of one type, as action dicts."""
        if action_type not in self.action_types:
            return []
        if action_type not in self._legal:
            options = engine.legal_options(self._state, self.viewer, action_type)
            self._legal[action_type] = [action.to_dict() for action in options]
        return self._legal[action_type]

    @cached_property
    def claimable_routes(self) -> set[str]:
        return {action["route"] for action in self.legal_of(ActionType.CLAIM_ROUTE)}

    def claim_refusal(self, route_id: str) -> str:
        """Why the viewer cannot claim this route now, in the engine's words: it is asked to
        apply the claim paid with the colour the viewer holds most of (nothing is saved)."""
        route = self.game_map.routes[route_id]
        hand = {k: n for k, n in (self.mine.get("hand") or {}).items() if n and k != "locomotive"}
        colour = route.color if route.color != "gray" else max(hand, key=hand.get, default="red")
        action = {
            "type": ActionType.CLAIM_ROUTE,
            "route": route_id,
            "cards": {colour: route.length},
        }
        try:
            engine.apply(self._state, self.viewer, engine.action_from_dict(action))
        except engine.IllegalMove as refusal:
            return refusal_sentence(refusal)
        return ""

    @cached_property
    def face_up_colors(self) -> set[str]:
        return {
            action["color"]
            for action in self.legal_of(ActionType.DRAW_CARD)
            if action["from"] == "face_up"
        }

    @property
    def can_draw_deck(self) -> bool:
        return any(action["from"] == "deck" for action in self.legal_of(ActionType.DRAW_CARD))

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
    def mine(self) -> dict:
        """The viewer's own entry in the view (hand, tickets, offers); empty for a spectator."""
        if not self.me or not self.view:
            return {}
        return self.view["players"].get(self.me.player_id, {})

    @property
    def my_pending(self) -> dict | None:
        pending = self.view.get("pending") if self.view else None
        if pending and self.me and pending.get("player") == self.me.player_id:
            return pending
        return None

    @property
    def is_my_turn(self) -> bool:
        """The viewer's turn in play (in the opening everyone chooses side by side)."""
        return (
            self.viewer is not None
            and self._state.phase == Phase.PLAY
            and engine.must_act(self._state, self.viewer)
        )
