"""Writing scenario documents (docs/scenarios.md): a position as a `setup`, and the same
document with its players renamed. The web app exports games and starts new ones with these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import hand_to_dict
from .state import State, TicketChoice

# The setup fields keyed by player, and those whose values are players.
_KEYED_BY_PLAYER = ("hands", "tickets", "offered", "trains", "scores")
_VALUED_BY_PLAYER = ("claims", "stations")
_NAMING_A_PLAYER = ("current", "last_round_ends_after")


class PositionNotWritable(ValueError):
    """A setup cannot express this position (a tunnel or a second card is pending, or the
    game is over)."""


def position_setup(state: State) -> dict[str, Any]:
    """The `setup` that rebuilds `state` exactly: piles in order, hands, tickets, the board.

    Forfeits and the count of consecutive passes are not part of a setup: everyone in the
    scenario plays. Raises PositionNotWritable in the middle of a turn or after the end.
    """
    if state.phase == "game_over":
        raise PositionNotWritable("the game is over")
    if state.pending is not None and not isinstance(state.pending, TicketChoice):
        raise PositionNotWritable(f"a {state.pending.kind.replace('_', ' ')} is pending")
    players = state.players
    setup: dict[str, Any] = {
        "phase": state.phase,
        "current": players[state.current],
        "train_deck": list(state.deck),
        "face_up": list(state.face_up),
        "discard": list(state.discard),
        "hands": {p: hand_to_dict(state.hands[i]) for i, p in enumerate(players)},
        "ticket_deck": list(state.ticket_deck),
        "tickets": {p: list(state.tickets[i]) for i, p in enumerate(players)},
        "offered": {p: list(state.offered[i]) for i, p in enumerate(players) if state.offered[i]},
        "claims": dict(state.claims),
        "stations": dict(state.stations),
        "trains": {p: state.trains[i] for i, p in enumerate(players)},
        "scores": {p: state.scores[i] for i, p in enumerate(players)},
        "last_round_ends_after": (
            None if state.last_round_ends_after is None else players[state.last_round_ends_after]
        ),
    }
    if not setup["offered"] and state.phase == "initial_tickets":
        setup["phase"] = "play"  # everyone has kept (only forfeits left it open)
    return setup


def rename_players(document: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The scenario with every player `p` called `names[p]` (players not in `names` keep
    their name): the players list, the setup and the actions."""

    def rename(p: Any) -> Any:
        return names.get(p, p) if isinstance(p, str) else p

    out = dict(document)
    if isinstance(document.get("players"), list):
        out["players"] = [rename(p) for p in document["players"]]
    setup = document.get("setup")
    if isinstance(setup, Mapping):
        setup = dict(setup)
        for key in _KEYED_BY_PLAYER:
            if isinstance(setup.get(key), Mapping):
                setup[key] = {rename(p): value for p, value in setup[key].items()}
        for key in _VALUED_BY_PLAYER:
            if isinstance(setup.get(key), Mapping):
                setup[key] = {place: rename(p) for place, p in setup[key].items()}
        for key in _NAMING_A_PLAYER:
            if key in setup:
                setup[key] = rename(setup[key])
        out["setup"] = setup
    if isinstance(document.get("actions"), list):
        out["actions"] = [
            {**action, "player": rename(action.get("player"))}
            if isinstance(action, Mapping)
            else action
            for action in document["actions"]
        ]
    return out
