"""The game page's context: every panel, built from one viewer's Table.

Each part is drawn by its own module (the action panel, the turn line, the board, the
players' table, the log, the score sheet); this one reads the page's log and chat, and
puts the parts together.
"""

from __future__ import annotations

from games.selectors.chat import chat_list
from games.selectors.lobby import game_rematch_of
from games.selectors.log import PAGE_LOG_MOVES, move_list_recent
from games.selectors.notes import note_get
from games.services.lobby import enough_to_start
from games.svg import card_svg, deck_svg, hand_svg
from games.web.views.hints import first_game_hints
from games.words.game_log import page_log
from games.words.names import colour_name, map_name

from .action_panel import default_panel
from .board_picture import board
from .log_lines import since_last_turn, with_turned_up
from .players_table import give_time_to, player_rows
from .route_facts import claimable_list
from .score_sheet import score_sheet
from .shared_parts import SHARED_FOR, Once, clock_minute, shared_key
from .table import Table
from .ticket_lines import my_ticket_lines
from .turn_line import turn_info

LOG_MOVES = PAGE_LOG_MOVES


def chat_context(table: Table) -> dict:
    """The table chat as this viewer sees it: nothing while they have muted it."""
    muted = table.me is not None and table.me.chat_muted
    return {"chat": [] if muted else chat_list(game=table.game), "chat_muted": muted}


def page_context(
    table: Table,
    *,
    panel: dict | None = None,
    flash: str | None = None,
    panel_only: bool = False,
    public_only: bool = False,
    keep: dict | None = None,
) -> dict:
    """Everything the page shows; with ``panel_only`` just what the action panel needs; with
    ``public_only`` the parts a spectator sees (the turn, board, table, players and log).

    ``keep`` names the parts of an htmx answer the page keeps as they are (games.web.views.render):
    ``keep_chat``, ``keep_note``, ``keep_board``, ``keep_tickets``, ``keep_head``,
    ``keep_awaiting``; those are not built."""
    keep = keep or {}
    game = table.game
    context = {
        "game": game,
        "table": table,
        "version": game.version,
        "panel": panel or default_panel(table),
        "flash": flash,
        # The viewer has something to do in this game now (the tab says "(Your turn)").
        "my_move": bool(table.action_types),
        **keep,
    }
    if not table.started:
        context["can_start"] = enough_to_start(seat_count=len(table.seats))
        return context
    context["turn"] = turn_info(table)
    if panel_only:
        return context
    view = table.view
    mine = table.mine
    # The log, "since your last turn", the board and the players are built only when the
    # cache has not got them for this version (shared_parts).
    log = Once(
        lambda: page_log(
            move_list_recent(game=game, last_turns=LOG_MOVES, just_made=table.just_made),
            table.names,
            game.map_id,
            limit=LOG_MOVES,
            seat_id=table.me.pk if table.me is not None else None,
        )
    )
    since = Once(lambda: since_last_turn(log()))
    context.update(
        {
            "map_name": map_name(table.game_map.id),
            "has_stations": table.game_map.has_stations,
            "since": since,
            "board_svg": ""
            if keep.get("keep_board")
            else Once(lambda: board(table, since=since())),
            # The mover's board links the routes they can claim: theirs alone.
            "board_shared": not table.claimable_routes,
            "shared": shared_key(table),
            "shared_for": SHARED_FOR,
            "clock_minute": clock_minute(),
            "face_up": [
                {
                    "color": color,
                    "name": colour_name(color),
                    "svg": card_svg(color),
                    "can_take": color in table.face_up_colors,
                }
                for color in view["face_up"]
            ],
            "deck": {
                "count": view["deck_count"],
                "can_draw": table.can_draw_deck,
                "svg": deck_svg(view["deck_count"]),
            },
            "ticket_deck_count": view["ticket_deck_count"],
            "discard_count": view["discard_count"],
            "players": Once(lambda: player_rows(table)),
            "log": Once(lambda: with_turned_up(log().entries, game.pk)),
            "final": score_sheet(table),
            "claimable": claimable_list(table),
        }
    )
    # Nothing is drawn, held or pursued any more: the live-play panels give way to the sheet.
    context["over"] = bool(context["final"]) or game.is_over
    if public_only:
        return context
    context["give_time_to"] = give_time_to(table)
    context["note"] = "" if keep.get("keep_note") else note_get(seat=table.me)
    if game.is_over and table.me is not None:
        context["rematch"] = game_rematch_of(game=game)
    if not keep.get("keep_chat"):
        context.update(chat_context(table))
    if table.me is not None:
        progress = mine.get("ticket_progress") or {}
        final = view.get("final")
        if final:
            completed = set(final["players"][table.viewer].get("completed", []))
            progress = {t: t in completed for t in mine.get("tickets", [])}
        context.update(
            {
                "hand_svg": hand_svg(mine.get("hand") or {}),
                "hand_total": sum((mine.get("hand") or {}).values()),
                "my_tickets": [] if keep.get("keep_tickets") else my_ticket_lines(table, progress),
            }
        )
        # Only a newcomer's first game gives hints, from their own view alone.
        if game.first_game and not context["over"]:
            context["hints"] = first_game_hints(view, table.viewer, table.game_map)
    return context
