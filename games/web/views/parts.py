"""The game page's named parts: one object per panel, saying what it shows (its template and
the context it builds from a Table), who it is for (every viewer alike, or one viewer), and
which kinds of change can alter it.

The page draws every part; the htmx answer to a move and the parts sent down a watching
page's stream draw only the parts the version's changes can alter (`changed_parts`). A
change is named by the engine's event type (EventType: a route claimed, a card drawn...),
by that type with OWN in front when the event is the viewer's own, or by one of the site's
kinds below.
The changes of a version are read from its move's events (`changes_of`), never from the
kind of action: a card draw does not alter the board, a claim does.

A shared part is drawn once per version, language and time zone (games.web.views.
shared_parts); `same_for_all` ones for every viewer alike: the board without a mover's links,
the face-up row, the turn line, the log and the players' table; the board's rings since the
viewer's last turn are put in after by `for_viewer`, and the page's data-me shows the
viewer's "(you)" and "Your turn." (static/css/game.css). What differs per seat
is in the viewer's own parts: "since your last turn" (shared per seat), the mover's board
with its links, and the forms the face-up row's buttons submit (`draw_forms`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.core.cache import cache

from games.engine import EventType, Phase, table_draws
from games.selectors.chat import chat_list
from games.selectors.lobby import game_rematch_of
from games.selectors.log import PAGE_LOG_MOVES, move_list_recent
from games.selectors.notes import note_get
from games.selectors.orders import orders_panel_of
from games.svg import card_svg, deck_svg, hand_svg
from games.words.game_log import PageLog, page_log
from games.words.names import colour_name, map_name

from .action_panel import default_panel
from .board_picture import board, rings, with_rings
from .hints import first_game_hints
from .log_lines import since_last_turn, with_turned_up
from .players_table import give_time_to, player_rows
from .route_facts import claimable_list
from .score_sheet import score_sheet
from .shared_parts import SHARED_FOR, clock_minute, shared_key
from .table import Table
from .ticket_lines import my_ticket_lines
from .turn_line import turn_info


class Audience(StrEnum):
    # The same for every viewer who cannot act now: drawn from a spectator's view, sent
    # down the watching pages' streams.
    PUBLIC = "public"
    # One viewer's own (their hand, tickets, note, chat as they muted it, what they may do).
    VIEWER = "viewer"


# The site's kinds of change, beside the engine's event types.
MOVE = "move"  # any move at all: the log, the players' table, the turn line
CHAT = "chat"  # a chat message the page has not shown
TURN_BEGINS = "turn_begins"  # the viewer must act now, and did not before
TURN_ENDS = "turn_ends"  # the viewer need not act any more
OWN = "own."  # before an event type: the viewer's own event (OWN + EventType.CARD_DRAWN)


def own(kind: str) -> str:
    return OWN + kind


@dataclass(frozen=True)
class Part:
    name: str  # the template's name for it ({% part "board" %})
    element: str  # the page element it fills (its id)
    template: str
    audience: Audience
    altered_by: frozenset[str]
    build: Callable[[Table, dict], dict[str, Any]]
    # How it is put in the page: "part" wraps it in <div class="part" id=element>, "inner"
    # fills the element's inside (the board: its box stays), "self" is a template whose
    # root carries the id.
    wrap: str = "part"
    # Drawn once per version, language, zone and seat, and shared through the cache.
    shared: Callable[[Table], bool] | None = None
    # Drawn once for every viewer of a version (no seat in its key); `for_viewer(html, table,
    # memo)` then puts the viewer's own touch in the shared bytes.
    same_for_all: bool = False
    # It tells the time left ("in 2 hours"): drawn again each minute.
    by_minute: bool = False
    # A public part that a viewer who may act has as their own (the board links the routes
    # they may claim): their page keeps the one its own answers bring, never the stream's.
    own_while_acting: bool = False
    for_viewer: Callable[[str, Table, dict], str] | None = None


def _nothing(table: Table, memo: dict) -> dict:
    return {}


def _log(table: Table, memo: dict) -> PageLog:
    """The page's log, read once whichever parts ask for it (the board, "since", the log)."""
    if "log" not in memo:
        game = table.game
        memo["log"] = page_log(
            move_list_recent(game=game, last_turns=PAGE_LOG_MOVES, just_made=table.just_made),
            table.names,
            game.map_id,
            limit=PAGE_LOG_MOVES,
            seat_id=table.me.pk if table.me is not None else None,
        )
    return memo["log"]


