"""Everything a player may do now, with every distinct payment spelled out.

`legal_action_kinds` is cheap (no options are built); `legal_options` gives the actions of
one kind (a list, or a lazy sequence for claims and stations, which can run to hundreds);
`legal_actions` is their union as a list. A pending decision (second card, ticket choice,
tunnel) allows only the actions that answer it; `pass` only when nothing else is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from typing import Any, cast

from .actions import Action, DeclineTunnel, DrawCard, DrawTickets, KeepTickets, Pass, PayTunnel
from .board import GRAY, board
from .cards import LOCO, NO_CARDS, Cards, color_payment
from .doubles import tracks_shared
from .enums import ActionType, Phase
from .maps import (
    CARD_KINDS,
    LATER_KEEP,
    LOCOMOTIVE,
    MAP_IDS,
    OPENING_KEEP,
    STATIONS_PER_PLAYER,
    get_map,
)
from .open_routes import open_index
from .options import (
    ClaimOptions,
    StationOptions,
    claim_options,
    one_color_payments,
)
from .seats import acting_seat
from .state import SECOND_CARD, TICKET_CHOICE, State, TunnelPending

DRAW_CARD = ActionType.DRAW_CARD
CLAIM_ROUTE = ActionType.CLAIM_ROUTE
DRAW_TICKETS = ActionType.DRAW_TICKETS
BUILD_STATION = ActionType.BUILD_STATION
KEEP_TICKETS = ActionType.KEEP_TICKETS
PAY_TUNNEL = ActionType.PAY_TUNNEL
DECLINE_TUNNEL = ActionType.DECLINE_TUNNEL
PASS = ActionType.PASS
_PLAY, _OPENING = Phase.PLAY, Phase.INITIAL_TICKETS
_TURN_KINDS = frozenset((DRAW_CARD, CLAIM_ROUTE, DRAW_TICKETS, BUILD_STATION, PASS))
_TUNNEL_KINDS = frozenset((PAY_TUNNEL, DECLINE_TUNNEL))

_DRAW_DECK = DrawCard("deck")
_DRAW_FACE_UP = {kind: DrawCard("face_up", kind) for kind in CARD_KINDS}
_COLOR_KINDS = range(LOCO)
assert LOCO == 8 and len(CARD_KINDS) == 9  # hands are unpacked into nine counts below
HAS_STATIONS = {map_id: get_map(map_id).has_stations for map_id in MAP_IDS}
_SORTED_CITIES = {map_id: tuple(sorted(get_map(map_id).cities)) for map_id in MAP_IDS}


def legal_action_kinds(state: State, player: str) -> tuple[ActionType, ...]:
    """The action types `player` may take now, cheaply (no options built); () for a player
    who is not to act now, is not in the game, or for a game that is over."""
    phase = state.phase
    # acting_seat's usual case, written out: only `current` acts (`is` first: a StrEnum's
    # == is Python's slow generic compare)
    if phase is _PLAY or phase == _PLAY:
        seat = state.current
        if state.players[seat] != player or state.forfeited[seat]:
            return ()
        pending = state.pending
        if pending is None:  # a turn's first action
            # _TURN_KIND_SETS by the flags as bits (no tuple to make and hash, no bool())
            flags = 8 if state.deck or state.discard or state.face_up else 0
            if _any_claim(state, seat):
                flags += 4
            if state.ticket_deck:
                flags += 2
            if HAS_STATIONS[state.map_id] and _station_cost(state, seat) is not None:
                flags += 1
            return _TURN_KINDS_BY_BITS[flags]
        if pending is SECOND_CARD:
            return _DRAW_ONLY
        if pending is TICKET_CHOICE:
            return _KEEP_ONLY
        if _tunnel_payments(cast(TunnelPending, pending), state.hands[seat]):
            return (PAY_TUNNEL, DECLINE_TUNNEL)
        return (DECLINE_TUNNEL,)
    return _KEEP_ONLY if acting_seat(state, player) is not None else ()  # the opening


# The kinds of a turn's first action, by (can draw, can claim, can draw tickets, can build).
_TURN_KIND_SETS = {
    flags: tuple(
        kind
        for kind, on in zip(
            (DRAW_CARD, CLAIM_ROUTE, DRAW_TICKETS, BUILD_STATION), flags, strict=True
        )
        if on
    )
    or (PASS,)
    for flags in product((False, True), repeat=4)
}
_TURN_KINDS_BY_BITS = tuple(
    _TURN_KIND_SETS[bool(bits & 8), bool(bits & 4), bool(bits & 2), bool(bits & 1)]
    for bits in range(16)
)
_DRAW_ONLY = (DRAW_CARD,)
_KEEP_ONLY = (KEEP_TICKETS,)


def _draws(
    state: State, second: bool, known: dict[tuple[str, ...], tuple[Action, ...]]
) -> Sequence[Action]:
    """The card draws of a turn: in the usual case (cards left to draw) one lookup by the
    face-up row itself in `known`, the options of each row made once."""
    if state.deck or state.discard:
        options = known.get(state.face_up)
        if options is None:
            options = known[state.face_up] = _draw_options(frozenset(state.face_up), second, True)
        return options
    return _draw_options(frozenset(state.face_up), second, False)


def legal_options(state: State, player: str, kind: str) -> Sequence[Action]:
    """The legal actions of one kind: empty if that kind is not legal now, `player` is not
    to act, or `kind` is no action type."""
    pending = state.pending
    phase = state.phase
    if phase is _PLAY or phase == _PLAY:  # as in legal_action_kinds: only `current` acts
        seat = state.current
        if state.players[seat] != player or state.forfeited[seat]:
            return []
        if pending is None:
            if kind is DRAW_CARD or (kind is not CLAIM_ROUTE and kind == DRAW_CARD):
                return _draws(state, False, _FIRST_DRAWS)
            if kind is CLAIM_ROUTE or kind == CLAIM_ROUTE:
                return _claim_options(state, seat)
        elif pending is SECOND_CARD:
            if kind is not DRAW_CARD and kind != DRAW_CARD:
                return []
            return _draws(state, True, _SECOND_DRAWS)
    else:
        acting = acting_seat(state, player)
        if acting is None:
            return []
        seat = acting
    # (each `==` on a StrEnum after an `is`: the generic compare only for plain strings)
    if pending is TICKET_CHOICE or (phase is not _PLAY and phase == _OPENING):
        return _keeps(state, seat) if kind is KEEP_TICKETS or kind == KEEP_TICKETS else []
    if pending is not None:
        if kind is PAY_TUNNEL or kind == PAY_TUNNEL:
            payments = _tunnel_payments(cast(TunnelPending, pending), state.hands[seat])
            return [PayTunnel(c) for c in payments]
        return [DeclineTunnel()] if kind is DECLINE_TUNNEL or kind == DECLINE_TUNNEL else []
    if kind not in _TURN_KINDS:
        return []
    if kind is DRAW_TICKETS or kind == DRAW_TICKETS:
        return [DrawTickets()] if state.ticket_deck else []
    if kind is BUILD_STATION or kind == BUILD_STATION:
        cost = _station_cost(state, seat)
        if cost is None:
            return []
        stations = state.stations
        free = [city for city in _SORTED_CITIES[state.map_id] if city not in stations]
        return StationOptions(free, one_color_payments(state.hands[seat], cost, 0))
    return [Pass()] if legal_action_kinds(state, player) == (PASS,) else []


# The draw options with cards left to draw blind, by the face-up row as it lies (at most
# 9**5 rows each): a lookup by the row itself, without making a set of it first.
_FIRST_DRAWS: dict[tuple[str, ...], tuple[Action, ...]] = {}
_SECOND_DRAWS: dict[tuple[str, ...], tuple[Action, ...]] = {}


def legal_actions(state: State, player: str) -> list[Action]:
    """Every legal action of `player` now, each payment spelled out; [] if they are not to act."""
    actions: list[Action] = []
    for kind in legal_action_kinds(state, player):
        actions.extend(legal_options(state, player, kind))
    return actions


def is_legal(state: State, player: str, action: Action) -> bool:
    """Whether apply(state, player, action) would take `action` rather than raise IllegalMove."""
    return action in legal_options(state, player, action.type)


# --- per kind ---


@cache  # keyed by the set of face-up kinds, not the row's order: at most 2**9 * 4 entries
def _draw_options(face_up: frozenset[str], second: bool, blind: bool) -> tuple[Action, ...]:
    options: list[Action] = [_DRAW_DECK] if blind else []
    for kind in CARD_KINDS:
        if kind in face_up and not (second and kind == LOCOMOTIVE):
            options.append(_DRAW_FACE_UP[kind])
    return tuple(options)


def _index(state: State) -> tuple[Any, ...]:
    """The open-route index of the state's claims (cached on the Claims object)."""
    try:
        index = state.claims.open_index
    except AttributeError:  # a Claims not derived by `plus`, or a plain mapping
        index = None
    if index is None:
        index = open_index(state.claims, board(state.map_id), tracks_shared(len(state.players)))
    return index


