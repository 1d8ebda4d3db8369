"""The SVG pictures the game page embeds, in one place so the page's templates stay plain."""

from __future__ import annotations

from games.svg import card_svg, deck_svg, hand_svg, ticket_svg


def card(color: str) -> str:
    return card_svg(color)


def deck(count: int) -> str:
    return deck_svg(count)


def hand(cards: dict[str, int]) -> str:
    return hand_svg(cards)


def ticket(game_map, ticket_id: str, *, done: bool | None) -> str:
    return ticket_svg(game_map, ticket_id, done=done)


def ticket_progress(table) -> dict[str, bool]:
    """Whether each of the viewer's tickets is connected now (own routes and stations)."""
    return table.mine.get("ticket_progress") or {}
