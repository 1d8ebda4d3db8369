"""The game page's context: every panel, built from one viewer's Table.

The action panel shows what the viewer has to do now (or what they opened:
a route's ways to pay, the station form); ``panel`` overrides the default
only while that choice is still legal.
"""

from __future__ import annotations

import re
from datetime import timedelta
from functools import lru_cache

from django.urls import reverse
from django.utils import timezone
from django.utils.dates import WEEKDAYS_ABBR
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext
from django.utils.translation import gettext as _

from games.engine import TUNNEL_REVEAL, ActionType, PendingKind, Phase, TieBreak
from games.selectors.chat import chat_list
from games.selectors.karma import seat_karma
from games.selectors.lobby import game_rematch_of
from games.selectors.log import PAGE_LOG_MOVES, move_list_recent
from games.selectors.notes import note_get
from games.services.clock import seat_clock
from games.services.extra_time import extra_time_allowed
from games.services.lobby import enough_to_start
from games.svg import board_svg, card_svg, deck_svg, hand_svg, ticket_svg
from games.svg.palette import CARD_LETTERS, colour_class, player_css, player_initials
from games.words.clock_text import duration_text
from games.words.game_log import changes_since, move_entries, tunnel_reveals
from games.words.names import colour_name, map_name

from .action_form import cards_token
from .clock_stopped import clock_stopped
from .statistics_sheet import statistics_sheet
from .table import Table

LOG_MOVES = PAGE_LOG_MOVES

# Each of a map's tie-break steps (engine Map.tie_breaks), as the score sheet says it.
TIE_BREAK_WORDS = {
    TieBreak.MOST_COMPLETED_TICKETS: gettext_lazy("the player with the most completed tickets"),
    TieBreak.FEWEST_STATIONS_BUILT: gettext_lazy("the one who built the fewest stations"),
    TieBreak.LONGEST_PATH_BONUS: gettext_lazy("the longest-path bonus"),
}


def tie_break_sentence(game_map) -> str:
    steps = _(", then to ").join(str(TIE_BREAK_WORDS[step]) for step in game_map.tie_breaks)
    return _("Ties go to %(steps)s; players still tied share the place.") % {"steps": steps}


def payment_label(cards: dict[str, int]) -> str:
    return _payment_label(get_language(), tuple(cards.items()))


# The same few ways to pay recur on every route and every page: each is worded once per
# language and process.
@lru_cache(maxsize=4096)
def _payment_label(language: str | None, items: tuple[tuple[str, int], ...]) -> str:
    cards = dict(items)
    parts = [
        ngettext("%(count)d locomotive", "%(count)d locomotives", n) % {"count": n}
        if color == "locomotive"
        else pgettext("a number of cards of a colour", "%(count)d %(colour)s")
        % {"count": n, "colour": colour_name(color)}
        for color, n in cards.items()
        if n
    ]
    return " + ".join(parts) if parts else _("nothing")


def payment_options(payments: list[dict]) -> list[dict]:
    """The distinct ways to pay the engine offers, each with its form token, label and chips."""
    return [
        {
            "token": cards_token(cards),
            "label": payment_label(cards),
            "chips": [(color, n) for color, n in cards.items() if n],
        }
        for cards in payments
    ]


def route_info(table: Table, route_id: str) -> dict:
    route = table.game_map.routes[route_id]
    cities = table.game_map.cities
    return {
        "id": route.id,
        "name": f"{cities[route.a].name} – {cities[route.b].name}",
        "length": route.length,
        "color": route.color,
        "is_tunnel": route.tunnel,
        "tunnel_reveal": TUNNEL_REVEAL,
        "locomotives": route.locomotives,  # a ferry's
        "points": table.game_map.route_points(route.length),
    }


def route_panel(table: Table, route_id: str) -> dict | None:
    payments = table.claims.get(route_id)
    if not payments:
        return None
    return {
        "name": "route",
        "route": route_info(table, route_id),
        "options": payment_options(payments),
    }


def station_panel(table: Table, city: str | None = None) -> dict | None:
    station = table.station
    if not station:
        return None
    cities = table.game_map.cities
    city_ids = sorted(station["cities"], key=lambda c: cities[c].name)
    return {
        "name": "station",
        "cities": [(cid, cities[cid].name) for cid in city_ids],
        "options": payment_options(station["payments"]),
        "cost": station["cost"],
        "unbuilt_points": table.game_map.station_points,
        "selected": city if city in city_ids else None,  # the city tapped on the board
    }


