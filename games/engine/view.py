"""What one viewer may see of a game: their own cards and tickets, everyone else's counts.

Never the deck order, the ticket deck, the seed or another player's hand or tickets.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import scoring
from .actions import DrawCard
from .cards import hand_to_dict
from .choices import choices_of, missing_links, ticket_paths
from .enums import PendingKind, Phase
from .legal import _draw_options
from .maps import STATIONS_PER_PLAYER, get_map
from .seats import players_to_act
from .state import State, TunnelPending
from .view_types import DrawChoiceView, PendingView, PlayerEntryView, PlayerView, TableView


def public_pending(state: State) -> PendingView | None:
    pending = state.pending
    if pending is None:
        return None
    out: PendingView = {"kind": pending.kind, "player": state.players[state.current]}
    if isinstance(pending, TunnelPending):
        # The laid cards lie face up on the table until the tunnel is paid or declined.
        out["route"] = pending.route
        out["laid"] = hand_to_dict(pending.laid)
        out["revealed"] = list(pending.revealed)
        out["extra"] = pending.extra
    return out


def public_table(state: State) -> TableView:
    """What lies open on the table for everyone: turn, pending decision, piles' sizes, claims."""
    return {
        "phase": state.phase,
        "current": state.players[state.current],
        "pending": public_pending(state),
        "last_round_ends_after": (
            None
            if state.last_round_ends_after is None
            else state.players[state.last_round_ends_after]
        ),
        "face_up": list(state.face_up),
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "ticket_deck_count": len(state.ticket_deck),
        "claims": dict(state.claims),
        "stations": dict(state.stations),
        "final": None if state.final is None else state.final.to_dict(),
    }


def table_draws(table: Mapping[str, Any]) -> DrawChoiceView | None:
    """The train cards the player to move may draw now, read from what lies open on the table
    (any viewer's view, a spectator's too): the same as that player's own choices' "draw"
    (no locomotive from the row as a second card, nothing blind once both piles are empty);
    None when nobody may draw a card now."""
    if table.get("phase") != Phase.PLAY or table["current"] not in table["to_act"]:
        return None
    pending = table.get("pending")
    second = pending is not None and pending["kind"] == PendingKind.SECOND_CARD
    if pending is not None and not second:
        return None
    face_up = table["face_up"]
    blind = bool(table["deck_count"] or table["discard_count"])
    if not second and not (blind or face_up):
        return None
    draws = _draw_options(frozenset(face_up), second, blind)
    takes = [draw for draw in draws if isinstance(draw, DrawCard) and draw.source == "face_up"]
    said: DrawChoiceView = {"deck": blind, "face_up": [d.color for d in takes if d.color]}
    return said


def player_view(state: State, viewer: str | None, *, detail: bool = True) -> PlayerView:
    """A JSON-safe view for `viewer` (a player of the game) or a spectator (None); a viewer
    who is not a player of the game sees what a spectator sees.

    With `detail` (the table's and the API's view) the viewer's entry also says what they
    may do now and the paths of their tickets; a bot, which asks the legal-move generator
    itself and reads views by the thousand, leaves them out."""
    built: dict[str, int] = {}
    for owner in state.stations.values():
        built[owner] = built.get(owner, 0) + 1
    players: dict[str, PlayerEntryView] = {}
    for i, p in enumerate(state.players):
        entry: PlayerEntryView = {
            "score": state.scores[i],
            "trains": state.trains[i],
            "stations_left": STATIONS_PER_PLAYER - built.get(p, 0),
            "card_count": sum(state.hands[i]),
            "ticket_count": len(state.tickets[i]),
            "forfeited": state.forfeited[i],
        }
        if p == viewer:
            entry["hand"] = hand_to_dict(state.hands[i])
            entry["tickets"] = list(state.tickets[i])
            entry["offered"] = list(state.offered[i]) if state.offered[i] else None
            entry["ticket_progress"] = _progress(state, p, state.tickets[i])
            if detail:
                paths = ticket_paths(state, p, [*state.tickets[i], *(state.offered[i] or ())])
                entry["ticket_paths"] = paths
                entry["ticket_missing"] = missing_links(state, p, paths)
                entry["choices"] = choices_of(state, p)
        players[p] = entry
    return {
        "map": state.map_id,
        "players_order": list(state.players),
        "viewer": viewer if viewer in state.players else None,
        **public_table(state),
        "turn": state.turn,
        "to_act": list(players_to_act(state)),
        "players": players,
    }


def _progress(state: State, player: str, tickets: tuple[str, ...]) -> dict[str, bool]:
    if not tickets:
        return {}
    done = scoring.tickets_progress(
        get_map(state.map_id), state.claims, state.stations, player, tickets
    )
    return {t: bool(done[t]) for t in tickets}