def _since(table: Table, memo: dict) -> dict | None:
    if "since" not in memo:
        just_made = table.just_made
        if just_made is not None and table.me is not None and just_made.seat_id == table.me.pk:
            # The viewer's own move is the last: nothing is new since it (no log to read).
            memo["since"] = None
        else:
            memo["since"] = since_last_turn(_log(table, memo))
    return memo["since"]


def _board(table: Table, memo: dict) -> dict:
    return {"board_svg": board(table)}


def _rings(html: str, table: Table, memo: dict) -> str:
    """The viewer's rings round what the others built since their last turn, put in the board
    every viewer shares at its marks; kept per seat as "since" is, so a page whose parts all
    come from the cache reads no log for them. A spectator has no last turn: no rings."""
    if table.me is None:
        return html
    key = f"part.rings.{shared_key(table)}"
    drawn = cache.get(key)
    if drawn is None:
        drawn = rings(table, _since(table, memo))
        cache.set(key, drawn, SHARED_FOR)
    return with_rings(html, drawn)


def _draw(table: Table, memo: dict) -> dict:
    """The face-up row and the piles as everyone sees them: which cards the player to move
    may take is a rule of the table (no locomotive as a second card), the same for all; only
    the page of the viewer who may draw now holds the forms its buttons submit (_draw_forms)."""
    view = table.view
    draws = table_draws(view)
    takeable = set(draws["face_up"]) if draws else set()
    return {
        "face_up": [
            {
                "color": color,
                "name": colour_name(color),
                "svg": card_svg(color),
                "can_take": color in takeable,
            }
            for color in view["face_up"]
        ],
        "deck": {
            "count": view["deck_count"],
            "can_draw": bool(draws and draws["deck"]),
            "svg": deck_svg(view["deck_count"]),
        },
        "ticket_deck_count": view["ticket_deck_count"],
        "discard_count": view["discard_count"],
    }


def _hand(table: Table, memo: dict) -> dict:
    hand = table.mine.get("hand") or {}
    return {"hand_svg": hand_svg(hand), "hand_total": sum(hand.values())}


def _tickets(table: Table, memo: dict) -> dict:
    viewer = table.viewer
    if viewer is None:
        return {}
    mine = table.mine
    progress = mine.get("ticket_progress") or {}
    final = table.view.get("final")
    if final:
        completed = set(final["players"][viewer].get("completed", []))
        progress = {t: t in completed for t in mine.get("tickets", [])}
    return {"my_tickets": my_ticket_lines(table, progress)}


def _extras(table: Table, memo: dict) -> dict:
    # Only a newcomer's first game gives hints, from their own view alone.
    viewer = table.viewer
    if viewer is None or not table.game.first_game or memo["over"]:
        return {}
    return {"hints": first_game_hints(table.view, viewer, table.game_map)}


def chat_context(table: Table, memo: dict | None = None) -> dict:
    """The table chat as this viewer sees it: nothing while they have muted it."""
    muted = table.me is not None and table.me.chat_muted
    return {"chat": [] if muted else chat_list(game=table.game), "chat_muted": muted}


def _rematch(table: Table, memo: dict) -> dict:
    if not table.game.is_over or table.me is None:
        return {}
    return {"rematch": game_rematch_of(game=table.game)}


