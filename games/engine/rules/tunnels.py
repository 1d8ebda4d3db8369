"""Tunnels: lay the cost, turn up the top three cards, then pay the extra or take the cards back."""

from __future__ import annotations

from typing import cast

from ..actions import PayTunnel
from ..board import Board, RouteInfo
from ..cards import KIND_INDEX, LOCO, Cards, cards_to_counts, counts_to_cards
from ..enums import EventType
from ..errors import IllegalMove
from ..maps import CARD_KINDS
from ..state import TunnelPending
from .award import card_list, complete_claim
from .draft import Draft
from .payments import split, take_from_hand
from .piles import take_from_deck
from .turns import end_turn

TUNNEL_REVEAL = 3


def extra_for(revealed: tuple[str, ...], color: int) -> int:
    """Each revealed locomotive adds one, and so does each card of the paid colour."""
    return sum(1 for card in revealed if KIND_INDEX[card] == LOCO or KIND_INDEX[card] == color)


def start_tunnel(
    d: Draft, seat: int, route: RouteInfo, color: int, n_color: int, n_loco: int, cards: Cards
) -> None:
    revealed: list[str] = []
    for _ in range(TUNNEL_REVEAL):
        card = take_from_deck(d)
        if card is None:
            break
        revealed.append(card)
    extra = extra_for(tuple(revealed), color)
    d.events.append(
        {
            "type": EventType.TUNNEL_REVEALED,
            "player": d.players[seat],
            "route": route.id,
            "revealed": revealed,
            "extra": extra,
        }
    )
    if extra == 0:
        d.discard += tuple(revealed) + card_list(cards)
        complete_claim(d, seat, route, cards)
        end_turn(d)
        return
    d.pending = TunnelPending(
        route=route.id,
        laid=cards_to_counts(cards),
        color=color,
        revealed=tuple(revealed),
        extra=extra,
    )


def pay_tunnel(d: Draft, board: Board, seat: int, action: PayTunnel) -> None:
    pending = cast(TunnelPending, d.pending)
    color, n_color, n_loco = split(action.cards)
    if n_color + n_loco != pending.extra:
        raise IllegalMove(
            "wrong_cards",
            f"The tunnel needs exactly {pending.extra} more card(s).",
            variant="tunnel_extra",
            count=pending.extra,
        )
    if color != LOCO and color != pending.color:
        what = (
            "locomotives"
            if pending.color == LOCO
            else f"{CARD_KINDS[pending.color]} cards or locomotives"
        )
        if pending.color == LOCO:
            raise IllegalMove(
                "wrong_cards",
                f"Pay the tunnel's extra with {what}.",
                variant="tunnel_locomotives",
            )
        raise IllegalMove(
            "wrong_cards",
            f"Pay the tunnel's extra with {what}.",
            variant="tunnel_colour",
            colour=CARD_KINDS[pending.color],
        )
    d.set_hand(seat, take_from_hand(d.hands[seat], color, n_color, n_loco))
    paid = tuple(a + b for a, b in zip(pending.laid, cards_to_counts(action.cards), strict=True))
    all_cards = counts_to_cards(paid)
    route = board.routes[pending.route]
    d.discard += pending.revealed + card_list(all_cards)
    d.events.append(
        {
            "type": EventType.TUNNEL_PAID,
            "player": d.players[seat],
            "route": route.id,
            "extra": pending.extra,
            "cards": dict(action.cards),
        }
    )
    complete_claim(d, seat, route, all_cards)
    end_turn(d)


def decline_tunnel(d: Draft, board: Board, seat: int) -> None:
    pending = cast(TunnelPending, d.pending)
    d.set_hand(seat, tuple(a + b for a, b in zip(d.hands[seat], pending.laid, strict=True)))
    d.discard += pending.revealed
    d.events.append(
        {
            "type": EventType.TUNNEL_DECLINED,
            "player": d.players[seat],
            "route": pending.route,
            "extra": pending.extra,
        }
    )
    end_turn(d)


def return_tunnel_cards(d: Draft, seat: int) -> None:
    """A forfeit during a pending tunnel: laid cards back to the hand, revealed ones discarded."""
    pending = cast(TunnelPending, d.pending)
    d.set_hand(seat, tuple(a + b for a, b in zip(d.hands[seat], pending.laid, strict=True)))
    d.discard += pending.revealed
    d.pending = None
