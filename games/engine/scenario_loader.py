"""Scenarios (docs/scenarios.md): a game set up exactly, then a list of actions.

`load_scenario(dict)` is product code: the web app starts games from positions with it, and
`python -m games.engine.scenario FILE` (scenario.py) runs files with `run_scenario`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action, action_from_dict
from .board import Board, board
from .cards import BOX, FACE_UP_SIZE, KIND_INDEX, hand_to_dict, shuffled
from .doubles import tracks_shared, twin_closes
from .enums import PendingKind, Phase
from .errors import IllegalMove
from .maps import CARD_KINDS, MAP_IDS, STATIONS_PER_PLAYER, TRAINS_PER_PLAYER
from .rules import apply
from .rules.draft import thaw
from .rules.forfeit import forfeit
from .rules.piles import reset_face_up_locomotives
from .setup import EUROPE_OPENING_REGULAR, USA_OPENING_DEAL, check_players, new_game
from .state import TICKET_CHOICE, Claims, State
from .view import public_table

SETUP_KEYS = {
    "phase",
    "current",
    "train_deck",
    "face_up",
    "discard",
    "hands",
    "ticket_deck",
    "tickets",
    "offered",
    "claims",
    "stations",
    "trains",
    "scores",
    "last_round_ends_after",
}


class ScenarioError(ValueError):
    """The document is not a valid scenario; the message is one line."""


class Forfeit:
    """The scenario action `{"player": p, "type": "forfeit"}` (beyond docs/scenarios.md): the
    player leaves, as `forfeit(state, p)` does. Exported games use it for a seat that ran
    out of time or resigned, so their file replays to the same end."""

    type = "forfeit"

    def __repr__(self) -> str:
        return "FORFEIT"  # the one instance, exported: play() knows it by identity

    def to_dict(self) -> dict[str, str]:
        return {"type": self.type}


FORFEIT = Forfeit()


def load_scenario(data: Any) -> tuple[State, list[tuple[str, Action | Forfeit]]]:
    """The starting State of a scenario and its actions as (player, action) pairs.

    Raises ScenarioError (a ValueError) if the document is not a valid scenario, an action
    in it included; whether an action is legal is not checked here (run_scenario reports it).
    """
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario must be a JSON object")
    map_id = data.get("map")
    if map_id not in MAP_IDS:
        raise ScenarioError(f"unknown map {map_id!r}; use one of {', '.join(MAP_IDS)}")
    raw_players = data.get("players")
    if not isinstance(raw_players, list):
        raise ScenarioError("'players' must be a list of 2 to 5 names")
    try:
        players = check_players(raw_players)
    except ValueError as exc:
        raise ScenarioError(f"players: {exc}") from None
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError("'seed' must be an integer")
    setup = data.get("setup")
    if setup is None:
        state = new_game(map_id, players, seed)
    elif isinstance(setup, Mapping):
        state = _build(map_id, players, seed, setup)
    else:
        raise ScenarioError("'setup' must be an object")
    return state, _actions(data.get("actions", []), players)


def _actions(raw: Any, players: Sequence[str]) -> list[tuple[str, Action | Forfeit]]:
    if not isinstance(raw, list):
        raise ScenarioError("'actions' must be a list")
    actions: list[tuple[str, Action | Forfeit]] = []
    for i, item in enumerate(raw, 1):
        if not isinstance(item, Mapping):
            raise ScenarioError(f"action {i} is not an object")
        player = item.get("player")
        if not isinstance(player, str) or player not in players:
            raise ScenarioError(f"action {i}: unknown player {player!r}")
        if item.get("type") == Forfeit.type:
            actions.append((player, FORFEIT))
            continue
        try:
            actions.append((player, action_from_dict(item)))
        except IllegalMove as exc:
            raise ScenarioError(f"action {i}: {exc.message}") from None
    return actions


# --- building a position ---


def _build(map_id: str, players: tuple[str, ...], seed: int, setup: Mapping[str, Any]) -> State:
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise ScenarioError(f"unknown setup field(s): {', '.join(sorted(unknown))}")
    b = board(map_id)
    seats = {p: i for i, p in enumerate(players)}
    n = len(players)
    phase = setup.get("phase", Phase.PLAY)
    if phase not in (Phase.INITIAL_TICKETS, Phase.PLAY):
        raise ScenarioError(f"setup phase must be 'initial_tickets' or 'play', not {phase!r}")
    phase = Phase(phase)
    current = _player(setup.get("current", players[0]), seats, "current")

    # train cards
    deck = _card_list(setup.get("train_deck", []), "train_deck")
    face_up = _card_list(setup.get("face_up", []), "face_up") if "face_up" in setup else None
    if face_up is not None and len(face_up) > FACE_UP_SIZE:
        raise ScenarioError(f"face_up holds at most {FACE_UP_SIZE} cards")
    discard = _card_list(setup.get("discard", []), "discard")
    hands = [[0] * len(CARD_KINDS) for _ in players]
    for p, hand in _mapping(setup.get("hands", {}), "hands").items():
        seat = _player(p, seats, "hands")
        for kind, count in _mapping(hand, f"hand of {p}").items():
            if kind not in KIND_INDEX:
                raise ScenarioError(f"hand of {p}: {kind!r} is not a card colour")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise ScenarioError(f"hand of {p}: the {kind} count must be a whole number >= 0")
            hands[seat][KIND_INDEX[kind]] = count
    placed = [0] * len(CARD_KINDS)
    for card in (*deck, *(face_up or ()), *discard):
        placed[KIND_INDEX[card]] += 1
    for hand in hands:
        for k, count in enumerate(hand):
            placed[k] += count
    for k, count in enumerate(placed):
        if count > BOX[k]:
            raise ScenarioError(
                f"the setup places {count} {CARD_KINDS[k]} cards; the box holds {BOX[k]}"
            )
    rest = [CARD_KINDS[k] for k in range(len(CARD_KINDS)) for _ in range(BOX[k] - placed[k])]
    shuffles = 0
    deck = (*deck, *shuffled(rest, seed, shuffles))
    shuffles += 1
    deal_face_up = face_up is None
    if face_up is None:
        face_up, deck = deck[:FACE_UP_SIZE], deck[FACE_UP_SIZE:]

    # tickets
    ticket_deck = _ticket_list(setup.get("ticket_deck", []), b, "ticket_deck")
    kept: list[tuple[str, ...]] = [()] * n
    for p, tickets in _mapping(setup.get("tickets", {}), "tickets").items():
        kept[_player(p, seats, "tickets")] = _ticket_list(tickets, b, f"tickets of {p}")
    offered: list[tuple[str, ...]] = [()] * n
    for p, tickets in _mapping(setup.get("offered", {}), "offered").items():
        offered[_player(p, seats, "offered")] = _ticket_list(tickets, b, f"offered to {p}")
    all_placed = [*ticket_deck, *(t for ts in kept for t in ts), *(t for ts in offered for t in ts)]
    seen: set[str] = set()
    for ticket in all_placed:
        if ticket in seen:
            raise ScenarioError(f"the ticket {ticket!r} is placed twice")
        seen.add(ticket)
    regular_rest = shuffled([t for t in b.regular_tickets if t not in seen], seed, shuffles)
    shuffles += 1
    if phase == Phase.INITIAL_TICKETS and "offered" not in setup:
        offered, regular_rest, shuffles = _deal_opening(b, seen, regular_rest, seed, shuffles, n)
    ticket_deck = (*ticket_deck, *regular_rest)  # long tickets not placed are out of the game

    # board
    claims: dict[str, str] = {}
    for route_id, owner in _mapping(setup.get("claims", {}), "claims").items():
        if route_id not in b.routes:
            raise ScenarioError(f"claims: unknown route {route_id!r}")
        claims[route_id] = players[_player(owner, seats, f"claims of {route_id}")]
    for route_id, owner in claims.items():
        twin = b.routes[route_id].twin
        if twin_closes(claims.get(twin or ""), owner, tracks_shared(n)):
            raise ScenarioError(f"claims: both tracks of {route_id!r} cannot be claimed like that")
    stations: dict[str, str] = {}
    for city, owner in _mapping(setup.get("stations", {}), "stations").items():
        if not b.map.has_stations:
            raise ScenarioError("stations: this map has no stations")
        if city not in b.cities:
            raise ScenarioError(f"stations: unknown city {city!r}")
        stations[city] = players[_player(owner, seats, f"station in {city}")]
    for p in players:
        if sum(1 for o in stations.values() if o == p) > STATIONS_PER_PLAYER:
            raise ScenarioError(f"stations: {p} has more than {STATIONS_PER_PLAYER} stations")
    trains = [TRAINS_PER_PLAYER] * n
    scores = [0] * n
    for route_id, owner in claims.items():
        trains[seats[owner]] -= b.routes[route_id].length
        scores[seats[owner]] += b.routes[route_id].points
    for p, value in _mapping(setup.get("trains", {}), "trains").items():
        trains[_player(p, seats, "trains")] = _count(value, f"trains of {p}")
    for p, value in _mapping(setup.get("scores", {}), "scores").items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise ScenarioError(f"scores of {p} must be a whole number")
        scores[_player(p, seats, "scores")] = value
    for p, value in zip(players, trains, strict=True):
        if value < 0:
            raise ScenarioError(f"{p} has claimed more than {TRAINS_PER_PLAYER} trains of routes")
    last = setup.get("last_round_ends_after")
    last_seat = None if last is None else _player(last, seats, "last_round_ends_after")

    pending = None
    if phase == Phase.PLAY:
        for seat, offer in enumerate(offered):
            if offer and seat != current:
                raise ScenarioError(
                    f"offered: during play only the current player ({players[current]}) "
                    "can have tickets to choose from"
                )
        if offered[current]:
            pending = TICKET_CHOICE
    elif not any(offered):
        phase = Phase.PLAY  # nobody has an opening choice left
    state = State(
        map_id=map_id,
        players=players,
        seed=seed,
        shuffles=shuffles,
        phase=phase,
        current=current,
        pending=pending,
        deck=tuple(deck),
        discard=tuple(discard),
        face_up=tuple(face_up),
        ticket_deck=tuple(ticket_deck),
        claims=Claims(claims),
        stations=stations,
        hands=tuple(tuple(h) for h in hands),
        tickets=tuple(kept),
        offered=tuple(offered),
        trains=tuple(trains),
        scores=tuple(scores),
        forfeited=(False,) * n,
        last_round_ends_after=last_seat,
        passes=0,
        final=None,
        turn=1,
    )
    if deal_face_up:
        d = thaw(state)
        reset_face_up_locomotives(d)
        state = d.freeze()
    return state


def _deal_opening(
    b: Board, seen: set[str], regular_rest: tuple[str, ...], seed: int, shuffles: int, n: int
) -> tuple[list[tuple[str, ...]], tuple[str, ...], int]:
    """The normal opening offers, dealt from the tickets the setup did not place."""
    if b.map.has_stations:
        longs = shuffled([t for t in b.long_tickets if t not in seen], seed, shuffles)
        shuffles += 1
        k = EUROPE_OPENING_REGULAR
        if len(longs) < n or len(regular_rest) < n * k:
            raise ScenarioError("not enough tickets left to deal the opening")
        offered = [(longs[i], *regular_rest[i * k : (i + 1) * k]) for i in range(n)]
    else:
        k = USA_OPENING_DEAL
        if len(regular_rest) < n * k:
            raise ScenarioError("not enough tickets left to deal the opening")
        offered = [tuple(regular_rest[i * k : (i + 1) * k]) for i in range(n)]
    return offered, regular_rest[n * k :], shuffles


def _player(name: Any, seats: Mapping[str, int], where: str) -> int:
    if name not in seats:
        raise ScenarioError(f"{where}: unknown player {name!r}")
    return seats[name]


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{where} must be an object")
    return value


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ScenarioError(f"{where} must be a whole number >= 0")
    return value


def _card_list(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of card colours")
    for card in value:
        if card not in KIND_INDEX:
            raise ScenarioError(f"{where}: {card!r} is not a card colour")
    return tuple(value)


def _ticket_list(value: Any, b: Board, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of ticket ids")
    for ticket in value:
        if ticket not in b.map.tickets:
            raise ScenarioError(f"{where}: unknown ticket {ticket!r}")
    return tuple(value)


# --- running and printing ---


def scenario_state(state: State) -> dict[str, Any]:
    """The "state" object of the scenario output (everything but the pile orders)."""
    players = {}
    for i, p in enumerate(state.players):
        entry = {
            "score": state.scores[i],
            "trains": state.trains[i],
            "stations_left": state.stations_left(p),
            "hand": hand_to_dict(state.hands[i]),
            "tickets": list(state.tickets[i]),
        }
        if state.phase == Phase.INITIAL_TICKETS and state.offered[i]:
            entry["offered"] = list(state.offered[i])
        players[p] = entry
    table: dict[str, Any] = {**public_table(state)}  # with the offered tickets of a setup
    if table["pending"] is not None and table["pending"]["kind"] == PendingKind.TICKETS:
        table["pending"]["offered"] = list(state.offered[state.current])
    return {**table, "players": players}


def play(state: State, player: str, action: Action | Forfeit) -> tuple[State, list[dict[str, Any]]]:
    """apply(), or forfeit() for the scenario's forfeit action.

    Raises IllegalMove if the rules do not allow it, as those two do.
    """
    if isinstance(action, Forfeit):
        return forfeit(state, player)
    return apply(state, player, action)


def _without_turn(event: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in event.items() if key != "turn"}


def run_scenario(data: Any) -> dict[str, Any]:
    """Load, apply every action (an illegal one is reported and skipped), return the output.

    Raises ScenarioError if the document is not a valid scenario; an illegal action raises
    nothing, it is reported in the output.
    """
    state, actions = load_scenario(data)
    results = []
    for player, action in actions:
        try:
            state, events = play(state, player, action)
        except IllegalMove as exc:
            results.append({"ok": False, "error": exc.code, "message": exc.message})
        else:
            # docs/scenarios.md's events have no turn number (a scenario is one stretch of play).
            results.append({"ok": True, "events": [_without_turn(event) for event in events]})
    return {"results": results, "state": scenario_state(state)}
