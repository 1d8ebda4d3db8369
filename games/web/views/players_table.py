"""The players' table: each seat's score, trains, cards, tickets and clock, and whom the
viewer may give one more day."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.clock.arithmetic import seat_clock
from games.engine import Phase
from games.selectors.karma import seat_karma
from games.services.extra_time import extra_time_allowed
from games.svg.palette import colour_class, player_css, player_initials
from games.words.clock_text import duration_text

from .table import Table


def player_rows(table: Table) -> list[dict]:
    view = table.view
    now = timezone.now()
    current = view.get("current") if view.get("phase") == Phase.PLAY else None
    # Once the game is over the table shows the final totals, as the score sheet does, rather
    # than the route points counted during play.
    final = (view.get("final") or {}).get("players") or {}
    marks = player_initials(view.get("players_order", []), table.names)
    rows = []
    for pid in view.get("players_order", []):
        info = view["players"][pid]
        seat = table.seat_by_player[pid]
        rows.append(
            {
                "pid": pid,
                "name": table.names[pid],
                "css": player_css(seat.color),
                "colour_class": colour_class(seat.color),
                "mark": marks[pid],
                "is_current": pid == current,
                "to_move": seat.to_move,
                # A seat a bot took over plays on: not "out" at the table.
                "forfeited": (info.get("forfeited") or seat.forfeited) and not seat.taken_over,
                "seat": seat,
                "karma": seat_karma(seat=seat),
                "score": final[pid]["total"] if pid in final else info["score"],
                "trains": info["trains"],
                "cards": info["card_count"],
                "tickets": info["ticket_count"],
                "stations_left": info.get("stations_left"),
                "clock": seat_clock_facts(table, seat, now),
            }
        )
    return rows


def seat_clock_facts(table: Table, seat, now) -> dict:
    """What the players see of one seat's clock: the time bank left (as it runs down on the
    seat's turn) and the extra time given this turn."""
    game = table.game
    facts = {}
    if game.bank_seconds and not seat.forfeited and game.is_active:
        left = timedelta(seconds=seat.bank_left_seconds)
        if seat.to_move and seat.deadline and game.turn_started_at:
            pauses = table.pauses.of(seat)
            clock = seat_clock(game, seat, pauses)
            left -= clock.reserve_used(now, pauses)
            facts["in_bank"] = now >= clock.move_time_ends_at
            facts["move_time_ends_at"] = clock.move_time_ends_at
        facts["bank_left"] = duration_text(left)
    if seat.user_id in table.away and not seat.forfeited:
        facts["away_until"] = table.away[seat.user_id]
    if seat.to_move and seat.extra_seconds:
        facts["extra"] = duration_text(seat.extra_seconds)
    return facts


def give_time_to(table: Table):
    """The seat the viewer may give one more day now, or None."""
    receiver = next((s for s in table.seats if s.to_move and not s.forfeited), None)
    if receiver is None or not extra_time_allowed(
        game=table.game, giver=table.me, receiver=receiver
    ):
        return None
    return {"name": table.names[receiver.player_id]}
