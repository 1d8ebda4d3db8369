"""The engine's vocabulary: phases, action and event types, pending decisions, tie-breaks.

Each is a StrEnum, so a member is the very string the JSON carries (`Phase.PLAY == "play"`,
`json.dumps(Phase.PLAY) == '"play"'`): code outside the engine names them, never spells
them, and stored states and events read back as plain strings compare equal. A member's
repr is its name (`Phase.PLAY`), so a repr holding one (a state's, an event's) evaluates
back in the engine's namespace.
"""

from __future__ import annotations

from enum import StrEnum


class _Vocabulary(StrEnum):
    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Phase(_Vocabulary):
    INITIAL_TICKETS = "initial_tickets"  # everyone chooses opening tickets, side by side
    PLAY = "play"  # turns in seat order
    GAME_OVER = "game_over"


class ActionType(_Vocabulary):
    DRAW_CARD = "draw_card"
    CLAIM_ROUTE = "claim_route"
    DRAW_TICKETS = "draw_tickets"
    KEEP_TICKETS = "keep_tickets"
    BUILD_STATION = "build_station"
    PAY_TUNNEL = "pay_tunnel"
    DECLINE_TUNNEL = "decline_tunnel"
    PASS = "pass"


class PendingKind(_Vocabulary):
    """The decision the current player still owes within their turn."""

    SECOND_CARD = "second_card"
    TICKETS = "tickets"
    TUNNEL = "tunnel"


class EventType(_Vocabulary):
    CARD_DRAWN = "card_drawn"
    ROUTE_CLAIMED = "route_claimed"
    TICKETS_DRAWN = "tickets_drawn"
    TICKETS_KEPT = "tickets_kept"
    STATION_BUILT = "station_built"
    TUNNEL_REVEALED = "tunnel_revealed"
    TUNNEL_PAID = "tunnel_paid"
    TUNNEL_DECLINED = "tunnel_declined"
    FACE_UP_RESET = "face_up_reset"
    DECK_RESHUFFLED = "deck_reshuffled"
    PASSED = "passed"
    LAST_ROUND = "last_round"
    TURN_PASSED = "turn_passed"
    PLAYER_FORFEITED = "player_forfeited"
    GAME_OVER = "game_over"


class TieBreak(_Vocabulary):
    """The steps that order players with the same total, in a map's order (`Map.tie_breaks`)."""

    MOST_COMPLETED_TICKETS = "most_completed_tickets"
    FEWEST_STATIONS_BUILT = "fewest_stations_built"
    LONGEST_PATH_BONUS = "longest_path_bonus"
