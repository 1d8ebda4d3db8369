"""Rendering the game page, whole or as the fragments htmx swaps in."""

from __future__ import annotations

from django.shortcuts import render

from games.live.poll import poll_ticket, stream_url
from games.selectors.access import game_access, seat_get
from games.selectors.log import move_events_of_version
from games.services.lobby import enough_to_start
from games.web.context_processors import KNOWN_AWAITING

from .parts import BY_NAME, Part, base_context, changed_parts, changes_of, told_by_stream
from .table import Table
from .waiting_room import waiting_room

PAGE = "games/play/game.html"
FRAGMENTS = "games/play/fragments.html"
ACTION_PANEL = "games/play/action_panel.html"


def load_table(request, game_id) -> Table:
    """The game as this user may see it; a stranger gets 404 (NotAPlayer is an Http404)."""
    game = game_access(game_id=game_id, user=request.user)
    if hasattr(game, "viewer_awaiting"):
        setattr(request, KNOWN_AWAITING, game.viewer_awaiting)
    return Table(game=game, seats=list(game.seats.all()), me=seat_get(game=game, user=request.user))


def table_after_move(result) -> Table:
    """The mover's table from what the move service returned (games.services.play.PlayResult):
    nothing is read or viewed again."""
    return Table(
        game=result.game,
        seats=result.seats,
        me=result.seat,
        given_view=result.view,
        given_pauses=result.pauses,
        just_made=result.move,
    )


# A page's script sends the chat version it shows with each htmx request of the game page
# (static/js/game.js): when it is current the chat is not sent again (the page keeps its own).
CHAT_SEEN_PARAMETER = "chat_seen"
# The event an htmx answer to a move that left the board as it was sends instead of it (a
# card draw): the page's script closes the routes the mover could claim.
BOARD_ROUTES_CLOSED = "board-routes-closed"


# The page's script sends the game version it shows with its refresh (static/js/game.js):
# one version behind, it is sent only what that version's move changed.
SHOWN_PARAMETER = "shown"


# While its event stream is held, the page's script sends the version of the table's public
# parts it shows (static/js/game.js): the stream brings them for every new version, so the
# answer leaves them out and sends only the viewer's own.
PUBLIC_PARAMETER = "public"


def _version_parameter(request, name: str) -> int | None:
    try:
        version = int(request.POST.get(name) or request.GET.get(name, ""))
    except ValueError:
        return None
    return version if 0 <= version < 2**31 else None


def _shown(request) -> int | None:
    return _version_parameter(request, SHOWN_PARAMETER)


def public_told(request, table: Table) -> int | None:
    """The version of the public parts the page shows, when its stream brings them (a game in
    play, an htmx request of a page that holds its stream), else None."""
    if not request.htmx or not table.started or not table.game.is_active:
        return None
    told = _version_parameter(request, PUBLIC_PARAMETER)
    return told if told is not None and told <= table.game.version else None


def _chat_seen(request, game) -> bool:
    seen = request.POST.get(CHAT_SEEN_PARAMETER) or request.GET.get(CHAT_SEEN_PARAMETER)
    return seen == str(game.chat_version)


def render_game(
    request,
    table: Table,
    *,
    panel=None,
    flash=None,
    status=200,
    only_panel=False,
    after_move=None,
):
    """The whole page, or for htmx the parts of it that changed (or only the action panel
    when that is all that changed). `after_move` (games.services.play.PlayResult, the
    viewer's own move just made): its events say which parts it can have altered."""
    only_panel = only_panel and request.htmx
    if after_move is not None and after_move.awaiting is not None:
        setattr(request, KNOWN_AWAITING, after_move.awaiting)  # read with the move's lock
    context = base_context(table, panel=panel, flash=flash)
    context["poll_ticket"] = poll_ticket(table.game.pk, request.user)
    context["stream_url"] = stream_url(table.game.pk, context["poll_ticket"])
    if not table.started:
        context["can_start"] = enough_to_start(seat_count=len(table.seats))
        context.update(waiting_room(request, table))
    template = PAGE
    parts: list[Part] = []
    # The version of the table's public parts the page shows once the answer is in.
    context["public_version"] = table.game.version
    if request.htmx:
        template = ACTION_PANEL if only_panel else FRAGMENTS
        if not only_panel:
            parts = answer_parts(request, table, after_move)
            told = public_told(request, table)
            if told is not None:
                parts = [part for part in parts if not told_by_stream(part)]
                context["public_version"] = told
            context["part_names"] = [part.name for part in parts]
    response = render(request, template, context, status=status)
    if after_move is not None and BY_NAME["board"] not in parts:
        response["HX-Trigger-After-Swap"] = BOARD_ROUTES_CLOSED
    return response


def answer_parts(request, table: Table, after_move=None) -> list[Part]:
    """The parts an htmx answer sends: after the viewer's own move those its events can have
    altered; for the refresh of a page one version behind, those the move of the new
    version altered (and the header's count, which other games move too); else every part
    that can change. Never the note (the page's own: nothing alters it), the chat only when
    the page has not shown its last message, the header's count only to a signed-in viewer."""
    changes = None
    if after_move is not None:
        changes = changes_of(
            after_move.events,
            viewer=table.viewer,
            was_to_move=after_move.seat_was_to_move,
            to_move=after_move.seat.to_move,
        )
    elif request.method == "GET" and _shown(request) == table.game.version - 1:
        events = move_events_of_version(game_id=table.game.pk, version=table.game.version)
        if events is not None:
            changes = changes_of(events, viewer=table.viewer)
    parts = changed_parts(changes)
    awaiting = BY_NAME["awaiting"]
    if after_move is None and awaiting not in parts:
        parts.append(awaiting)
    chat = BY_NAME["chat"]
    seen = _chat_seen(request, table.game)
    if not seen and chat not in parts:
        parts.append(chat)
    left_out = {chat} if seen else set()
    if not request.user.is_authenticated:
        left_out.add(BY_NAME["awaiting"])
    return [part for part in parts if part not in left_out]