def _orders(table: Table, memo: dict) -> dict:
    seat = table.me
    if seat is None or seat.bot_level or memo["over"]:
        return {}
    panel = orders_panel_of(game=table.game, seat=seat, choices=False)
    return {
        "orders_panel": True,
        "told": panel["told"],
        "can_set": panel["can_set"],
        "my_turn": panel["my_turn"],
    }


def _always(table: Table) -> bool:
    return True


def _draw_forms(table: Table, memo: dict) -> dict:
    # The viewer may draw a card now: the engine says so in their own choices.
    return {"may_draw": bool(table.face_up_colors or table.can_draw_deck)}


def _board_shared(table: Table) -> bool:
    # The mover's board links the routes they can claim: theirs alone.
    return not table.claimable_routes


EVERY_MOVE = frozenset({MOVE})
GAME_OVER = EventType.GAME_OVER.value
FORFEIT = EventType.PLAYER_FORFEITED.value
_BUILT = (
    EventType.ROUTE_CLAIMED,
    EventType.STATION_BUILT,
    EventType.TUNNEL_REVEALED,
    EventType.TUNNEL_PAID,
    EventType.TUNNEL_DECLINED,
)

PARTS: tuple[Part, ...] = (
    # The tab's title and icon say whether it is the viewer's turn.
    Part(
        "head",
        "game-head",
        "games/play/head.html",
        Audience.VIEWER,
        frozenset({TURN_BEGINS, TURN_ENDS, GAME_OVER, FORFEIT}),
        _nothing,
        wrap="self",
    ),
    Part(
        "final",
        "final",
        "games/play/final.html",
        Audience.PUBLIC,
        frozenset({GAME_OVER}),
        lambda table, memo: {"final": memo["final"]},
        wrap="self",
    ),
    # Routes and stations, the rings round what others built since the viewer's last turn
    # and, on the viewer's turn, links on the routes they may claim (after their draw the
    # page's script takes the links and rings away: BOARD_ROUTES_CLOSED). Without links it
    # is drawn once for every viewer; the viewer's rings are put in after, at its marks.
    Part(
        "board",
        "board",
        "games/play/board.html",
        Audience.PUBLIC,
        frozenset({*_BUILT, GAME_OVER, FORFEIT, TURN_BEGINS}),
        _board,
        wrap="inner",
        shared=_board_shared,
        own_while_acting=True,
        same_for_all=True,
        for_viewer=_rings,
    ),
    # Who owns what on the board: the players' names, colours and marks never change.
    Part(
        "legend",
        "legend-part",
        "games/play/board_legend.html",
        Audience.PUBLIC,
        frozenset(),
        lambda table, memo: {"players": player_rows(table)},
    ),
    # Whose turn, the deadline, the last round: "Your turn." is said by the page (data-me).
    Part(
        "turn",
        "turn-part",
        "games/play/turn.html",
        Audience.PUBLIC,
        EVERY_MOVE,
        _nothing,
        shared=_always,
        same_for_all=True,
        by_minute=True,  # "(in 2 hours)"
    ),
    Part(
        "action",
        "action-part",
        "games/play/action_panel.html",
        Audience.VIEWER,
        frozenset({MOVE, TURN_BEGINS, TURN_ENDS}),
        _nothing,
    ),
    Part(
        "hand",
        "hand-part",
        "games/play/hand.html",
        Audience.VIEWER,
        frozenset({own(EventType.CARD_DRAWN), *(own(kind) for kind in _BUILT), GAME_OVER}),
        _hand,
    ),
    Part(
        "tickets",
        "tickets-part",
        "games/play/tickets.html",
        Audience.VIEWER,
        frozenset(
            {
                own(EventType.TICKETS_KEPT),
                own(EventType.ROUTE_CLAIMED),
                own(EventType.TUNNEL_PAID),
                GAME_OVER,
            }
        ),
        _tickets,
    ),
    # The face-up row and the piles' counts: every move draws, discards or returns cards.
    # The same bytes for every viewer (no token, nothing of a seat's), drawn once.
    Part(
        "draw",
        "draw-part",
        "games/play/draw_area.html",
        Audience.PUBLIC,
        EVERY_MOVE,
        _draw,
        shared=_always,
        same_for_all=True,
    ),
    # The forms the face-up row's and the deck's buttons submit (their `form` attribute),
    # with the viewer's token and version: only in the page of the viewer who may draw now.
    # Without them the row's buttons are pictures (static/css/game.css).
    Part(
        "draw_forms",
        "draw-forms-part",
        "games/play/draw_forms.html",
        Audience.VIEWER,
        frozenset({MOVE, TURN_BEGINS, TURN_ENDS}),
        _draw_forms,
        wrap="self",
    ),
    # A first game's hints: every move changes what they point at.
    Part("extras", "extras-part", "games/play/extras.html", Audience.VIEWER, EVERY_MOVE, _extras),
    # The standing orders' panel, the viewer's alone: drawn again only when what it offers
    # changes: whether it is the viewer's turn (orders are left while waiting), the game's
    # end, the viewer's leaving. Its form's rows are fetched when it is opened.
    Part(
        "orders",
        "orders-part",
        "games/play/orders_slot.html",
        Audience.VIEWER,
        frozenset({TURN_BEGINS, TURN_ENDS, GAME_OVER, own(FORFEIT)}),
        _orders,
    ),
    Part(
        "since",
        "since-part",
        "games/play/since.html",
        Audience.VIEWER,
        EVERY_MOVE,
        lambda table, memo: {"since": _since(table, memo)},
        shared=_always,
    ),
    Part(
        "routes",
        "routes-part",
        "games/play/route_list.html",
        Audience.VIEWER,
        EVERY_MOVE,
        lambda table, memo: {"claimable": claimable_list(table)},
    ),
    Part(
        "players",
        "players-part",
        "games/play/players.html",
        Audience.PUBLIC,
        EVERY_MOVE,
        lambda table, memo: {"players": player_rows(table)},
        shared=_always,
        same_for_all=True,
        by_minute=True,  # its clocks run down
    ),
    # The viewer's own note: nobody else changes it, and its form is kept across moves.
    Part(
        "note",
        "note-part",
        "games/play/notes.html",
        Audience.VIEWER,
        frozenset(),
        lambda table, memo: {"note": note_get(seat=table.me)},
    ),
    Part(
        "give_time",
        "give-time-part",
        "games/play/give_time.html",
        Audience.VIEWER,
        EVERY_MOVE,
        lambda table, memo: {"give_time_to": give_time_to(table)},
    ),
    Part(
        "chat",
        "chat-part",
        "games/play/chat.html",
        Audience.VIEWER,
        frozenset({CHAT}),
        chat_context,
    ),
    Part(
        "log",
        "log-part",
        "games/play/log_panel.html",
        Audience.PUBLIC,
        EVERY_MOVE,
        lambda table, memo: {"log": with_turned_up(_log(table, memo).entries, table.game.pk)},
        shared=_always,
        same_for_all=True,  # its turns are told alike for everyone; "since" is the seat's
    ),
    Part(
        "rematch",
        "rematch-part",
        "games/play/rematch.html",
        Audience.VIEWER,
        frozenset({GAME_OVER}),
        _rematch,
    ),
    Part(
        "resign",
        "resign-part",
        "games/play/resign.html",
        Audience.VIEWER,
        frozenset({GAME_OVER, own(FORFEIT)}),
        _nothing,
    ),
    # The version the page shows (and polls from): every new version alters it.
    Part(
        "poller",
        "poller",
        "games/play/poller.html",
        Audience.VIEWER,
        frozenset({MOVE, CHAT}),
        _nothing,
        wrap="self",
    ),
    # The header's count of games awaiting the viewer's move.
    Part(
        "awaiting",
        "my-games-link",
        "includes/my_games_link.html",
        Audience.VIEWER,
        frozenset({TURN_BEGINS, TURN_ENDS}),
        _nothing,
        wrap="self",
    ),
)
BY_NAME: dict[str, Part] = {part.name: part for part in PARTS}
PUBLIC_PARTS = tuple(part for part in PARTS if part.audience == Audience.PUBLIC)
# The page elements of the public parts a viewer who may act takes from their own answers,
# not from the stream (their board's links).
OWN_WHILE_ACTING = tuple(part.element for part in PUBLIC_PARTS if part.own_while_acting)


