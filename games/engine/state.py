"""The game state: one immutable value, small JSON, replayable from its seed.

Players are stored by seat index internally (tuples indexed like `players`); the JSON form
uses player names. Randomness is a seed plus a count of the shuffles made so far: the n-th
shuffle uses random.Random(f"{seed}:{n}"), so no generator object has to be stored.
Mapping fields (claims, stations) are dicts that the engine never mutates: every change
makes a new one. Treat them as read-only. `claims` is a `Claims` (a dict) that also
caches the open-route index the legal-move search needs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .cards import KIND_INDEX, LOCO, hand_from_mapping, hand_to_dict
from .enums import PendingKind, Phase
from .maps import CARD_KINDS, STATIONS_PER_PLAYER, get_map
from .result import FinalResult


@dataclass(frozen=True, slots=True)
class SecondCard:
    """The current player drew one card and must draw a second."""

    kind: ClassVar[PendingKind] = PendingKind.SECOND_CARD


@dataclass(frozen=True, slots=True)
class TicketChoice:
    """The current player drew tickets (listed in `offered`) and must keep at least one."""

    kind: ClassVar[PendingKind] = PendingKind.TICKETS


@dataclass(frozen=True, slots=True)
class TunnelPending:
    """Tunnel cards laid and top cards turned up; the player must pay `extra` more or decline."""

    route: str
    laid: tuple[int, ...]  # counts per card kind, out of every pile until resolved
    color: int  # kind index the extra cards must match (LOCO when paid with locomotives only)
    revealed: tuple[str, ...]
    extra: int
    kind: ClassVar[PendingKind] = PendingKind.TUNNEL


SECOND_CARD = SecondCard()
TICKET_CHOICE = TicketChoice()
Pending = SecondCard | TicketChoice | TunnelPending


class Claims(dict[str, str]):
    """route id -> player. Never changed once made: a claim makes a new Claims (`plus`)."""

    # Caches for legal.py: the open-route index of these claims (None or unset until
    # derived), and (parent Claims, route, player) so a child's index can be derived from
    # its parent's instead of rebuilt.
    __slots__ = ("open_index", "parent")
    open_index: tuple[Any, ...] | None
    parent: tuple[Claims, str, str] | None

    def plus(self, route: str, player: str) -> Claims:
        new = Claims(self)
        dict.__setitem__(new, route, player)
        new.open_index = None
        new.parent = (self, route, player)
        return new


# Slotted, with one more slot than fields: `events`, which only a rules.draft.Draft (the
# State's mutable working copy, of the same layout) sets. apply() copies a state slot by
# slot into a Draft, which becomes the next State: cheaper than calling __init__ with
# every field, and than copying an attribute dict.
@dataclass(frozen=True)
class State:
    __slots__ = (
        "map_id",
        "players",
        "seed",
        "shuffles",
        "phase",
        "current",
        "pending",
        "deck",
        "discard",
        "face_up",
        "ticket_deck",
        "claims",
        "stations",
        "hands",
        "tickets",
        "offered",
        "trains",
        "scores",
        "forfeited",
        "last_round_ends_after",
        "passes",
        "final",
        "turn",
        "events",
    )

    map_id: str
    players: tuple[str, ...]  # seat order
    seed: int
    shuffles: int  # shuffles made so far
    phase: Phase
    current: int  # seat whose turn it is (in the opening: who moves first)
    pending: Pending | None
    deck: tuple[str, ...]  # top first
    discard: tuple[str, ...]
    face_up: tuple[str, ...]
    ticket_deck: tuple[str, ...]  # top first
    claims: Claims  # route id -> player
    stations: Mapping[str, str]  # city id -> player
    hands: tuple[tuple[int, ...], ...]  # per seat: counts in CARD_KINDS order
    tickets: tuple[tuple[str, ...], ...]  # per seat: kept tickets
    offered: tuple[tuple[str, ...], ...]  # per seat: tickets to choose from now
    trains: tuple[int, ...]
    scores: tuple[int, ...]  # running score (route points)
    forfeited: tuple[bool, ...]
    last_round_ends_after: int | None  # seat whose turn ends the game
    passes: int  # consecutive passes (a full round of them ends a game nobody can move in)
    final: FinalResult | None  # once the game is over
    # The number of the turn being played (the last one, once the game is over): the opening,
    # where everyone keeps tickets at once, is turn 1; each turn_passed starts the next. Every
    # event carries the number of the turn it happened in.
    turn: int

    # --- pickling and copying (a frozen slotted class has to say how) ---
    def __getstate__(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in STATE_FIELDS)

    def __setstate__(self, values: tuple[Any, ...]) -> None:
        for name, value in zip(STATE_FIELDS, values, strict=True):
            object.__setattr__(self, name, value)

    # --- convenient reads by player name ---
    @property
    def current_player(self) -> str:
        return self.players[self.current]

    def seat(self, player: str) -> int:
        """The seat index of `player`; raises ValueError if they are not in the game."""
        return self.players.index(player)

    def hand(self, player: str) -> dict[str, int]:
        """The hand of `player` as colour -> count; raises ValueError as seat() does."""
        return hand_to_dict(self.hands[self.seat(player)])

    def stations_left(self, player: str) -> int:
        return STATIONS_PER_PLAYER - sum(1 for owner in self.stations.values() if owner == player)

    # --- JSON ---
    def __repr__(self) -> str:
        # Like python-chess's Board('fen'): the call that rebuilds this state, through its
        # stored form, which checks it and rebuilds the claims' index; a field-by-field repr
        # would be as long and make a `claims` that is a plain dict.
        return f"State.from_dict({self.to_dict()!r})"

    def to_dict(self) -> dict[str, Any]:
        """Everything, hidden parts included (for storage only: show players `player_view`)."""
        return {
            "map": self.map_id,
            "players_order": list(self.players),
            "seed": self.seed,
            "shuffles": self.shuffles,
            "phase": self.phase,
            "current": self.players[self.current],
            "pending": _pending_to_dict(self),
            "last_round_ends_after": _name(self, self.last_round_ends_after),
            "passes": self.passes,
            "deck": list(self.deck),
            "discard": list(self.discard),
            "face_up": list(self.face_up),
            "ticket_deck": list(self.ticket_deck),
            "claims": dict(self.claims),
            "stations": dict(self.stations),
            "players": {
                p: {
                    "score": self.scores[i],
                    "trains": self.trains[i],
                    "hand": hand_to_dict(self.hands[i]),
                    "tickets": list(self.tickets[i]),
                    "offered": list(self.offered[i]),
                    "forfeited": self.forfeited[i],
                }
                for i, p in enumerate(self.players)
            },
            "final": None if self.final is None else self.final.to_dict(),
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        """Inverse of to_dict.

        Raises ValueError if `data` is not a stored state (a field missing or of the wrong
        type, an unknown phase, card colour or pending decision, a player not seated).
        """
        try:
            players = tuple(data["players_order"])
            seats = {p: i for i, p in enumerate(players)}
            per = [data["players"][p] for p in players]
            return cls(
                map_id=data["map"],
                players=players,
                seed=int(data["seed"]),
                shuffles=int(data["shuffles"]),
                phase=Phase(data["phase"]),
                current=seats[data["current"]],
                pending=_pending_from_dict(data["pending"]),
                deck=_cards(data["deck"]),
                discard=_cards(data["discard"]),
                face_up=_cards(data["face_up"]),
                ticket_deck=tuple(data["ticket_deck"]),
                claims=Claims(data["claims"]),
                stations=dict(data["stations"]),
                hands=tuple(hand_from_mapping(p["hand"]) for p in per),
                tickets=tuple(tuple(p["tickets"]) for p in per),
                offered=tuple(tuple(p["offered"]) for p in per),
                trains=tuple(int(p["trains"]) for p in per),
                scores=tuple(int(p["score"]) for p in per),
                forfeited=tuple(bool(p["forfeited"]) for p in per),
                last_round_ends_after=(
                    None
                    if data["last_round_ends_after"] is None
                    else seats[data["last_round_ends_after"]]
                ),
                passes=int(data["passes"]),
                final=_final_from_dict(data["final"], data["map"]),
                turn=_turn_from_dict(data),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a stored game state: {exc!r}") from exc


STATE_FIELDS = tuple(f.name for f in fields(State))
assert State.__slots__ == (*STATE_FIELDS, "events")


def _name(state: State, seat: int | None) -> str | None:
    return None if seat is None else state.players[seat]


def _turn_from_dict(data: Mapping[str, Any]) -> int:
    """The stored turn number; a state stored before states had one reads as turn 1 (the
    opening's): the number itself is only the log's to read (the site gave its stored games
    their real numbers), the rules read only whether it changed."""
    turn = data.get("turn")
    return 1 if turn is None else int(turn)


def _final_from_dict(data: Mapping[str, Any] | None, map_id: str) -> FinalResult | None:
    if data is None:
        return None
    return FinalResult.from_dict(data, get_map(map_id).station_points)


def _cards(cards: list[str]) -> tuple[str, ...]:
    for card in cards:
        if card not in KIND_INDEX:
            raise ValueError(f"{card!r} is not a train card")
    return tuple(cards)


def _pending_to_dict(state: State) -> dict[str, Any] | None:
    pending = state.pending
    if pending is None:
        return None
    out: dict[str, Any] = {"kind": pending.kind, "player": state.players[state.current]}
    if isinstance(pending, TunnelPending):
        out.update(
            route=pending.route,
            laid=hand_to_dict(pending.laid),
            color=CARD_KINDS[pending.color],
            revealed=list(pending.revealed),
            extra=pending.extra,
        )
    return out


def _pending_from_dict(data: Mapping[str, Any] | None) -> Pending | None:
    if data is None:
        return None
    kind = data["kind"]
    if kind == PendingKind.SECOND_CARD:
        return SECOND_CARD
    if kind == PendingKind.TICKETS:
        return TICKET_CHOICE
    if kind == PendingKind.TUNNEL:
        return TunnelPending(
            route=data["route"],
            laid=hand_from_mapping(data["laid"]),
            color=KIND_INDEX[data["color"]],
            revealed=_cards(data["revealed"]),
            extra=int(data["extra"]),
        )
    raise ValueError(f"unknown pending decision {kind!r}")


__all__ = [
    "LOCO",
    "SECOND_CARD",
    "STATE_FIELDS",
    "TICKET_CHOICE",
    "Claims",
    "Pending",
    "SecondCard",
    "State",
    "TicketChoice",
    "TunnelPending",
]