def _any_claim(state: State, seat: int) -> bool:
    """Can the player claim some route now? (Stops at the first one found; gray routes
    first, since some short gray route is almost always open and affordable.)
    A bucket is open to the player if one of its routes is: the index keeps a taken
    twin's owner only where tracks are shared, and then it closes the route to that owner
    alone (doubles.twin_closes), so counting them is _not_twin_of without building it."""
    hand = state.hands[seat]
    trains = state.trains[seat]
    player = state.players[seat]
    index = _index(state)
    # max(hand[:LOCO]) written out on the unpacked hand: a third of the builtin's cost
    h0, h1, h2, h3, h4, h5, h6, h7, loco = hand
    most = h0 if h0 > h1 else h1
    if h2 > most:
        most = h2
    if h3 > most:
        most = h3
    if h4 > most:
        most = h4
    if h5 > most:
        most = h5
    if h6 > most:
        most = h6
    if h7 > most:
        most = h7
    limit = most + loco
    if limit > trains:
        limit = trains
    for length, ferry_locos, routes, owners in index[GRAY]:
        if length > limit:
            break
        if ferry_locos <= loco and (owners is None or owners.count(player) < len(routes)):
            return True
    for color in _COLOR_KINDS:
        limit = hand[color] + loco
        if limit > trains:
            limit = trains
        for length, _, routes, owners in index[color]:
            if length > limit:
                break
            if owners is None or owners.count(player) < len(routes):
                return True
    return False


