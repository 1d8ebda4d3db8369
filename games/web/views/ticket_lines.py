"""The viewer's tickets as the page lists them: name, points, and the path that joins
their cities."""

from __future__ import annotations

from games.svg import ticket_svg

from .table import Table


def ticket_name(game_map, ticket_id: str) -> str:
    ticket = game_map.tickets[ticket_id]
    cities = game_map.cities
    return f"{cities[ticket.a].name} – {cities[ticket.b].name}"


def ticket_card(table: Table, ticket_id: str, *, done: bool | None, picture: bool = True) -> dict:
    """A ticket's facts; with ``picture`` its card as SVG (the choice of tickets shows it, the
    list of the hand does not)."""
    ticket = table.game_map.tickets[ticket_id]
    return {
        "id": ticket_id,
        "name": ticket_name(table.game_map, ticket_id),
        "points": ticket.points,
        "long": ticket.long,
        "done": done,
        "svg": ticket_svg(table.game_map, ticket_id, done=done) if picture else "",
        "cities": f"{ticket.a} {ticket.b}",
        "path": "",
    }


def ticket_line(table: Table, ticket_id: str, *, done: bool | None, picture: bool = True) -> dict:
    """A ticket with the path of the viewer's routes that joins its cities (if any, as the
    engine's view tells it), for the board to light when the ticket is pointed at: in the
    hand and while it is being chosen."""
    line = ticket_card(table, ticket_id, done=done, picture=picture)
    line["path"] = " ".join((table.mine.get("ticket_paths") or {}).get(ticket_id, ()))
    return line


def my_ticket_lines(table: Table, progress: dict) -> list[dict]:
    """The viewer's tickets, each lighting its way on the board (a list: no pictures)."""
    return [
        ticket_line(table, ticket_id, done=progress.get(ticket_id), picture=False)
        for ticket_id in table.mine.get("tickets", [])
    ]