def tickets_panel(table: Table, *, opening: bool) -> dict:
    keep = table.keep
    offered = table.mine.get("offered") or keep["tickets"]
    return {
        "name": "keep_tickets",
        "opening": opening,
        "tickets": [ticket_line(table, t, done=None) for t in offered],
        "minimum": keep["at_least"],
        "form_id": "keep-" + "-".join(sorted(offered)),
    }


def tunnel_panel(table: Table, pending: dict) -> dict:
    return {
        "name": "tunnel_cost",
        "route": route_info(table, pending["route"]),
        # The cards already laid: out of the hand, on the table until paid or declined.
        "laid": [card_svg(color, count=n) for color, n in (pending.get("laid") or {}).items()],
        "laid_label": payment_label(pending.get("laid") or {}),
        "revealed": [card_svg(color) for color in pending.get("revealed", [])],
        "extra": pending.get("extra", 0),
        "options": payment_options(table.tunnel_payments),
        "can_decline": ActionType.DECLINE_TUNNEL in table.action_types,
    }


def default_panel(table: Table) -> dict:
    if not table.started:
        return {"name": "not_started"}
    view = table.view
    if view["phase"] == Phase.GAME_OVER or table.game.is_over:
        return {"name": "over"}
    if table.me is None:
        return {"name": "spectator"}
    if table.me.forfeited:
        return {"name": "forfeited"}
    if table.keep:
        return tickets_panel(table, opening=view["phase"] == Phase.INITIAL_TICKETS)
    pending = table.my_pending
    if pending and pending["kind"] == PendingKind.TUNNEL:
        return tunnel_panel(table, pending)
    if pending and pending["kind"] == PendingKind.SECOND_CARD:
        return {"name": "second_draw"}
    if table.is_my_turn:
        return {"name": "turn"}
    if view["phase"] == Phase.INITIAL_TICKETS:
        return {"name": "wait_opening"}
    return {"name": "wait"}


def choose_panel(
    table: Table, requested: str | None, route_id: str | None = None, city: str | None = None
):
    """The panel the viewer asked for, if still possible, else what they must do now.

    Returns (panel, note): the note says why a requested panel is not shown.
    """
    base = default_panel(table)
    if requested == "route" and route_id and base["name"] == "turn":
        if route_id not in table.game_map.routes:
            return base, _("There is no such route.")
        panel = route_panel(table, route_id)
        if panel:
            return panel, None
        name = route_info(table, route_id)["name"]
        why = table.claim_refusal(route_id)
        if why:
            return base, _("You cannot claim %(route)s now. %(reason)s") % {
                "route": name,
                "reason": why,
            }
        return base, _("You cannot claim %(route)s now.") % {"route": name}
    if requested == "station" and base["name"] == "turn":
        panel = station_panel(table, city)
        if panel:
            return panel, None
        return base, _("You cannot build a station now.")
    return base, None


def ticket_name(table: Table, ticket_id: str) -> str:
    ticket = table.game_map.tickets[ticket_id]
    cities = table.game_map.cities
    return f"{cities[ticket.a].name} – {cities[ticket.b].name}"


