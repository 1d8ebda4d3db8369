"""The table as a picture in a mail: drawn from the reader's own view of the game, once per
recipient per mail, inside the mail task (never in the move's request).

The drawing is the game page's own SVG (games.svg.table_picture places the board, the cards
and the tickets in one picture), rasterised to a PNG by resvg and cut to 256 colours so the
mail stays small; it travels as an inline attachment (cid:), so it shows without loading
anything, and its alt text says the same in words.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass

import resvg_py
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from PIL import Image

from games.engine import EventType, PlayerView, get_map
from games.models import Game, Seat
from games.models import NotificationKind as Kind
from games.selectors.access import seat_view
from games.selectors.log import move_list, seat_last_move_number
from games.svg.cards import card_name
from games.svg.table_picture import Score, TablePicture, board_picture_svg, table_picture_svg
from games.words.names import map_name

log = logging.getLogger(__name__)

# Pixels per CSS pixel. Drawing the board is nearly all of a mail's cost and grows with the
# pixels: 1.5 (sharper on a phone) took twice the CPU time and 100 KB (bench/mail_picture.py).
SCALE = 1.0
COLOURS = 256
DIGEST_BOARD_WIDTH = 280


@dataclass
class Picture:
    cid: str  # the Content-ID, without its angle brackets
    png: bytes
    alt: str
    svg: str  # what the PNG was drawn from (the tests read it)
    width: int  # CSS pixels, as the HTML shows it

    @property
    def src(self) -> str:
        return f"cid:{self.cid}"


def rasterise(svg: str, *, scale: float = SCALE) -> bytes:
    """A PNG of the SVG at `scale` pixels per CSS pixel, in a palette of 256 colours."""
    width = int(float(svg.split('width="', 1)[1].split('"', 1)[0]) * scale)
    full = bytes(resvg_py.svg_to_bytes(svg_string=svg, width=width))
    image = Image.open(io.BytesIO(full)).convert("RGB")
    image = image.quantize(COLOURS, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


def _seat_of(seats: list[Seat], user) -> Seat | None:
    return next((seat for seat in seats if seat.user_id == user.pk), None)


def changes_since_last_turn(game: Game, mine: Seat | None) -> tuple[list[str], list[str]]:
    """The routes and stations the others added since the reader's own last move (what the
    page marks with a dashed band)."""
    last = seat_last_move_number(game=game, seat=mine)
    if last is None:
        return [], []
    events = [event for move in move_list(game=game, after=last) for event in move.events]
    routes = [e["route"] for e in events if e.get("type") == EventType.ROUTE_CLAIMED]
    stations = [e["city"] for e in events if e.get("type") == EventType.STATION_BUILT]
    return routes, stations


def _list(items: list[str]) -> str:
    return pgettext("between items of a list", ", ").join(items)


def _ticket_words(game_map, ticket_id: str) -> str:
    ticket = game_map.tickets[ticket_id]
    return _("%(a)s – %(b)s (%(points)d)") % {
        "a": game_map.cities[ticket.a].name,
        "b": game_map.cities[ticket.b].name,
        "points": ticket.points,
    }


def _score_words(score: Score) -> str:
    points = ngettext("%(count)d point", "%(count)d points", score.points) % {"count": score.points}
    return f"{score.name} {points}"


def _alt(picture: TablePicture, sentences: list[str]) -> str:
    """The picture in words: the last moves, the scores, the reader's hand and tickets."""
    game_map = picture.game_map
    parts = [picture.heading + "."]
    if sentences:
        parts.append(_("Since your last turn: %(moves)s.") % {"moves": "; ".join(sentences)})
    parts.append(
        _("Scores: %(scores)s.") % {"scores": _list([_score_words(s) for s in picture.scores])}
    )
    if picture.face_up:
        parts.append(
            _("Cards face up: %(cards)s.")
            % {"cards": _list([card_name(c).lower() for c in picture.face_up])}
        )
    if picture.hand is not None:
        held = [f"{n} {card_name(c).lower()}" for c, n in picture.hand.items() if n > 0]
        parts.append(
            _("Your cards: %(cards)s.") % {"cards": _list(held)}
            if held
            else _("You have no train cards.")
        )
    if picture.offered:
        parts.append(
            _("Tickets to choose from: %(tickets)s.")
            % {"tickets": _list([_ticket_words(game_map, t) for t in picture.offered])}
        )
    if picture.tickets:
        parts.append(
            _("Your tickets: %(tickets)s.")
            % {"tickets": _list([_ticket_words(game_map, t) for t in picture.tickets])}
        )
    return " ".join(parts)


def _scores(view: PlayerView, seats: list[Seat], mine: Seat | None) -> list[Score]:
    final = view.get("final")
    scores = []
    for seat in seats:
        entry = view["players"].get(seat.player_id)
        if entry is None:
            continue
        if final:
            points, trains = final["players"][seat.player_id]["total"], None
        else:
            points, trains = entry["score"], entry["trains"]
        scores.append(
            Score(
                name=seat.shown_name,
                colour=seat.color,
                points=points,
                trains=trains,
                me=mine is not None and seat.pk == mine.pk,
            )
        )
    return scores


