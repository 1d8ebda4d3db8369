"""The shape of `player_view`'s JSON, as TypedDicts: the one schema of what a viewer sees.

The REST API documents its `view` from these very types and sends the engine's dict as it
is, so the documentation and the data cannot drift apart.
"""

from typing import NotRequired, TypedDict

from .enums import ActionType, PendingKind, Phase


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


class DrawChoiceView(TypedDict):
    """The train cards the player may draw now: blind from the deck, and which face-up
    colours."""

    deck: bool
    face_up: list[str]


class StationChoiceView(TypedDict):
    """The station the player may build now: its cost in cards, the free cities (by id)
    and the distinct ways to pay (cards by colour)."""

    cost: int
    cities: list[str]
    payments: list[dict[str, int]]


class KeepChoiceView(TypedDict):
    """The tickets the player must choose from now, and how many they must keep at least."""

    tickets: list[str]
    at_least: int


class ChoicesView(TypedDict):
    """What the viewer may do now, as the engine's legal moves allow it: the action types
    (`kinds`), the cards they may draw, each route they may claim with its distinct ways to
    pay (route id -> payments, cards by colour), the station they may build, the tickets
    to choose from, and a pending tunnel's distinct ways to pay. Each part is null (or
    empty) when that kind of action is not legal now."""

    kinds: list[ActionType]
    draw: DrawChoiceView | None
    claims: dict[str, list[dict[str, int]]]
    station: StationChoiceView | None
    keep: KeepChoiceView | None
    tunnel_payments: list[dict[str, int]]


class PlayerEntryView(TypedDict):
    """One player's counts; the viewer's own entry also has their hand (cards by colour),
    kept tickets, the tickets they must choose from now (or null), for each kept ticket
    whether it is connected already, for each kept or offered ticket the path of their
    own routes that joins its cities (route ids in order; empty while not joined), for
    each ticket not joined yet its missing links (the open routes still to claim on the
    way of fewest trains; empty when no way is left), and what they may do now
    (`choices`: null while they have nothing to do)."""

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
    ticket_paths: NotRequired[dict[str, list[str]]]
    ticket_missing: NotRequired[dict[str, list[str]]]
    choices: NotRequired[ChoicesView | None]


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


class TableView(TypedDict):
    """What lies open on the table for everyone (PlayerView's part of it, spelled alike)."""

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


class PlayerView(TableView):
    """What one viewer may see of a game: the table, everyone's counts, their own cards
    and tickets. `viewer` is null for a spectator; `to_act` names who must act now (in the
    opening everyone still choosing tickets, in play the current player, whose decision
    within the turn is `pending`; nobody once the game is over); `claims` and `stations`
    map route and city ids to player ids; `final` is set once the game is over."""

    map: str
    players_order: list[str]
    viewer: str | None
    to_act: list[str]
    turn: int  # the turn being played (the opening is turn 1); a new number is a new turn
    players: dict[str, PlayerEntryView]
