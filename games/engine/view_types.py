"""The shape of `player_view`'s JSON, as TypedDicts: the one schema of what a viewer sees.

The REST API documents its `view` from these very types and sends the engine's dict as it
is, so the documentation and the data cannot drift apart.
"""

from typing import NotRequired, TypedDict

from .enums import PendingKind, Phase


class PendingView(TypedDict):
    """The decision the current player owes: a second card, a ticket choice or a tunnel.
    For a tunnel: the route, the cards laid (face up on the table until it is paid or
    declined), the cards turned up and the extra cost."""

    kind: PendingKind
    player: str
    route: NotRequired[str]
    laid: NotRequired[dict[str, int]]
    revealed: NotRequired[list[str]]
    extra: NotRequired[int]


class PlayerEntryView(TypedDict):
    """One player's counts; the viewer's own entry also has their hand (cards by colour),
    kept tickets, the tickets they must choose from now (or null) and, for each kept
    ticket, whether it is connected already."""

    score: int
    trains: int
    stations_left: int
    card_count: int
    ticket_count: int
    forfeited: bool
    hand: NotRequired[dict[str, int]]
    tickets: NotRequired[list[str]]
    offered: NotRequired[list[str] | None]
    ticket_progress: NotRequired[dict[str, bool]]


class PlayerResultView(TypedDict):
    """One player's final score sheet: route and ticket points, points for unbuilt
    stations, the longest path and its bonus, the stations' borrowed routes (city ->
    route id) and the place (1 = best; a tie shares the number)."""

    total: int
    routes: int
    tickets: int
    completed: list[str]
    failed: list[str]
    stations: int
    unbuilt_stations: int
    longest: int
    longest_bonus: int
    longest_path: list[str]
    borrowed: dict[str, str]
    place: int


class FinalView(TypedDict):
    """The end of the game: each player's result and the ranking (player ids by place,
    best first; players sharing a place share a list)."""

    players: dict[str, PlayerResultView]
    ranking: list[list[str]]


class PlayerView(TypedDict):
    """What one viewer may see of a game: the table, everyone's counts, their own cards
    and tickets. `viewer` is null for a spectator; `claims` and `stations` map route and
    city ids to player ids; `final` is set once the game is over."""

    map: str
    players_order: list[str]
    viewer: str | None
    phase: Phase
    current: str
    pending: PendingView | None
    last_round_ends_after: str | None
    face_up: list[str]
    deck_count: int
    discard_count: int
    ticket_deck_count: int
    claims: dict[str, str]
    stations: dict[str, str]
    final: FinalView | None
    turn: int  # the turn being played (the opening is turn 1); a new number is a new turn
    players: dict[str, PlayerEntryView]