def ticket_card(table: Table, ticket_id: str, *, done: bool | None, picture: bool = True) -> dict:
    """A ticket's facts; with ``picture`` its card as SVG (the choice of tickets shows it, the
    list of the hand does not)."""
    ticket = table.game_map.tickets[ticket_id]
    return {
        "id": ticket_id,
        "name": ticket_name(table, ticket_id),
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


# A route id the URL carries as it is (no character of it is quoted).
_PLAIN_ID = re.compile(r"[A-Za-z0-9_.~-]+")


def route_link(game_id: int):
    """route id -> the URL of its panel (reverse("game_route")), reversed once per page
    rather than once for each route on the board and in the list."""
    stem = reverse("game_route", args=[game_id, "r"]).removesuffix("r/")

    def href(route_id: str) -> str:
        if _PLAIN_ID.fullmatch(route_id):
            return f"{stem}{route_id}/"
        return reverse("game_route", args=[game_id, route_id])

    return href


def claimable_list(table: Table) -> list[dict]:
    """The routes the viewer can claim now, by name, each with its ways to pay in words."""
    game_id = table.game.pk
    href = route_link(game_id)
    rows = []
    for route_id, ways in table.claims.items():
        info = route_info(table, route_id)
        # Only the first three ways to pay are worded.
        labels = [payment_label(cards) for cards in ways[:3]]
        shown = ", ".join(labels)
        if len(ways) > 3:
            more = len(ways) - 3
            # Translators: after the first three ways to pay a route, how many more there are.
            shown += " " + ngettext("(and %(n)d more)", "(and %(n)d more)", more) % {"n": more}
        rows.append({**info, "href": href(route_id), "payments": shown})
    return sorted(rows, key=lambda row: row["name"])


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
                "is_me": table.me is not None and seat.pk == table.me.pk,
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


def station_uses(table: Table, pid: str, borrowed: dict) -> list[dict]:
    """Each station the player built, and the other player's route it borrowed at the end
    (none when no borrowing helped a ticket)."""
    cities = table.game_map.cities
    claims = table.view.get("claims") or {}
    built = sorted(
        (city for city, owner in (table.view.get("stations") or {}).items() if owner == pid),
        key=lambda city: cities[city].name,
    )
    uses = []
    for city in built:
        route_id = borrowed.get(city)
        use = {"city": cities[city].name, "route": None, "owner": None}
        if route_id in table.game_map.routes:
            route = table.game_map.routes[route_id]
            use["route"] = f"{cities[route.a].name} – {cities[route.b].name}"
            use["owner"] = table.names.get(claims.get(route_id), "")
        uses.append(use)
    return uses


def score_sheet(table: Table) -> dict | None:
    final = table.view.get("final") if table.view else None
    if not final:
        return None
    game_map = table.game_map
    rows = []
    for group in final["ranking"]:
        for pid in group:
            result = final["players"][pid]
            seat = table.seat_by_player[pid]
            rows.append(
                {
                    "place": result["place"],
                    "tied": len(group) > 1,
                    "name": table.names[pid],
                    "css": player_css(seat.color),
                    "colour_class": colour_class(seat.color),
                    "routes": result["routes"],
                    "completed": [
                        {"name": ticket_name(table, t), "points": game_map.tickets[t].points}
                        for t in result.get("completed", [])
                    ],
                    "failed": [
                        {"name": ticket_name(table, t), "points": -game_map.tickets[t].points}
                        for t in result.get("failed", [])
                    ],
                    "tickets": result["tickets"],
                    "stations": result.get("stations", 0),
                    "station_uses": station_uses(table, pid, result.get("borrowed") or {}),
                    "unbuilt_stations": result["unbuilt_stations"],
                    "longest": result.get("longest", 0),
                    "longest_bonus": result.get("longest_bonus", 0),
                    "total": result["total"],
                    # A seat a bot took over is named with its bot (its score is the bot's
                    # play); "out" is for a seat that was skipped.
                    "forfeited": seat.forfeited and not seat.taken_over,
                    "seat": seat,
                }
            )
    order = [pid for group in final["ranking"] for pid in group]
    return {
        "rows": rows,
        "statistics": statistics_sheet(table, order),
        "tie_breaks": tie_break_sentence(game_map),
        "has_stations": game_map.has_stations,
    }


def longest_path_routes(table: Table) -> list[str]:
    """The routes of every longest-path bonus winner, highlighted on the final board."""
    final = table.view.get("final") if table.view else None
    if not final:
        return []
    routes: list[str] = []
    for result in final["players"].values():
        if result.get("longest_bonus"):
            routes += result.get("longest_path", [])
    return routes


def turned_up(cards: list[str]) -> list[dict]:
    """A tunnel's turned-up cards as chips: each its colour, its letter and its name."""
    return [
        {"color": color, "letter": CARD_LETTERS.get(color, "?"), "name": card_label(color)}
        for color in cards
    ]


def card_label(color: str) -> str:
    return colour_name(color)


def with_turned_up(entries: list[dict], game_id: int) -> list[dict]:
    """Log entries as games/play/log_entries.html shows them: each with its tunnels'
    turned-up cards as chips, its link to the replay, its time in the viewer's time zone
    (machine-readable and as shown) and its sentences as one line."""
    replay = reverse("game_replay", args=[game_id])
    for entry in entries:
        entry["turned_up"] = [turned_up(cards) for cards in entry.get("revealed", [])]
        entry["href"] = f"{replay}?turn={entry['turn']}"
        at = entry.get("at")
        if at:
            at = timezone.localtime(at) if timezone.is_aware(at) else at
            # What the date filter writes for "c" and for "D H:i", without its format parser.
            entry["iso"] = at.isoformat()
            entry["when"] = f"{WEEKDAYS_ABBR[at.weekday()]} {at.hour:02d}:{at.minute:02d}"
        sentences = entry.get("sentences") or []
        entry["line"] = "; ".join(str(s) for s in sentences) + "." if sentences else ""
    return entries


def since_last_turn(table: Table, moves: list) -> dict | None:
    """What the others did since the viewer's own last move, read from the log's moves (the
    newest, oldest first: no query of its own): their turns told, and what is new on the
    board. None for a spectator, when nothing happened since, or when the viewer has no move
    in a log that holds the whole game (they have not moved yet). When the viewer's last move
    is older than the log's moves, all of them are told ("latest" is then set)."""
    if table.me is None or not table.started or not moves:
        return None
    own = [i for i, move in enumerate(moves) if move.seat_id == table.me.pk]
    if own:
        after, latest = moves[own[-1] + 1 :], False
    elif moves[0].number > 1:
        after, latest = moves, True
    else:
        return None
    if not after:
        return None
    changes = changes_since(after, table.names, table.game.map_id)
    return {
        "turns": [
            {
                "number": turn.number,
                "sentences": turn.line,
                "turned_up": [turned_up(cards) for cards in tunnel_reveals(turn.moves)],
            }
            for turn in changes.turns
        ],
        "routes": changes.routes,
        "stations": changes.stations,
        "latest": latest,
    }


def board(table: Table, *, since: dict | None = None) -> str:
    game_id = table.game.pk
    return board_svg(
        table.game_map,
        table.view,
        selectable_routes=table.claimable_routes,
        route_href=route_link(game_id),
        highlight_routes=longest_path_routes(table),
        new_routes=since["routes"] if since else (),
        new_stations=since["stations"] if since else (),
        player_colors=table.colors,
        player_names=table.names,
        title=_("%(map)s board") % {"map": map_name(table.game_map.id)},
    )


def turn_info(table: Table) -> dict:
    view = table.view
    phase = view.get("phase")
    info = {
        "opening": phase == Phase.INITIAL_TICKETS,
        "playing": phase == Phase.PLAY,
        "over": phase == Phase.GAME_OVER,
        "deadline": table.game.deadline,
    }
    current = view.get("current")
    if info["playing"] and current:
        info["current_name"] = table.names.get(current)
        info["is_me"] = table.me is not None and current == table.me.player_id
    if info["opening"]:
        info["choosing"] = [table.names[s.player_id] for s in table.seats if s.to_move]
    pending = view.get("pending") or {}
    if info["playing"] and pending.get("kind") == PendingKind.TUNNEL and not info.get("is_me"):
        # Everyone sees what the tunnel turned up while its player decides.
        info["tunnel"] = {
            "player": table.names.get(pending.get("player")),
            "route": route_info(table, pending["route"])["name"],
            "cards": turned_up(list(pending.get("revealed") or [])),
            "extra": pending.get("extra", 0),
        }
    ends_after = view.get("last_round_ends_after")
    if ends_after and info["playing"]:
        info["last_round_after"] = table.names.get(ends_after)
    info["stopped"] = clock_stopped(table)
    return info


def chat_context(table: Table) -> dict:
    """The table chat as this viewer sees it: nothing while they have muted it."""
    muted = table.me is not None and table.me.chat_muted
    return {"chat": [] if muted else chat_list(game=table.game), "chat_muted": muted}


def give_time_to(table: Table):
    """The seat the viewer may give one more day now, or None."""
    receiver = next((s for s in table.seats if s.to_move and not s.forfeited), None)
    if not extra_time_allowed(game=table.game, giver=table.me, receiver=receiver):
        return None
    return {"name": table.names[receiver.player_id]}


def page_context(
    table: Table,
    *,
    panel: dict | None = None,
    flash: str | None = None,
    panel_only: bool = False,
    keep: dict | None = None,
) -> dict:
    """Everything the page shows; with ``panel_only`` just what the action panel needs.

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
        context["can_start"] = enough_to_start(len(table.seats))
        return context
    context["turn"] = turn_info(table)
    if panel_only:
        return context
    view = table.view
    mine = table.mine
    moves = move_list_recent(game=game, last_turns=LOG_MOVES, just_made=table.just_made)
    since = since_last_turn(table, moves)
    context.update(
        {
            "map_name": map_name(table.game_map.id),
            "has_stations": table.game_map.has_stations,
            "since": since,
            "board_svg": "" if keep.get("keep_board") else board(table, since=since),
            "face_up": [
                {
                    "color": color,
                    "name": card_label(color),
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
            "players": player_rows(table),
            "log": with_turned_up(
                move_entries(moves, table.names, game.map_id, limit=LOG_MOVES), game.pk
            ),
            "final": score_sheet(table),
            "claimable": claimable_list(table),
        }
    )
    # Nothing is drawn, held or pursued any more: the live-play panels give way to the sheet.
    context["over"] = bool(context["final"]) or game.is_over
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
    return context