def told_by_stream(part: Part) -> bool:
    """Whether a page whose stream brings the table's public parts takes this part from it
    rather than from its own answers."""
    return part.audience == Audience.PUBLIC and not part.own_while_acting


def changes_of(
    events: Iterable[dict],
    *,
    viewer: str | None = None,
    was_to_move: bool | None = None,
    to_move: bool | None = None,
) -> frozenset[str]:
    """The kinds of change a move's events make, for `viewer` (a player id, or None for a
    spectator); with `was_to_move` and `to_move`, whether the viewer's turn began or ended.
    A turn passed to the viewer begins theirs, whatever they were asked before (the opening's
    last choice may hand the first turn to the player who made it)."""
    kinds = {MOVE}
    for event in events:
        kind = str(event.get("type"))
        kinds.add(kind)
        if viewer is not None and event.get("player") == viewer:
            kinds.add(own(kind))
            if kind == EventType.TURN_PASSED:
                kinds.add(TURN_BEGINS)
    if was_to_move is not None and to_move is not None and was_to_move != to_move:
        kinds.add(TURN_BEGINS if to_move else TURN_ENDS)
    return frozenset(kinds)


def changed_parts(changes: frozenset[str] | None, parts: Iterable[Part] = PARTS) -> list[Part]:
    """The parts the changes can alter, in the page's order; when the changes are not known
    (None: a version without a move, or more than one version behind) every part that any
    change can alter (not the note nor the legend: nobody changes them)."""
    if changes is None:
        return [part for part in parts if part.altered_by]
    return [part for part in parts if part.altered_by & changes]


