"""A new game: shuffled piles, four cards each, five face up, the opening ticket offers."""

from __future__ import annotations

from collections.abc import Sequence

from .board import board
from .cards import FACE_UP_SIZE, STARTING_HAND, counts_of, full_box, shuffled
from .enums import Phase
from .maps import MAP_IDS, TRAINS_PER_PLAYER
from .rules.draft import thaw
from .rules.piles import reset_face_up_locomotives
from .state import Claims, State

MIN_PLAYERS, MAX_PLAYERS = 2, 5
USA_OPENING_DEAL = 3
EUROPE_OPENING_REGULAR = 3
EUROPE_OPENING_LONG = 1


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    players = tuple(players)
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}")
    if not all(isinstance(p, str) and p for p in players):
        raise ValueError("players must be non-empty strings")
    if len(set(players)) != len(players):
        raise ValueError("each player can take only one seat")
    return players


def new_game(map_id: str, players: Sequence[str], seed: int) -> State:
    """A game in its opening (phase initial_tickets): everyone chooses tickets to keep.

    Raises ValueError if the map is unknown, the players are not 2 to 5 distinct non-empty
    names, or the seed is not an integer.
    """
    if map_id not in MAP_IDS:
        raise ValueError(f"unknown map {map_id!r}; choose one of {', '.join(MAP_IDS)}")
    players = check_players(players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError("the seed must be an integer")
    n = len(players)
    b = board(map_id)
    shuffles = 0
    deck = shuffled(full_box(), seed, shuffles)
    shuffles += 1
    hands = []
    for i in range(n):
        hands.append(counts_of(deck[i * STARTING_HAND : (i + 1) * STARTING_HAND]))
    deck = deck[n * STARTING_HAND :]
    face_up, deck = deck[:FACE_UP_SIZE], deck[FACE_UP_SIZE:]
    if b.map.has_stations:
        longs = shuffled(b.long_tickets, seed, shuffles)
        regular = shuffled(b.regular_tickets, seed, shuffles + 1)
        shuffles += 2
        k = EUROPE_OPENING_REGULAR
        offered = tuple((longs[i], *regular[i * k : (i + 1) * k]) for i in range(n))
        ticket_deck = regular[n * k :]  # long tickets not dealt leave the game
    else:
        tickets = shuffled(b.map.tickets, seed, shuffles)
        shuffles += 1
        k = USA_OPENING_DEAL
        offered = tuple(tickets[i * k : (i + 1) * k] for i in range(n))
        ticket_deck = tickets[n * k :]
    state = State(
        map_id=map_id,
        players=players,
        seed=seed,
        shuffles=shuffles,
        phase=Phase.INITIAL_TICKETS,
        current=0,
        pending=None,
        deck=deck,
        discard=(),
        face_up=face_up,
        ticket_deck=ticket_deck,
        claims=Claims(),
        stations={},
        hands=tuple(hands),
        tickets=((),) * n,
        offered=offered,
        trains=(TRAINS_PER_PLAYER,) * n,
        scores=(0,) * n,
        forfeited=(False,) * n,
        last_round_ends_after=None,
        passes=0,
        final=None,
        turn=1,
    )
    d = thaw(state)
    reset_face_up_locomotives(d)
    return d.freeze()