def _longest_paths(view: PlayerView) -> list[str]:
    final = view.get("final")
    if not final:
        return []
    return [
        route
        for result in final["players"].values()
        if result.get("longest_bonus")
        for route in result.get("longest_path", [])
    ]


def table_picture(
    game: Game, seats: list[Seat], user, *, heading: str, sentences: list[str]
) -> Picture | None:
    """The reader's table: their own view of the game, nobody else's hand or tickets."""
    mine = _seat_of(seats, user)
    view = seat_view(game=game, seat=mine)
    if not view:
        return None
    game_map = get_map(game.map_id)
    over = bool(view.get("final"))
    own = view["players"].get(mine.player_id) if mine is not None else None
    routes, stations = ((), ()) if over else changes_since_last_turn(game, mine)
    picture = TablePicture(
        game_map=game_map,
        view=view,
        heading=heading,
        scores=_scores(view, seats, mine),
        face_up=() if over else tuple(view.get("face_up") or ()),
        hand=None if over or own is None else dict(own.get("hand") or {}),
        tickets=() if over or own is None else tuple(own.get("tickets") or ()),
        ticket_progress={} if own is None else dict(own.get("ticket_progress") or {}),
        offered=() if over or own is None else tuple(own.get("offered") or ()),
        new_routes=routes,
        new_stations=stations,
        highlight_routes=_longest_paths(view),
        player_colors={seat.player_id: seat.color for seat in seats},
        player_names={seat.player_id: seat.shown_name for seat in seats},
        board_title=_("%(map)s board") % {"map": map_name(game.map_id)},
    )
    svg = table_picture_svg(picture)
    return Picture(
        cid=f"table-{game.pk}@ttr",
        png=rasterise(svg),
        alt=_alt(picture, sentences),
        svg=svg,
        width=int(float(svg.split('width="', 1)[1].split('"', 1)[0])),
    )


def digest_board(game: Game, seats: list[Seat], user, *, alt: str) -> Picture | None:
    """A small board for one game of the digest, with what is new since the reader's turn."""
    mine = _seat_of(seats, user)
    view = seat_view(game=game, seat=mine)
    if not view:
        return None
    routes, stations = changes_since_last_turn(game, mine)
    svg = board_picture_svg(
        get_map(game.map_id),
        view,
        width=DIGEST_BOARD_WIDTH,
        new_routes=routes,
        new_stations=stations,
        player_colors={seat.player_id: seat.color for seat in seats},
        player_names={seat.player_id: seat.shown_name for seat in seats},
        title=_("%(map)s board") % {"map": map_name(game.map_id)},
    )
    return Picture(
        cid=f"board-{game.pk}@ttr",
        png=rasterise(svg),
        alt=alt,
        svg=svg,
        width=DIGEST_BOARD_WIDTH,
    )


TABLE_KINDS = {Kind.YOUR_TURN, Kind.REMINDER, Kind.LAST_WARNING, Kind.RESULT}


def _heading(notification, ctx: dict) -> str:
    values = {
        "number": ctx["game_number"],
        "map": ctx["map_name"],
        "deadline": ctx.get("deadline_text", ""),
    }
    if notification.kind == Kind.RESULT:
        return _("Game #%(number)s, %(map)s: the final board") % values
    if ctx.get("opening"):
        return _("Game #%(number)s, %(map)s: choose your tickets by %(deadline)s") % values
    return _("Game #%(number)s, %(map)s: your move, until %(deadline)s") % values


def mail_pictures(notification, ctx: dict) -> list[Picture]:
    """The pictures of one mail, each also put where its template shows it (ctx["picture"], or
    each digest entry's "picture"); none for a reader who turned them off. A picture that
    cannot be drawn is left out and logged: the mail itself still goes."""
    if not ctx["profile"].email_pictures:
        return []
    try:
        return _pictures(notification, ctx)
    except Exception:
        log.exception("no picture for %s %s", notification.kind, notification.pk)
        ctx.pop("picture", None)
        for entry in ctx.get("entries") or ():
            entry.pop("picture", None)
        return []


def _pictures(notification, ctx: dict) -> list[Picture]:
    if notification.kind in TABLE_KINDS:
        picture = table_picture(
            ctx["game"],
            ctx["seats"],
            notification.user,
            heading=_heading(notification, ctx),
            sentences=ctx.get("sentences") or [],
        )
        ctx["picture"] = picture
        return [picture] if picture else []
    if notification.kind == Kind.DIGEST:
        pictures = []
        for entry in ctx["entries"]:
            game = entry.get("game")
            if game is None:
                continue
            alt = _("The board of game #%(number)s, %(map)s") % {
                "number": entry["game_number"],
                "map": entry["map_name"],
            }
            entry["picture"] = digest_board(game, entry["seats"], notification.user, alt=alt)
            if entry["picture"]:
                pictures.append(entry["picture"])
        return pictures
    return []
