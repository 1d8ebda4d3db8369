"""The rules of Ticket to Ride (USA and Europe), pure Python: see README.md for the API."""

from .actions import (
    ACTION_CLASSES,
    ACTION_FIELDS,
    Action,
    ActionFieldSpec,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    FieldType,
    KeepTickets,
    Pass,
    PayTunnel,
    action_from_dict,
)
from .describe import describe
from .determinise import InconsistentGuess, determinise
from .enums import ActionType, EventType, PendingKind, Phase, TieBreak
from .errors import IllegalMove, MalformedAction
from .legal import is_legal, legal_action_kinds, legal_actions, legal_options
from .maps import MAPS, City, Map, Route, Ticket, get_map
from .result import FinalResult, PlayerResult
from .rules import apply
from .rules.forfeit import forfeit
from .rules.tunnels import TUNNEL_REVEAL
from .scenario_loader import (
    FORFEIT,
    Forfeit,
    ScenarioError,
    load_scenario,
    play,
    run_scenario,
    scenario_state,
)
from .scenario_writer import PositionNotWritable, position_setup, rename_players
from .seats import must_act, players_to_act
from .setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from .state import State
from .statistics import game_statistics
from .tickets import borrowable_routes
from .view import player_view, table_draws
from .view_types import FinalView, PendingView, PlayerEntryView, PlayerResultView, PlayerView

__all__ = [
    "ACTION_CLASSES",
    "ACTION_FIELDS",
    "FORFEIT",
    "MAPS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "TUNNEL_REVEAL",
    "Action",
    "ActionFieldSpec",
    "ActionType",
    "BuildStation",
    "City",
    "ClaimRoute",
    "DeclineTunnel",
    "DrawCard",
    "DrawTickets",
    "EventType",
    "FieldType",
    "FinalResult",
    "FinalView",
    "Forfeit",
    "IllegalMove",
    "InconsistentGuess",
    "KeepTickets",
    "MalformedAction",
    "Map",
    "Pass",
    "PositionNotWritable",
    "Route",
    "PayTunnel",
    "PendingKind",
    "PendingView",
    "Phase",
    "PlayerEntryView",
    "PlayerResult",
    "PlayerResultView",
    "PlayerView",
    "ScenarioError",
    "State",
    "Ticket",
    "TieBreak",
    "action_from_dict",
    "apply",
    "borrowable_routes",
    "describe",
    "determinise",
    "forfeit",
    "game_statistics",
    "get_map",
    "is_legal",
    "legal_action_kinds",
    "legal_actions",
    "legal_options",
    "load_scenario",
    "must_act",
    "new_game",
    "play",
    "player_view",
    "table_draws",
    "position_setup",
    "rename_players",
    "players_to_act",
    "run_scenario",
    "scenario_state",
]