def _claim_options(state: State, seat: int) -> ClaimOptions:
    """Every claim the player can make now, counted per bucket (options.color_payment_count
    and one_color_payment_count written out: this runs for every claim considered)."""
    hand = state.hands[seat]
    trains = state.trains[seat]
    player = state.players[seat]
    index = _index(state)
    loco = hand[LOCO]
    entries = []  # (running total, routes, ways to pay each)
    total = 0
    haves = []  # the colours held, for the gray routes
    most = 0
    for color in _COLOR_KINDS:
        have = hand[color]
        if not have:
            if not loco:
                continue
        else:
            haves.append(have)
            if have > most:
                most = have
        limit = have + loco
        if limit > trains:
            limit = trains
        for length, _, routes, owners in index[color]:
            if length > limit:
                break
            if owners is not None and player in owners:
                routes = _not_twin_of(routes, owners, player)
                if not routes:
                    continue
            # ways to pay: k locomotives, from what the colour lacks up to all of them
            low = length - have if length > have else 0
            count = (length if length < loco else loco) - low + 1
            total += len(routes) * count
            entries.append((total, routes, count))
    limit = most + loco
    if limit > trains:
        limit = trains
    for length, ferry_locos, routes, owners in index[GRAY]:
        if length > limit:
            break
        if ferry_locos > loco:
            continue
        if owners is not None and player in owners:
            routes = _not_twin_of(routes, owners, player)
            if not routes:
                continue
        count = 1 if loco >= length else 0
        top = length - 1 if length - 1 < loco else loco
        for have in haves:
            low = length - have
            if low < ferry_locos:
                low = ferry_locos
            if top >= low:
                count += top - low + 1
        total += len(routes) * count
        entries.append((total, routes, count))
    return claim_options(hand, entries, total)


def _not_twin_of(routes: tuple[Any, ...], owners: tuple[Any, ...], player: str) -> tuple[Any, ...]:
    """The routes of a bucket still open to the player (the index keeps the owner of a
    taken twin only where tracks are shared)."""
    # doubles.twin_closes(owner, player, True), written out: the twin's owner alone is shut out
    return tuple([route for route, owner in zip(routes, owners, strict=True) if owner != player])


def _station_cost(state: State, seat: int) -> int | None:
    """The cost of the player's next station if they can build one now, else None."""
    if not HAS_STATIONS[state.map_id]:
        return None
    stations = state.stations
    built = list(stations.values()).count(state.players[seat]) if stations else 0
    if built >= STATIONS_PER_PLAYER:
        return None
    hand = state.hands[seat]
    if not built:  # the first station: any one card pays for it
        return 1 if hand != NO_CARDS else None
    cost = built + 1
    h0, h1, h2, h3, h4, h5, h6, h7, loco = hand  # (max(hand[:LOCO]), as in _any_claim)
    if (
        h0 + loco < cost
        and h1 + loco < cost
        and h2 + loco < cost
        and h3 + loco < cost
        and h4 + loco < cost
        and h5 + loco < cost
        and h6 + loco < cost
        and h7 + loco < cost
    ):
        return None
    return cost


def _tunnel_payments(pending: TunnelPending, hand: tuple[int, ...]) -> list[Cards]:
    extra, color, loco = pending.extra, pending.color, hand[LOCO]
    if color == LOCO:
        return [((LOCOMOTIVE, extra),)] if loco >= extra else []
    return [
        color_payment(color, extra - k, k)
        for k in range(max(0, extra - hand[color]), min(extra, loco) + 1)
    ]


def fewest_kept(state: State, seat: int) -> int:
    """How many of the offered tickets the seat must keep at least."""
    least = OPENING_KEEP if state.phase == _OPENING else LATER_KEEP
    return max(1, min(least, len(state.offered[seat])))


def _keeps(state: State, seat: int) -> list[Action]:
    offered = state.offered[seat]
    least = fewest_kept(state, seat)
    keeps: list[Action] = []
    for size in range(least, len(offered) + 1):
        for kept in combinations(offered, size):
            keep = _new(KeepTickets)  # KeepTickets(kept) without the dataclass's __init__
            _set(keep, "tickets", kept)
            keeps.append(keep)
    return keeps


_new = object.__new__
_set = object.__setattr__
