"""A full game state from what one seat sees plus a guess of what it cannot see.

Search bots play "possible worlds": the table as the seat's `player_view` shows it, with
the hidden parts (the others' hands and tickets, the piles' order, the future shuffles)
guessed. `determinise` makes that State, and checks the guess against the view first: a
guess that could not be the game's hidden side (a hand of the wrong size, a card more
than the box holds, a ticket twice) is refused, so a world is always a position the rules
could have reached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import BOX, KIND_INDEX, LOCO, hand_from_mapping
from .enums import PendingKind, Phase
from .maps import CARD_KINDS, get_map
from .result import FinalResult
from .state import SECOND_CARD, TICKET_CHOICE, Claims, Pending, State, TunnelPending
from .view_types import PlayerView


class InconsistentGuess(ValueError):
    """The guess of the hidden cards does not fit the view; the message is one line."""


def determinise(
    view: PlayerView,
    *,
    hands: Mapping[str, Mapping[str, int]],
    tickets: Mapping[str, Sequence[str]],
    deck: Sequence[str],
    discard: Sequence[str],
    ticket_deck: Sequence[str],
    seed: int,
    offered: Mapping[str, Sequence[str]] | None = None,
    passes: int = 0,
) -> State:
    """The State of `view` with the hidden parts guessed; deterministic in its inputs.

    For every player but the viewer (every player, for a spectator's view): `hands`
    (colour -> count) and kept `tickets`; `offered`: the tickets a player other than the
    viewer has to choose from now (the current player's pending choice, or anyone's opening
    offer). `deck` and `ticket_deck` top first; `seed` draws the shuffles to come (none
    made yet: `shuffles` is 0). `passes`: the passes just made in a row (public, in the
    log, not in the view). Raises InconsistentGuess when the guess does not fit the view.
    """
    game_map = get_map(view["map"])
    players = tuple(view["players_order"])
    viewer = view["viewer"]
    others = [p for p in players if p != viewer]
    entries = view["players"]
    phase = Phase(view["phase"])
    current = players.index(view["current"])
    offered = offered or {}

    _same_players("hands", hands, others)
    _same_players("tickets", tickets, others)
    if set(offered) - set(others):
        raise InconsistentGuess("offered: only the other players' offers are guessed")
    pending = _pending(view["pending"])

    # train cards: each hand its size, each pile its size, the whole box exactly once
    counts = {}
    for p in players:
        if p == viewer:
            counts[p] = hand_from_mapping(entries[p]["hand"])
        else:
            counts[p] = _hand(hands[p], p)
            if sum(counts[p]) != entries[p]["card_count"]:
                raise InconsistentGuess(
                    f"the hand of {p} holds {sum(counts[p])} cards; the view shows "
                    f"{entries[p]['card_count']}"
                )
    deck, discard = _cards(deck, "deck"), _cards(discard, "discard")
    _sized("deck", deck, view["deck_count"])
    _sized("discard", discard, view["discard_count"])
    placed = [sum(hand[k] for hand in counts.values()) for k in range(len(CARD_KINDS))]
    for card in (*deck, *discard, *view["face_up"]):
        placed[KIND_INDEX[card]] += 1
    if isinstance(pending, TunnelPending):
        for card in pending.revealed:
            placed[KIND_INDEX[card]] += 1
        placed = [n + laid for n, laid in zip(placed, pending.laid, strict=True)]
    for k, n in enumerate(placed):
        if n != BOX[k]:
            raise InconsistentGuess(
                f"the guess places {n} {CARD_KINDS[k]} cards; the box holds {BOX[k]}"
            )

    # tickets: each player's count, the ticket deck's size, every ticket of the map once
    kept, offers = {}, {}
    for p in players:
        if p == viewer:
            kept[p] = tuple(entries[p]["tickets"])
            offers[p] = tuple(entries[p]["offered"] or ())
            continue
        kept[p] = tuple(tickets[p])
        offers[p] = tuple(offered.get(p, ()))
        if len(kept[p]) != entries[p]["ticket_count"]:
            raise InconsistentGuess(
                f"{p} keeps {len(kept[p])} tickets; the view shows {entries[p]['ticket_count']}"
            )
        if offers[p] and not _may_hold_an_offer(phase, pending, players[current], p):
            raise InconsistentGuess(f"{p} has no tickets to choose from now")
    if phase == Phase.PLAY and pending is TICKET_CHOICE and not offers[players[current]]:
        raise InconsistentGuess(f"{players[current]} is choosing tickets: guess the offer")
    ticket_deck = tuple(ticket_deck)
    _sized("ticket_deck", ticket_deck, view["ticket_deck_count"])
    seen: set[str] = set()
    for ticket in (*ticket_deck, *(t for p in players for t in (*kept[p], *offers[p]))):
        if ticket not in game_map.tickets:
            raise InconsistentGuess(f"{ticket!r} is not a ticket of this map")
        if ticket in seen:
            raise InconsistentGuess(f"the ticket {ticket!r} is placed twice")
        seen.add(ticket)

    last = view["last_round_ends_after"]
    final = view["final"]
    return State(
        map_id=game_map.id,
        players=players,
        seed=seed,
        shuffles=0,
        phase=phase,
        current=current,
        pending=pending,
        deck=deck,
        discard=discard,
        face_up=tuple(view["face_up"]),
        ticket_deck=ticket_deck,
        claims=Claims(view["claims"]),
        stations=dict(view["stations"]),
        hands=tuple(counts[p] for p in players),
        tickets=tuple(kept[p] for p in players),
        offered=tuple(offers[p] for p in players),
        trains=tuple(entries[p]["trains"] for p in players),
        scores=tuple(entries[p]["score"] for p in players),
        forfeited=tuple(entries[p]["forfeited"] for p in players),
        last_round_ends_after=None if last is None else players.index(last),
        passes=passes,
        final=None if final is None else FinalResult.from_dict(final, game_map.station_points),
        turn=view["turn"],
    )


def _same_players(what: str, guess: Mapping[str, Any], others: Sequence[str]) -> None:
    if set(guess) != set(others):
        raise InconsistentGuess(f"{what}: guess one for each of {', '.join(others)}")


def _hand(hand: Mapping[str, int], player: str) -> tuple[int, ...]:
    for kind, n in hand.items():
        if kind not in KIND_INDEX:
            raise InconsistentGuess(f"the hand of {player}: {kind!r} is not a card colour")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InconsistentGuess(f"the hand of {player}: {n!r} {kind} cards")
    return hand_from_mapping(hand)


def _cards(cards: Sequence[str], what: str) -> tuple[str, ...]:
    for card in cards:
        if card not in KIND_INDEX:
            raise InconsistentGuess(f"{what}: {card!r} is not a train card")
    return tuple(cards)


def _sized(what: str, pile: Sequence[str], size: int) -> None:
    if len(pile) != size:
        raise InconsistentGuess(f"{what}: {len(pile)} cards guessed, the view shows {size}")


def _may_hold_an_offer(phase: Phase, pending: Pending | None, current: str, player: str) -> bool:
    if phase == Phase.INITIAL_TICKETS:
        return True
    return phase == Phase.PLAY and pending is TICKET_CHOICE and player == current


def _pending(pending: Mapping[str, Any] | None) -> Pending | None:
    """The pending decision of the view: all of it is public (a tunnel's laid cards lie face
    up; the colour the extra cards must match is the laid cards' one, or locomotives)."""
    if pending is None:
        return None
    kind = pending["kind"]
    if kind == PendingKind.SECOND_CARD:
        return SECOND_CARD
    if kind == PendingKind.TICKETS:
        return TICKET_CHOICE
    laid = hand_from_mapping(pending["laid"])
    colours = [k for k, n in enumerate(laid) if n and k != LOCO]
    return TunnelPending(
        route=pending["route"],
        laid=laid,
        color=colours[0] if colours else LOCO,
        revealed=tuple(pending["revealed"]),
        extra=pending["extra"],
    )
