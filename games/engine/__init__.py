"""The rules of Ticket to Ride (USA and Europe), pure Python: see README.md for the API."""

from .actions import (
    Action,
    BuildStation,
    ClaimRoute,
    DeclineTunnel,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    action_from_dict,
)
from .describe import describe
from .errors import IllegalMove, MalformedAction
from .legal import is_legal, legal_action_kinds, legal_actions, legal_options
from .maps import MAPS, get_map
from .rules import apply
from .rules.forfeit import forfeit
from .scenario_loader import (
    FORFEIT,
    ScenarioError,
    load_scenario,
    play,
    run_scenario,
    scenario_state,
)
from .scenario_writer import PositionNotWritable, position_setup, rename_players
from .setup import new_game
from .state import State
from .statistics import game_statistics
from .view import player_view

__all__ = [
    "FORFEIT",
    "MAPS",
    "Action",
    "BuildStation",
    "ClaimRoute",
    "DeclineTunnel",
    "DrawCard",
    "DrawTickets",
    "IllegalMove",
    "KeepTickets",
    "MalformedAction",
    "Pass",
    "PositionNotWritable",
    "PayTunnel",
    "ScenarioError",
    "State",
    "action_from_dict",
    "apply",
    "describe",
    "forfeit",
    "game_statistics",
    "get_map",
    "is_legal",
    "legal_action_kinds",
    "legal_actions",
    "legal_options",
    "load_scenario",
    "new_game",
    "play",
    "player_view",
    "position_setup",
    "rename_players",
    "run_scenario",
    "scenario_state",
]