def base_context(
    table: Table, *, panel: dict | None = None, flash: str | None = None
) -> dict[str, Any]:
    """What every part may read: the game, the viewer's table and turn, whether it is over."""
    game = table.game
    context: dict[str, Any] = {
        "game": game,
        "table": table,
        "version": game.version,
        "panel": panel or default_panel(table),
        "flash": flash,
        # The viewer has something to do in this game now (the tab says "(Your turn)").
        "my_move": bool(table.action_types),
    }
    if not table.started:
        return context
    final = score_sheet(table)
    context.update(
        {
            "turn": turn_info(table),
            "map_name": map_name(table.game_map.id),
            "has_stations": table.game_map.has_stations,
            "final": final,
            # Nothing is drawn, held or pursued any more: the live-play panels give way.
            "over": bool(final) or game.is_over or table.view.get("phase") == Phase.GAME_OVER,
            # What the parts read once between them (games.web.templatetags.game_parts).
            "part_memo": {},
        }
    )
    context["part_memo"]["over"] = context["over"]
    context["part_memo"]["final"] = final
    return context


def part_cache_key(part: Part, table: Table) -> str | None:
    """Where a shared part of this viewer's page is kept, or None when it is theirs alone."""
    if part.shared is None or not part.shared(table):
        return None
    key = f"part.{part.name}.{shared_key(table, seat=not part.same_for_all)}"
    if part.by_minute:
        key += f".m{clock_minute()}"
    return key


def part_html(part: Part, table: Table, memo: dict, draw: Callable[[dict], str]) -> str:
    """The part's inside: from the cache when it is shared and drawn already, else built and
    drawn by `draw(values)`."""
    key = part_cache_key(part, table)
    html = cache.get(key) if key is not None else None
    if html is None:
        html = draw(part.build(table, memo))
        if key is not None:
            cache.set(key, html, SHARED_FOR)
    return part.for_viewer(html, table, memo) if part.for_viewer is not None else html
